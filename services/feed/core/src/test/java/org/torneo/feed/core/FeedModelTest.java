package org.torneo.feed.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.TournamentEvent;

/** The read model alone: given the streams' events, what spectators are shown and pushed. */
class FeedModelTest {

    private static final String T = "open-2026";
    private final Chain chain = new Chain();
    private final List<Envelope> history = new ArrayList<>();
    private FeedModel model;

    @BeforeEach
    void givenARoundWithTwoHalls() {
        model = new FeedModel(java.time.Clock.systemUTC());
        given(T, Chain.created(T, "Open de Primavera", List.of(new Hall("A", 1, 1), new Hall("B", 2, 2))));
        given(T, Chain.player(T, "p1", "Ana Pérez", 2310));
        given(T, Chain.player(T, "p2", "Bruno Díaz", 2280));
        given(T, Chain.player(T, "p3", "Carla Ruiz", 2150));
        given(T, Chain.player(T, "p4", "David Gil", 2100));
        given(T, Chain.player(T, "p5", "Eva Sanz", 1900));
        given(T, Chain.paired(T, 1, List.of(new Board(1, null, "p1", "p2"), new Board(2, null, "p3", "p4")),
                List.of("p5")));
        given("g1", Chain.started(T, 1, 1, "p1", "p2", "A"));
        given("g2", Chain.started(T, 1, 2, "p3", "p4", null));
    }

    private void given(String aggregate, org.torneo.contracts.EventMessage event) {
        Envelope envelope = chain.seal(aggregate, event);
        history.add(envelope);
        model.apply(envelope);
    }

    @Test
    void pairingsShowHallsBoardsColoursAndResults() {
        given(T, Chain.ended("g2", T, 1, 2, "p3", "p4", GameResult.BLACK_WINS));
        Views.RoundView round = model.round(T, 1, FeedFilter.ALL);
        assertEquals(2, round.boards().size());
        assertEquals("A", round.boards().get(0).hall());
        assertEquals("B", round.boards().get(1).hall(), "hall from the tournament's board ranges");
        assertEquals("Ana Pérez", round.boards().get(0).whiteName());
        assertNull(round.boards().get(0).result());
        assertTrue(round.boards().get(0).live());
        assertEquals("0-1", round.boards().get(1).result());
        assertEquals("p5", round.byes().get(0).playerId());
        assertEquals(List.of(2), model.round(T, 1, new FeedFilter(null, "B", null)).boards().stream()
                .map(Views.BoardView::board).toList());
    }

    @Test
    void movesWithClocksMakeThePgn() {
        given("g1", Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 5_395_000, 5_400_000, Chain.T0.plusSeconds(5)));
        given("g1", Chain.move(2, "e5", "e7e5", Chain.FEN_E4_E5, 5_395_000, 5_388_000, Chain.T0.plusSeconds(12)));
        Views.GameView game = model.gameView("g1");
        assertEquals(Chain.FEN_E4_E5, game.fen());
        String pgn = Pgn.games(model.roundGames(T, 1));
        assertTrue(pgn.contains("[Event \"Open de Primavera\"]"), pgn);
        assertTrue(pgn.contains("[White \"Ana Pérez\"]\n[Black \"Bruno Díaz\"]\n[Result \"*\"]"), pgn);
        assertTrue(pgn.contains("[WhiteElo \"2310\"]"), pgn);
        assertTrue(pgn.contains("1. e4 { [%clk 1:29:55] } e5 { [%clk 1:29:48] } *"), pgn);
        assertTrue(pgn.contains("[Round \"1.2\"]"), "both games of the round: " + pgn);
    }

    @Test
    void resultEndsTheGameInPgnStandingsAndCard() {
        given("g1", Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 5_395_000, 5_400_000, Chain.T0.plusSeconds(5)));
        given(T, Chain.ended("g1", T, 1, 1, "p1", "p2", GameResult.WHITE_WINS));
        assertTrue(Pgn.game(model.gameView("g1")).contains("1. e4 { [%clk 1:29:55] } 1-0"));
        Views.StandingsView provisional = model.standings(T);
        assertEquals("provisional", provisional.source());
        assertEquals(List.of("p1", "p5"), provisional.rows().stream().filter(r -> r.rank() == 1)
                .map(Views.StandingLine::playerId).toList(), "the winner and the bye share the lead");
        assertEquals(List.of("1"), provisional.rows().get(0).values());
        Views.PlayerCard card = model.playerCard(T, "p2");
        assertEquals("0", card.total());
        assertEquals("p1", card.rounds().get(0).opponentId());
        assertEquals("black", card.rounds().get(0).colour());

        given(T, Chain.standings(T, 1, List.of(new RatingEvent.StandingRow(1, "p1", 1, List.of("1", "0", "0")),
                new RatingEvent.StandingRow(5, "p5", 2, List.of("1", "0", "0")))));
        Views.StandingsView official = model.standings(T);
        assertEquals("rating", official.source());
        assertEquals(List.of("PTS", "BH", "SB"), official.tieBreaks());
    }

    @Test
    void duringRoundTwoTheStandingsAddEachResultToThePublishedPointsAndKeepTheTieBreaksOfRoundOne() {
        // given round 1 complete and its standings published: p1, p4 and p5 on 1 point, in that order by tie-breaks
        given(T, Chain.ended("g1", T, 1, 1, "p1", "p2", GameResult.WHITE_WINS));
        given(T, Chain.ended("g2", T, 1, 2, "p3", "p4", GameResult.BLACK_WINS));
        given(T, Chain.standings(T, 1, List.of(
                new RatingEvent.StandingRow(1, "p1", 1, List.of("1", "0", "0")),
                new RatingEvent.StandingRow(4, "p4", 2, List.of("1", "0", "0")),
                new RatingEvent.StandingRow(5, "p5", 3, List.of("1", "0", "0")),
                new RatingEvent.StandingRow(2, "p2", 4, List.of("0", "1", "0")),
                new RatingEvent.StandingRow(3, "p3", 5, List.of("0", "1", "0")))));
        given(T, Chain.paired(T, 2, List.of(new Board(1, null, "p5", "p1"), new Board(2, null, "p2", "p4")),
                List.of("p3")));
        // a bye alone already counts: p3's point of round 2
        assertEquals("live", model.standings(T).source());

        // when p5 beats p1 on board 1 (board 2 still playing)
        given(T, Chain.ended("g3", T, 2, 1, "p5", "p1", GameResult.WHITE_WINS));

        // then the standings are live: points after round 1 plus round 2's, ties ordered by round 1's rank
        Views.StandingsView live = model.standings(T);
        assertEquals("live", live.source());
        assertEquals(1, live.afterRound(), "the tie-breaks are those after round 1");
        assertEquals(List.of("PTS", "BH", "SB"), live.tieBreaks());
        assertEquals(List.of("p5", "p1", "p4", "p3", "p2"), live.rows().stream().map(Views.StandingLine::playerId)
                .toList(), "p5 2 points; p1, p4 (still playing) and p3 (bye) 1 point in their order after round 1");
        assertEquals(List.of(1, 2, 3, 4, 5), live.rows().stream().map(Views.StandingLine::rank).toList());
        assertEquals(List.of("2", "0", "0"), live.rows().get(0).values(), "PTS live, BH and SB as after round 1");
        assertEquals(List.of("1", "1", "0"), live.rows().get(3).values());

        // and once the rating service publishes round 2, its standings are shown as they are
        given(T, Chain.ended("g4", T, 2, 2, "p2", "p4", GameResult.DRAW));
        given(T, Chain.standings(T, 2, List.of(
                new RatingEvent.StandingRow(5, "p5", 1, List.of("2", "2", "2")),
                new RatingEvent.StandingRow(4, "p4", 2, List.of("1.5", "1", "1")),
                new RatingEvent.StandingRow(1, "p1", 3, List.of("1", "2", "1")),
                new RatingEvent.StandingRow(3, "p3", 4, List.of("1", "1", "0")),
                new RatingEvent.StandingRow(2, "p2", 5, List.of("0.5", "2", "0")))));
        Views.StandingsView official = model.standings(T);
        assertEquals("rating", official.source());
        assertEquals(2, official.afterRound());
        assertEquals(List.of("2", "2", "2"), official.rows().get(0).values());
    }

    @Test
    void subscribersGetTheBacklogAfterTheirLastIdThenLiveEventsMatchingTheirFilter() {
        List<FeedEvent> all = new ArrayList<>();
        model.subscribe(T, 0, subscriber(FeedFilter.ALL, all));
        long resumeFrom = all.get(all.size() - 1).id();
        List<FeedEvent> board2 = new ArrayList<>();
        model.subscribe(T, 0, subscriber(new FeedFilter(1, null, 2), board2));
        List<FeedEvent> resumed = new ArrayList<>();
        model.subscribe(T, resumeFrom, subscriber(FeedFilter.ALL, resumed));
        assertTrue(resumed.isEmpty(), "nothing after the last id yet");

        given("g1", Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 5_395_000, 5_400_000, Chain.T0.plusSeconds(5)));
        given("g2", Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 5_395_000, 5_400_000, Chain.T0.plusSeconds(6)));

        for (int i = 1; i < all.size(); i++) {
            assertEquals(all.get(i - 1).id() + 1, all.get(i).id(), "ids without gaps");
        }
        assertEquals(List.of(resumeFrom + 1, resumeFrom + 2), resumed.stream().map(FeedEvent::id).toList());
        assertTrue(board2.stream().noneMatch(e -> e.board() == 1), "board 1 filtered out");
        assertTrue(board2.stream().anyMatch(e -> e.type().equals("move") && e.board() == 2));
        assertTrue(board2.stream().anyMatch(e -> e.type().equals("pairings")), "round-level events pass");
        assertTrue(resumed.get(0).sse().startsWith("id: " + (resumeFrom + 1) + "\nevent: move\ndata: {"));
    }

    @Test
    void aPostponedQuickplayClaimAGrantedIncrementAndAFlagDuringTheClaimArePushedWithTheirText() {
        List<FeedEvent> pushed = new ArrayList<>();
        model.subscribe(T, 0, subscriber(new FeedFilter(1, null, 1), pushed));
        int before = pushed.size();
        java.time.Instant at = Chain.T0.plusSeconds(3_000);
        given("g1", new org.torneo.contracts.game.ClaimEvent.ClaimPostponed(org.torneo.contracts.Side.BLACK,
                org.torneo.contracts.game.DrawClaimKind.QUICKPLAY_FINISH, "FIDE 2018 III.5", "watching",
                new org.torneo.contracts.game.Penalty(120_000, 0, "FIDE 2018 III.5", "two minutes to White"), at));
        given("g1", new org.torneo.contracts.game.ClaimEvent.FlagFellDuringPostponedClaim(org.torneo.contracts.Side.BLACK,
                "FIDE 2018 III.5", at.plusSeconds(60)));
        List<FeedEvent> claims = pushed.subList(before, pushed.size()).stream().filter(e -> e.type().equals("claim"))
                .toList();
        assertEquals(2, claims.size(), pushed.toString());
        assertTrue(claims.get(0).json().contains("\"kind\":\"claimPostponed\"") && claims.get(0).json()
                .contains("\"opponentBonusMillis\":120000"), claims.get(0).json());
        assertTrue(claims.get(0).json().contains("quickplay"), "the English text names the rule: " + claims.get(0).json());
        assertTrue(claims.get(1).json().contains("\"kind\":\"flagDuringClaim\""), claims.get(1).json());
    }

    @Test
    void badIdsAndFiltersAreRefusedWithTheReason() {
        FeedFilter.BadRequest round = assertThrows(FeedFilter.BadRequest.class, () -> FeedFilter.parse("x", null, null));
        assertEquals("round", round.parameter());
        assertTrue(round.getMessage().contains("'x' is not a whole number"));
        assertEquals("board", assertThrows(FeedFilter.BadRequest.class, () -> FeedFilter.parse(null, null, "0"))
                .parameter());
        assertThrows(FeedModel.NotFound.class, () -> model.round("nope", 1, FeedFilter.ALL));
        assertThrows(FeedModel.NotFound.class, () -> model.round(T, 7, FeedFilter.ALL));
        assertThrows(FeedModel.NotFound.class, () -> model.gameView("g-missing"));
        assertThrows(FeedModel.NotFound.class, () -> model.playerCard(T, "p-missing"));
        assertThrows(FeedFilter.BadRequest.class, () -> model.subscribe(T, 10_000, subscriber(FeedFilter.ALL,
                new ArrayList<>())));
    }

    @Test
    void aSealedMoveStaysSecretAndCommandRejectionsAreNotPublished() {
        List<FeedEvent> all = new ArrayList<>();
        model.subscribe(T, model.lastEventId(T), subscriber(FeedFilter.ALL, all));
        given("g1", new org.torneo.contracts.game.MoveEvent.MoveSealed(1, org.torneo.contracts.Side.WHITE, "e2e4",
                Chain.T0));
        given("g1", new org.torneo.contracts.game.ClaimEvent.CommandRejected("game.SubmitMove", "not your turn", "",
                Chain.T0));
        assertEquals(List.of("adjourned"), all.stream().map(FeedEvent::type).toList());
        assertFalse(all.get(0).json().contains("e2e4"));
    }

    @Test
    void aCorrectedPairingGivesTheGameItsNewPlayers() {
        List<FeedEvent> all = new ArrayList<>();
        model.subscribe(T, model.lastEventId(T), subscriber(FeedFilter.ALL, all));
        given("g1", new org.torneo.contracts.game.MoveEvent.PlayersCorrected("p1", "p3", "p1", "p2",
                "p2 and p3 were swapped", "arbiter-1", UUID.randomUUID(), "C.04.2", Chain.T0));
        Views.GameView game = model.gameView("g1");
        assertEquals("p3", game.black());
        assertEquals("Carla Ruiz", game.blackName());
        assertTrue(Pgn.game(game).contains("[Black \"Carla Ruiz\"]"), Pgn.game(game));
        assertEquals(List.of("playersCorrected"), all.stream().map(FeedEvent::type).toList());
        assertTrue(all.get(0).json().contains("p2 and p3 were swapped"), all.get(0).json());
    }

    @Test
    void aGameCancelledByAPairingCorrectionLeavesTheBoardsTheRoundPgnAndTheLiveGamesWithoutAResult() {
        List<FeedEvent> board2 = new ArrayList<>();
        model.subscribe(T, model.lastEventId(T), subscriber(new FeedFilter(1, null, 2), board2));
        given("g1", Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 5_395_000, 5_400_000, Chain.T0.plusSeconds(5)));
        String reason = "p3 and p4 had asked for half-point byes in round 1";
        given(T, new TournamentEvent.PairingCorrected(T, "c-fix", Chain.ARBITER, Chain.T0, 1,
                List.of(new Board(1, null, "p1", "p2")), List.of(new Bye("p3", ByeKind.HALF_POINT, Score.HALF),
                new Bye("p4", ByeKind.HALF_POINT, Score.HALF), new Bye("p5", ByeKind.PAIRING_BYE, Score.ONE)),
                reason));
        given("g2", new MoveEvent.GameCancelled(reason, "arbiter-1", UUID.randomUUID(), "C.04.2", Chain.T0));

        Views.RoundView round = model.round(T, 1, FeedFilter.ALL);
        assertEquals(List.of(1), round.boards().stream().map(Views.BoardView::board).toList());
        assertEquals(1, round.cancelled().size(), round.toString());
        Views.CancelledView cancelled = round.cancelled().get(0);
        assertEquals(2, cancelled.board());
        assertEquals("g2", cancelled.gameId());
        assertEquals("Carla Ruiz", cancelled.whiteName());
        assertTrue(cancelled.text().en().endsWith("not played, no result: " + reason), cancelled.text().en());
        assertTrue(cancelled.text().es().contains("sin resultado"), cancelled.text().es());
        assertEquals(List.of(), model.round(T, 1, new FeedFilter(null, "A", null)).cancelled(), "board 2 is in hall B");

        String pgn = Pgn.games(model.roundGames(T, 1));
        assertTrue(pgn.contains("[GameId \"g1\"]"), pgn);
        assertFalse(pgn.contains("g2") || pgn.contains("[Round \"1.2\"]"), "not a played game of the round: " + pgn);
        Views.GameView game = model.gameView("g2");
        assertNull(game.result());
        assertEquals("*", game.pgnResult());
        assertEquals(cancelled.text(), game.cancelled());
        assertEquals(1, model.tournamentSummary(T).gamesInProgress(), "only g1 is in progress");
        assertNull(model.playerCard(T, "p3").rounds().get(0).gameId(), "p3 has a bye, not a game");

        List<FeedEvent> notices = board2.stream().filter(e -> e.type().equals("gameCancelled")).toList();
        assertEquals(1, notices.size(), board2.toString());
        assertTrue(notices.get(0).json().contains("\"gameId\":\"g2\"") && notices.get(0).json().contains(reason)
                && notices.get(0).json().contains("\"text\":{\"en\":"), notices.get(0).json());

        FeedModel rebuilt = new FeedModel(java.time.Clock.systemUTC());
        // the cancellation read before the correction that caused it: the same views
        history.stream().filter(e -> !e.aggregateId().equals(T)).forEach(rebuilt::apply);
        history.stream().filter(e -> e.aggregateId().equals(T)).forEach(rebuilt::apply);
        assertEquals(model.digest(T), rebuilt.digest(T));
    }

    @Test
    void aRebuiltModelHasTheSameDigestWhateverTheInterleaving() {
        given("g1", Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 5_395_000, 5_400_000, Chain.T0.plusSeconds(5)));
        given(T, Chain.ended("g2", T, 1, 2, "p3", "p4", GameResult.DRAW));
        FeedModel rebuilt = new FeedModel(java.time.Clock.systemUTC());
        // another interleaving of the topics: results and games first, then the tournament stream
        history.stream().filter(e -> !e.aggregateId().equals(T) || e.payload()
                instanceof org.torneo.contracts.results.ResultEvent).forEach(rebuilt::apply);
        history.stream().filter(e -> e.aggregateId().equals(T) && !(e.payload()
                instanceof org.torneo.contracts.results.ResultEvent)).forEach(rebuilt::apply);
        assertEquals(model.digest(T), rebuilt.digest(T));
        given("g1", Chain.move(2, "e5", "e7e5", Chain.FEN_E4_E5, 5_395_000, 5_388_000, Chain.T0.plusSeconds(12)));
        assertNotEquals(model.digest(T), rebuilt.digest(T));
    }

    @Test
    void restoredEventsKeepTheirIdsAndReplayedRecordsOnlyRebuildTheState() {
        given("g1", Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 5_395_000, 5_400_000, Chain.T0.plusSeconds(5)));
        given(T, Chain.ended("g2", T, 1, 2, "p3", "p4", GameResult.DRAW));
        List<FeedEvent> before = model.events(T, 0, FeedFilter.ALL);

        // a restart: the stored events come back, then the records are re-read in another interleaving
        FeedModel restarted = new FeedModel(java.time.Clock.systemUTC());
        before.forEach(e -> restarted.restore(T, e));
        otherInterleaving().forEach(restarted::replay);
        assertEquals(before, restarted.events(T, 0, FeedFilter.ALL), "the same ids for the same events");
        assertEquals(model.digest(T), restarted.digest(T), "the state rebuilt by the replay");
        assertEquals(before.size(), restarted.stats().restored());
        FeedModel renumbered = new FeedModel(java.time.Clock.systemUTC());
        otherInterleaving().forEach(renumbered::apply);
        assertNotEquals(before, renumbered.events(T, 0, FeedFilter.ALL), "numbering on replay would differ");

        long last = before.get(before.size() - 1).id();
        List<FeedEvent> resumed = new ArrayList<>();
        restarted.subscribe(T, last - 1, subscriber(FeedFilter.ALL, resumed));
        Envelope next = chain.seal("g1", Chain.move(2, "e5", "e7e5", Chain.FEN_E4_E5, 5_395_000, 5_388_000,
                Chain.T0.plusSeconds(12)));
        model.apply(next);
        restarted.apply(next);
        assertEquals(List.of(last, last + 1), resumed.stream().map(FeedEvent::id).toList());
        assertEquals(model.events(T, last, FeedFilter.ALL), restarted.events(T, last, FeedFilter.ALL));
    }

    @Test
    void aClockOrClaimFactReadBeforeItsGameStartedIsLoggedOnceTheStartIsRead() {
        // a reader catching up gets the clock's and the claims' topics before the moves' (the chaos run lost these)
        given("g3", clockPaused("g3"));
        given("g3", new org.torneo.contracts.game.ClaimEvent.DrawOffered(org.torneo.contracts.Side.WHITE, 1,
                Chain.T0));
        assertEquals(List.of(), typesOf("g3"), "nothing to route them by yet");

        given("g3", Chain.started(T, 1, 3, "p5", "p1", "B"));

        assertEquals(List.of("gameStarted", "clock", "claim"), typesOf("g3"));
        assertEquals(List.of(1, 1, 1), model.events(T, 0, FeedFilter.ALL).stream()
                .filter(e -> e.json().contains("\"g3\"")).map(FeedEvent::round).toList());
    }

    @Test
    void aFactReadLiveIsLoggedEvenWhenTheRecordReleasingItIsReplayedAndNeverTwice() {
        Envelope pause = chain.seal("g3", clockPaused("g3"));
        Envelope start = chain.seal("g3", Chain.started(T, 1, 3, "p5", "p1", "B"));
        model.apply(start);
        List<FeedEvent> stored = model.events(T, 0, FeedFilter.ALL);

        // a restart whose stored positions are past the start (its event stored) but not past the pause, read first
        // this time: the pause is live, the start replayed
        FeedModel restarted = new FeedModel(java.time.Clock.systemUTC());
        stored.forEach(e -> restarted.restore(T, e));
        history.forEach(restarted::replay);
        restarted.stage(pause);
        restarted.replay(start);
        restarted.release();
        assertEquals(List.of("clock"), restarted.events(T, stored.size(), FeedFilter.ALL).stream()
                .map(FeedEvent::type).toList(), "the pause's event, after the stored ones");

        // a restart whose positions are past both: their events are stored, nothing is logged again
        model.apply(pause);
        List<FeedEvent> all = model.events(T, 0, FeedFilter.ALL);
        FeedModel again = new FeedModel(java.time.Clock.systemUTC());
        all.forEach(e -> again.restore(T, e));
        history.forEach(again::replay);
        again.replay(pause);
        again.replay(start);
        again.release();
        assertEquals(all, again.events(T, 0, FeedFilter.ALL));
    }

    @Test
    void aFactReplayedAfterItsGameStartedLiveIsLoggedWhenTheLastReaderHeldIt() {
        Envelope pause = chain.seal("g3", clockPaused("g3"));
        Envelope start = chain.seal("g3", Chain.started(T, 1, 3, "p5", "p1", "B"));
        // the first reader read the pause before the start: held, nothing stored of it; its positions are past the pause
        model.apply(pause);
        List<FeedEvent> stored = model.events(T, 0, FeedFilter.ALL);

        // the next reader gets the start (live) first, then the pause (replayed): the pause's event was never stored
        FeedModel restarted = new FeedModel(java.time.Clock.systemUTC());
        stored.forEach(e -> restarted.restore(T, e));
        history.forEach(restarted::replay);
        restarted.stage(start);
        restarted.replay(pause);
        restarted.release();
        assertEquals(List.of("gameStarted", "clock"), restarted.events(T, stored.size(), FeedFilter.ALL).stream()
                .map(FeedEvent::type).toList(), "the start's event and the pause's, neither lost");
    }

    private static org.torneo.contracts.clock.ClockEvent.ClockPaused clockPaused(String game) {
        return new org.torneo.contracts.clock.ClockEvent.ClockPaused(game, "c-pause", Chain.ARBITER,
                Chain.T0.toEpochMilli(), "arbiter", 5_400_000, 5_400_000);
    }

    private List<String> typesOf(String game) {
        return model.events(T, 0, FeedFilter.ALL).stream().filter(e -> e.json().contains("\"" + game + "\""))
                .map(FeedEvent::type).toList();
    }

    private List<Envelope> otherInterleaving() {
        List<Envelope> out = new ArrayList<>();
        history.stream().filter(e -> !e.aggregateId().equals(T) || e.payload()
                instanceof org.torneo.contracts.results.ResultEvent).forEach(out::add);
        history.stream().filter(e -> e.aggregateId().equals(T) && !(e.payload()
                instanceof org.torneo.contracts.results.ResultEvent)).forEach(out::add);
        return out;
    }

    @Test
    void stagedEventsStayHiddenUntilReleased() {
        long last = model.lastEventId(T);
        List<FeedEvent> live = new ArrayList<>();
        model.subscribe(T, last, subscriber(FeedFilter.ALL, live));
        model.stage(chain.seal("g1", Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 5_395_000, 5_400_000,
                Chain.T0.plusSeconds(5))));
        List<FeedModel.Logged> pending = model.pending();
        assertEquals(1, pending.size());
        assertEquals(T, pending.get(0).tournamentId());
        assertEquals(last + 1, pending.get(0).event().id());
        assertEquals("move", pending.get(0).event().type());
        assertTrue(live.isEmpty(), "not pushed before it is stored");
        assertEquals(last, model.lastEventId(T));
        assertEquals(List.of(), model.events(T, last, FeedFilter.ALL));
        assertThrows(FeedFilter.BadRequest.class, () -> model.subscribe(T, last + 1, subscriber(FeedFilter.ALL,
                new ArrayList<>())), "an id nobody could have seen yet");

        model.release();
        assertEquals(List.of(pending.get(0).event()), live);
        assertEquals(last + 1, model.lastEventId(T));
        assertTrue(model.pending().isEmpty());
    }

    @Test
    void batchesTakenForStoringAreShownInOrderAndNeverAfterAReset() {
        long last = model.lastEventId(T);
        List<FeedEvent> live = new ArrayList<>();
        model.subscribe(T, last, subscriber(FeedFilter.ALL, live));
        model.stage(chain.seal("g1", Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 5_395_000, 5_400_000,
                Chain.T0.plusSeconds(5))));
        FeedModel.Staged first = model.takeStaged();
        model.stage(chain.seal("g2", Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 5_395_000, 5_400_000,
                Chain.T0.plusSeconds(6))));
        FeedModel.Staged second = model.takeStaged();
        assertTrue(model.pending().isEmpty(), "taken");
        assertEquals(List.of(last + 1), first.events().stream().map(l -> l.event().id()).toList());
        assertEquals(List.of(last + 2), second.events().stream().map(l -> l.event().id()).toList());
        assertTrue(live.isEmpty(), "hidden while being stored");

        model.release(first);
        assertEquals(last + 1, model.lastEventId(T));
        assertEquals(List.of(last + 1), live.stream().map(FeedEvent::id).toList());
        model.release(second);
        assertEquals(List.of(last + 1, last + 2), live.stream().map(FeedEvent::id).toList());

        model.stage(chain.seal("g1", Chain.move(2, "e5", "e7e5", Chain.FEN_E4_E5, 5_395_000, 5_388_000,
                Chain.T0.plusSeconds(12))));
        FeedModel.Staged beforeReset = model.takeStaged();
        model.reset("restart");
        model.release(beforeReset);
        assertThrows(FeedModel.NotFound.class, () -> model.lastEventId(T), "a void batch shows nothing");
    }

    @Test
    void storedEventsWithAGapAreRefusedAndAResetForgetsAndDisconnects() {
        FeedModel restarted = new FeedModel(java.time.Clock.systemUTC());
        restarted.restore(T, new FeedEvent(1, "tournament", 0, null, 0, "{}"));
        IllegalStateException gap = assertThrows(IllegalStateException.class,
                () -> restarted.restore(T, new FeedEvent(3, "player", 0, null, 0, "{}")));
        assertTrue(gap.getMessage().contains("jump from id 1 to 3"), gap.getMessage());

        List<String> disconnected = new ArrayList<>();
        model.subscribe(T, 0, new FeedModel.Subscriber() {
            @Override
            public FeedFilter filter() {
                return FeedFilter.ALL;
            }

            @Override
            public void deliver(FeedEvent event) {
            }

            @Override
            public void disconnect(String reason) {
                disconnected.add(reason);
            }
        });
        model.reset("restart");
        assertEquals(List.of("restart"), disconnected);
        assertEquals(0, model.subscriberCount());
        assertThrows(FeedModel.NotFound.class, () -> model.lastEventId(T));
        assertEquals(0, model.stats().applied());
    }

    private static FeedModel.Subscriber subscriber(FeedFilter filter, List<FeedEvent> into) {
        return new FeedModel.Subscriber() {
            @Override
            public FeedFilter filter() {
                return filter;
            }

            @Override
            public void deliver(FeedEvent event) {
                into.add(event);
            }
        };
    }
}

package org.torneo.feed.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Hall;
import org.torneo.game.core.pgn.PgnGame;
import org.torneo.game.core.pgn.PgnMove;
import org.torneo.game.core.pgn.PgnReader;
import org.torneo.game.core.pgn.PgnReplay;

/**
 * Given a round of three boards in two halls (one game with the clock service's readings, one whose moves carry the
 * device's clock, one without any clock), when the round PGN is read back by a PGN reader, then it holds every board in
 * board order, each with the tags a lichess broadcast matches games by (Event, Site, Round "r.b", Board, White, Black,
 * GameId, ratings, Result), its moves replayable from the start, and {@code [%clk h:mm:ss]} after every move whose
 * clock is known: the clock service's reading where it has one, else the move's own.
 */
class RoundPgnTest {

    private static final String T = "open-pgn";
    private static final Instant AT = Instant.parse("2026-05-01T15:10:00Z");
    private final Chain chain = new Chain();
    private final FeedModel model = new FeedModel(java.time.Clock.systemUTC());

    private void given(String aggregate, EventMessage event) {
        model.apply(chain.seal(aggregate, event));
    }

    private static MoveEvent.MovePlayed unclocked(int ply, String san, String uci, String fen) {
        return new MoveEvent.MovePlayed(ply, ply % 2 == 1 ? Side.WHITE : Side.BLACK, san, uci, fen, MoveSource.BOARD,
                null, AT.plusSeconds(ply));
    }

    @Test
    void everyBoardOfTheRoundReadsBackWithItsTagsMovesAndClocks() {
        given(T, Chain.created(T, "Open \"Primavera\"", List.of(new Hall("A", 1, 2), new Hall("B", 3, 3))));
        for (int i = 1; i <= 6; i++) {
            given(T, Chain.player(T, "p" + i, "Player " + i, 2400 - 20 * i));
        }
        given(T, Chain.paired(T, 1, List.of(new Board(1, null, "p1", "p2"), new Board(2, null, "p3", "p4"),
                new Board(3, null, "p5", "p6")), List.of()));
        // board 3 first: the PGN is in board order whatever order the games arrived in
        given("g3", Chain.started(T, 1, 3, "p5", "p6", "B"));
        given("g3", unclocked(1, "d4", "d2d4", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"));
        given("g1", Chain.started(T, 1, 1, "p1", "p2", "A"));
        given("g2", Chain.started(T, 1, 2, "p3", "p4", "A"));
        // board 1: the clock service's readings, one before and one after its move (either order is read)
        ClockEvent.ClockSwitched whiteSwitch = new ClockEvent.ClockSwitched("g1", "k1", new Actor(Actor.Role.SYSTEM,
                "clock"), AT.toEpochMilli(), Side.WHITE, 1, 12_000, 5_391_000, 0, 0, 1, 5_400_000);
        model.apply(chain.seal("clock-g1", whiteSwitch));
        given("g1", Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 5_399_999, 5_400_000, AT));
        given("g1", Chain.move(2, "e5", "e7e5", Chain.FEN_E4_E5, 5_391_000, 5_380_500, AT.plusSeconds(20)));
        model.apply(chain.seal("clock-g1", new ClockEvent.ClockSwitched("g1", "k2", new Actor(Actor.Role.SYSTEM,
                "clock"), AT.toEpochMilli() + 20_000, Side.BLACK, 1, 20_000, 5_380_000, 0, 0, 1, 5_391_000)));
        given("g1", Chain.move(3, "Nf3", "g1f3", Chain.FEN_NF3, 3_600_000, 5_380_000, AT.plusSeconds(40)));
        // board 2: the clock the move recorded (a device's), and a result
        given("g2", Chain.move(1, "e4", "e2e4", Chain.FEN_E4, 3_725_000, 5_400_000, AT));
        given(T, Chain.ended("g2", T, 1, 2, "p3", "p4", GameResult.BLACK_WINS));

        String pgn = Pgn.games(model.roundGames(T, 1));
        PgnReader.PgnFile file = PgnReader.readGames(pgn);
        assertEquals(List.of(), file.rejected(), pgn);
        List<PgnGame> games = file.games();
        assertEquals(3, games.size(), pgn);
        for (int b = 1; b <= 3; b++) {
            PgnGame game = games.get(b - 1);
            assertEquals("Open \"Primavera\"", game.tag("Event").orElseThrow());
            assertEquals("?", game.tag("Site").orElseThrow(), "a stable Site: lichess matches games by Event and Site");
            assertEquals("1." + b, game.tag("Round").orElseThrow());
            assertEquals(String.valueOf(b), game.tag("Board").orElseThrow());
            assertEquals("g" + b, game.tag("GameId").orElseThrow());
            assertEquals("Player " + (2 * b - 1), game.tag("White").orElseThrow());
            assertEquals("Player " + (2 * b), game.tag("Black").orElseThrow());
            assertEquals(String.valueOf(2400 - 20 * (2 * b - 1)), game.tag("WhiteElo").orElseThrow());
            PgnReplay.replay(game); // every move legal from the start
        }
        PgnGame board1 = games.get(0);
        assertEquals(List.of("e4", "e5", "Nf3"), board1.moves().stream().map(PgnMove::san).toList());
        // the clock service's readings (1:29:51, 1:29:40) win over the moves' own; Nf3 has only its own (1:00:00)
        assertEquals(List.of(Optional.of(Duration.parse("PT1H29M51S")), Optional.of(Duration.parse("PT1H29M40S")),
                Optional.of(Duration.ofHours(1))), board1.moves().stream().map(PgnMove::clock).toList());
        assertEquals("*", board1.result());
        PgnGame board2 = games.get(1);
        assertEquals(Optional.of(Duration.parse("PT1H2M5S")), board2.moves().get(0).clock());
        assertEquals("0-1", board2.result());
        assertEquals("0-1", board2.tag("Result").orElseThrow());
        PgnGame board3 = games.get(2);
        assertEquals(Optional.empty(), board3.moves().get(0).clock(), "no clock, no %clk: nothing is invented");
        assertTrue(pgn.contains("1. e4 { [%clk 1:29:51] } e5 { [%clk 1:29:40] } 2. Nf3 { [%clk 1:00:00] } *"), pgn);
    }
}

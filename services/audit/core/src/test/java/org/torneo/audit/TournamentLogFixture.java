package org.torneo.audit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.torneo.audit.log.EventLog;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.Notation;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.clock.core.clock.ClockAggregate;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.game.core.game.GameDecider;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameStarts;
import org.torneo.game.core.game.GameState;
import org.torneo.pairing.tournament.ResultsIntake;
import org.torneo.pairing.tournament.TournamentDecider;
import org.torneo.pairing.tournament.TournamentEvolution;
import org.torneo.pairing.tournament.TournamentState;

/**
 * A small Harkness event (4 players, 2 rounds, FIDE 2018 standard) played through the real deciders, every event
 * sealed into its aggregate's chain with the codec, in the order the services would have written them:
 * <ul>
 * <li>round 1 board 1: a threefold claim after ply 4 (the start position seen twice: rejected, opponent +2 min),
 *     then a correct one after ply 8 (upheld, draw);</li>
 * <li>round 1 board 2: from K+R v K, an illegal king move (next to the other king) (+2 min for Black, applied on the real clock), then
 *     White's flag falls: Black cannot mate, so a draw (FIDE 2018 6.9);</li>
 * <li>round 2 board 1: Black resigns, the arbiter corrects it to a draw (the scoresheets), then it is recorded;</li>
 * <li>round 2 board 2: the fool's mate (0-1 by checkmate).</li>
 * </ul>
 */
final class TournamentLogFixture {

    static final String T = "t-audit";
    static final Ruleset RULESET = new Ruleset(Ruleset.Edition.FIDE_2018, Ruleset.Category.STANDARD);
    static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "org-1");
    static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "arb-1");
    static final Actor SYSTEM = Actor.system("game");

    final JsonCodec codec = JsonCodec.standard();
    final List<String> lines = new ArrayList<>();

    private final Map<String, Long> sequences = new HashMap<>();
    private final Map<String, String> lastHashes = new HashMap<>();
    private final GameDecider games;
    private final TournamentDecider tournaments = TournamentDecider.withBuiltInSystems();
    private final ClockAggregate clocks = new ClockAggregate();
    private TournamentState tournament = TournamentState.empty();
    private final Map<String, GameState> gameStates = new HashMap<>();
    private int commandCounter;
    private long seconds;

    static TournamentLogFixture build() {
        TournamentLogFixture f = new TournamentLogFixture();
        f.play();
        return f;
    }

    private void play() {
        createWithPlayers(4);
        RoundPaired round1 = pair(11);
        Board b1 = round1.boards().get(0);
        Board b2 = round1.boards().get(1);
        String g1 = start(round1, b1, null);
        for (String m : List.of("g1f3", "g8f6", "f3g1")) {
            move(g1, m);
        }
        move(g1, "f6g8");
        game(g1, player(g1, Side.WHITE), new GameCommand.ClaimDraw(Side.WHITE, DrawClaimKind.THREEFOLD, null, at()));
        for (String m : List.of("g1f3", "g8f6", "f3g1", "f6g8")) {
            move(g1, m);
        }
        game(g1, player(g1, Side.WHITE), new GameCommand.ClaimDraw(Side.WHITE, DrawClaimKind.THREEFOLD, null, at()));
        record(g1);

        String g2 = start(round1, b2, "8/8/8/8/8/4k3/8/4K2R w - - 0 1");
        clock(g2, new ClockCommand.StartClock(g2, nextId(), SYSTEM, millis(), TimeControl.example(),
                new ClockRules(RULESET, 0, false)));
        List<EventMessage> illegal = game(g2, ARBITER, new GameCommand.SubmitMove("e1e2",
                Notation.UCI, MoveSource.ARBITER, null, at()));
        MoveEvent.IllegalMoveRecorded recorded = (MoveEvent.IllegalMoveRecorded) illegal.get(illegal.size() - 1);
        clock(g2, new ClockCommand.AddTime(g2, nextId(), ARBITER, millis(), Side.BLACK,
                recorded.penalty().addedToOpponentMillis(), recorded.penalty().article(), "illegal move e1e2"));
        move(g2, "e1f1");
        move(g2, "e3d3");
        game(g2, SYSTEM, new GameCommand.ReportFlagFall(Side.WHITE, false, true, at()));
        record(g2);
        tournament(ARBITER, new TournamentCommand.CloseRound(T, nextId(), ARBITER, at(), 1));

        RoundPaired round2 = pair(12);
        String g3 = start(round2, round2.boards().get(0), null);
        move(g3, "e2e4");
        move(g3, "e7e5");
        List<EventMessage> resigned = game(g3, player(g3, Side.BLACK), new GameCommand.Resign(Side.BLACK, at()));
        UUID resignedId = lastEventIdOf(g3);
        assertInstanceOf(ResultEvent.GameEnded.class, resigned.get(resigned.size() - 1));
        game(g3, ARBITER, new GameCommand.CorrectResult(GameResult.DRAW, 1, 1, true, resignedId,
                "both scoresheets, signed, show a draw by agreement", at()));
        record(g3);
        String g4 = start(round2, round2.boards().get(1), null);
        for (String m : List.of("f2f3", "e7e5", "g2g4", "d8h4")) {
            move(g4, m); // the fool's mate: the game decider ends it by itself
        }
        record(g4);
        tournament(ARBITER, new TournamentCommand.CloseRound(T, nextId(), ARBITER, at(), 2));
    }

    // ---------------------------------------------------------------------------------------- the actors

    private RoundPaired pair(long seed) {
        List<TournamentEvent> events = tournament(ARBITER, new TournamentCommand.PairNextRound(T, nextId(), ARBITER,
                at(), seed));
        return assertInstanceOf(RoundPaired.class, events.get(events.size() - 1));
    }

    private String start(RoundPaired round, Board board, String fen) {
        GameRequest request = GameStarts.forRound(round, RULESET, null, null).get(board.number() - 1);
        GameCommand.StartGame s = (GameCommand.StartGame) request.command();
        GameCommand.StartGame start = new GameCommand.StartGame(s.tournamentId(), s.round(), s.board(),
                s.whitePlayerId(), s.blackPlayerId(), s.ruleset(), fen, null, s.hall(), null, null, at());
        game(request.gameId(), request.actor(), start);
        return request.gameId();
    }

    /**
     * The organiser creates {@code T} (Harkness, FIDE 2018 standard) with players p1..p{@code players}, appoints arb-1
     * chief arbiter and links each player to the account of the same name.
     */
    void createWithPlayers(int players) {
        createWithPlayers(players, List.of(new Hall("Main", 1, 10)));
    }

    /** As {@link #createWithPlayers(int)}, in these halls. */
    void createWithPlayers(int players, List<Hall> halls) {
        tournament(ORGANISER, new TournamentCommand.CreateTournament(T, nextId(), ORGANISER, at(), "Audit Open",
                PairingSystemKind.HARKNESS, 2, Scoring.classic(), "fide-2018-standard", halls));
        // the offices (issue 16): the organiser appoints arb-1 chief arbiter; each player's account is his id
        tournament(ORGANISER, new TournamentCommand.AppointArbiter(T, nextId(), ORGANISER, at(), ARBITER.id(), true,
                List.of()));
        for (int i = 1; i <= players; i++) {
            tournament(ORGANISER, new TournamentCommand.RegisterPlayer(T, nextId(), ORGANISER, at(), "p" + i,
                    "Player " + i, 2500 - 50 * i, 1));
            tournament(ORGANISER, new TournamentCommand.LinkPlayerAccount(T, nextId(), ORGANISER, at(), "p" + i,
                    "p" + i));
        }
    }

    /** The arbiter pairs the next round with {@code seed}. */
    RoundPaired pairRound(long seed) {
        return pair(seed);
    }

    /** The game service starts the game of {@code board} of {@code round} (standard position); its game id. */
    String startBoard(RoundPaired round, Board board) {
        return start(round, board, null);
    }

    /** The tournament decides {@code command} by {@code actor}; the events it logged. */
    List<TournamentEvent> tournamentDoes(Actor actor, TournamentCommand command) {
        return tournament(actor, command);
    }

    /** A fresh command id. */
    String commandId() {
        return nextId();
    }

    /** A log with nothing in it yet, for single-game scenarios. */
    static TournamentLogFixture empty() {
        return new TournamentLogFixture();
    }

    /** An empty log whose games the game service decides under {@code limits} (torneo.game.max-plies). */
    static TournamentLogFixture empty(org.torneo.game.core.game.GameLimits limits) {
        return new TournamentLogFixture(new GameDecider(limits));
    }

    private TournamentLogFixture() {
        this(new GameDecider());
    }

    private TournamentLogFixture(GameDecider games) {
        this.games = games;
    }

    /** Starts a lone game of {@code T} from {@code fen} under {@code ruleset} (white p1, black p2). */
    String startAlone(String gameId, Ruleset ruleset, String fen) {
        game(gameId, SYSTEM, new GameCommand.StartGame(T, 1, 1, "p1", "p2", ruleset, fen, null, null, null, null, at()));
        return gameId;
    }

    /** Starts a lone timed game of {@code T} (white p1, black p2) under {@code ruleset} and the event's regulations. */
    String startTimed(String gameId, Ruleset ruleset, String fen, TimeControl control,
                      org.torneo.contracts.game.EventRegulations regulations) {
        game(gameId, SYSTEM, new GameCommand.StartGame(T, 1, 1, "p1", "p2", ruleset, fen, null, null, control,
                regulations, at()));
        return gameId;
    }

    /**
     * Appends events as the game service would have written them for one command, sealed into the chain, without
     * asking the decider: a faulty service's decision the audit must catch.
     */
    void appendUnchecked(String gameId, Actor actor, EventMessage... events) {
        UUID cause = UUID.nameUUIDFromBytes(("cmd-" + (++commandCounter)).getBytes());
        GameState state = gameStates.get(gameId);
        for (EventMessage e : events) {
            state = games.evolve(state, e);
            append(gameId, gameId, actor, cause, e);
        }
        gameStates.put(gameId, state);
    }

    /** Appends a tournament event as a faulty or foreign writer would have, without asking the decider. */
    void appendTournamentUnchecked(Actor envelopeActor, TournamentEvent event) {
        append(T, T, envelopeActor, UUID.nameUUIDFromBytes(("cmd-" + (++commandCounter)).getBytes()), event);
    }

    /** The clock service adds time to {@code side} for a decision of the game (its clock started first if needed). */
    void clockAdds(String gameId, Side side, long addMillis, String article) {
        if (!clockStates.containsKey(gameId)) {
            clock(gameId, new ClockCommand.StartClock(gameId, nextId(), SYSTEM, millis(), TimeControl.example(),
                    new ClockRules(RULESET, 0, false)));
        }
        clock(gameId, new ClockCommand.AddTime(gameId, nextId(), ARBITER, millis(), side, addMillis, article,
                "decision of the game"));
    }

    /** The clock service starts {@code gameId}'s clock with {@code control} (a standard game of the fixture's rules). */
    void clockStarts(String gameId, TimeControl control) {
        clock(gameId, new ClockCommand.StartClock(gameId, nextId(), SYSTEM, millis(), control,
                new ClockRules(RULESET, 0, false)));
    }

    /** The clock service decides {@code command} (built for the next instant) on {@code gameId}'s clock. */
    void clockDoes(String gameId, java.util.function.LongFunction<ClockCommand> command) {
        clock(gameId, command.apply(millis()));
    }

    /** An illegal move seen by the arbiter (counted and penalised at once). */
    List<EventMessage> illegal(String gameId, String uci) {
        return game(gameId, ARBITER, new GameCommand.SubmitMove(uci, Notation.UCI, MoveSource.ARBITER, null, at()));
    }

    void move(String gameId, String uci) {
        GameState state = gameStates.get(gameId);
        Side mover = state.sideToMove();
        List<EventMessage> events = game(gameId, player(gameId, mover), new GameCommand.SubmitMove(uci, Notation.UCI,
                MoveSource.EBOARD, null, at()));
        assertTrue(events.stream().anyMatch(e -> e instanceof MoveEvent.MovePlayed), gameId + " " + uci + ": " + events);
    }

    private void record(String gameId) {
        GameState state = gameStates.get(gameId);
        assertTrue(state.isOver(), gameId + " is over");
        ResultEvent.GameEnded ended = state.ended();
        tournament(SYSTEM, ResultsIntake.recordResult(new ResultEvent.GameEnded(ended.gameId(), ended.tournamentId(),
                ended.round(), ended.board(), ended.whitePlayerId(), ended.blackPlayerId(), ended.result(),
                ended.whiteHalfPoints(), ended.blackHalfPoints(), ended.reason(), ended.article(), ended.played(),
                ended.endedAt()), nextId()));
    }

    /**
     * The pairing service records {@code gameId}'s result as its runtime does: a reaction to the game's GameEnded (the
     * game's last event, its cause), written under {@code actor} (the service's own, or a wrong one for a test).
     */
    void recordAsReaction(String gameId, Actor actor) {
        GameState state = gameStates.get(gameId);
        assertTrue(state.isOver(), gameId + " is over");
        UUID gameEnded = lastEventIdOf(gameId);
        for (TournamentEvent e : accepted(tournaments.decide(ResultsIntake.recordResult(state.ended(), nextId()),
                tournament))) {
            tournament = TournamentEvolution.evolve(tournament, e);
            append(T, T, actor, gameEnded, e);
        }
    }

    /**
     * The clock service decides {@code command} on {@code gameId}'s clock as its runtime does with a game event it
     * reacts to: caused by the game's last event, written under {@code actor}.
     */
    void clockReacts(String gameId, Actor actor, java.util.function.LongFunction<ClockCommand> command) {
        ClockState state = clockStates.getOrDefault(gameId, clocks.initialState());
        UUID cause = lastEventIdOf(gameId);
        for (ClockEvent e : clocks.decide(command.apply(millis()), state)) {
            assertFalse(e instanceof ClockEvent.CommandRejected, () -> "clock refused: " + e);
            state = clocks.evolve(state, e);
            append("clock:" + gameId, gameId, actor, cause, e);
        }
        clockStates.put(gameId, state);
    }

    /** Like {@link #clockReacts}, where the clock refuses (its CommandRejected is recorded, as the service does). */
    void clockRefuses(String gameId, Actor actor, java.util.function.LongFunction<ClockCommand> command) {
        ClockState state = clockStates.getOrDefault(gameId, clocks.initialState());
        UUID cause = lastEventIdOf(gameId);
        List<ClockEvent> events = clocks.decide(command.apply(millis()), state);
        assertTrue(events.get(events.size() - 1) instanceof ClockEvent.CommandRejected, () -> "accepted: " + events);
        for (ClockEvent e : events) {
            state = clocks.evolve(state, e);
            append("clock:" + gameId, gameId, actor, cause, e);
        }
        clockStates.put(gameId, state);
    }

    Actor playerOf(String gameId, Side side) {
        return player(gameId, side);
    }

    private Actor player(String gameId, Side side) {
        return new Actor(Actor.Role.PLAYER, gameStates.get(gameId).playerOf(side));
    }

    List<EventMessage> game(String gameId, Actor actor, GameCommand command) {
        return game(gameId, actor, command, false);
    }

    /** The game decides {@code command}; its refusal (CommandRejected) is recorded like any other decision. */
    List<EventMessage> gameMayRefuse(String gameId, Actor actor, GameCommand command) {
        return game(gameId, actor, command, true);
    }

    private List<EventMessage> game(String gameId, Actor actor, GameCommand command, boolean refusalExpected) {
        GameState state = gameStates.getOrDefault(gameId, games.initialState());
        List<EventMessage> events = games.decide(new GameRequest(gameId, actor, command), state);
        assertFalse(events.isEmpty(), "no events for " + command);
        assertFalse(!refusalExpected && events.get(0) instanceof ClaimEvent.CommandRejected, () -> "refused: " + events);
        UUID cause = UUID.nameUUIDFromBytes(("cmd-" + (++commandCounter)).getBytes());
        for (EventMessage e : events) {
            state = games.evolve(state, e);
            append(gameId, gameId, actor, cause, e);
        }
        gameStates.put(gameId, state);
        return events;
    }

    /** The fixture writes logs of accepted commands: a refusal here is a mistake in the test, not a case. */
    private static List<TournamentEvent> accepted(List<TournamentEvent> events) {
        events.stream().filter(e -> e instanceof TournamentEvent.CommandRejected).findFirst().ifPresent(e -> {
            throw new AssertionError("the tournament refused a fixture command: " + e);
        });
        return events;
    }

    private List<TournamentEvent> tournament(Actor actor, TournamentCommand command) {
        List<TournamentEvent> events = accepted(tournaments.decide(command, tournament));
        UUID cause = UUID.nameUUIDFromBytes(command.commandId().getBytes());
        for (TournamentEvent e : events) {
            tournament = TournamentEvolution.evolve(tournament, e);
            append(T, T, actor, cause, e);
        }
        return events;
    }

    private final Map<String, ClockState> clockStates = new HashMap<>();

    private void clock(String gameId, ClockCommand command) {
        ClockState state = clockStates.getOrDefault(gameId, clocks.initialState());
        List<ClockEvent> events = clocks.decide(command, state);
        UUID cause = UUID.nameUUIDFromBytes(("clock-" + (++commandCounter)).getBytes());
        for (ClockEvent e : events) {
            assertFalse(e instanceof ClockEvent.CommandRejected, () -> "clock refused: " + e);
            state = clocks.evolve(state, e);
            append("clock:" + gameId, gameId, ARBITER, cause, e);
        }
        clockStates.put(gameId, state);
    }

    private void append(String chain, String aggregateId, Actor actor, UUID cause, EventMessage event) {
        long sequence = sequences.merge(chain, 1L, Long::sum);
        UUID id = UUID.nameUUIDFromBytes((chain + "#" + sequence).getBytes());
        Envelope sealed = codec.seal(Envelope.event(id, cause, T, aggregateId, sequence, actor, at(), event),
                lastHashes.getOrDefault(chain, Envelope.GENESIS_HASH));
        lastHashes.put(chain, sealed.hash());
        lines.add(EventLog.line(codec, codec.catalog().entryOf(event).topic().name(), sealed));
    }

    /** The id the next event of {@code chain} will have (ids are derived from the chain and the sequence). */
    UUID nextEventIdOf(String chain) {
        return UUID.nameUUIDFromBytes((chain + "#" + (sequences.getOrDefault(chain, 0L) + 1)).getBytes());
    }

    UUID lastEventIdOf(String chain) {
        return UUID.nameUUIDFromBytes((chain + "#" + sequences.get(chain)).getBytes());
    }

    private String nextId() {
        return "cmd-" + (++commandCounter);
    }

    Instant at() {
        return Instant.parse("2026-05-01T15:00:00Z").plusSeconds(seconds++);
    }

    private long millis() {
        return at().toEpochMilli();
    }
}

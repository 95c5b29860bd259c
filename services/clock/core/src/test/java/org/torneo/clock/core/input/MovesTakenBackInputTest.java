package org.torneo.clock.core.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.timecontrol.TimeControlParser;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.contracts.clock.ClockEvent.TimesSet;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.game.MoveEvent;

/**
 * Moves taken back by the game (game.MovesTakenBack: FIDE 2018 7.5.1 an illegal move found later, 7.1 / 7.4 the
 * arbiter's restored position) as a clock input: given the clock's recorded events / when the game's events / then the
 * clock's events. The game's plies after the takeback are ordinary presses, never held as a new game's.
 */
class MovesTakenBackInputTest {

    private static final Actor GAME = Actor.system("game");
    private static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "a-1");
    private static final long T0 = 1_780_000_000_000L;
    private static final long SEC = 1000;
    private static final long MIN = 60_000;
    private static final ClockRules RULES = new ClockRules(new Ruleset(Ruleset.Edition.FIDE_2018,
            Ruleset.Category.STANDARD), 0, false);

    private final RecordedClock clock = new RecordedClock();

    private List<ClockEvent> read(EventMessage payload) {
        return clock.apply(GameEventCommands.input(Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, "g-1",
                2, GAME, Instant.ofEpochMilli(T0), payload)));
    }

    private List<ClockEvent> moveCompleted(int ply, long at) {
        return read(new MoveEvent.MoveCompleted(ply, ply % 2 == 1 ? Side.WHITE : Side.BLACK, Instant.ofEpochMilli(at)));
    }

    private static MoveEvent.MovesTakenBack takenBack(int kept, long at) {
        return new MoveEvent.MovesTakenBack(kept, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "illegal move taken back", "FIDE 2018 7.5.1", Instant.ofEpochMilli(at));
    }

    /** 90+30: plies 1..6, each a minute. */
    private void sixPlies() {
        clock.apply(new ClockInput.Command(new ClockCommand.StartClock("g-1", "c-start", ARBITER, T0,
                TimeControlParser.parse("90+30"), RULES)));
        for (int ply = 1; ply <= 6; ply++) {
            moveCompleted(ply, T0 + ply * MIN);
        }
    }

    @Test
    void afterATakebackToTheStartWhitesMoveIsPressedNotHeld() {
        sixPlies();
        long at = T0 + 6 * MIN + 30 * SEC;
        TimesSet set = assertInstanceOf(TimesSet.class, read(takenBack(0, at)).get(0));
        long white = 90 * MIN - 3 * MIN + 3 * 30 * SEC - 30 * SEC;
        long black = 90 * MIN - 3 * MIN + 3 * 30 * SEC;
        assertEquals(List.of(at, white, black, 0, 0, Side.WHITE), List.of(set.at(), set.whiteMillis(),
                set.blackMillis(), set.whiteMoves(), set.blackMoves(), set.sideToMove()));
        ClockSwitched press = assertInstanceOf(ClockSwitched.class, moveCompleted(1, at + MIN).get(0));
        assertEquals(List.of(1, white - MIN + 30 * SEC, black), List.of(press.moveNumber(), press.remainingMillis(),
                press.opponentRemainingMillis()));
        assertEquals(Optional.of(at + MIN + black), clock.state().deadline(), "Black's clock runs: his flag can fall");
        assertEquals(List.of(), clock.state().heldPresses());
        assertEquals(clock.state(), clock.replay());
    }

    @Test
    void afterATakebackToPly4TheGameGoesOnFromPly5() {
        sixPlies();
        long at = T0 + 6 * MIN + 10 * SEC;
        read(takenBack(4, at));
        ClockState state = clock.state();
        assertEquals(List.of(2, 2, Side.WHITE), List.of(state.white().moves(), state.black().moves(), state.toMove()));
        ClockSwitched press = assertInstanceOf(ClockSwitched.class, moveCompleted(5, at + MIN).get(0));
        assertEquals(3, press.moveNumber());
        assertInstanceOf(ClockSwitched.class, moveCompleted(6, at + 2 * MIN).get(0));
        assertEquals(clock.state(), clock.replay());
    }

    @Test
    void inAGameBlackBeganTheRestoredPositionsSideToMoveRunsItsClock() {
        // an organiser's game from a FEN with Black to move: the clock starts Black's clock; Black, White, Black
        // moved, and the position after Black's first move (White to move, from the game's FEN) is restored
        clock.apply(new ClockInput.Command(new ClockCommand.StartClock("g-1", "c-start", ARBITER, T0,
                TimeControlParser.parse("90+30"), RULES, null, Side.BLACK)));
        for (int ply = 1; ply <= 3; ply++) {
            read(new MoveEvent.MoveCompleted(ply, ply % 2 == 1 ? Side.BLACK : Side.WHITE,
                    Instant.ofEpochMilli(T0 + ply * MIN)));
        }
        ClockState state = clock.state();
        assertEquals(List.of(1, 2, Side.WHITE), List.of(state.white().moves(), state.black().moves(), state.toMove()));
        long at = T0 + 3 * MIN + 10 * SEC;
        TimesSet set = assertInstanceOf(TimesSet.class, read(new MoveEvent.MovesTakenBack(1,
                "4k3/8/8/8/8/8/4P3/3K4 w - - 1 41", "illegal move taken back", "FIDE 2018 7.5.1",
                Instant.ofEpochMilli(at))).get(0));
        assertEquals(List.of(0, 1, Side.WHITE), List.of(set.whiteMoves(), set.blackMoves(), set.sideToMove()));
        ClockSwitched press = assertInstanceOf(ClockSwitched.class, read(new MoveEvent.MoveCompleted(2, Side.WHITE,
                Instant.ofEpochMilli(at + MIN))).get(0));
        assertEquals(1, press.moveNumber());
        assertEquals(clock.state(), clock.replay());
    }
}

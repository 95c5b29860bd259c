package org.torneo.clock.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.torneo.clock.core.clock.ClockFixture.ARBITER;
import static org.torneo.clock.core.clock.ClockFixture.BOARD;
import static org.torneo.clock.core.clock.ClockFixture.GAME;
import static org.torneo.clock.core.clock.ClockFixture.MIN;
import static org.torneo.clock.core.clock.ClockFixture.SEC;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.torneo.clock.core.newgame.NewGame;
import org.torneo.clock.core.takeback.TakeBack;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand.PressClock;
import org.torneo.contracts.clock.ClockCommand.StartClock;
import org.torneo.contracts.clock.ClockCommand.StopClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.contracts.clock.ClockEvent.TimesSet;

/**
 * Moves taken back by the game (FIDE 2018 7.5.1 an illegal move found later, 7.1 / 7.4 the arbiter's restored
 * position): the clock's counters follow the plies kept, the side to move in the restored position has the running
 * clock, the times stay as shown, and the next move is an ordinary press.
 */
class TakeBackTest {

    private static List<ClockEvent> takeBack(ClockFixture f, long at, int keptPlies) {
        return takeBack(f, at, keptPlies, null);
    }

    private static List<ClockEvent> takeBack(ClockFixture f, long at, int keptPlies, Side toMove) {
        return f.record(TakeBack.decide(f.state(), "back", ARBITER, at, keptPlies, toMove, "FIDE 2018 7.5.1",
                "illegal move"));
    }

    /** The game's completed move of {@code ply} as the clock app reads it: held when a new game's, else pressed. */
    private static List<ClockEvent> moveCompleted(ClockFixture f, String id, long at, Side side, int ply) {
        PressClock press = new PressClock(GAME, id, BOARD, at, side);
        return NewGame.held(f.state(), press, ply).<List<ClockEvent>>map(h -> f.record(List.of(h)))
                .orElseGet(() -> f.apply(press));
    }

    @Test
    void afterEveryMoveIsTakenBackWhitesNextMoveIsAnOrdinaryPress() {
        // 90+30: three moves each of a minute; White's illegal first move is found now (FIDE 2018 7.5.1)
        ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018).play(3, MIN, MIN);
        long at = f.now() + 20 * SEC;
        long white = 90 * MIN - 3 * MIN + 3 * 30 * SEC - 20 * SEC; // White's clock ran 20 s into his 4th move
        long black = 90 * MIN - 3 * MIN + 3 * 30 * SEC;
        assertEquals(List.of(new TimesSet(GAME, "back", ARBITER, at, white, black, 0, 0, Side.WHITE,
                "FIDE 2018 7.5.1", "moves taken back to ply 0: illegal move")), takeBack(f, at, 0));
        assertEquals(Optional.of(at + white), f.state().deadline(), "White's flag can fall: the clock runs");

        List<ClockEvent> replayed = moveCompleted(f, "again-1", at + 40 * SEC, Side.WHITE, 1);
        assertEquals(1, replayed.size());
        ClockSwitched press = (ClockSwitched) replayed.get(0);
        assertEquals(List.of(1, 40 * SEC, white - 40 * SEC + 30 * SEC, black),
                List.of(press.moveNumber(), press.elapsedMillis(), press.remainingMillis(),
                        press.opponentRemainingMillis()));
        assertEquals(Optional.of(at + 40 * SEC + black), f.state().deadline());
        moveCompleted(f, "again-2", at + 70 * SEC, Side.BLACK, 2);
        assertEquals(List.of(1, 1), List.of(f.state().white().moves(), f.state().black().moves()));
        assertEquals(List.of(), f.state().heldPresses());
        assertEquals(f.state(), ClockDecider.fold(GAME, f.history()), "a replay rebuilds it");
    }

    @Test
    void anIllegalMovePressedThenTakenBackGivesTheClockBackToItsMover() {
        // White's 3rd move (ply 5) is illegal and pressed: Black's clock runs; the position of ply 4 is restored
        ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018).play(2, MIN, MIN);
        f.press(f.now() + MIN, Side.WHITE);
        long at = f.now() + 10 * SEC;
        long white = f.state().white().remainingMillis();
        long black = f.state().remaining(Side.BLACK, at);
        assertEquals(List.of(new TimesSet(GAME, "back", ARBITER, at, white, black, 2, 2, Side.WHITE,
                "FIDE 2018 7.5.1", "moves taken back to ply 4: illegal move")), takeBack(f, at, 4));
        assertEquals(Side.WHITE, f.state().toMove());
        ClockSwitched again = (ClockSwitched) moveCompleted(f, "ply-5", at + 30 * SEC, Side.WHITE, 5).get(0);
        assertEquals(List.of(3, white - 30 * SEC + 30 * SEC), List.of(again.moveNumber(), again.remainingMillis()));
        assertEquals(f.state(), ClockDecider.fold(GAME, f.history()), "a replay rebuilds it");
    }

    @Test
    void aRestoredPositionWithBlackToMoveRunsBlacksClock() {
        // the arbiter restores the position after White's 2nd move (ply 3, FIDE 2018 7.1) while White is to move
        ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018).play(4, MIN, MIN);
        long at = f.now() + 5 * SEC;
        TimesSet set = (TimesSet) takeBack(f, at, 3).get(0);
        assertEquals(List.of(2, 1, Side.BLACK), List.of(set.whiteMoves(), set.blackMoves(), set.sideToMove()));
        assertEquals(List.of(ClockSwitched.class), moveCompleted(f, "ply-4", at + MIN, Side.BLACK, 4).stream()
                .<Class<?>>map(Object::getClass).toList());
        assertEquals(2, f.state().black().moves());
    }

    @Test
    void nothingToDoWhenTheClockAlreadyStandsThereOrRunsNoGame() {
        ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018).play(2, MIN, MIN);
        assertEquals(List.of(), takeBack(f, f.now() + SEC, 4), "the clock has counted exactly the plies kept");
        f.run(new StopClock(GAME, "stop", ARBITER, f.now() + MIN, "game over"));
        assertEquals(List.of(), takeBack(f, f.now() + SEC, 0));
        assertEquals(List.of(), TakeBack.decide(ClockState.initial(GAME), "back", ARBITER, f.now(), 0, null, "",
                ""));
    }

    @Test
    void inAGameBlackBeganTheCountersFollowThePositionsSideToMove() {
        // an organiser's game from a FEN with Black to move: Black's clock ran first; two moves each, then the
        // position after Black's 2nd move (ply 3, White to move) is restored
        StartClock start = ClockFixture.start("90+30", Edition.FIDE_2018, ClockFixture.T0);
        ClockFixture f = new ClockFixture().run(new StartClock(GAME, "start", ARBITER, start.at(), start.control(),
                start.rules(), null, Side.BLACK));
        long t = f.now();
        for (int i = 0; i < 2; i++) {
            f.press(t += MIN, Side.BLACK);
            f.press(t += MIN, Side.WHITE);
        }
        long at = f.now() + 5 * SEC;
        TimesSet set = (TimesSet) takeBack(f, at, 3, Side.WHITE).get(0);
        assertEquals(List.of(1, 2, Side.WHITE), List.of(set.whiteMoves(), set.blackMoves(), set.sideToMove()));
        assertEquals(Side.WHITE, f.state().toMove());
        // back to the start position: Black to move, nothing counted
        set = (TimesSet) takeBack(f, at + SEC, 0, Side.BLACK).get(0);
        assertEquals(List.of(0, 0, Side.BLACK), List.of(set.whiteMoves(), set.blackMoves(), set.sideToMove()));
        assertEquals(Side.BLACK, f.state().toMove());
        // without the side (a FEN the clock cannot read) the clock counts as in a game White began
        set = (TimesSet) takeBack(f, at + 2 * SEC, 3, null).get(0);
        assertEquals(List.of(2, 1, Side.BLACK), List.of(set.whiteMoves(), set.blackMoves(), set.sideToMove()));
        assertEquals(f.state(), ClockDecider.fold(GAME, f.history()), "a replay rebuilds it");
    }
}

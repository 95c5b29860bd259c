package org.torneo.game.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent.MoveCompleted;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.ResultEvent.GameEnded;

class ClockInputsTest {

    private static final Actor CLOCK = Actor.system("clock");
    private static final long AT = GameSpec.T0.toEpochMilli() + 60_000;

    @Test
    void aFlagFallDecidesTheGameAtTheClocksMomentButTheClocksEchoOfAPressIsNotAMove() {
        GameSpec spec = GameSpec.fide2018().moves("e4");
        // FIDE 2018 6.2.1: the move is completed by the player's own press, which reaches the game as his command
        assertTrue(ClockInputs.toRequest(new ClockEvent.ClockSwitched(GameSpec.GAME, "c1", CLOCK, AT, Side.WHITE,
                1, 5000, 5_395_000, 30_000, 0, 1, 5_400_000)).isEmpty());
        spec.when(new GameCommand.PressClock(Side.WHITE, java.time.Instant.ofEpochMilli(AT)))
                .then(MoveCompleted.class);

        GameRequest flag = ClockInputs.toRequest(new ClockEvent.FlagFell(GameSpec.GAME, "c2", CLOCK, AT, Side.BLACK, 1,
                0, 40, false, false)).orElseThrow();
        assertEquals(GameSpec.GAME, flag.gameId());
        spec.when(flag.actor(), flag.command());
        GameEnded ended = spec.ended();
        assertEquals(EndReason.FLAG_FALL, ended.reason());
        assertEquals(AT, ended.endedAt().toEpochMilli());
    }

    @Test
    void aDefaultIsAForfeitAndOtherClockEventsAreNotTheGamesBusiness() {
        GameRequest absent = ClockInputs.toRequest(new ClockEvent.PlayerDefaulted("g-9", "c3", CLOCK, AT, Side.BLACK,
                AT, "FIDE 2018 6.7.1")).orElseThrow();
        assertTrue(absent.command() instanceof GameCommand.ReportDefault d && d.absent() == Side.BLACK);
        GameDecider decider = new GameDecider();
        GameState started = GameSpec.fide2018().state;
        List<EventMessage> events = decider.decide(absent, started);
        assertEquals(org.torneo.contracts.results.GameResult.WHITE_WINS_BY_FORFEIT, ((GameEnded) events.get(0)).result());
        assertTrue(ClockInputs.toRequest(new ClockEvent.ClockResumed("g-9", "c4", CLOCK, AT, Side.WHITE)).isEmpty());
    }
}

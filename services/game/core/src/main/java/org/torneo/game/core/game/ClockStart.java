package org.torneo.game.core.game;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

import org.torneo.contracts.Actor;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand.StartClock;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.contracts.game.QuickplayFinishGuidelines;

/**
 * The clock a started game asks for (FIDE 2018 6.5: the arbiter starts the clock at the scheduled time): its control,
 * the edition's default time, whether the Guidelines III were announced, and which side's clock starts. The game
 * service sends it to the clock service once GameStarted is committed, and {@code torneo adjudicate} replaying a game
 * offline starts its clock with it: one rule for both. The command id is derived from the game id, so the clock
 * ignores the command when it is sent again (after a restart every running game is announced again).
 */
public final class ClockStart {

    /** Who starts the clocks: the game service. */
    public static final Actor GAME_SERVICE = Actor.system("game");

    private ClockStart() {
    }

    /** The StartClock of one game, or null when the game has no time control (no clock to start). */
    public static StartClock command(String gameId, GameStarted started) {
        if (started.timeControl() == null) {
            return null;
        }
        return new StartClock(gameId, commandId(gameId).toString(), GAME_SERVICE,
                started.startedAt().toEpochMilli(), started.timeControl(),
                new ClockRules(started.ruleset(), started.ruleset().edition().defaultTime().toMillis(),
                        // FIDE 2018 III.2.1: the Guidelines III apply only where announced, in either form (III.4
                        // increment on request, III.5 draw claims); the clock then also applies III.3.1.2 (both flags)
                        started.regulations().quickplayFinish() != QuickplayFinishGuidelines.NOT_ANNOUNCED),
                // FIDE 2018 6.6 (1997 6.5): White's clock starts; a game from a position with Black to move starts
                // Black's
                null, Side.toMoveIn(started.initialFen()) == Side.BLACK ? Side.BLACK : null);
    }

    /** One StartClock per game: the id is derived from the game id. */
    public static UUID commandId(String gameId) {
        return UUID.nameUUIDFromBytes(("StartClock:" + gameId).getBytes(StandardCharsets.UTF_8));
    }
}

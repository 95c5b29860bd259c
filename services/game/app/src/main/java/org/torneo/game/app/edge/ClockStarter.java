package org.torneo.game.app.edge;

import java.util.List;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.clock.ClockCommand.StartClock;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.game.core.game.ClockStart;
import org.torneo.game.core.game.GameState;
import org.torneo.platform.Decision;

/**
 * Tells the clock service to start a game's clock once GameStarted is committed (FIDE 2018 6.5: the arbiter
 * starts White's clock at the scheduled time). Which clock, with what rules, is the game core's {@link ClockStart};
 * its command id is derived from the game id, so the clock ignores the command when it is sent again (after a
 * restart every running game is announced again).
 */
public final class ClockStarter {

    private static final Logger LOG = Logger.getLogger(ClockStarter.class.getName());
    static final Actor GAME_SERVICE = ClockStart.GAME_SERVICE;

    private final CommandPublisher publisher;

    public ClockStarter(CommandPublisher publisher) {
        this.publisher = publisher;
    }

    /** Commit listener: the clocks of the games started in this batch. */
    public void committed(List<Decision<GameState>> decisions) {
        for (Decision<GameState> decision : decisions) {
            for (Envelope event : decision.events()) {
                if (event.payload() instanceof GameStarted started) {
                    try {
                        announce(decision.aggregateId(), started);
                    } catch (RuntimeException e) {
                        // one game's start is that game's problem: the other games of the batch still get their clocks
                        LOG.log(Level.WARNING, "game: StartClock for " + decision.aggregateId() + " not built", e);
                    }
                }
            }
        }
    }

    /** Sends StartClock for a game; failures are logged (the next restart announces running games again). */
    public void announce(String gameId, GameStarted started) {
        StartClock start = ClockStart.command(gameId, started);
        if (start == null) {
            return;
        }
        try {
            publisher.send(UUID.fromString(start.commandId()), start);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "game: StartClock for " + gameId + " not sent", e);
        }
    }
}

package org.torneo.game.app.edge;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand.StartClock;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.contracts.game.QuickplayFinishGuidelines;
import org.torneo.game.core.game.GameState;
import org.torneo.platform.Decision;

/**
 * Tells the clock service to start a game's clock once GameStarted is committed (FIDE 2018 6.5: the arbiter
 * starts White's clock at the scheduled time). The command id is derived from the game id, so the
 * clock ignores the command when it is sent again (after a restart every running game is announced again).
 */
public final class ClockStarter {

    private static final Logger LOG = Logger.getLogger(ClockStarter.class.getName());
    static final Actor GAME_SERVICE = Actor.system("game");

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

    /** The StartClock of one game (nothing when the game has no time control). */
    public static StartClock command(String gameId, GameStarted started) {
        if (started.timeControl() == null) {
            return null;
        }
        return new StartClock(gameId, commandId(gameId).toString(), GAME_SERVICE,
                started.startedAt().toEpochMilli(), started.timeControl(),
                new ClockRules(started.ruleset(), defaultTimeMillis(started.ruleset()),
                        // FIDE 2018 III.2.1: the Guidelines III apply only where announced, in either form (III.4
                        // increment on request, III.5 draw claims); the clock then also applies III.3.1.2 (both flags)
                        started.regulations().quickplayFinish() != QuickplayFinishGuidelines.NOT_ANNOUNCED),
                null, Side.toMoveIn(started.initialFen()) == Side.BLACK ? Side.BLACK : null);
    }

    /** One StartClock per game: the id is derived from the game id. */
    public static UUID commandId(String gameId) {
        return UUID.nameUUIDFromBytes(("StartClock:" + gameId).getBytes(StandardCharsets.UTF_8));
    }

    /** Sends StartClock for a game; failures are logged (the next restart announces running games again). */
    public void announce(String gameId, GameStarted started) {
        StartClock start = command(gameId, started);
        if (start == null) {
            return;
        }
        try {
            publisher.send(UUID.fromString(start.commandId()), start);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "game: StartClock for " + gameId + " not sent", e);
        }
    }

    /** The edition's default time (FIDE 2018 6.7.1 zero unless the regulations say otherwise; 1997 6.6 one hour). */
    static long defaultTimeMillis(Ruleset ruleset) {
        try {
            return org.torneo.game.core.ruleset.Ruleset.of(
                    org.torneo.game.core.ruleset.Edition.valueOf(ruleset.edition().name()),
                    org.torneo.game.core.ruleset.Category.valueOf(ruleset.category().name())).defaultTime().toMillis();
        } catch (IllegalArgumentException e) {
            return 0;
        }
    }
}

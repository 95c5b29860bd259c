package org.torneo.game.app.runtime;

import java.time.Instant;

import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.clock.ClockEvent.BothFlagsFell;
import org.torneo.contracts.clock.ClockEvent.FlagFell;
import org.torneo.contracts.clock.ClockEvent.PlayerDefaulted;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.GameCommand.ReportBothFlagsFell;
import org.torneo.contracts.game.GameCommand.ReportDefault;
import org.torneo.contracts.game.GameCommand.ReportFlagFall;
import org.torneo.game.core.game.GameRequest;

/**
 * Which clock events the game decides on. The moment is the clock's recorded one (the exact deadline), so a
 * replay decides the same; the clock event's id is the idempotency key (the platform's rule for reactions).
 */
public final class ClockReactions {

    /** Who reported it: the clock service. */
    public static final Actor CLOCK = Actor.system("clock");

    private ClockReactions() {
    }

    /** The game command a clock event implies, or null when the game does not care about it. */
    public static GameRequest of(Envelope event) {
        GameCommand command = switch (event.payload()) {
            // FIDE 2018 6.9 (1997 6.10, 2001 6.9, Code 1970 art. XIV): the game decides loss or draw
            case FlagFell flag -> new ReportFlagFall(flag.side(), flag.requirementMet(), flag.finalPeriod(),
                    Instant.ofEpochMilli(flag.at()));
            // FIDE 2018 III.3.1, 1997 10.4 / B.8, 2001 10.3: both flags, order unknown
            case BothFlagsFell both -> new ReportBothFlagsFell(both.finalPeriod(), Instant.ofEpochMilli(both.at()));
            // FIDE 2018 6.7.1: not at the board by the default time
            case PlayerDefaulted absent -> new ReportDefault(absent.side(), Instant.ofEpochMilli(absent.at()));
            default -> null;
        };
        return command == null ? null : new GameRequest(event.aggregateId(), CLOCK, command);
    }
}

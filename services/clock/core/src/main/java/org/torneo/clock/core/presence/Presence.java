package org.torneo.clock.core.presence;

import static org.torneo.clock.core.clock.ClockChecks.name;
import static org.torneo.clock.core.clock.ClockChecks.requireNotStopped;
import static org.torneo.clock.core.clock.ClockChecks.requireSide;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.torneo.clock.core.clock.ClockCommandRejected;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.clock.Face;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand.CheckDefault;
import org.torneo.contracts.clock.ClockCommand.RecordArrival;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.PlayerArrived;
import org.torneo.contracts.clock.ClockEvent.PlayerDefaulted;

/** Who is at the board: arrivals, and the default of a player absent at the default time (FIDE 2018 6.7.1, I.10). */
public final class Presence {

    private Presence() {
    }

    public static List<ClockEvent> arrival(RecordArrival c, ClockState s) {
        requireNotStopped(s, "record an arrival");
        Side side = requireSide(c.side());
        Face f = s.face(side);
        if (f.defaulted()) {
            throw new ClockCommandRejected(name(side) + " has already lost by default");
        }
        if (f.arrived()) {
            throw new ClockCommandRejected(name(side) + "'s arrival was already recorded");
        }
        Optional<Long> deadline = s.defaultDeadline();
        if (deadline.isPresent() && c.at() > deadline.get()) {
            return List.of(new PlayerDefaulted(c.gameId(), c.commandId(), c.actor(), c.at(), side, deadline.get(),
                    defaultArticle(s)));
        }
        return List.of(new PlayerArrived(c.gameId(), c.commandId(), c.actor(), c.at(), side));
    }

    public static List<ClockEvent> checkDefault(CheckDefault c, ClockState s) {
        Optional<Long> due = s.defaultDeadline();
        if (due.isEmpty() || c.at() <= due.get()) {
            return List.of();
        }
        long deadline = due.get();
        List<ClockEvent> out = new ArrayList<>();
        for (Side side : Side.values()) {
            Face f = s.face(side);
            if (!f.arrived() && !f.defaulted()) {
                // both absent: both lose (Code 1970 art. XVII-2; FIDE 2018 6.7.1 applies to each player)
                out.add(new PlayerDefaulted(c.gameId(), c.commandId(), c.actor(), c.at(), side, deadline,
                        defaultArticle(s)));
            }
        }
        return out;
    }

    public static String defaultArticle(ClockState s) {
        Edition edition = s.rules().edition();
        if (s.session() > 1) {
            return switch (edition) {
                case CODE_1970 -> "Code 1970 art. XVII-2";
                case FIDE_1997 -> "FIDE 1997 A.10";
                // the 2001 appendices are not in the seed; the 2018 rule (one hour) is applied
                case FIDE_2001, FIDE_2018 -> "FIDE 2018 I.10";
            };
        }
        return switch (edition) {
            case CODE_1970 -> "Code 1970 art. XVII-2";
            case FIDE_1997 -> "FIDE 1997 6.6";
            case FIDE_2001 -> "FIDE 2001 6.7";
            case FIDE_2018 -> "FIDE 2018 6.7.1";
        };
    }
}

package org.torneo.clock.app.projection;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.smallrye.mutiny.Uni;
import org.hibernate.reactive.mutiny.Mutiny;
import org.torneo.clock.core.clock.ClockReadings;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.clock.ClockStatus;
import org.torneo.clock.core.clock.Face;
import org.torneo.clock.core.timecontrol.TimeControlFormat;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.platform.AggregateState;
import org.torneo.platform.Decision;
import org.torneo.platform.projection.ProjectionLocks;
import org.torneo.platform.projection.Sequential;

/**
 * Writes the clock projection: one row per game (upserted, older sequences skipped) and one row per
 * completed move (keyed by the event, so projecting an event twice changes nothing).
 */
public final class ClockProjector {

    private ClockProjector() {
    }

    /** Projects one committed batch. */
    public static Uni<Void> project(Mutiny.Session session, List<Decision<ClockState>> decisions) {
        List<Supplier<Uni<?>>> steps = new ArrayList<>();
        java.util.Set<String> games = new java.util.HashSet<>();
        steps.add(() -> ProjectionLocks.lock(session, games));
        for (Decision<ClockState> decision : decisions) {
            if (decision.events().isEmpty()) {
                continue;
            }
            games.add(decision.aggregateId());
            for (Envelope event : decision.events()) {
                if (event.payload() instanceof ClockSwitched move) {
                    steps.add(() -> reading(session, event, move));
                }
            }
            steps.add(() -> clock(session, decision.after()));
        }
        return Sequential.all(steps);
    }

    /** Writes the clock rows of states rebuilt by a replay (the readings are kept by the database). */
    public static Uni<Void> projectStates(Mutiny.Session session, Map<String, AggregateState<ClockState>> states) {
        List<AggregateState<ClockState>> shown = states.values().stream().filter(s -> s.state().started()
                || s.state().status() == ClockStatus.CANCELLED).toList();
        return ProjectionLocks.lock(session, shown.stream().map(AggregateState::aggregateId).toList())
                .chain(() -> Sequential.each(shown, state -> clock(session, state)));
    }

    /** Writes the readings of replayed ClockSwitched events (rows already there are left alone). */
    public static Uni<Void> projectReadings(Mutiny.Session session, List<Envelope> moves) {
        List<Envelope> switched = moves.stream().filter(e -> e.payload() instanceof ClockSwitched).toList();
        return ProjectionLocks.lock(session, switched.stream().map(Envelope::aggregateId).toList())
                .chain(() -> Sequential.each(switched, event -> reading(session, event, (ClockSwitched) event.payload())));
    }

    private static Uni<Void> reading(Mutiny.Session session, Envelope event, ClockSwitched move) {
        String id = event.aggregateId() + "#" + event.sequence();
        return session.find(ReadingRow.class, id).chain(found -> {
            if (found != null) {
                return Uni.createFrom().voidItem();
            }
            ReadingRow row = new ReadingRow();
            row.id = id;
            row.gameId = event.aggregateId();
            row.sequence = event.sequence();
            row.side = move.mover().name();
            row.moveNumber = move.moveNumber();
            row.at = move.at();
            row.elapsedMillis = move.elapsedMillis();
            row.remainingMillis = move.remainingMillis();
            row.bonusMillis = move.bonusMillis();
            row.periodTimeAdded = move.periodTimeAdded();
            row.period = move.period();
            row.clk = ClockReadings.clk(move);
            row.emt = ClockReadings.emt(move);
            return session.persist(row);
        });
    }

    private static Uni<Void> clock(Mutiny.Session session, AggregateState<ClockState> after) {
        return session.find(ClockRow.class, after.aggregateId()).chain(found -> {
            if (found != null && found.lastSequence >= after.sequence()) {
                return Uni.createFrom().voidItem();
            }
            ClockRow row = found != null ? found : new ClockRow();
            fill(row, after);
            return found != null ? Uni.createFrom().voidItem() : session.persist(row);
        });
    }

    static void fill(ClockRow row, AggregateState<ClockState> after) {
        ClockState s = after.state();
        row.gameId = after.aggregateId();
        row.lastSequence = after.sequence();
        row.status = s.status().name();
        row.control = s.control() == null ? null : TimeControlFormat.human(s.control());
        row.blackControl = s.blackControl() == null ? null : TimeControlFormat.human(s.blackControl());
        row.runningSide = s.toMove().name();
        Face white = s.white();
        Face black = s.black();
        row.whiteMillis = white.remainingMillis();
        row.blackMillis = black.remainingMillis();
        row.whiteMoves = white.moves();
        row.blackMoves = black.moves();
        row.whitePeriod = white.period() + 1;
        row.blackPeriod = black.period() + 1;
        row.whiteFlagFellAt = white.flagFellAt();
        row.blackFlagFellAt = black.flagFellAt();
        row.deadline = s.deadline().orElse(null);
        row.lastEventAt = s.lastEventAt();
    }
}

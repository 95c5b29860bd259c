package org.torneo.game.app.projection;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;

import io.smallrye.mutiny.Uni;
import org.hibernate.reactive.mutiny.Mutiny;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.ClaimEvent.ClaimFiled;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.contracts.game.ClaimEvent.ClaimUpheld;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.ClaimEvent.DrawAgreed;
import org.torneo.contracts.game.ClaimEvent.DrawOfferDeclined;
import org.torneo.contracts.game.ClaimEvent.DrawOffered;
import org.torneo.contracts.game.ClaimEvent.RulingIssued;
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.MoveEvent.GameCancelled;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.contracts.game.MoveEvent.IllegalMoveRecorded;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.game.MoveEvent.MovesTakenBack;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.results.ResultEvent.ResultCorrected;
import org.torneo.game.core.game.GameState;
import org.torneo.platform.AggregateState;
import org.torneo.platform.Decision;
import org.torneo.platform.projection.ProjectionLocks;
import org.torneo.platform.projection.Sequential;

/**
 * Writes the game projection idempotently: event rows are keyed by game id and sequence (written once), the
 * game row is replaced only by a newer sequence. So a batch projected twice, or the log projected again after a
 * restart, changes nothing.
 */
public final class GameProjector {

    private static final JsonCodec CODEC = JsonCodec.standard();

    /** The game row's end reason of a game a pairing correction cancelled (it has no result). */
    public static final String CANCELLED = "CANCELLED_BY_PAIRING_CORRECTION";

    private GameProjector() {
    }

    /** Projects one committed batch. */
    public static Uni<Void> project(Mutiny.Session session, List<Decision<GameState>> decisions) {
        List<Supplier<Uni<?>>> steps = new ArrayList<>();
        java.util.Set<String> games = new java.util.HashSet<>();
        steps.add(() -> ProjectionLocks.lock(session, games));
        for (Decision<GameState> decision : decisions) {
            if (decision.events().isEmpty()) {
                continue;
            }
            games.add(decision.aggregateId());
            for (Envelope event : decision.events()) {
                steps.add(() -> event(session, event));
            }
            if (decision.after().state().phase() != GameState.Phase.NOT_STARTED) {
                // a command to an unknown game leaves only its rejection: no game row
                steps.add(() -> game(session, decision.after()));
            }
        }
        return Sequential.all(steps);
    }

    /** Projects events read back from the log (at start: those committed but not yet projected, or all of a new database). */
    public static Uni<Void> projectEvents(Mutiny.Session session, Collection<Envelope> events) {
        return ProjectionLocks.lock(session, events.stream().map(Envelope::aggregateId).toList())
                .chain(() -> Sequential.each(events, event -> event(session, event)));
    }

    /** Writes the game rows of states rebuilt by a replay. */
    public static Uni<Void> projectStates(Mutiny.Session session, Collection<AggregateState<GameState>> states) {
        List<AggregateState<GameState>> started = states.stream()
                .filter(s -> s.state().phase() != GameState.Phase.NOT_STARTED).toList();
        return ProjectionLocks.lock(session, started.stream().map(AggregateState::aggregateId).toList())
                .chain(() -> Sequential.each(started, state -> game(session, state)));
    }

    static Uni<Void> event(Mutiny.Session session, Envelope event) {
        if (!(event.payload() instanceof EventMessage payload) || payload instanceof GameStarted) {
            return Uni.createFrom().voidItem();
        }
        String id = event.aggregateId() + "#" + event.sequence();
        if (payload instanceof MovePlayed move) {
            return session.find(MoveRow.class, id).chain(found -> found != null ? Uni.createFrom().voidItem()
                    : session.persist(move(id, event, move)));
        }
        if (!(payload instanceof MoveEvent) && !(payload instanceof ClaimEvent) && !(payload instanceof ResultEvent)) {
            return Uni.createFrom().voidItem();
        }
        return session.find(IncidentRow.class, id).chain(found -> found != null ? Uni.createFrom().voidItem()
                : session.persist(incident(id, event, payload)));
    }

    static MoveRow move(String id, Envelope event, MovePlayed move) {
        MoveRow row = new MoveRow();
        row.id = id;
        row.gameId = event.aggregateId();
        row.sequence = event.sequence();
        row.ply = move.ply();
        row.side = move.by().name();
        row.san = move.san();
        row.uci = move.uci();
        row.fenAfter = move.fenAfter();
        row.source = move.source().name();
        ClockReading clock = move.clock();
        if (clock != null) {
            row.whiteMillis = clock.whiteRemainingMillis();
            row.blackMillis = clock.blackRemainingMillis();
        }
        row.playedAt = move.playedAt();
        row.causationId = event.causationId();
        return row;
    }

    static IncidentRow incident(String id, Envelope event, EventMessage payload) {
        IncidentRow row = new IncidentRow();
        row.id = id;
        row.gameId = event.aggregateId();
        row.sequence = event.sequence();
        row.type = CODEC.catalog().entryOf(payload).type();
        row.actorRole = event.actor().role().name();
        row.actorId = event.actor().id();
        row.causationId = event.causationId();
        row.at = event.occurredAt();
        row.details = CODEC.toJson(event);
        row.category = "OTHER";
        switch (payload) {
            case DrawOffered o -> {
                row.category = "OFFER";
                row.side = o.by().name();
                row.kind = o.byClaim() ? "OFFER_BY_CLAIM" : "OFFER";
                row.reason = o.properTime() ? null : "offered other than between the move and the clock press";
            }
            case DrawOfferDeclined d -> {
                row.category = "OFFER";
                row.side = d.by().name();
                row.kind = "DECLINED_" + d.how().name();
            }
            case DrawAgreed a -> {
                row.category = "OFFER";
                row.kind = "AGREED";
            }
            case ClaimFiled c -> {
                row.category = "CLAIM";
                row.side = c.by().name();
                row.kind = c.kind().name();
            }
            case ClaimUpheld c -> {
                row.category = "CLAIM";
                row.side = c.by().name();
                row.kind = c.kind().name() + "_UPHELD";
                row.article = c.article();
            }
            case ClaimRejected c -> {
                row.category = "CLAIM";
                row.side = c.by().name();
                row.kind = c.kind().name() + "_REJECTED";
                row.article = c.article();
                row.reason = c.reason();
            }
            case RulingIssued r -> {
                row.category = "RULING";
                row.side = r.side() == null ? null : r.side().name();
                row.kind = r.kind().name();
                row.article = r.article();
                row.reason = r.details();
            }
            case CommandRejected r -> {
                row.category = "REJECTION";
                row.kind = r.commandType();
                row.article = r.article();
                row.reason = r.reason();
            }
            case IllegalMoveRecorded m -> {
                row.category = "ILLEGAL_MOVE";
                row.side = m.by().name();
                row.kind = m.stands() ? "STANDS" : "TAKEN_BACK";
                row.article = m.article();
                row.reason = m.attempted() + ": " + m.reason();
            }
            case MovesTakenBack t -> {
                row.category = "TAKEBACK";
                row.keptPlies = t.keptPlies();
                row.article = t.article();
                row.reason = t.reason();
            }
            case GameEnded e -> {
                row.category = "RESULT";
                row.kind = e.reason().name();
                row.article = e.article();
                row.reason = e.result().notation();
            }
            // C.04.2; C.04.3 (2017) F.6-F.7: the corrected pairing no longer has this game; it has no result
            case GameCancelled c -> {
                row.category = "CANCELLATION";
                row.kind = CANCELLED;
                row.article = c.article();
                row.reason = c.reason() + " (" + c.cancelledBy() + ")";
            }
            case ResultCorrected c -> {
                row.category = "RESULT";
                row.kind = "CORRECTED";
                row.reason = c.result().notation() + " (" + c.why() + ")";
            }
            default -> row.kind = row.type.substring(row.type.indexOf('.') + 1);
        }
        return row;
    }

    static Uni<Void> game(Mutiny.Session session, AggregateState<GameState> after) {
        return session.find(GameRow.class, after.aggregateId()).chain(found -> {
            if (found != null && found.lastSequence >= after.sequence()) {
                return Uni.createFrom().voidItem();
            }
            GameRow row = found != null ? found : new GameRow();
            fill(row, after);
            return found != null ? Uni.createFrom().voidItem() : session.persist(row);
        });
    }

    static void fill(GameRow row, AggregateState<GameState> after) {
        GameState s = after.state();
        GameStarted started = s.started();
        row.gameId = after.aggregateId();
        row.lastSequence = after.sequence();
        row.tournamentId = started.tournamentId();
        row.round = started.round();
        row.board = started.board();
        row.hall = started.hall();
        row.whitePlayerId = s.whitePlayerId();
        row.blackPlayerId = s.blackPlayerId();
        row.edition = started.ruleset().edition().name();
        row.category = started.ruleset().category().name();
        row.initialFen = started.initialFen();
        row.startedAt = started.startedAt();
        row.phase = s.phase().name();
        row.plies = s.ply();
        row.fen = s.position().toFen();
        row.sideToMove = s.sideToMove().name();
        row.pendingOfferBy = s.offerBy() == null ? null : s.offerBy().name();
        if (s.lastClock() != null) {
            row.whiteMillis = s.lastClock().whiteRemainingMillis();
            row.blackMillis = s.lastClock().blackRemainingMillis();
        }
        GameEnded ended = s.ended();
        if (ended != null) {
            row.result = ended.result().notation();
            row.resultName = ended.result().name();
            row.whiteHalfPoints = ended.whiteHalfPoints();
            row.blackHalfPoints = ended.blackHalfPoints();
            row.endReason = ended.reason().name();
            row.endArticle = ended.article();
            row.played = ended.played();
            row.endedAt = ended.endedAt();
        }
        GameCancelled cancelled = s.cancelled();
        if (cancelled != null) {
            // phase CANCELLED: not played and no result (no result, half points or result name)
            row.endReason = CANCELLED;
            row.endArticle = cancelled.article();
            row.played = false;
            row.endedAt = cancelled.cancelledAt();
        }
    }
}

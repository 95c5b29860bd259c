package org.torneo.pairing.app.projection;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.smallrye.mutiny.Uni;
import org.hibernate.reactive.mutiny.Mutiny;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.pairing.tournament.TournamentState;
import org.torneo.pairing.tournament.TournamentState.Player;
import org.torneo.pairing.tournament.TournamentState.Result;
import org.torneo.pairing.tournament.TournamentState.Round;
import org.torneo.platform.AggregateState;
import org.torneo.platform.Decision;

/**
 * Writes the tournament projection from the aggregate's state after each committed batch: one
 * tournament row (skipped when it already shows this sequence or a later one), its players (scores
 * change with every result), and its rounds' boards and byes (a correction may replace them all,
 * so they are rewritten). Projecting the same state twice changes nothing.
 */
public final class TournamentProjector {

    private TournamentProjector() {
    }

    /** Projects one committed batch: the last state of each tournament it touched. */
    public static Uni<Void> project(Mutiny.Session session, List<Decision<TournamentState>> decisions) {
        Map<String, AggregateState<TournamentState>> last = new LinkedHashMap<>();
        for (Decision<TournamentState> decision : decisions) {
            if (!decision.events().isEmpty()) {
                last.put(decision.aggregateId(), decision.after());
            }
        }
        return projectStates(session, last.values());
    }

    /** Writes the rows of each state (after a replay, or of a batch). */
    public static Uni<Void> projectStates(Mutiny.Session session, Collection<AggregateState<TournamentState>> states) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (AggregateState<TournamentState> state : states) {
            if (state.state().created()) {
                chain = chain.chain(() -> tournament(session, state));
            }
        }
        return chain;
    }

    private static Uni<Void> tournament(Mutiny.Session session, AggregateState<TournamentState> after) {
        String id = after.aggregateId();
        return session.find(TournamentRow.class, id).chain(found -> {
            if (found != null && found.lastSequence >= after.sequence()) {
                return Uni.createFrom().voidItem();
            }
            TournamentRow row = found != null ? found : new TournamentRow();
            fill(row, id, after);
            Uni<Void> saved = found != null ? Uni.createFrom().voidItem() : session.persist(row);
            return saved
                    .chain(() -> delete(session, "PlayerRow", id))
                    .chain(() -> delete(session, "BoardRow", id))
                    .chain(() -> delete(session, "ByeRow", id))
                    .chain(() -> session.persistAll(children(id, after.state()).toArray()));
        });
    }

    private static Uni<Void> delete(Mutiny.Session session, String entity, String tournamentId) {
        return session.createMutationQuery("delete from " + entity + " where tournamentId = :t")
                .setParameter("t", tournamentId).executeUpdate().replaceWithVoid();
    }

    static void fill(TournamentRow row, String id, AggregateState<TournamentState> after) {
        TournamentState s = after.state();
        row.tournamentId = id;
        row.name = s.name();
        row.pairingSystem = s.system().wireName();
        row.rulesetId = s.rulesetId();
        row.totalRounds = s.totalRounds();
        row.lastRound = s.lastRound();
        row.lastRoundClosed = s.round(s.lastRound()).map(Round::closed).orElse(false);
        row.players = s.players().size();
        row.lastSequence = after.sequence();
    }

    static List<Object> children(String id, TournamentState s) {
        List<Object> rows = new ArrayList<>();
        for (Player p : s.players().values()) {
            PlayerRow row = new PlayerRow();
            row.id = id + "/" + p.id();
            row.tournamentId = id;
            row.playerId = p.id();
            row.name = p.name();
            row.rating = p.rating();
            row.pairingNumber = s.numbers().get(p.id());
            row.scoreHalves = s.score(p.id()).halves();
            row.joinsRound = p.joinsRound();
            row.withdrawn = p.withdrawn();
            rows.add(row);
        }
        for (Round round : s.rounds().values()) {
            for (Board board : round.boards()) {
                BoardRow row = new BoardRow();
                row.id = id + "/" + round.number() + "/" + board.number();
                row.tournamentId = id;
                row.round = round.number();
                row.board = board.number();
                row.hall = board.hall();
                row.white = board.white();
                row.black = board.black();
                Result result = round.results().get(board.number());
                row.result = result == null ? null : result.result().name();
                row.played = result == null ? null : result.played();
                rows.add(row);
            }
            for (Bye bye : round.byes()) {
                ByeRow row = new ByeRow();
                row.id = id + "/" + round.number() + "/" + bye.playerId();
                row.tournamentId = id;
                row.round = round.number();
                row.playerId = bye.playerId();
                row.kind = bye.kind().name();
                row.pointsHalves = bye.points().halves();
                rows.add(row);
            }
        }
        return rows;
    }
}

package org.torneo.pairing.app.projection;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.smallrye.mutiny.Uni;
import org.hibernate.reactive.mutiny.Mutiny;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.Envelope;
import org.torneo.pairing.tournament.TournamentState;
import org.torneo.pairing.tournament.TournamentState.Player;
import org.torneo.pairing.tournament.TournamentState.Result;
import org.torneo.pairing.tournament.TournamentState.Round;
import org.torneo.platform.AggregateState;
import org.torneo.platform.Decision;
import org.torneo.platform.projection.ProjectionLocks;
import org.torneo.platform.projection.Sequential;

/**
 * Writes the tournament projection from the aggregate's state after each committed batch: one
 * tournament row (skipped when it already shows this sequence or a later one), its players (scores
 * change with every result), and the boards and byes of the rounds the batch's events name (a
 * correction may replace a round's boards, so they are rewritten). Projecting the same state twice
 * changes nothing.
 */
public final class TournamentProjector {

    private TournamentProjector() {
    }

    /**
     * Projects one committed batch: the last state of each tournament it touched; of its rounds only
     * those the batch's events name (a result, a pairing, a correction) are rewritten.
     */
    public static Uni<Void> project(Mutiny.Session session, List<Decision<TournamentState>> decisions) {
        Map<String, AggregateState<TournamentState>> last = new LinkedHashMap<>();
        Map<String, Set<Integer>> rounds = new LinkedHashMap<>();
        Map<String, Long> firstSequence = new LinkedHashMap<>();
        Map<String, Set<String>> players = new LinkedHashMap<>();   // a null value: every player
        for (Decision<TournamentState> decision : decisions) {
            if (decision.events().isEmpty()) {
                continue;
            }
            last.put(decision.aggregateId(), decision.after());
            Set<Integer> touched = rounds.computeIfAbsent(decision.aggregateId(), id -> new HashSet<>());
            if (!players.containsKey(decision.aggregateId())) {
                players.put(decision.aggregateId(), new HashSet<>());
            }
            for (Envelope event : decision.events()) {
                firstSequence.merge(decision.aggregateId(), event.sequence(), Math::min);
                switch (event.payload()) {
                    case TournamentEvent.ResultRecorded e -> {
                        touched.add(e.round());
                        // a result changes the scores of its two players only
                        players.computeIfPresent(decision.aggregateId(), (id, set) -> {
                            set.add(e.whitePlayerId());
                            set.add(e.blackPlayerId());
                            return set;
                        });
                    }
                    case TournamentEvent.ResultAmended e -> {
                        // a correction rewrites its board's row as well as its two players' scores
                        touched.add(e.round());
                        players.computeIfPresent(decision.aggregateId(), (id, set) -> {
                            set.add(e.whitePlayerId());
                            set.add(e.blackPlayerId());
                            return set;
                        });
                    }
                    case TournamentEvent.RoundClosed e -> { }
                    case TournamentEvent.CommandRejected e -> { }
                    case TournamentEvent.RoundPaired e -> {
                        touched.add(e.round());
                        players.put(decision.aggregateId(), null);
                    }
                    case TournamentEvent.PairingCorrected e -> {
                        touched.add(e.round());
                        players.put(decision.aggregateId(), null);
                    }
                    default -> players.put(decision.aggregateId(), null);
                }
            }
        }
        return ProjectionLocks.lock(session, last.keySet()).chain(() ->
                Sequential.each(last.values().stream().filter(s -> s.state().created()).toList(),
                state -> tournament(session, state, rounds.get(state.aggregateId()), players.get(state.aggregateId()),
                        firstSequence.get(state.aggregateId()))));
    }

    /** Writes every row of each state (after a rebuild from the log). */
    public static Uni<Void> projectStates(Mutiny.Session session, Collection<AggregateState<TournamentState>> states) {
        List<AggregateState<TournamentState>> created = states.stream().filter(s -> s.state().created()).toList();
        return ProjectionLocks.lock(session, created.stream().map(AggregateState::aggregateId).toList())
                .chain(() -> Sequential.each(created, state -> tournament(session, state, null, null, 0)));
    }

    /**
     * @param rounds        the rounds whose boards and byes to rewrite, or null for all
     * @param players       the players whose rows to update, or null to rewrite all
     * @param firstSequence the first event of the batch: rows older than the event before it miss
     *                      more than the batch, and are rewritten whole
     */
    private static Uni<Void> tournament(Mutiny.Session session, AggregateState<TournamentState> after, Set<Integer> rounds,
                                        Set<String> players, long firstSequence) {
        String id = after.aggregateId();
        return session.find(TournamentRow.class, id).chain(found -> {
            if (found != null && found.lastSequence >= after.sequence()) {
                return Uni.createFrom().voidItem();
            }
            TournamentRow row = found != null ? found : new TournamentRow();
            fill(row, id, after);
            Uni<Void> saved = found != null ? Uni.createFrom().voidItem() : session.persist(row);
            boolean whole = found == null || found.lastSequence + 1 < firstSequence;
            Set<Integer> rewrite = whole ? null : rounds;
            boolean allPlayers = whole || players == null;
            Uni<Void> playerRows = allPlayers ? delete(session, "PlayerRow", id, null)
                    : updatePlayers(session, id, after.state(), players);
            return saved
                    .chain(() -> playerRows)
                    .chain(() -> delete(session, "BoardRow", id, rewrite))
                    .chain(() -> delete(session, "ByeRow", id, rewrite))
                    .chain(() -> session.persistAll(children(id, after.state(), rewrite, allPlayers).toArray()));
        });
    }

    private static Uni<Void> delete(Mutiny.Session session, String entity, String tournamentId, Set<Integer> rounds) {
        if (rounds != null && rounds.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        var query = session.createMutationQuery("delete from " + entity + " where tournamentId = :t"
                + (rounds == null ? "" : " and round in (:r)")).setParameter("t", tournamentId);
        if (rounds != null) {
            query.setParameter("r", rounds);
        }
        return query.executeUpdate().replaceWithVoid();
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
        row.eventId = s.settings().eventId();
        row.eventName = s.settings().eventName();
        row.maxHalfPointByes = s.settings().byeRules().maxHalfPointByes();
        row.noHalfPointByeLastRounds = s.settings().byeRules().noHalfPointByeLastRounds();
        row.lastEntryRound = s.settings().lastEntryRound();
    }

    private static Uni<Void> updatePlayers(Mutiny.Session session, String id, TournamentState s, Set<String> players) {
        return Sequential.each(players, playerId -> session.find(PlayerRow.class, id + "/" + playerId).invoke(row -> {
            if (row != null) {
                row.scoreHalves = s.score(playerId).halves(); // a managed row: written at the flush
            }
        }));
    }

    static List<Object> children(String id, TournamentState s, Set<Integer> rounds, boolean withPlayers) {
        List<Object> rows = new ArrayList<>();
        for (Player p : withPlayers ? s.players().values() : List.<Player>of()) {
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
            row.title = p.title();
            row.federation = p.federation();
            row.checkedIn = p.checkedIn();
            rows.add(row);
        }
        for (Round round : s.rounds().values()) {
            if (rounds != null && !rounds.contains(round.number())) {
                continue;
            }
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

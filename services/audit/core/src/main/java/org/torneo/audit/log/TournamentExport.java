package org.torneo.audit.log;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.codec.DecodingException;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.contracts.signing.ChainHeads;
import org.torneo.contracts.signing.SignedNote;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.contracts.topics.Topics;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.contracts.game.BoardGameId;

/**
 * Chooses a tournament's events among raw topic records (the exporter reads them from Kafka; this class knows no
 * Kafka type): the tournament-keyed topics by key, the game-keyed topics for the tournament's games (known from
 * GameStarted and from the rounds' boards, BoardGameId). Events only: commands are not part of the chains.
 * Records keep their bytes; the order is per topic-partition offset order, merged by the records' timestamps. The
 * services' signed chain heads (torneo.chain.heads) that name any of those aggregates go along whole, as
 * {@code {"topic":"torneo.chain.heads","note":"…"}} lines (issue 17).
 */
public final class TournamentExport {

    /** One record as read from a topic. */
    public record RawRecord(String topic, int partition, long offset, long timestamp, String key, String value) {
    }

    private static final Set<String> EVENT_TOPICS = Set.of(Topics.TOURNAMENT.name(), Topics.RESULTS.name(),
            Topics.RATINGS.name(), Topics.MOVES.name(), Topics.CLAIMS.name(), Topics.CLOCK.name());

    private TournamentExport() {
    }

    /** Whether the export carries {@code topic}'s events (a chain's events elsewhere cannot be checked for presence). */
    public static boolean isEventTopic(String topic) {
        return EVENT_TOPICS.contains(topic);
    }

    /** The topics to read: the event topics and the services' signed chain heads. */
    public static List<String> topics() {
        return Topics.ALL.stream().map(TopicSpec::name)
                .filter(t -> EVENT_TOPICS.contains(t) || t.equals(Topics.CHAIN_HEADS.name())).toList();
    }

    public static List<String> lines(JsonCodec codec, String tournamentId, List<RawRecord> records) {
        Map<String, String> keyKind = Topics.ALL.stream().collect(Collectors.toMap(TopicSpec::name, TopicSpec::key));
        Set<String> games = new HashSet<>();
        for (RawRecord r : records) {
            if (!EVENT_TOPICS.contains(r.topic()) || r.value() == null) {
                continue;
            }
            Envelope env;
            try {
                env = codec.decode(r.value());
            } catch (DecodingException e) {
                continue; // an unreadable record is exported below if its key says it belongs to the tournament
            }
            try {
                switch (env.payload()) {
                    case GameStarted started when tournamentId.equals(started.tournamentId()) ->
                            games.add(env.aggregateId());
                    case RoundPaired paired when tournamentId.equals(paired.tournamentId()) ->
                            addBoards(games, tournamentId, paired.round(), paired.boards());
                    case PairingCorrected corrected when tournamentId.equals(corrected.tournamentId()) ->
                            addBoards(games, tournamentId, corrected.round(), corrected.boards());
                    default -> {
                    }
                }
            } catch (RuntimeException e) {
                // a record the export cannot follow is still exported by its key; the audit then reports it
            }
        }
        List<RawRecord> chosen = new ArrayList<>();
        for (RawRecord r : records) {
            if (r.topic().equals(Topics.CHAIN_HEADS.name()) && r.value() != null
                    && namesAny(r.value(), tournamentId, games)) {
                chosen.add(r); // the whole note: its signature covers every line of it
                continue;
            }
            if (!EVENT_TOPICS.contains(r.topic()) || r.value() == null || r.key() == null) {
                continue;
            }
            boolean byTournament = "tournament id".equals(keyKind.get(r.topic()));
            if (byTournament ? r.key().equals(tournamentId) : games.contains(r.key())) {
                chosen.add(r);
            }
        }
        return merge(chosen).stream().map(r -> r.topic().equals(Topics.CHAIN_HEADS.name())
                ? EventLog.noteLine(r.topic(), r.value()) : EventLog.line(r.topic(), r.value())).toList();
    }

    /** Whether a heads note names an event of the tournament or of one of its games (an unreadable one: no). */
    private static boolean namesAny(String note, String tournamentId, Set<String> games) {
        try {
            return ChainHeads.read(SignedNote.parse(note)).heads().stream()
                    .anyMatch(h -> h.aggregateId().equals(tournamentId) || games.contains(h.aggregateId()));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Each topic-partition in offset order; among the partitions' next records the earliest timestamp goes first
     * (ties by topic and partition), so no partition's own order is ever changed.
     */
    static List<RawRecord> merge(List<RawRecord> records) {
        Map<String, ArrayDeque<RawRecord>> partitions = new TreeMap<>();
        records.stream().sorted(Comparator.comparingLong(RawRecord::offset))
                .forEach(r -> partitions.computeIfAbsent(r.topic() + "#" + r.partition(), k -> new ArrayDeque<>()).add(r));
        List<RawRecord> merged = new ArrayList<>(records.size());
        while (true) {
            ArrayDeque<RawRecord> next = null;
            for (ArrayDeque<RawRecord> q : partitions.values()) {
                if (!q.isEmpty() && (next == null || q.peek().timestamp() < next.peek().timestamp())) {
                    next = q;
                }
            }
            if (next == null) {
                return merged;
            }
            merged.add(next.poll());
        }
    }

    private static void addBoards(Set<String> games, String tournamentId, int round, List<Board> boards) {
        for (Board b : boards) {
            games.add(BoardGameId.of(tournamentId, round, b.number()));
        }
    }
}

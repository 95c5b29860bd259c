package org.torneo.feed.app.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.apache.kafka.common.TopicPartition;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.hibernate.reactive.mutiny.Mutiny;
import org.torneo.feed.core.FeedEvent;
import org.torneo.feed.core.FeedModel;
import org.torneo.platform.projection.Sequential;

import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;

/**
 * The feed's projection in PostgreSQL through Hibernate Reactive: tables feed_event and feed_position. One
 * transaction per poll of the reader: the batch's events inserted in chunks, then the moved positions upserted,
 * steps run one after another by {@link Sequential} (never a chain of chains: a poll can hold thousands of
 * events). Called from the reader's thread, which waits for the commit before the events become visible.
 */
@ApplicationScoped
public class PgFeedStore implements FeedStore {

    /** Rows per insert batch sent to PostgreSQL. */
    private static final int CHUNK = 500;

    @Inject
    Mutiny.SessionFactory sessions;

    /** A lost reactive callback would stall the reader silently: fail instead, and the reader starts over. */
    @ConfigProperty(name = "torneo.feed.store-timeout", defaultValue = "PT2M")
    Duration timeout;

    @Override
    public Stored load() {
        List<Object[]> events = run(session -> session.createSelectionQuery(
                "select e.tournamentId, e.id, e.type, e.round, e.hall, e.board, e.json, e.factAt from FeedEventRow e"
                        + " order by e.tournamentId, e.id", Object[].class).getResultList());
        List<FeedPositionRow> positions = run(session -> session.createSelectionQuery("from FeedPositionRow",
                FeedPositionRow.class).getResultList());
        List<FeedModel.Logged> logged = new ArrayList<>(events.size());
        for (Object[] e : events) {
            logged.add(new FeedModel.Logged((String) e[0], new FeedEvent((Long) e[1], (String) e[2], (Integer) e[3],
                    (String) e[4], (Integer) e[5], (String) e[6], e[7] == null ? 0L : (Long) e[7])));
        }
        Map<TopicPartition, Long> offsets = new HashMap<>();
        for (FeedPositionRow row : positions) {
            offsets.put(partition(row.topicPartition), row.nextOffset);
        }
        return new Stored(logged, offsets);
    }

    @Override
    public void save(List<FeedModel.Logged> events, Map<TopicPartition, Long> positions) {
        if (events.isEmpty() && positions.isEmpty()) {
            return;
        }
        List<FeedEventRow> rows = events.stream().map(PgFeedStore::row).toList();
        List<List<FeedEventRow>> chunks = new ArrayList<>();
        for (int i = 0; i < rows.size(); i += CHUNK) {
            chunks.add(rows.subList(i, Math.min(rows.size(), i + CHUNK)));
        }
        List<Map.Entry<TopicPartition, Long>> moved = List.copyOf(positions.entrySet());
        // every moved partition in one statement: one round trip whatever the number of partitions
        StringBuilder upsert = new StringBuilder("insert into feed_position (topic_partition, next_offset) values ");
        for (int i = 0; i < moved.size(); i++) {
            upsert.append(i == 0 ? "" : ", ").append("(?").append(2 * i + 1).append(", ?").append(2 * i + 2).append(")");
        }
        upsert.append(" on conflict (topic_partition) do update set next_offset = excluded.next_offset");
        run(session -> Sequential.each(chunks, chunk -> session.insertAll(CHUNK, chunk.toArray()))
                .chain(() -> {
                    if (moved.isEmpty()) {
                        // events without a moved position (held facts released on a re-read): "values" with no
                        // row is no statement, and the reader, failing on it at every start, never came up again
                        // (a chaos run's feed, killed twice, 2026-11-27)
                        return Uni.createFrom().item(0);
                    }
                    Mutiny.Query<Object> query = session.createNativeQuery(upsert.toString());
                    for (int i = 0; i < moved.size(); i++) {
                        query.setParameter(2 * i + 1, key(moved.get(i).getKey()));
                        query.setParameter(2 * i + 2, moved.get(i).getValue());
                    }
                    return query.executeUpdate();
                }));
    }

    @Override
    public void clear() {
        run(session -> session.createMutationQuery("delete from FeedEventRow").executeUpdate()
                .chain(() -> session.createMutationQuery("delete from FeedPositionRow").executeUpdate()));
    }

    private static FeedEventRow row(FeedModel.Logged logged) {
        FeedEventRow row = new FeedEventRow();
        FeedEvent event = logged.event();
        row.tournamentId = logged.tournamentId();
        row.id = event.id();
        row.type = event.type();
        row.round = event.round();
        row.hall = event.hall();
        row.board = event.board();
        row.json = event.json();
        row.factAt = event.at();
        return row;
    }

    static String key(TopicPartition partition) {
        return partition.topic() + ":" + partition.partition();
    }

    static TopicPartition partition(String key) {
        int colon = key.lastIndexOf(':');
        return new TopicPartition(key.substring(0, colon), Integer.parseInt(key.substring(colon + 1)));
    }

    /** Runs reactive database work in one transaction from a blocking thread and waits for it. */
    private <T> T run(Function<Mutiny.StatelessSession, Uni<T>> work) {
        try {
            return VertxContextSupport.subscribeAndAwait(() -> sessions.withStatelessTransaction(
                    (session, tx) -> work.apply(session)).ifNoItem().after(timeout).failWith(() ->
                    new IllegalStateException("feed store did not answer within " + timeout
                            + " (torneo.feed.store-timeout)")));
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("feed store failed: " + e.getMessage(), e);
        }
    }
}

package org.torneo.rating.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.topics.Topics;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.rating.app.runtime.RatingDefinition;
import org.torneo.stack.test.TorneoStack;

/**
 * Issue 7's speed figure end to end: a 5,000-player, 11-round event written to the real broker as
 * the pairing and game services would. Once the service has processed everything but the last
 * result, the last GameEnded is sent; printed: the time from its append to the append of the final
 * StandingsComputed (record timestamps, one host clock), and the time to take in the rest of the event.
 * Asserts only that the final standings cover every player (run with -Pslow).
 */
@Tag("slow")
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
class ThroughBrokerBenchmark {

    @Inject
    RatingApp app;

    @Test
    void lastResultToStandingsThroughTheBroker() throws Exception {
        assertTrue(app.runtime().awaitRunning(Duration.ofSeconds(120)), app.runtime().statusDetail());
        int players = Integer.getInteger("bench.players", 5000);
        int rounds = Integer.getInteger("bench.rounds", 11);
        String t = "t-kbench-" + UUID.randomUUID().toString().substring(0, 8);
        List<EventMessage> events = BenchField.events(t, players, rounds, 11L);
        Map<String, Envelope> heads = new HashMap<>();
        long started = System.currentTimeMillis();
        long caughtUp = 0;
        RecordMetadata last = null;
        try (KafkaProducer<String, String> producer = TorneoStack.producer()) {
            Future<RecordMetadata> pending = null;
            for (int i = 0; i < events.size(); i++) {
                EventMessage event = events.get(i);
                if (i == events.size() - 1) {
                    // the service has caught up with everything but the last result: time that one alone
                    producer.flush();
                    TorneoStack.readCommittedForKey(Topics.RATINGS.name(), t, rounds - 1, Duration.ofMinutes(15));
                    long deadline = System.currentTimeMillis() + 900_000;
                    while (System.currentTimeMillis() < deadline && (app.sheet(t) == null
                            || app.sheet(t).round(rounds).games().size() < app.sheet(t).round(rounds).boards() - 1)) {
                        Thread.sleep(20);
                    }
                    caughtUp = System.currentTimeMillis();
                }
                String aggregate = event instanceof ResultEvent r ? r.gameId() : t;
                String topic = event instanceof TournamentEvent ? Topics.TOURNAMENT.name() : Topics.RESULTS.name();
                Envelope head = heads.get(aggregate);
                Envelope sealed = StackFeed.CODEC.seal(Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null,
                        aggregate, head == null ? 1 : head.sequence() + 1, Fixtures.GAME, Fixtures.at(event), event),
                        head == null ? Envelope.GENESIS_HASH : head.hash());
                heads.put(aggregate, sealed);
                pending = producer.send(new ProducerRecord<>(topic, t, StackFeed.CODEC.toJson(sealed)));
            }
            producer.flush();
            last = pending.get(60, TimeUnit.SECONDS);
        }
        List<ConsumerRecord<String, String>> published = TorneoStack.readCommittedForKey(Topics.RATINGS.name(), t, rounds,
                Duration.ofMinutes(15));
        long finished = System.currentTimeMillis();
        ConsumerRecord<String, String> finalRecord = published.get(published.size() - 1);
        RatingEvent.StandingsComputed standings =
                (RatingEvent.StandingsComputed) RatingDefinition.CODEC.decode(finalRecord.value()).payload();
        assertEquals(rounds, standings.afterRound());
        assertEquals(players, standings.rows().size());
        System.out.printf("rating broker bench: %d players x %d rounds, %d input records, tie-breaks %s%n", players,
                rounds, events.size(), standings.tieBreaks());
        System.out.printf("rating broker bench: last GameEnded appended -> final StandingsComputed appended: %d ms"
                        + " (%d bytes); all but the last result through the service: %d ms; load average %.1f%n",
                finalRecord.timestamp() - last.timestamp(), finalRecord.serializedValueSize(), caughtUp - started,
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
}

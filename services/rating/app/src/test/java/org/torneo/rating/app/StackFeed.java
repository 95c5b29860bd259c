package org.torneo.rating.app;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.topics.Topics;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.rating.app.runtime.RatingDefinition;
import org.torneo.stack.test.TorneoStack;

/**
 * Writes tournament and result events on the real broker as the pairing and game services would
 * (contract codec, sealed envelopes in per-aggregate hash chains, keyed by tournament), and reads
 * back what the rating service committed.
 */
final class StackFeed {

    static final JsonCodec CODEC = JsonCodec.standard();
    static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Map<String, Envelope> HEADS = new HashMap<>();

    private StackFeed() {
    }

    /** Seals {@code event} as the next event of its aggregate's chain and sends it; returns the envelope. */
    static synchronized Envelope send(EventMessage event) throws Exception {
        String aggregate;
        String topic;
        String key;
        if (event instanceof TournamentEvent t) {
            aggregate = t.tournamentId();
            topic = Topics.TOURNAMENT.name();
            key = t.tournamentId();
        } else if (event instanceof ResultEvent r) {
            aggregate = r.gameId();
            topic = Topics.RESULTS.name();
            key = r.tournamentId();
        } else {
            throw new IllegalArgumentException(event.getClass().getName());
        }
        Envelope head = HEADS.get(aggregate);
        long sequence = head == null ? 1 : head.sequence() + 1;
        Envelope sealed = CODEC.seal(Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, aggregate, sequence,
                event instanceof TournamentEvent ? Fixtures.PAIRING : Fixtures.GAME, Fixtures.at(event), event),
                head == null ? Envelope.GENESIS_HASH : head.hash());
        sendRaw(topic, key, CODEC.encode(sealed));
        HEADS.put(aggregate, sealed);
        return sealed;
    }

    static void sendAll(List<? extends EventMessage> events) throws Exception {
        for (EventMessage e : events) {
            send(e);
        }
    }

    static void sendRaw(String topic, String key, byte[] value) throws Exception {
        try (KafkaProducer<String, String> producer = TorneoStack.producer()) {
            producer.send(new ProducerRecord<>(topic, key, new String(value, StandardCharsets.UTF_8)))
                    .get(30, TimeUnit.SECONDS);
        }
    }

    /** The rating service's committed publications for one tournament, decoded. */
    static List<EventMessage> published(String tournament, int atLeast, Duration timeout) {
        return decoded(Topics.RATINGS.name(), tournament, atLeast, timeout);
    }

    /** The facts the rating service recorded for one tournament on its internal topic. */
    static List<EventMessage> facts(String tournament, int atLeast, Duration timeout) {
        return decoded(RatingDefinition.SHEET.name(), tournament, atLeast, timeout);
    }

    private static List<EventMessage> decoded(String topic, String key, int atLeast, Duration timeout) {
        List<EventMessage> out = new ArrayList<>();
        for (String value : TorneoStack.readCommittedValuesForKey(topic, key, atLeast, timeout)) {
            out.add((EventMessage) RatingDefinition.CODEC.decode(value).payload());
        }
        return out;
    }

    static <T> List<T> only(List<EventMessage> events, Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }

    static HttpResponse<String> get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

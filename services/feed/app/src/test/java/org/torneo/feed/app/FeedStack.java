package org.torneo.feed.app;

import org.torneo.feed.core.Chain;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Hall;
import org.torneo.stack.test.TorneoStack;

/**
 * One test tournament published on the real topics as the other services would: a tournament with
 * two halls (A: boards 1-2, B: boards 3-4), eight players, round 1 paired and its four games started.
 */
public final class FeedStack {

    public static final HttpClient HTTP = HttpClient.newHttpClient();

    public final String tournament = "t-" + UUID.randomUUID().toString().substring(0, 8);
    public final Chain chain = new Chain();

    public String game(int board) {
        return tournament + "-g" + board;
    }

    public String player(int n) {
        return tournament + "-p" + n;
    }

    public FeedStack publishRoundOne() throws Exception {
        publish(tournament, Chain.created(tournament, "Open " + tournament,
                List.of(new Hall("A", 1, 2), new Hall("B", 3, 4))));
        String[] names = {"Ana Pérez", "Bruno Díaz", "Carla Ruiz", "David Gil", "Eva Sanz", "Félix Mora", "Gema Ríos",
            "Hugo León"};
        for (int i = 1; i <= 8; i++) {
            publish(tournament, Chain.player(tournament, player(i), names[i - 1], 2400 - 50 * i));
        }
        publish(tournament, Chain.paired(tournament, 1, List.of(new Board(1, null, player(1), player(5)),
                new Board(2, null, player(6), player(2)), new Board(3, null, player(3), player(7)),
                new Board(4, null, player(8), player(4))), List.of()));
        int[][] colours = {{1, 5}, {6, 2}, {3, 7}, {8, 4}};
        for (int b = 1; b <= 4; b++) {
            publish(game(b), Chain.started(tournament, 1, b, player(colours[b - 1][0]), player(colours[b - 1][1]), null));
        }
        return this;
    }

    /** Sends one event to its topic (results keyed by tournament, the rest by aggregate), committed. */
    public Envelope publish(String aggregate, EventMessage event) throws Exception {
        Envelope envelope = chain.seal(aggregate, event);
        String topic = Chain.CODEC.catalog().entryOf(event).topic().name();
        String key = event instanceof ResultEvent r ? r.tournamentId() : aggregate;
        send(topic, key, Chain.CODEC.toJson(envelope));
        return envelope;
    }

    public static void send(String topic, String key, String value) throws Exception {
        try (KafkaProducer<String, String> producer = TorneoStack.producer()) {
            producer.send(new ProducerRecord<>(topic, key, value)).get(30, TimeUnit.SECONDS);
        }
    }

    public static HttpResponse<String> get(URI uri) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Polls a URL until its 200 body satisfies {@code until} (the feed applies records asynchronously). */
    public static String await(URI uri, Predicate<String> until, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = null;
        while (System.nanoTime() < deadline) {
            HttpResponse<String> response = get(uri);
            last = response.statusCode() + " " + response.body();
            if (response.statusCode() == 200 && until.test(response.body())) {
                return response.body();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("condition not met on " + uri + " within " + timeout + "; last: " + last);
    }
}

package org.torneo.stack.test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * What a fuzz run left behind in a service: the partitions of its command topic its consumer group did not read to
 * the end (a stuck partition), and whether it is still live. The REST fuzz suites of every app print it the same way
 * and assert on it.
 *
 * @param stuckPartitions partitions of the command topic behind after a minute
 * @param liveStatus      the status of the service's {@code /q/health/live}
 */
public record FuzzAftermath(int stuckPartitions, int liveStatus) {

    /** Looks at {@code service} (its base URL, command topic and consumer group) and prints what it found. */
    public static FuzzAftermath of(String service, String baseUrl, String commandTopic, String group) throws Exception {
        int stuck = TopicOffsets.partitionsBehind(commandTopic, group, Duration.ofSeconds(60));
        int live = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(baseUrl.replaceAll("/$", "") + "/q/health/live")).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
        System.out.printf("REST fuzz %s: %d stuck partitions of the service's command topic, %s%n", service, stuck,
                live == 200 ? "0 service crashes (live)" : "the service is not live (" + live + ")");
        return new FuzzAftermath(stuck, live);
    }
}

package org.torneo.stack.test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An app's {@code /q/metrics} in tests: fetched without a token (the route is public, as {@code /q/health} is) and
 * read in the Prometheus text format.
 */
public final class Prometheus {

    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private Prometheus() {
    }

    /** The app's metrics text; fails unless {@code GET /q/metrics} answers 200 without a token. */
    public static String scrape(String baseUrl) throws Exception {
        String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/q/metrics"))
                .timeout(Duration.ofSeconds(30)).GET().build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new AssertionError("GET /q/metrics answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    /**
     * The sum of the samples named {@code name} whose labels include {@code labels}; NaN when there is none (the
     * meter was never registered).
     */
    public static double sum(String text, String name, Map<String, String> labels) {
        double sum = 0;
        boolean found = false;
        for (String line : text.split("\n")) {
            if (line.startsWith("#") || !line.startsWith(name)) {
                continue;
            }
            String rest = line.substring(name.length());
            Map<String, String> sampleLabels = new LinkedHashMap<>();
            if (rest.startsWith("{")) {
                int end = rest.lastIndexOf('}');
                Matcher m = LABEL.matcher(rest.substring(1, end));
                while (m.find()) {
                    sampleLabels.put(m.group(1), m.group(2));
                }
                rest = rest.substring(end + 1);
            } else if (!rest.startsWith(" ")) {
                continue; // another metric whose name starts with this one
            }
            if (sampleLabels.entrySet().containsAll(labels.entrySet())) {
                sum += Double.parseDouble(rest.trim().split(" ")[0]);
                found = true;
            }
        }
        return found ? sum : Double.NaN;
    }

    /**
     * Scrapes until the samples of {@code name} with {@code labels} sum to at least {@code min} (meters count what is
     * committed, a moment after Kafka has it), or {@code timeout} has passed; returns the last text scraped.
     */
    public static String awaitAtLeast(String baseUrl, String name, Map<String, String> labels, double min,
                                      Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        String text = scrape(baseUrl);
        while (!(sum(text, name, labels) >= min) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            text = scrape(baseUrl);
        }
        return text;
    }
}

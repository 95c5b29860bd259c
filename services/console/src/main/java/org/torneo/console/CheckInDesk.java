package org.torneo.console;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The check-in desk's list and its one field: the registered players numbered as round 1 will number them, and what
 * the arbiter typed (a No., a player id or the start of a name) resolved to one player, or a sentence saying why not.
 */
final class CheckInDesk {

    /**
     * A line of the check-in list.
     *
     * @param number the pairing number once frozen (round 1 paired), else the place in the list: the order the Swiss
     *               numbers players by (rating, unrated last in alphabetical order), so the desk's No. is round 1's
     */
    @io.quarkus.qute.TemplateData
    record Entrant(int number, String playerId, String name, int rating, String title, String federation,
                   boolean checkedIn, boolean withdrawn) {
    }

    private CheckInDesk() {
    }

    /** The pairing service's players ({@code GET /tournaments/{id}/players}) as the desk lists them. */
    static List<Entrant> list(JsonNode players) {
        List<JsonNode> rows = new ArrayList<>();
        players.forEach(rows::add);
        boolean frozen = rows.stream().anyMatch(p -> p.path("pairingNumber").isInt());
        Comparator<JsonNode> order = frozen
                ? Comparator.comparingInt((JsonNode p) -> p.path("pairingNumber").isInt()
                        ? p.path("pairingNumber").asInt() : Integer.MAX_VALUE)
                : Comparator.comparing((JsonNode p) -> p.path("rating").asInt() == 0)
                        .thenComparing(Comparator.comparingInt((JsonNode p) -> p.path("rating").asInt()).reversed())
                        .thenComparing(p -> p.path("name").asText());
        rows.sort(order.thenComparing(p -> p.path("playerId").asText()));
        List<Entrant> list = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            JsonNode p = rows.get(i);
            int number = frozen && p.path("pairingNumber").isInt() ? p.path("pairingNumber").asInt() : i + 1;
            list.add(new Entrant(number, p.path("playerId").asText(), p.path("name").asText(), p.path("rating").asInt(),
                    p.path("title").asText(""), p.path("federation").asText(""), p.path("checkedIn").asBoolean(),
                    p.path("withdrawn").asBoolean()));
        }
        return list;
    }

    /**
     * The player the arbiter typed: a No. of the list, a player id (exact, any case), or the start of one player's name
     * (any case, accents ignored). Several names starting so, none, or a No. not in the list: refused with what was
     * typed and what would do.
     */
    static Entrant resolve(String typed, List<Entrant> list) throws ConsoleText.Invalid {
        String text = typed == null ? "" : typed.strip();
        if (text.isEmpty()) {
            throw new ConsoleText.Invalid("type a player's No., id or the start of his name");
        }
        if (text.matches("\\d{1,9}")) {
            int number = Integer.parseInt(text);
            return list.stream().filter(e -> e.number() == number).findFirst().orElseThrow(() -> new ConsoleText.Invalid(
                    "'" + text + "': no player has No. " + number + " (the list numbers "
                            + (list.isEmpty() ? "no one" : "1-" + list.size()) + ")"));
        }
        for (Entrant e : list) {
            if (e.playerId().equalsIgnoreCase(text)) {
                return e;
            }
        }
        String start = fold(text);
        List<Entrant> named = list.stream().filter(e -> fold(e.name()).startsWith(start)).toList();
        if (named.size() == 1) {
            return named.get(0);
        }
        if (named.isEmpty()) {
            throw new ConsoleText.Invalid("'" + text + "': no registered player has that No. or id, nor a name"
                    + " starting so");
        }
        throw new ConsoleText.Invalid("'" + text + "': " + named.size() + " players' names start so ("
                + named.stream().limit(5).map(e -> e.number() + " " + e.name()).collect(Collectors.joining(", "))
                + (named.size() > 5 ? ", ..." : "") + "): type more of the name, or the No.");
    }

    /** Lower case without accents: "Núñez" and "nunez" start alike. */
    static String fold(String text) {
        return Normalizer.normalize(text, Normalizer.Form.NFD).replaceAll("\\p{M}", "").toLowerCase(Locale.ROOT);
    }
}

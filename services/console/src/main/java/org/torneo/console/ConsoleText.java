package org.torneo.console;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The organiser's free-text fields read into the pairing service's bodies; a line that does not read is refused with
 * the field and line it is on.
 */
final class ConsoleText {

    private static final Pattern HALL = Pattern.compile("(.+?)\\s*:?\\s+(\\d{1,6})\\s*[-–]\\s*(\\d{1,6})");
    private static final Pattern TIME_CONTROL = Pattern.compile("(\\d{1,4})\\s*(?:\\+\\s*(\\d{1,4}))?");

    private ConsoleText() {
    }

    /** A field that does not read: what is wrong and where. */
    static final class Invalid extends Exception {
        Invalid(String message) {
            super(message);
        }
    }

    /** The FIDE titles the registration form offers, in the order of C.04.2's initial ranking. */
    static final List<String> TITLES = List.of("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM");

    /** A title as FIDE writes it ("" for none): GM, IM, FM, CM, WGM, WIM, WFM, WCM in any case. */
    static String title(String value) throws Invalid {
        String title = org.torneo.entries.EntryFiles.fideTitle(value);
        if (title == null) {
            throw new Invalid("title: '" + value.strip() + "' is not a FIDE title (" + String.join(", ", TITLES) + ")");
        }
        return title;
    }

    /** A federation as FIDE writes it ("" for none): three letters, in capitals. */
    static String federation(String value) throws Invalid {
        String federation = value == null ? "" : value.strip().toUpperCase(java.util.Locale.ROOT);
        if (!org.torneo.entries.EntryFiles.isFederation(federation)) {
            throw new Invalid("federation: '" + value.strip() + "' is not three letters (e.g. ESP)");
        }
        return federation;
    }

    /** "A 1-20" per line into [{"name":"A","firstBoard":1,"lastBoard":20}, ...]; blank lines are skipped. */
    static ArrayNode halls(String text) throws Invalid {
        ArrayNode halls = JsonNodeFactory.instance.arrayNode();
        if (text == null) {
            return halls;
        }
        List<String> lines = text.lines().toList();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty()) {
                continue;
            }
            Matcher m = HALL.matcher(line);
            if (!m.matches()) {
                throw new Invalid("halls, line " + (i + 1) + ": '" + line + "' is not a hall with its boards"
                        + " (name first-last, e.g. A 1-20)");
            }
            int first = Integer.parseInt(m.group(2));
            int last = Integer.parseInt(m.group(3));
            if (first < 1 || last < first) {
                throw new Invalid("halls, line " + (i + 1) + ": boards " + first + "-" + last
                        + " are not a range (first >= 1, last >= first)");
            }
            if (names.contains(m.group(1))) {
                throw new Invalid("halls, line " + (i + 1) + ": hall " + m.group(1) + " is named twice");
            }
            names.add(m.group(1));
            halls.addObject().put("name", m.group(1)).put("firstBoard", first).put("lastBoard", last);
        }
        return halls;
    }

    /**
     * "90+30" (minutes for the game, seconds added a move: FIDE 2018 6.1 and the Fischer increment) into the
     * create route's time control; "" means none (no clock runs).
     */
    static ObjectNode timeControl(String text) throws Invalid {
        if (text == null || text.isBlank()) {
            return null;
        }
        Matcher m = TIME_CONTROL.matcher(text.strip());
        if (!m.matches()) {
            throw new Invalid("time control: '" + text.strip() + "' is not minutes+seconds (e.g. 90+30, or 60)");
        }
        long minutes = Long.parseLong(m.group(1));
        long bonus = m.group(2) == null ? 0 : Long.parseLong(m.group(2));
        if (minutes < 1) {
            throw new Invalid("time control: '" + text.strip() + "' gives no time (at least 1 minute)");
        }
        ObjectNode control = JsonNodeFactory.instance.objectNode();
        control.putArray("periods").addObject().put("moves", 0).put("baseMillis", minutes * 60_000)
                .put("mode", bonus == 0 ? "NONE" : "FISCHER").put("bonusMillis", bonus * 1000);
        return control;
    }

    /** "A, B" into ["A","B"]. */
    static List<String> names(String text) {
        List<String> out = new ArrayList<>();
        if (text != null) {
            for (String part : text.split(",")) {
                if (!part.isBlank()) {
                    out.add(part.strip());
                }
            }
        }
        return out;
    }
}

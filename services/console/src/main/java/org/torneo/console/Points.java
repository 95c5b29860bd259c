package org.torneo.console;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Points as the pages print them, as chess-results and the paper lists do: "0.5" as "½", "2.5" as "2½", "3.0" as
 * "3". The services' JSON and the TRF keep the number; only the console's pages change it.
 */
final class Points {

    /** Whole or half points as the services write them: sign, whole part, then ".5" (a half) or ".0" (none). */
    private static final Pattern POINTS = Pattern.compile("(-?)(\\d+)(?:\\.0*|(\\.50*))?");

    private Points() {
    }

    /** The points as a page shows them; anything that is not whole or half points as given ("" for none). */
    static String shown(String points) {
        if (points == null) {
            return "";
        }
        Matcher m = POINTS.matcher(points.strip());
        if (!m.matches()) {
            return points;
        }
        if (m.group(3) == null) {
            return m.group(1) + m.group(2);
        }
        return m.group(1) + ("0".equals(m.group(2)) ? "" : m.group(2)) + "½";
    }
}

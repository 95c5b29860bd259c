package org.torneo.contracts.tournament;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The tie-break codes a tournament may announce (FIDE C.07, 2024 and 2026 texts) and their written form:
 * a code and its "/" modifiers, e.g. {@code BH/C1} (Buchholz cut 1), {@code SB}, {@code TPR}, {@code KS/L+1}.
 * The pairing service checks an announcement against this list when the tournament is created (C.07 2: the
 * tie-breaks are announced before the start); the rating service computes each of them.
 */
public final class TieBreakCodes {

    /** PTS, then the C.07 codes in the order of the regulations' sections. */
    public static final Set<String> C07 = Set.of("PTS", "DE", "WIN", "WON", "BPG", "BWG", "PS", "REP", "BH", "FB",
            "AOB", "SB", "KS", "ARO", "TPR", "PTP", "APRO", "APPO");

    /** Modifiers: C cut lowest, M median, P unplayed as played, F forfeits, U unrated value, L Koya limit, V edition. */
    private static final Pattern FORM = Pattern.compile("([A-Za-z]{2,4})(/[CcMmPpFfUuLlVv][0-9.+-]*)*");

    private TieBreakCodes() {
    }

    /** Why {@code text} is not an announceable tie-break, or empty when it is. */
    public static Optional<String> problem(String text) {
        if (text == null || text.isBlank()) {
            return Optional.of("a tie-break code is empty");
        }
        var matcher = FORM.matcher(text.trim());
        if (!matcher.matches()) {
            return Optional.of("tie-break '" + text + "' is not a code with modifiers (e.g. BH/C1, SB, DE)");
        }
        String code = matcher.group(1).toUpperCase(Locale.ROOT);
        if (!C07.contains(code)) {
            return Optional.of("tie-break '" + text + "': unknown code " + code + " (known: "
                    + String.join(", ", C07.stream().sorted().toList()) + ")");
        }
        return Optional.empty();
    }
}

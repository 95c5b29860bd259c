package org.torneo.entries;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.Locale;
import java.util.Set;

/** What both readers share: the file's decoding and the checks of each field. */
public final class EntryFiles {

    /** FIDE's titles (FIDE Title Regulations B.01: GM, IM, FM, CM and the women's titles). */
    public static final Set<String> TITLES = Set.of("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM");

    /** The highest rating the readers take: no FIDE rating has come near it. */
    public static final int MAX_RATING = 3500;

    private EntryFiles() {
    }

    /**
     * The file's text: UTF-8 when its bytes are valid UTF-8 (a byte-order mark dropped), else Latin-1, which every
     * byte sequence is (the FIDE lists and many spreadsheets' exports are Latin-1).
     */
    public static String decode(byte[] bytes) {
        try {
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            return text.startsWith("\uFEFF") ? text.substring(1) : text;
        } catch (CharacterCodingException e) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }

    /** A problem's reason, or null when the value is a rating (blank: unrated). */
    static String ratingProblem(String value) {
        if (value.isEmpty()) {
            return null;
        }
        if (!value.chars().allMatch(Character::isDigit) || value.length() > 4) {
            return "'" + value + "' is not a rating (a whole number 0-" + MAX_RATING + ")";
        }
        int rating = Integer.parseInt(value);
        return rating > MAX_RATING ? "'" + value + "' is above " + MAX_RATING : null;
    }

    static int rating(String value) {
        return value.isEmpty() ? 0 : Integer.parseInt(value);
    }

    static String fideIdProblem(String value) {
        return value.isEmpty() || value.length() <= 10 && value.chars().allMatch(Character::isDigit) ? null
                : "'" + value + "' is not a FIDE id (digits only)";
    }

    /**
     * The title as FIDE writes it (GM, IM, FM, CM, WGM, WIM, WFM, WCM) from that spelling in any case or from the short
     * codes older TRF writers put in line 001's title column (g, m, f, c, wg, wm, wf, wc); "" for none; null when the
     * value is no FIDE title.
     */
    public static String fideTitle(String value) {
        String v = value == null ? "" : value.strip().toUpperCase(Locale.ROOT);
        String full = switch (v) {
            case "G" -> "GM";
            case "M" -> "IM";
            case "F" -> "FM";
            case "C" -> "CM";
            case "WG" -> "WGM";
            case "WM" -> "WIM";
            case "WF" -> "WFM";
            case "WC" -> "WCM";
            default -> v;
        };
        return full.isEmpty() || TITLES.contains(full) ? full : null;
    }

    /** Whether the value is a federation as FIDE writes it: three capital letters (or "" for none). */
    public static boolean isFederation(String value) {
        return value != null && (value.isEmpty() || value.length() == 3 && value.chars().allMatch(c -> c >= 'A'
                && c <= 'Z'));
    }

    static String titleProblem(String value) {
        return value.isEmpty() || TITLES.contains(value.toUpperCase(Locale.ROOT)) ? null
                : "'" + value + "' is not a FIDE title (" + String.join(", ", TITLES.stream().sorted().toList()) + ")";
    }

    static String federationProblem(String value) {
        return value.isEmpty() || value.length() == 3 && value.chars().allMatch(c -> c >= 'A' && c <= 'Z'
                || c >= 'a' && c <= 'z') ? null : "'" + value + "' is not a federation (three letters, e.g. ESP)";
    }

    static String birthYearProblem(String value) {
        if (value.isEmpty() || value.equals("0000")) {
            return null;
        }
        if (value.length() != 4 || !value.chars().allMatch(Character::isDigit)) {
            return "'" + value + "' is not a year of birth (four digits)";
        }
        int year = Integer.parseInt(value);
        return year < 1900 || year > 2100 ? "'" + value + "' is not a year of birth (1900-2100)" : null;
    }

    static int birthYear(String value) {
        return value.isEmpty() ? 0 : Integer.parseInt(value);
    }

    /** A player id made of a name when the file gives neither an id nor a FIDE id: "Pérez, Ana" is "perez-ana". */
    static String idOf(String name) {
        String ascii = Normalizer.normalize(name, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
        String id = ascii.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        return id.isEmpty() ? "player" : id;
    }
}

package org.torneo.console;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What the claims queue and the ruling form need, read from the game service's answers: the penalties an edition of
 * the Laws lets the arbiter impose (the catalogue the form offers, each with its article), the claim still before the
 * arbiter in a game's incidents, and the evidence shown with it (move numbers of the repeated positions, the 50-move
 * count, clock readings). Plain functions of their inputs (no clock, no service), so they are tested alone.
 */
final class Arbitration {

    private Arbitration() {
    }

    /** Bad input on the claims page: the message says which field and what was wrong. */
    static final class Invalid extends Exception {
        Invalid(String message) {
            super(message);
        }
    }

    /**
     * One penalty of an edition's catalogue: the game service's ruling kind, the article it rests on, and how the
     * ruling names its player: the offender, or (for time added) the offender's opponent.
     */
    @io.quarkus.qute.TemplateData
    record Penalty(String kind, String article, boolean needsTime, boolean toOpponent) {
    }

    /**
     * The penalties the arbiter may impose under an edition (the game's {@code edition}): FIDE 2018 12.9, FIDE 2001
     * 13.4, FIDE 1997 13.4. Score adjustments (2018 12.9.4-5, 2001 13.4e-f) are a declared result with the arbiter's
     * scores, not a penalty of this form. The Code 1970 seed names no penalty article: the arbiter's warning and the
     * loss of the game are offered with that said.
     */
    static List<Penalty> catalogue(String edition) {
        String e = edition == null ? "FIDE_2018" : edition.toUpperCase(Locale.ROOT);
        return switch (e) {
            case "FIDE_1997" -> List.of(
                    new Penalty("WARNING", "FIDE 1997 13.4a", false, false),
                    new Penalty("ADD_TIME", "FIDE 1997 13.4b", true, true),
                    new Penalty("DEDUCT_TIME", "FIDE 1997 13.4c", true, false),
                    new Penalty("LOSS_OF_GAME", "FIDE 1997 13.4d", false, false),
                    new Penalty("EXPEL", "FIDE 1997 13.4e", false, false));
            case "FIDE_2001" -> List.of(
                    new Penalty("WARNING", "FIDE 2001 13.4a", false, false),
                    new Penalty("ADD_TIME", "FIDE 2001 13.4b", true, true),
                    new Penalty("DEDUCT_TIME", "FIDE 2001 13.4c", true, false),
                    new Penalty("LOSS_OF_GAME", "FIDE 2001 13.4d", false, false),
                    new Penalty("EXPEL", "FIDE 2001 13.4g", false, false));
            case "CODE_1970" -> List.of(
                    new Penalty("WARNING", "Code 1970 (the seed names no penalty article)", false, false),
                    new Penalty("LOSS_OF_GAME", "Code 1970 (the seed names no penalty article)", false, false));
            default -> List.of(
                    new Penalty("WARNING", "FIDE 2018 12.9.1", false, false),
                    new Penalty("ADD_TIME", "FIDE 2018 12.9.2", true, true),
                    new Penalty("DEDUCT_TIME", "FIDE 2018 12.9.3", true, false),
                    new Penalty("LOSS_OF_GAME", "FIDE 2018 12.9.6", false, false),
                    new Penalty("FINE", "FIDE 2018 12.9.7", false, false),
                    new Penalty("EXCLUDE_FROM_ROUNDS", "FIDE 2018 12.9.8", false, false),
                    new Penalty("EXPEL", "FIDE 2018 12.9.9", false, false));
        };
    }

    static Optional<Penalty> penalty(String edition, String kind) {
        return catalogue(edition).stream().filter(p -> p.kind().equals(kind)).findFirst();
    }

    /** The article of the arbiter's decision on a quickplay-finish claim or increment request, by edition. */
    static String claimArticle(String edition, String claimKind) {
        String e = edition == null ? "FIDE_2018" : edition.toUpperCase(Locale.ROOT);
        if ("QUICKPLAY_INCREMENT".equals(claimKind)) {
            return "FIDE 2018 III.4";
        }
        return switch (e) {
            case "FIDE_1997" -> "FIDE 1997 10.2";
            case "FIDE_2001" -> "FIDE 2001 10.2";
            case "CODE_1970" -> "Code 1970";
            default -> "FIDE 2018 III.5";
        };
    }

    /**
     * The claim before the arbiter in a game's incidents (in their order), if any: a quickplay-finish claim or an
     * increment request the game filed and no decision has closed yet (threefold and 50-move claims are decided by the
     * game service at once: FIDE 2018 9.5). Its postponement and a flag fall during it are noted.
     */
    @io.quarkus.qute.TemplateData
    record OpenClaim(String by, String kind, int ply, String clock, String conditions, boolean postponed,
                     boolean flagFell, String filedAt) {
    }

    static Optional<OpenClaim> openClaim(JsonNode incidents) {
        OpenClaim open = null;
        for (JsonNode incident : incidents) {
            String type = incident.path("type").asText();
            JsonNode payload = payload(incident);
            String kind = payload.path("kind").asText();
            switch (type) {
                case "game.ClaimFiled" -> {
                    if (kind.startsWith("QUICKPLAY")) {
                        open = new OpenClaim(payload.path("by").asText(), kind, payload.path("ply").asInt(),
                                clock(payload.path("clock")), payload.path("conditions").asText(), false, false,
                                payload.path("filedAt").asText());
                    }
                }
                case "game.ClaimPostponed" -> {
                    if (open != null) {
                        open = new OpenClaim(open.by(), open.kind(), open.ply(), open.clock(), open.conditions(), true,
                                false, open.filedAt());
                    }
                }
                case "game.FlagFellDuringPostponedClaim" -> {
                    if (open != null) {
                        open = new OpenClaim(open.by(), open.kind(), open.ply(), open.clock(), open.conditions(), true,
                                true, open.filedAt());
                    }
                }
                case "game.ClaimUpheld", "game.ClaimRejected" -> {
                    if (kind.startsWith("QUICKPLAY")) {
                        open = null;
                    }
                }
                case "game.QuickplayIncrementGranted", "results.GameEnded", "game.GameCancelled" -> open = null;
                default -> {
                    // offers, rulings, moves taken back, refusals: the claim stays before the arbiter
                }
            }
        }
        return Optional.ofNullable(open);
    }

    /** The event's payload from an incident row's {@code details} (the envelope as JSON text). */
    static JsonNode payload(JsonNode incident) {
        JsonNode details = incident.path("details");
        if (details.isTextual()) {
            try {
                details = JSON.readTree(details.asText());
            } catch (java.io.IOException e) {
                return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
            }
        }
        return details.path("payload");
    }

    /** The envelope's event id from an incident row's {@code details}, or "" when it cannot be read. */
    static String eventId(JsonNode incident) {
        JsonNode details = incident.path("details");
        try {
            JsonNode envelope = details.isTextual() ? JSON.readTree(details.asText()) : details;
            return envelope.path("eventId").asText("");
        } catch (java.io.IOException e) {
            return "";
        }
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
            new com.fasterxml.jackson.databind.ObjectMapper();

    /** A clock reading as the clocks show it, "White 1:30, Black 4:05", or "" when none. */
    static String clock(JsonNode reading) {
        if (reading == null || reading.isMissingNode() || reading.isNull()) {
            return "";
        }
        return "White " + time(reading.path("whiteRemainingMillis").asLong()) + ", Black "
                + time(reading.path("blackRemainingMillis").asLong());
    }

    /** Milliseconds as h:mm:ss or m:ss. */
    static String time(long millis) {
        long seconds = Math.max(0, millis) / 1000;
        long hours = seconds / 3600;
        long minutes = seconds % 3600 / 60;
        return hours > 0 ? String.format(Locale.ROOT, "%d:%02d:%02d", hours, minutes, seconds % 60)
                : String.format(Locale.ROOT, "%d:%02d", minutes, seconds % 60);
    }

    private static final Pattern CLOCK = Pattern.compile("(?:(\\d{1,2}):)?(\\d{1,3}):(\\d{2})");

    /** A clock as typed, "1:30" or "1:05:00", in milliseconds; blank is null (not known). */
    static Long clockMillis(String text, String field) throws Invalid {
        if (text == null || text.isBlank()) {
            return null;
        }
        Matcher m = CLOCK.matcher(text.strip());
        if (!m.matches() || Integer.parseInt(m.group(3)) > 59) {
            throw new Invalid(field + ": '" + text.strip() + "' is not a clock reading (m:ss or h:mm:ss, e.g. 1:30)");
        }
        long hours = m.group(1) == null ? 0 : Long.parseLong(m.group(1));
        return ((hours * 60 + Long.parseLong(m.group(2))) * 60 + Long.parseLong(m.group(3))) * 1000;
    }

    /** The position after a ply as a scoresheet names it: ply 0 the start, ply 23 "after 12. Nf3" (12.). */
    static String afterPly(int ply) {
        if (ply <= 0) {
            return "the initial position";
        }
        int move = (ply + 1) / 2;
        return "after " + move + (ply % 2 == 1 ? "." : "...");
    }

    /** A claim's evidence in the arbiter's words: the repeated positions with their move numbers, the 50-move count. */
    static String evidence(JsonNode evidence) {
        if (evidence == null || evidence.isMissingNode() || evidence.isNull()) {
            return "";
        }
        List<String> at = new ArrayList<>();
        evidence.path("repetitionPlies").forEach(p -> at.add(afterPly(p.asInt())));
        int quiet = evidence.path("pliesWithoutCaptureOrPawnMove").asInt();
        return "position " + evidence.path("judgedFen").asText() + "; occurred " + at.size() + " time(s): "
                + String.join(", ", at) + "; " + quiet / 2 + (quiet % 2 == 1 ? "½" : "")
                + " moves each without a capture or pawn move (" + quiet + " plies)";
    }

    /** The moves as a scoresheet writes them, "1. e4 e5 2. Nf3", with the clocks after each where known. */
    static String scoresheet(JsonNode moves) {
        StringBuilder out = new StringBuilder();
        for (JsonNode m : moves) {
            if (!m.path("standing").asBoolean(true)) {
                continue;
            }
            int ply = m.path("ply").asInt();
            if (ply % 2 == 1) {
                out.append(out.isEmpty() ? "" : " ").append((ply + 1) / 2).append(". ");
            } else if (out.isEmpty()) {
                out.append((ply + 1) / 2).append("... ");
            } else {
                out.append(' ');
            }
            out.append(m.path("san").asText());
            if (!m.path("whiteMillis").isNull() && m.has("whiteMillis")) {
                out.append(" {").append(time(m.path(ply % 2 == 1 ? "whiteMillis" : "blackMillis").asLong()))
                        .append('}');
            }
        }
        return out.toString();
    }

    /** One square of the position diagram: its name and the piece on it (a letter, "" when empty). */
    @io.quarkus.qute.TemplateData
    record Square(String name, String piece, String symbol, boolean dark) {
    }

    /** One rank of the diagram: its number and its squares a to h. */
    @io.quarkus.qute.TemplateData
    record Rank(int number, List<Square> squares) {
    }

    /** The position of a FEN as 8 ranks (8 to 1) of 8 squares (a to h), for the diagram; empty when unreadable. */
    static List<Rank> diagram(String fen) {
        List<Rank> ranks = new ArrayList<>();
        if (fen == null || fen.isBlank()) {
            return ranks;
        }
        String[] rows = fen.strip().split(" ")[0].split("/");
        if (rows.length != 8) {
            return ranks;
        }
        for (int r = 0; r < 8; r++) {
            List<Square> rank = new ArrayList<>();
            int file = 0;
            for (char ch : rows[r].toCharArray()) {
                if (Character.isDigit(ch)) {
                    for (int k = 0; k < ch - '0' && file < 8; k++, file++) {
                        rank.add(new Square(square(file, r), "", "", (file + r) % 2 == 1));
                    }
                } else if (file < 8) {
                    rank.add(new Square(square(file, r), String.valueOf(ch), symbol(ch), (file + r) % 2 == 1));
                    file++;
                }
            }
            while (rank.size() < 8) {
                rank.add(new Square(square(rank.size(), r), "", "", (rank.size() + r) % 2 == 1));
            }
            ranks.add(new Rank(8 - r, rank));
        }
        return ranks;
    }

    private static String square(int file, int rowFromTop) {
        return "" + (char) ('a' + file) + (8 - rowFromTop);
    }

    private static String symbol(char piece) {
        int index = "KQRBNPkqrbnp".indexOf(piece);
        return index < 0 ? String.valueOf(piece) : String.valueOf("♔♕♖♗♘♙♚♛♜♝♞♟".charAt(index));
    }
}

package org.torneo.trf;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads TRF16/TRF26 text. Lines may end in CR (TRF Remark 1), LF or CRLF. Player records are parsed by their
 * fixed columns; all other lines are kept verbatim. {@link #read} also checks the file's consistency:
 * duplicate start numbers, unknown opponents, asymmetric pairings, a player twice in a round, and the points
 * column against the results (with or without a pre-assigned bye in the last round, the two conventions in
 * use; with or without the acceleration of the round to pair, as bbpPairings accepts), and the acceleration
 * records 250/XXA, and that no player record has more rounds than 142/XXR announce. Every number read is checked against a sane range ({@link #MAX_ROUNDS} rounds,
 * ratings 0..{@link #MAX_RATING}, start numbers 1..{@link #MAX_START_NUMBER}, dates that exist), so that no
 * value from a file can make a later step allocate or loop without bound. Every error is a
 * {@link TrfFormatException} naming the line and column; nothing else escapes.
 */
public final class TrfReader {

    /** Rounds of a tournament (142/XXR, round entries, 240/250/260 round numbers). FIDE events have 9 to 13
     * rounds, the longest opens and double round robins a few dozen; beyond 99 a file is wrong, not long. */
    public static final int MAX_ROUNDS = 99;
    /** Ratings (columns 49-52): the highest FIDE rating ever is below 2900; 4000 leaves room for any national list. */
    public static final int MAX_RATING = 4000;
    /** Start numbers: four columns in TRF. */
    public static final int MAX_START_NUMBER = 9999;

    private TrfReader() {
    }

    public static TrfDocument read(Path file) throws IOException {
        return read(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
    }

    /** Parses and validates. */
    public static TrfDocument read(String text) {
        TrfDocument doc = parse(text);
        validate(doc);
        return doc;
    }

    /** Parses the syntax only (columns and codes), without the cross-player checks. */
    public static TrfDocument parse(String text) {
        if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
            text = text.substring(1);
        }
        List<TrfLine> lines = new ArrayList<>();
        int start = 0;
        int n = text.length();
        int lineNo = 0;
        while (start < n) {
            int end = start;
            while (end < n && text.charAt(end) != '\r' && text.charAt(end) != '\n') {
                end++;
            }
            String terminator;
            if (end >= n) {
                terminator = "";
            } else if (text.charAt(end) == '\r' && end + 1 < n && text.charAt(end + 1) == '\n') {
                terminator = "\r\n";
            } else {
                terminator = String.valueOf(text.charAt(end));
            }
            String line = text.substring(start, end);
            lineNo++;
            if (line.startsWith("001")) {
                lines.add(new TrfLine.PlayerRecord(parsePlayer(line, lineNo), line, terminator));
            } else {
                lines.add(new TrfLine.Text(line, terminator));
            }
            start = end + terminator.length();
        }
        return new TrfDocument(lines);
    }

    /** Parses one 001 record; {@code lineNo} is used in error messages. */
    public static TrfPlayer parsePlayer(String line, int lineNo) {
        if (line.length() < 84) {
            throw new TrfFormatException(lineNo, line.length() + 1,
                    "player record too short: it must reach the points column (81-84)");
        }
        requireSpace(line, lineNo, 3);
        requireSpace(line, lineNo, 8);
        requireSpace(line, lineNo, 79);
        int id = number(line, lineNo, 4, 8, "start number", false);
        if (id < 1) {
            throw new TrfFormatException(lineNo, 5, "start number must be 1..9999");
        }
        int rating = number(line, lineNo, 48, 52, "rating", true);
        if (rating > MAX_RATING) {
            throw new TrfFormatException(lineNo, 49, "rating " + rating + " is out of range 0.." + MAX_RATING);
        }
        requireSpace(line, lineNo, 56);
        requireSpace(line, lineNo, 68);
        String fideId = line.substring(57, 68).strip();
        if (!fideId.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new TrfFormatException(lineNo, 58, "FIDE id (columns 58-68) must be digits, found '" + fideId + "'");
        }
        String birthDate = line.substring(69, 79).strip();
        if (!birthDate.isEmpty()) {
            TrfDates.birthDate(birthDate, lineNo, 70);
        }
        String pointsText = line.substring(80, 84).strip();
        int points = TrfDates.tenths(pointsText, lineNo, 81, "points in columns 81-84");
        int rank = 0;
        if (line.length() > 84) {
            requireSpace(line, lineNo, 84);
            rank = number(line, lineNo, 85, Math.min(89, line.length()), "rank", true);
        }
        for (int c = 89; c < Math.min(91, line.length()); c++) {
            requireSpace(line, lineNo, c);
        }
        List<TrfGame> games = roundEntries(line, lineNo, id);
        return new TrfPlayer(id, line.substring(9, 10).strip(), line.substring(10, 13).strip(),
                line.substring(14, 47).strip(), rating, line.substring(53, 56).strip(),
                fideId, birthDate, points, rank, games);
    }

    /** The round entries of a player record, ten columns each from column 92; a blank entry is no game. */
    private static List<TrfGame> roundEntries(String line, int lineNo, int id) {
        List<TrfGame> games = new ArrayList<>();
        for (int s = 91; s < line.length(); s += 10) {
            String slot = line.substring(s, Math.min(s + 10, line.length()));
            games.add(slot.isBlank() ? TrfGame.EMPTY : roundEntry(line, lineNo, s, slot, id, games.size() + 1));
        }
        return games;
    }

    /** One round entry starting at index {@code s}: opponent (4 columns), colour and result, blanks between. */
    private static TrfGame roundEntry(String line, int lineNo, int s, String slot, int id, int round) {
        if (slot.length() < 8) {
            throw new TrfFormatException(lineNo, s + 1, "incomplete round entry '" + slot
                    + "' (opponent at columns " + (s + 1) + "-" + (s + 4) + ", colour at " + (s + 6)
                    + ", result at " + (s + 8) + ")");
        }
        int opponent = number(line, lineNo, s, s + 4, "opponent start number", true);
        requireSpace(line, lineNo, s + 4);
        requireSpace(line, lineNo, s + 6);
        for (int c = s + 8; c < Math.min(s + 10, line.length()); c++) {
            requireSpace(line, lineNo, c);
        }
        char colourChar = line.charAt(s + 5);
        Colour colour = switch (Character.toLowerCase(colourChar)) {
            case 'w' -> Colour.WHITE;
            case 'b' -> Colour.BLACK;
            case '-', ' ' -> Colour.NONE;
            default -> throw new TrfFormatException(lineNo, s + 6,
                    "colour must be w, b or -, found '" + colourChar + "'");
        };
        char resultChar = line.charAt(s + 7);
        ResultCode result = ResultCode.of(resultChar);
        if (result == null) {
            throw new TrfFormatException(lineNo, s + 8, "unknown result code '" + resultChar
                    + "' (expected one of 1 = 0 + - W D L H F U Z or blank)");
        }
        if (round > MAX_ROUNDS) {
            throw new TrfFormatException(lineNo, s + 1, "more than " + MAX_ROUNDS + " round entries");
        }
        checkEntryAgreesWithItself(lineNo, s, id, round, opponent, colour, resultChar, result);
        return new TrfGame(opponent, colour, result);
    }

    /** Opponent, colour and result of one entry fit together: no self-pairing, a bye has no opponent, and so on. */
    private static void checkEntryAgreesWithItself(int lineNo, int s, int id, int round, int opponent, Colour colour,
            char resultChar, ResultCode result) {
        if (opponent == id) {
            throw new TrfFormatException(lineNo, s + 1, "player " + id + " paired with itself in round " + round);
        }
        if (result.isBye() && opponent != 0) {
            throw new TrfFormatException(lineNo, s + 1, "result '" + resultChar + "' is a bye or absence but an "
                    + "opponent (" + opponent + ") is given in round " + round);
        }
        if (result.isPlayedGame() && (opponent == 0 || colour == Colour.NONE)) {
            throw new TrfFormatException(lineNo, opponent == 0 ? s + 1 : s + 6, "result '" + resultChar
                    + "' is a played game but " + (opponent == 0 ? "no opponent" : "no colour")
                    + " is given in round " + round);
        }
        if (opponent == 0 && colour != Colour.NONE) {
            throw new TrfFormatException(lineNo, s + 6, "a colour is given without an opponent in round " + round);
        }
    }

    /** The cross-player checks of {@link #read}. */
    public static void validate(TrfDocument doc) {
        Map<Integer, Integer> lineOf = new HashMap<>();
        Map<Integer, TrfLine.PlayerRecord> byId = playersByStartNumber(doc, lineOf);
        checkRoundsAnnounced(doc);
        // the header records: reading each one checks it, so that read() refuses a file with a bad one
        doc.startDate();
        doc.endDate();
        doc.initialColour();
        PointSystem points = doc.pointSystem();
        doc.forbiddenPairs();
        doc.requestedByes();
        Map<Integer, List<Integer>> accelerations = doc.accelerations();
        int roundsPaired = doc.roundsPaired();
        for (TrfLine.PlayerRecord rec : byId.values()) {
            TrfPlayer p = rec.player();
            int line = lineOf.get(p.startNumber());
            for (int r = 1; r <= p.games().size(); r++) {
                checkRoundAgreesWithOpponent(rec, r, byId, line);
            }
            checkPoints(p, points, accelerations.getOrDefault(p.startNumber(), List.of()), roundsPaired, line);
        }
    }

    /** The player records by start number, each start number once ({@code lineOf} gets each one's line). */
    private static Map<Integer, TrfLine.PlayerRecord> playersByStartNumber(TrfDocument doc, Map<Integer, Integer> lineOf) {
        Map<Integer, TrfLine.PlayerRecord> byId = new HashMap<>();
        for (int i = 0; i < doc.lines().size(); i++) {
            if (doc.lines().get(i) instanceof TrfLine.PlayerRecord p) {
                int id = p.player().startNumber();
                Integer previous = lineOf.put(id, i + 1);
                if (previous != null) {
                    throw new TrfFormatException(i + 1, 5, "duplicate start number " + id
                            + " (already used on line " + previous + ")");
                }
                byId.put(id, p);
            }
        }
        return byId;
    }

    /** No player record has more rounds than 142/XXR announce. */
    private static void checkRoundsAnnounced(TrfDocument doc) {
        java.util.OptionalInt total = doc.totalRounds();
        if (total.isPresent() && doc.roundsWritten() > total.getAsInt()) {
            // bbpPairings refuses such a file too ("the number of rounds is larger than the reported number")
            TrfLine.Text record = !doc.records("142").isEmpty() ? doc.records("142").get(0) : doc.records("XXR").get(0);
            throw new TrfFormatException(doc.lineNumber(record), 5, doc.roundsWritten() + " rounds are written in "
                    + "the player records but " + record.tag() + " announces only " + total.getAsInt());
        }
    }

    /** Round r of a player: the opponent exists, lists the player back, with the other colour and a matching result. */
    private static void checkRoundAgreesWithOpponent(TrfLine.PlayerRecord rec, int r,
            Map<Integer, TrfLine.PlayerRecord> byId, int line) {
        TrfPlayer p = rec.player();
        TrfGame g = p.game(r);
        if (g.opponent() == 0) {
            return;
        }
        int column = 92 + 10 * (r - 1);
        TrfLine.PlayerRecord oppRec = byId.get(g.opponent());
        if (oppRec == null) {
            throw new TrfFormatException(line, column, "round " + r + ": opponent " + g.opponent()
                    + " is not a player of this file");
        }
        TrfGame back = oppRec.player().game(r);
        if (back.opponent() != p.startNumber()) {
            for (TrfLine.PlayerRecord other : byId.values()) {
                if (other != rec && other.player().game(r).opponent() == g.opponent()) {
                    throw new TrfFormatException(line, column, "round " + r + ": player " + g.opponent()
                            + " appears twice (as opponent of " + p.startNumber() + " and of "
                            + other.player().startNumber() + ")");
                }
            }
            throw new TrfFormatException(line, column, "round " + r + ": asymmetric pairing, " + p.startNumber()
                    + " lists " + g.opponent() + " but " + g.opponent() + " lists "
                    + (back.opponent() == 0 ? "no opponent" : back.opponent()));
        }
        if (g.colour() != Colour.NONE && back.colour() != Colour.NONE && g.colour() == back.colour()) {
            throw new TrfFormatException(line, column + 5, "round " + r + ": " + p.startNumber() + " and "
                    + g.opponent() + " both have colour " + g.colour().code());
        }
        boolean forfeit = g.result() == ResultCode.FORFEIT_WIN || g.result() == ResultCode.FORFEIT_LOSS;
        boolean backForfeit = back.result() == ResultCode.FORFEIT_WIN || back.result() == ResultCode.FORFEIT_LOSS;
        if (forfeit != backForfeit || g.result().isPlayedGame() != back.result().isPlayedGame()) {
            throw new TrfFormatException(line, column + 7, "round " + r + ": result '" + g.result().code()
                    + "' of " + p.startNumber() + " does not match result '" + back.result().code() + "' of "
                    + g.opponent());
        }
    }

    /**
     * The points column (81-84) equals the sum of the results, or that sum without a pre-assigned bye in the last
     * round, either with or without the acceleration of the round to pair (the conventions in use).
     */
    private static void checkPoints(TrfPlayer p, PointSystem points, List<Integer> acc, int roundsPaired, int line) {
        int all = p.pointsOfRounds(points, p.games().size());
        if (p.pointsTenths() == all) {
            return;
        }
        TrfGame last = p.games().isEmpty() ? TrfGame.EMPTY : p.games().get(p.games().size() - 1);
        boolean preAssignedBye = last.opponent() == 0 && last.result() != ResultCode.PAIRING_ALLOCATED_BYE;
        int withoutLast = p.pointsOfRounds(points, p.games().size() - 1);
        // bbp also accepts points that include the acceleration (XXA/250) of the round to pair
        int virtual = roundsPaired < acc.size() ? acc.get(roundsPaired) : 0;
        boolean accelerated = virtual != 0 && (p.pointsTenths() - virtual == all
                || (preAssignedBye && p.pointsTenths() - virtual == withoutLast));
        if (!accelerated && !(preAssignedBye && p.pointsTenths() == withoutLast)) {
            throw new TrfFormatException(line, 81, "points " + PointSystem.format(p.pointsTenths())
                    + " of player " + p.startNumber() + " do not equal the sum of the results ("
                    + PointSystem.format(all) + (preAssignedBye ? ", or " + PointSystem.format(withoutLast)
                    + " without the last round's bye" : "") + ")");
        }
    }

    private static void requireSpace(String line, int lineNo, int index) {
        if (index < line.length() && line.charAt(index) != ' ') {
            throw new TrfFormatException(lineNo, index + 1, "column " + (index + 1)
                    + " must be blank, found '" + line.charAt(index) + "' (a field is out of place)");
        }
    }

    private static int number(String line, int lineNo, int from, int to, String what, boolean blankIsZero) {
        String s = line.substring(from, to).strip();
        if (s.isEmpty() && blankIsZero) {
            return 0;
        }
        for (int i = 0; i < s.length(); i++) {
            if (!Character.isDigit(s.charAt(i)) || s.charAt(i) > '9') {
                throw new TrfFormatException(lineNo, from + 1, what + " expected in columns " + (from + 1) + "-" + to
                        + ", found '" + line.substring(from, to) + "'");
            }
        }
        if (s.isEmpty()) {
            throw new TrfFormatException(lineNo, from + 1, what + " missing in columns " + (from + 1) + "-" + to);
        }
        return Integer.parseInt(s);
    }
}

package org.torneo.trf;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A TRF file (TRF16 or TRF26, with the JaVaFo/bbp XX/BB extensions) as a list of lines. Player records are
 * parsed; every other line is kept verbatim, so an unchanged document is written back byte for byte.
 * The header accessors interpret the records on demand.
 */
public record TrfDocument(List<TrfLine> lines) {

    public TrfDocument {
        lines = List.copyOf(lines);
    }

    /** A new document from header lines (without terminators) and players, written with CR line ends. */
    public static TrfDocument of(List<String> headerLines, List<TrfPlayer> players, String terminator) {
        List<TrfLine> out = new ArrayList<>();
        for (String h : headerLines) {
            out.add(new TrfLine.Text(h, terminator));
        }
        for (TrfPlayer p : players) {
            out.add(new TrfLine.PlayerRecord(p, null, terminator));
        }
        return new TrfDocument(out);
    }

    /** The players in file order. */
    public List<TrfPlayer> players() {
        List<TrfPlayer> list = new ArrayList<>();
        for (TrfLine l : lines) {
            if (l instanceof TrfLine.PlayerRecord p) {
                list.add(p.player());
            }
        }
        return Collections.unmodifiableList(list);
    }

    /** Players by start number. */
    public Map<Integer, TrfPlayer> playersById() {
        Map<Integer, TrfPlayer> map = new LinkedHashMap<>();
        for (TrfPlayer p : players()) {
            map.put(p.startNumber(), p);
        }
        return map;
    }

    /** Number of round columns written: the longest list of round entries of any player. */
    public int roundsWritten() {
        int max = 0;
        for (TrfPlayer p : players()) {
            max = Math.max(max, p.games().size());
        }
        return max;
    }

    /** Number of rounds already paired: the last round in which someone was paired or got the PAB. */
    public int roundsPaired() {
        int max = 0;
        for (TrfPlayer p : players()) {
            for (int r = p.games().size(); r > max; r--) {
                if (p.game(r).paired()) {
                    max = r;
                    break;
                }
            }
        }
        return max;
    }

    /** Text lines with a tag, in file order. */
    public List<TrfLine.Text> records(String tag) {
        List<TrfLine.Text> list = new ArrayList<>();
        for (TrfLine l : lines) {
            if (l instanceof TrfLine.Text t && t.tag().equalsIgnoreCase(tag)) {
                list.add(t);
            }
        }
        return list;
    }

    /** The value of the first record with this tag (e.g. "012" → tournament name). */
    public Optional<String> header(String tag) {
        List<TrfLine.Text> r = records(tag);
        return r.isEmpty() ? Optional.empty() : Optional.of(r.get(0).value().strip());
    }

    /** Total number of rounds: TRF26 142, or the XXR extension. */
    public OptionalInt totalRounds() {
        for (String tag : List.of("142", "XXR")) {
            for (TrfLine.Text t : records(tag)) {
                String v = t.value().strip();
                return OptionalInt.of(TrfDates.count(v.split("\\s+")[0], lineNumber(t), 5,
                        "number of rounds (" + t.tag() + ")", 1, TrfReader.MAX_ROUNDS));
            }
        }
        return OptionalInt.empty();
    }

    /** TRF 042: the start date, when given: YYYY/MM/DD as TRF specifies, or as tools write it (ISO, "28. 07. 2005"
     * from Swiss-Chess, "May 29, 2020" from lichess); an unreadable date names the record's line and column. */
    public Optional<java.time.LocalDate> startDate() {
        return date("042", "start date (042)");
    }

    /** TRF 052: the end date, when given. */
    public Optional<java.time.LocalDate> endDate() {
        return date("052", "end date (052)");
    }

    private Optional<java.time.LocalDate> date(String tag, String what) {
        for (TrfLine.Text t : records(tag)) {
            if (!t.value().isBlank()) {
                return Optional.of(TrfDates.date(t.value(), lineNumber(t), 5, what));
            }
        }
        return Optional.empty();
    }

    /** Initial colour of the top seed in round 1: TRF26 152 (W/B) or XXC (white1/black1). */
    public Optional<Colour> initialColour() {
        for (TrfLine.Text t : records("152")) {
            String v = t.value().strip().toUpperCase(Locale.ROOT);
            if (v.startsWith("W")) {
                return Optional.of(Colour.WHITE);
            }
            if (v.startsWith("B")) {
                return Optional.of(Colour.BLACK);
            }
            throw new TrfFormatException(lineNumber(t), 5, "initial colour W or B expected, found '" + v + "'");
        }
        for (TrfLine.Text t : records("XXC")) {
            for (String token : t.value().strip().split("\\s+")) {
                if (token.equalsIgnoreCase("white1")) {
                    return Optional.of(Colour.WHITE);
                }
                if (token.equalsIgnoreCase("black1")) {
                    return Optional.of(Colour.BLACK);
                }
            }
        }
        return Optional.empty();
    }

    /** True when XXC asks to pair by position in the file ("rank") rather than by start number. */
    public boolean pairByRank() {
        for (TrfLine.Text t : records("XXC")) {
            for (String token : t.value().strip().split("\\s+")) {
                if (token.equalsIgnoreCase("rank")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Encoded tournament type (TRF26 192), e.g. FIDE_DUTCH_2025 or FIDE_DUTCH_2025_BAKU. */
    public Optional<String> tournamentType() {
        return header("192");
    }

    /**
     * The point system: TRF26 162 (codes W D L A/Z P X, plus H F for byes), then bbp's BBW/BBD/BBL/BBZ/BBF/BBU,
     * then JaVaFo's XXS (KEY=value tokens). Codes not given keep the defaults derived from win and draw.
     */
    public PointSystem pointSystem() {
        Integer w = null, d = null, l = null, fw = null, fl = null, f = null, h = null, z = null, u = null;
        for (TrfLine.Text t : records("162")) {
            String[] tokens = t.value().strip().split("\\s+");
            if (tokens.length % 2 != 0) {
                throw new TrfFormatException(lineNumber(t), 5, "162 expects pairs of code and points");
            }
            for (int i = 0; i < tokens.length; i += 2) {
                int v = tenths(tokens[i + 1], t, tokens[i + 1]);
                switch (tokens[i].toUpperCase(Locale.ROOT)) {
                    case "W" -> w = v;
                    case "D" -> d = v;
                    case "L" -> l = v;
                    case "A", "Z" -> { z = v; fl = v; }
                    case "P", "U" -> u = v;
                    case "H" -> h = v;
                    case "F" -> f = v;
                    case "X" -> { }
                    default -> throw new TrfFormatException(lineNumber(t), t.text().indexOf(tokens[i]) + 1,
                            "unknown point-system code '" + tokens[i] + "'");
                }
            }
        }
        for (TrfLine l2 : lines) {
            if (!(l2 instanceof TrfLine.Text t) || t.tag().length() != 3 || !t.tag().toUpperCase(Locale.ROOT).startsWith("BB")) {
                continue;
            }
            int v = tenths(t.value().strip(), t, t.value().strip());
            switch (Character.toUpperCase(t.tag().charAt(2))) {
                case 'W' -> w = v;
                case 'D' -> d = v;
                case 'L' -> l = v;
                case 'Z' -> z = v;
                case 'F' -> f = v;
                case 'U' -> u = v;
                default -> { }
            }
        }
        for (TrfLine.Text t : records("XXS")) {
            for (String token : t.value().strip().split("\\s+")) {
                int eq = token.indexOf('=');
                if (eq < 0) {
                    continue;
                }
                int v = tenths(token.substring(eq + 1), t, token);
                switch (token.substring(0, eq).toUpperCase(Locale.ROOT)) {
                    case "W", "WW", "BW" -> w = v;
                    case "D", "WD", "BD" -> d = v;
                    case "L", "WL", "BL" -> l = v;
                    case "FW" -> fw = v;
                    case "FL" -> fl = v;
                    case "ZPB" -> z = v;
                    case "HPB" -> h = v;
                    case "FPB" -> f = v;
                    case "PAB" -> u = v;
                    default -> { }
                }
            }
        }
        int win = w != null ? w : 10;
        int draw = d != null ? d : 5;
        int loss = l != null ? l : 0;
        return new PointSystem(win, draw, loss, fw != null ? fw : win, fl != null ? fl : 0, f != null ? f : win,
                h != null ? h : draw, z != null ? z : 0, u != null ? u : win);
    }

    /** Forbidden pairs: TRF26 260 (first round, last round, ids) and XXP (ids, whole event). */
    public List<ForbiddenPairs> forbiddenPairs() {
        List<ForbiddenPairs> list = new ArrayList<>();
        for (TrfLine.Text t : records("260")) {
            String[] tokens = t.value().strip().split("\\s+");
            int line = lineNumber(t);
            if (tokens.length < 3) {
                throw new TrfFormatException(line, 5, "260 expects first round, last round and start numbers");
            }
            int first = TrfDates.count(tokens[0], line, column(t, tokens[0]), "260 first round", 1, TrfReader.MAX_ROUNDS);
            int last = TrfDates.count(tokens[1], line, column(t, tokens[1]), "260 last round", 1, TrfReader.MAX_ROUNDS);
            if (first > last) {
                throw new TrfFormatException(line, 5, "260 first round " + first + " is after last round " + last);
            }
            List<Integer> ids = new ArrayList<>();
            for (int i = 2; i < tokens.length; i++) {
                ids.add(TrfDates.count(tokens[i], line, column(t, tokens[i]), "260 start number", 1,
                        TrfReader.MAX_START_NUMBER));
            }
            list.add(new ForbiddenPairs(first, last, ids));
        }
        for (TrfLine.Text t : records("XXP")) {
            List<Integer> ids = new ArrayList<>();
            for (String token : t.value().strip().split("\\s+")) {
                ids.add(TrfDates.count(token, lineNumber(t), column(t, token), "XXP start number", 1,
                        TrfReader.MAX_START_NUMBER));
            }
            list.add(new ForbiddenPairs(1, Integer.MAX_VALUE, ids));
        }
        return list;
    }

    /** Every pair of ids in {@code ids} may not meet in rounds {@code firstRound..lastRound}. */
    public record ForbiddenPairs(int firstRound, int lastRound, List<Integer> ids) {
        public ForbiddenPairs {
            ids = List.copyOf(ids);
        }
    }

    /**
     * Manual accelerations: the virtual points (tenths) of each start number per round, index 0 = round 1, read
     * in file order as bbpPairings v6.0.0 reads them. {@code 250} (TRF26: columns 5-8 match points, empty or zero
     * for individual events; 10-13 game points, non-zero; 15-17 first round; 19-21 last round; 23-26 first id;
     * 28-31 last id) sets the points for that range of rounds and players, extending a shorter list with zeros
     * before the first round; {@code XXA NNNN pp.p pp.p ...} (JaVaFo/bbp extension, round r in columns
     * 10+5(r-1) to 13+5(r-1); a blank last field = 0) appends one value per column to the player's list. Empty when neither
     * record is present.
     */
    public Map<Integer, List<Integer>> accelerations() {
        Map<Integer, List<Integer>> byId = new java.util.TreeMap<>();
        long cells = 0;
        for (TrfLine l : lines) {
            if (!(l instanceof TrfLine.Text t)) {
                continue;
            }
            if (t.tag().equals("250")) {
                Acceleration250 acceleration = acceleration250(t);
                // bounded work: every 250 record together may fill at most one value per start number and round
                cells += acceleration.cells();
                if (cells > (long) TrfReader.MAX_START_NUMBER * TrfReader.MAX_ROUNDS) {
                    throw new TrfFormatException(lineNumber(t), 23, "the 250 records cover more than "
                            + TrfReader.MAX_START_NUMBER + " start numbers times " + TrfReader.MAX_ROUNDS + " rounds");
                }
                acceleration.applyTo(byId);
            } else if (t.tag().equalsIgnoreCase("XXA")) {
                appendXxa(t, byId);
            }
        }
        return byId;
    }

    /** One 250 record: {@code points} (tenths) for rounds firstRound..lastRound of players firstId..lastId. */
    private record Acceleration250(int points, int firstRound, int lastRound, int firstId, int lastId) {
        long cells() {
            return (long) (lastId - firstId + 1) * (lastRound - firstRound + 1);
        }

        /** Sets the points of its rounds, extending a shorter list with zeros before the first round. */
        void applyTo(Map<Integer, List<Integer>> byId) {
            for (int id = firstId; id <= lastId; id++) {
                List<Integer> list = byId.computeIfAbsent(id, k -> new ArrayList<>());
                while (list.size() < firstRound - 1) {
                    list.add(0);
                }
                for (int r = firstRound - 1; r < lastRound; r++) {
                    if (r < list.size()) {
                        list.set(r, points);
                    } else {
                        list.add(points);
                    }
                }
            }
        }
    }

    /** A 250 record read by its TRF26 columns, each field checked where it stands. */
    private Acceleration250 acceleration250(TrfLine.Text t) {
        String text = t.text();
        int line = lineNumber(t);
        if (text.length() < 31) {
            throw new TrfFormatException(line, text.length() + 1,
                    "250 needs match points, game points, first and last round, first and last id in columns 5-31");
        }
        String matchPoints = text.substring(4, 8);
        if (!matchPoints.isBlank() && accelerationPoints(matchPoints, line, 5) != 0) {
            throw new TrfFormatException(line, 5, "250 match points (columns 5-8) must be empty or zero"
                    + " in an individual event, found '" + matchPoints + "'");
        }
        int points = accelerationPoints(text.substring(9, 13), line, 10);
        if (points == 0) {
            throw new TrfFormatException(line, 10, "250 game points (columns 10-13) must not be zero");
        }
        int firstRound = positive(text.substring(14, 17), line, 15, "first round");
        int lastRound = positive(text.substring(18, 21), line, 19, "last round");
        if (firstRound > lastRound) {
            throw new TrfFormatException(line, 15, "250 first round " + firstRound + " is after last round "
                    + lastRound);
        }
        int firstId = positive(text.substring(22, 26), line, 23, "first id");
        int lastId = positive(text.substring(27, 31), line, 28, "last id");
        if (firstId > lastId) {
            throw new TrfFormatException(line, 23, "250 first id " + firstId + " is after last id " + lastId);
        }
        if (!text.substring(31).isBlank()) {
            throw new TrfFormatException(line, 32, "250 has unexpected text after column 31");
        }
        return new Acceleration250(points, firstRound, lastRound, firstId, lastId);
    }

    /** An XXA record: one value per 5-column field appended to its start number's list. */
    private void appendXxa(TrfLine.Text t, Map<Integer, List<Integer>> byId) {
        String text = t.text();
        int line = lineNumber(t);
        if (text.length() < 8) {
            throw new TrfFormatException(line, 5, "XXA needs a start number in columns 5-8");
        }
        int id = positive(text.substring(4, 8), line, 5, "start number");
        List<Integer> list = byId.computeIfAbsent(id, k -> new ArrayList<>());
        int column = 9;
        for (; column + 4 <= text.length(); column += 5) {
            if (text.charAt(column - 1) != ' ') {
                throw new TrfFormatException(line, column, "XXA: column " + column
                        + " must be blank (points of round r are in columns 10+5(r-1) to 13+5(r-1))");
            }
            if (list.size() >= TrfReader.MAX_ROUNDS) {
                throw new TrfFormatException(line, column, "XXA: more than " + TrfReader.MAX_ROUNDS
                        + " rounds for start number " + id);
            }
            String field = text.substring(column, column + 4);
            // as bbp: a blank field counts as 0 only at the end of the line; elsewhere it is an error
            list.add(field.isBlank() && column + 4 == text.length() ? 0
                    : accelerationPoints(field, line, column + 1));
        }
        if (!text.substring(Math.min(column, text.length())).isBlank()) {
            throw new TrfFormatException(line, column + 1, "XXA: a field is out of place (points of round r"
                    + " are in columns 10+5(r-1) to 13+5(r-1))");
        }
    }

    private static int accelerationPoints(String field, int line, int column) {
        return TrfDates.tenths(field, line, column, "acceleration points (e.g. 1.0)");
    }

    private static int positive(String field, int line, int column, String what) {
        int max = what.contains("round") ? TrfReader.MAX_ROUNDS : TrfReader.MAX_START_NUMBER;
        return TrfDates.count(field, line, column, what, 1, max);
    }

    /** 1-based column of a token in a text line (1 when it cannot be found). */
    private static int column(TrfLine.Text t, String token) {
        return Math.max(1, t.text().indexOf(token) + 1);
    }

    /** TRF26 240 records: requested byes (F, H, Z) of a round. */
    public List<RequestedBye> requestedByes() {
        List<RequestedBye> list = new ArrayList<>();
        for (TrfLine.Text t : records("240")) {
            String[] tokens = t.value().strip().split("\\s+");
            int line = lineNumber(t);
            if (tokens.length < 2 || tokens[0].length() != 1) {
                throw new TrfFormatException(line, 5, "240 expects a bye type, a round and start numbers");
            }
            ResultCode code = ResultCode.of(tokens[0].charAt(0));
            if (code != ResultCode.FULL_POINT_BYE && code != ResultCode.HALF_POINT_BYE
                    && code != ResultCode.ZERO_POINT_BYE) {
                throw new TrfFormatException(line, 5, "240 bye type must be F, H or Z, found '" + tokens[0] + "'");
            }
            int round = TrfDates.count(tokens[1], line, column(t, tokens[1]), "240 round", 1, TrfReader.MAX_ROUNDS);
            for (int i = 2; i < tokens.length; i++) {
                list.add(new RequestedBye(code, round, TrfDates.count(tokens[i], line, column(t, tokens[i]),
                        "240 start number", 1, TrfReader.MAX_START_NUMBER)));
            }
        }
        return list;
    }

    public record RequestedBye(ResultCode type, int round, int player) {
    }

    /** A copy with these players' records replaced (by start number) or appended after the last player. */
    public TrfDocument withPlayers(List<TrfPlayer> changed) {
        Map<Integer, TrfPlayer> byId = new LinkedHashMap<>();
        for (TrfPlayer p : changed) {
            byId.put(p.startNumber(), p);
        }
        List<TrfLine> out = new ArrayList<>();
        int lastPlayer = -1;
        String terminator = "\n";
        for (TrfLine l : lines) {
            if (l instanceof TrfLine.PlayerRecord p) {
                TrfPlayer repl = byId.remove(p.player().startNumber());
                out.add(repl == null || repl.equals(p.player()) ? p : new TrfLine.PlayerRecord(repl, null, p.terminator()));
                lastPlayer = out.size() - 1;
                terminator = p.terminator().isEmpty() ? terminator : p.terminator();
            } else {
                out.add(l);
                if (!l.terminator().isEmpty()) {
                    terminator = l.terminator();
                }
            }
        }
        int at = lastPlayer + 1;
        for (TrfPlayer p : byId.values()) {
            out.add(at++, new TrfLine.PlayerRecord(p, null, terminator));
        }
        return new TrfDocument(out);
    }

    /** A copy where the first record with {@code tag} is replaced by {@code tag + " " + value}, or one is added
     * after the 012 line (or first) when missing. */
    public TrfDocument withHeader(String tag, String value) {
        List<TrfLine> out = new ArrayList<>(lines);
        String terminator = lines.isEmpty() ? "\r" : lines.get(0).terminator();
        if (terminator.isEmpty()) {
            terminator = "\n";
        }
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i) instanceof TrfLine.Text t && t.tag().equalsIgnoreCase(tag)) {
                out.set(i, new TrfLine.Text(tag + " " + value, t.terminator()));
                return new TrfDocument(out);
            }
        }
        int at = 0;
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i).tag().equals("012")) {
                at = i + 1;
            }
        }
        out.add(at, new TrfLine.Text(tag + " " + value, terminator));
        return new TrfDocument(out);
    }

    /** 1-based line number of a line of this document. */
    public int lineNumber(TrfLine line) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i) == line) {
                return i + 1;
            }
        }
        return 0;
    }

    private int tenths(String s, TrfLine.Text t, String token) {
        return TrfDates.tenths(s, lineNumber(t), column(t, token), t.tag() + " points");
    }
}

package org.torneo.clock.core.timecontrol;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.clock.TimingMode;

/**
 * Reads time controls in the usual notations.
 * <ul>
 * <li>Human form (base in minutes unless a unit is given, bonus in seconds): "90+30",
 * "40/90+30, 30+30", "G/60 d5", "G/60;d5", "40/120, 20/60, G/30", "3+2", "300s+2", "1h+30",
 * "25 b5" (Bronstein delay), "15 min + 10 s per move" (the words FIDE's regulations use). Periods are separated by commas; a period with a move count is
 * written moves/time; "G/" or "SD/" marks the rest of the game.</li>
 * <li>TRF-26 tag 222 form (all numbers in seconds, periods separated by colons):
 * "5400+30", "40/6000+30:900+30", "3600d5" (simple delay), "3600b5" (Bronstein).</li>
 * </ul>
 * {@link #parse(String)} decides between the two: a colon, or a bare first time over 120 (which would be more
 * than 2 hours in minutes, longer than the longest first period of FIDE's rates of play), means seconds: the TRF form, and
 * the PGN TimeControl tag (PGN standard 9.6.1: "300+3" is 5 minutes and 3 seconds a move, "180+2" 3 minutes and
 * 2 seconds, as lichess writes them). A first time of 120 or less is minutes ("90+30", "40/120"); write
 * "60s+0" or use {@link #parseTrf} for seconds, "150 min + 30 s" for minutes.
 */
public final class TimeControlParser {

    static final long MAX_PERIOD_MILLIS = 24L * 3600_000;
    static final long MAX_BONUS_MILLIS = 10L * 60_000;
    static final int MAX_MOVES = 200;
    private static final int BARE_MINUTES_LIMIT = 600;
    /** Above this a bare first time is read as seconds by {@link #parse} (the TRF and PGN forms). */
    private static final int AUTO_SECONDS_ABOVE = 120;

    private enum Unit {
        MILLIS(1), SECONDS(1000), MINUTES(60_000), HOURS(3_600_000);

        final long millis;

        Unit(long millis) {
            this.millis = millis;
        }
    }

    private final String input;
    private final boolean trf;
    private final int limit;
    private int pos;

    private TimeControlParser(String input, boolean trf) {
        this(input, trf, 0, input.length());
    }

    /** Parses {@code input[from, to)}; columns in errors still count from the start of {@code input}. */
    private TimeControlParser(String input, boolean trf, int from, int to) {
        this.input = input;
        this.trf = trf;
        this.pos = from;
        this.limit = to;
    }

    /** Parses either notation (see the class comment for how they are told apart). */
    public static TimeControl parse(String text) {
        String trimmed = requireText(text);
        if (sideSplit(trimmed) >= 0) {
            throw new TimeControlSyntaxException(trimmed, 1, trimmed.substring(0, 1),
                    "different controls for White and Black: read them with parseSides");
        }
        return new TimeControlParser(trimmed, looksLikeTrf(trimmed)).control();
    }

    /**
     * Parses controls that may differ per side: the TRF-26 tag 222 form {@code Wd[:d]-Bd[:d]}
     * ("W300-B240": Armageddon, White 5 minutes, Black 4), where bare numbers are seconds and units may
     * be given ("W5m-B4m"); any other text is one control for both players, read as by {@link #parse}.
     */
    public static SideControls parseSides(String text) {
        String trimmed = requireText(text);
        int split = sideSplit(trimmed);
        if (split < 0) {
            TimeControl both = parse(trimmed);
            return new SideControls(both, both);
        }
        TimeControl white = new TimeControlParser(trimmed, true, 1, split).control();
        TimeControl black = new TimeControlParser(trimmed, true, split + 2, trimmed.length()).control();
        return new SideControls(white, black);
    }

    /** Index of the "-B" that separates White's and Black's controls in "W...-B...", or -1. */
    private static int sideSplit(String text) {
        if (text.isEmpty() || Character.toUpperCase(text.charAt(0)) != 'W') {
            return -1;
        }
        int split = text.toUpperCase(Locale.ROOT).indexOf("-B");
        if (split < 0) {
            throw new TimeControlSyntaxException(text, text.length() + 1, "",
                    "a control for White (W...) must be followed by one for Black (-B...)");
        }
        return split;
    }

    /** Parses the human notation only (bare base times are minutes). */
    public static TimeControl parseHuman(String text) {
        return new TimeControlParser(requireText(text), false).control();
    }

    /** Parses the TRF-26 tag 222 notation only (all numbers are seconds). */
    public static TimeControl parseTrf(String text) {
        return new TimeControlParser(requireText(text), true).control();
    }

    private static String requireText(String text) {
        if (text == null || text.isBlank()) {
            throw new TimeControlSyntaxException(text == null ? "" : text, 1, "", "empty time control");
        }
        return text.strip();
    }

    private static boolean looksLikeTrf(String text) {
        if (!text.matches("[0-9./+:dbDB]+")) {
            return false;
        }
        if (text.indexOf(':') >= 0) {
            return true;
        }
        String firstTime = text.contains("/") ? text.substring(text.indexOf('/') + 1) : text;
        String digits = firstTime.replaceAll("[^0-9.].*$", "");
        try {
            return !digits.isEmpty() && new BigDecimal(digits).compareTo(BigDecimal.valueOf(AUTO_SECONDS_ABOVE)) > 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private TimeControl control() {
        List<Period> periods = new ArrayList<>();
        List<Integer> periodColumns = new ArrayList<>();
        while (true) {
            skipSpaces();
            periodColumns.add(pos + 1);
            periods.add(period());
            skipSpaces();
            if (atEnd()) {
                break;
            }
            char c = input.charAt(pos);
            if (c == ',' || (trf && c == ':')) {
                pos++;
                skipSpaces();
                if (atEnd()) {
                    throw error("", "a period must follow '" + c + "'");
                }
                continue;
            }
            throw error(tokenAt(pos), trf ? "expected ':' before the next period or the end"
                    : "expected ',' before the next period, '+N' increment, 'dN' or 'bN' delay, or the end");
        }
        for (int i = 0; i < periods.size() - 1; i++) {
            if (periods.get(i).isRestOfGame()) {
                throw new TimeControlSyntaxException(input, periodColumns.get(i), periodText(periodColumns, i),
                        "period " + (i + 1) + " has no move count (e.g. 40/90) but another period follows");
            }
        }
        return new TimeControl(periods);
    }

    private String periodText(List<Integer> columns, int i) {
        int from = columns.get(i) - 1;
        int to = i + 1 < columns.size() ? columns.get(i + 1) - 1 : limit;
        return input.substring(from, to).replaceAll("[,:\\s]+$", "");
    }

    private Period period() {
        int moves = 0;
        int start = pos;
        if (!trf && startsWithIgnoreCase("G/")) {
            pos += 2;
        } else if (!trf && startsWithIgnoreCase("SD/")) {
            pos += 3;
        } else {
            int save = pos;
            String number = digits();
            skipSpaces();
            if (!number.isEmpty() && !atEnd() && input.charAt(pos) == '/') {
                moves = parseMoves(number, save);
                pos++;
                skipSpaces();
            } else {
                pos = save;
            }
        }
        skipSpaces();
        long base = amount(trf ? Unit.SECONDS : Unit.MINUTES, "the period's time", MAX_PERIOD_MILLIS, true);
        if (base == 0) {
            throw new TimeControlSyntaxException(input, start + 1, input.substring(start, pos).strip(),
                    "a period must give some time");
        }
        TimingMode mode = TimingMode.NONE;
        long bonus = 0;
        while (true) {
            int save = pos;
            skipSpaces();
            if (!trf && !atEnd() && input.charAt(pos) == ';') {
                pos++;
                skipSpaces();
            }
            if (atEnd()) {
                pos = save;
                break;
            }
            char c = input.charAt(pos);
            TimingMode next;
            if (c == '+') {
                next = TimingMode.FISCHER;
            } else if (c == 'd' || c == 'D') {
                next = TimingMode.SIMPLE_DELAY;
            } else if (c == 'b' || c == 'B') {
                next = TimingMode.BRONSTEIN;
            } else {
                pos = save;
                break;
            }
            if (mode != TimingMode.NONE) {
                throw error(String.valueOf(c), "a period can have only one increment or delay");
            }
            pos++;
            skipSpaces();
            bonus = amount(Unit.SECONDS, next == TimingMode.FISCHER ? "the increment" : "the delay", MAX_BONUS_MILLIS, false);
            mode = next;
            if (!trf) {
                skipPerMove();
            }
        }
        return new Period(moves, base, mode, bonus);
    }

    /** "per move" (also "a move", "each move", "/move") after an increment or delay: the words add nothing. */
    private void skipPerMove() {
        int save = pos;
        skipSpaces();
        String rest = input.substring(pos, limit).toLowerCase(Locale.ROOT);
        for (String words : List.of("per move", "a move", "each move", "/move", "/mv")) {
            if (rest.startsWith(words) && (rest.length() == words.length()
                    || !Character.isLetterOrDigit(rest.charAt(words.length())))) {
                pos += words.length();
                return;
            }
        }
        pos = save;
    }

    private int parseMoves(String number, int column) {
        if (number.contains(".")) {
            throw new TimeControlSyntaxException(input, column + 1, number, "a move count must be a whole number");
        }
        int moves;
        try {
            moves = Integer.parseInt(number);
        } catch (NumberFormatException e) {
            moves = Integer.MAX_VALUE;
        }
        if (moves < 1 || moves > MAX_MOVES) {
            throw new TimeControlSyntaxException(input, column + 1, number,
                    "a move count must be between 1 and " + MAX_MOVES);
        }
        return moves;
    }

    /** A number with an optional unit; returns millis. */
    private long amount(Unit defaultUnit, String what, long max, boolean isBase) {
        int start = pos;
        String number = digits();
        if (number.isEmpty()) {
            throw error(tokenAt(pos), "expected a number for " + what);
        }
        Unit unit = unit();
        BigDecimal value;
        try {
            value = new BigDecimal(number);
        } catch (NumberFormatException e) {
            throw new TimeControlSyntaxException(input, start + 1, number, "not a number");
        }
        Unit effective = unit == null ? defaultUnit : unit;
        if (isBase && !trf && unit == null && value.compareTo(BigDecimal.valueOf(BARE_MINUTES_LIMIT)) > 0) {
            throw new TimeControlSyntaxException(input, start + 1, number, number
                    + " minutes is more than 10 hours; for seconds write " + number + "s or use the TRF-26 form");
        }
        BigDecimal millis = value.multiply(BigDecimal.valueOf(effective.millis));
        if (unit == Unit.HOURS && !atEnd() && Character.isDigit(input.charAt(pos))) {
            // "1h30": hours and minutes
            int minutesAt = pos;
            String minutes = digits();
            Unit minuteUnit = unit();
            if (minutes.contains(".") || (minuteUnit != null && minuteUnit != Unit.MINUTES)) {
                throw new TimeControlSyntaxException(input, minutesAt + 1, input.substring(minutesAt, pos),
                        "after hours only whole minutes may follow (e.g. 1h30)");
            }
            millis = millis.add(new BigDecimal(minutes).multiply(BigDecimal.valueOf(Unit.MINUTES.millis)));
        }
        if (millis.stripTrailingZeros().scale() > 0) {
            throw new TimeControlSyntaxException(input, start + 1, input.substring(start, pos),
                    "finer than a millisecond");
        }
        if (millis.compareTo(BigDecimal.valueOf(max)) > 0) {
            throw new TimeControlSyntaxException(input, start + 1, input.substring(start, pos),
                    what + " is absurd (more than " + describe(max) + ")");
        }
        return millis.longValueExact();
    }

    private static String describe(long millis) {
        return millis % 3_600_000 == 0 ? millis / 3_600_000 + " h" : millis / 60_000 + " min";
    }

    private Unit unit() {
        int before = pos;
        skipSpaces();
        String rest = input.substring(pos, limit).toLowerCase(Locale.ROOT);
        String[][] units = {{"ms", "MILLIS"}, {"min", "MINUTES"}, {"mins", "MINUTES"}, {"minutes", "MINUTES"},
                {"sec", "SECONDS"}, {"secs", "SECONDS"}, {"seconds", "SECONDS"}, {"s", "SECONDS"}, {"m", "MINUTES"},
                {"h", "HOURS"}, {"hr", "HOURS"}, {"hour", "HOURS"}, {"hours", "HOURS"},
                {"'", "MINUTES"}, {"\"", "SECONDS"}, {"''", "SECONDS"}};
        Unit found = null;
        int length = 0;
        for (String[] u : units) {
            if (rest.startsWith(u[0]) && u[0].length() > length) {
                // a unit must not run into a following word ("min" vs "m" + something else)
                int end = u[0].length();
                if (end < rest.length() && Character.isLetter(rest.charAt(end)) && Character.isLetter(u[0].charAt(0))) {
                    continue;
                }
                found = Unit.valueOf(u[1]);
                length = u[0].length();
            }
        }
        if (found == null) {
            pos = before;
            return null;
        }
        pos += length;
        return found;
    }

    private String digits() {
        int start = pos;
        while (!atEnd() && (Character.isDigit(input.charAt(pos)) || input.charAt(pos) == '.')) {
            pos++;
        }
        return input.substring(start, pos);
    }

    private boolean startsWithIgnoreCase(String prefix) {
        return input.regionMatches(true, pos, prefix, 0, prefix.length());
    }

    private void skipSpaces() {
        while (!atEnd() && Character.isWhitespace(input.charAt(pos))) {
            pos++;
        }
    }

    private boolean atEnd() {
        return pos >= limit;
    }

    private String tokenAt(int at) {
        if (at >= limit) {
            return "";
        }
        int end = at + 1;
        if (Character.isLetterOrDigit(input.charAt(at))) {
            while (end < limit && Character.isLetterOrDigit(input.charAt(end))) {
                end++;
            }
        }
        return input.substring(at, end);
    }

    private TimeControlSyntaxException error(String token, String reason) {
        return new TimeControlSyntaxException(input, pos + 1, token, reason);
    }
}

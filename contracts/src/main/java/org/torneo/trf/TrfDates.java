package org.torneo.trf;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The bounded number readers of the TRF reader: dates, points and counts. Each checks the shape with a pattern
 * before converting, so a value from a file ends in a {@link TrfFormatException} naming line and column, never in
 * a NumberFormatException, an ArithmeticException or an allocation sized by the file.
 */
final class TrfDates {

    /** TRF 042/052 write YYYY/MM/DD; DD/MM/YYYY is common too; '/', '.' and '-' separate the parts, and
     * Swiss-Chess puts a space after each dot ("28. 07. 2005"). */
    private static final Pattern YEAR_FIRST = Pattern.compile("(\\d{4})\\s*[/.\\-]\\s*(\\d{1,2})\\s*[/.\\-]\\s*(\\d{1,2})\\.?");
    private static final Pattern YEAR_LAST = Pattern.compile("(\\d{1,2})\\s*[/.\\-]\\s*(\\d{1,2})\\s*[/.\\-]\\s*(\\d{4})");
    /** lichess writes "May 29, 2020" (month name first); "29 May 2020" and "29. Mai 2020" are the day-first forms. */
    private static final Pattern NAMED_MONTH_FIRST = Pattern.compile("(\\p{L}{3,9})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s*,?\\s*(\\d{4})");
    private static final Pattern NAMED_MONTH_LAST = Pattern.compile("(\\d{1,2})\\.?\\s*(\\p{L}{3,9})\\.?\\s*,?\\s*(\\d{4})");
    /** Month names as tools write them, English and German (Swiss-Chess, Swiss-Manager), matched on the first
     * three letters; "Mär"/"Mrz", "Mai", "Okt" and "Dez" are the German forms that differ. */
    private static final java.util.Map<String, Integer> MONTHS = java.util.Map.ofEntries(
            java.util.Map.entry("jan", 1), java.util.Map.entry("feb", 2), java.util.Map.entry("mar", 3),
            java.util.Map.entry("mär", 3), java.util.Map.entry("mrz", 3), java.util.Map.entry("apr", 4),
            java.util.Map.entry("may", 5), java.util.Map.entry("mai", 5), java.util.Map.entry("jun", 6),
            java.util.Map.entry("jul", 7), java.util.Map.entry("aug", 8), java.util.Map.entry("sep", 9),
            java.util.Map.entry("oct", 10), java.util.Map.entry("okt", 10), java.util.Map.entry("nov", 11),
            java.util.Map.entry("dec", 12), java.util.Map.entry("dez", 12));
    /** What an unreadable date is told to look like. */
    static final String DATE_FORMS = "2026/03/15, 2026-03-15, 15.03.2026, 15. 03. 2026 or Mar 15, 2026";
    /** Points: up to three digits and at most one decimal that is not a zero beyond tenths. */
    private static final Pattern POINTS = Pattern.compile("(\\d{1,3})(?:\\.(\\d)0*)?");
    private static final Pattern COUNT = Pattern.compile("\\d{1,9}");

    /** Years outside this range are typing errors (a birth year, an event date). */
    static final int FIRST_YEAR = 1800;
    static final int LAST_YEAR = 2999;

    private TrfDates() {
    }

    /** A date of a header (042 start, 052 end), in any of the forms of {@link #DATE_FORMS}. */
    static LocalDate date(String text, int line, int column, String what) {
        String s = text.strip();
        Matcher first = YEAR_FIRST.matcher(s);
        Matcher last = YEAR_LAST.matcher(s);
        Matcher namedFirst = NAMED_MONTH_FIRST.matcher(s);
        Matcher namedLast = NAMED_MONTH_LAST.matcher(s);
        int year;
        int month;
        int day;
        if (first.matches()) {
            year = Integer.parseInt(first.group(1));
            month = Integer.parseInt(first.group(2));
            day = Integer.parseInt(first.group(3));
        } else if (last.matches()) {
            day = Integer.parseInt(last.group(1));
            month = Integer.parseInt(last.group(2));
            year = Integer.parseInt(last.group(3));
        } else if (namedFirst.matches()) {
            month = month(namedFirst.group(1), s, line, column, what);
            day = Integer.parseInt(namedFirst.group(2));
            year = Integer.parseInt(namedFirst.group(3));
        } else if (namedLast.matches()) {
            day = Integer.parseInt(namedLast.group(1));
            month = month(namedLast.group(2), s, line, column, what);
            year = Integer.parseInt(namedLast.group(3));
        } else {
            throw new TrfFormatException(line, column, what + ": a date like " + DATE_FORMS + " expected, found '"
                    + s + "'");
        }
        if (year < FIRST_YEAR || year > LAST_YEAR) {
            throw new TrfFormatException(line, column, what + ": year " + year + " is out of range "
                    + FIRST_YEAR + ".." + LAST_YEAR);
        }
        try {
            return LocalDate.of(year, month, day);
        } catch (DateTimeException e) {
            throw new TrfFormatException(line, column, what + ": '" + s + "' is not a date (" + e.getMessage() + ")");
        }
    }

    private static int month(String name, String date, int line, int column, String what) {
        String key = name.toLowerCase(java.util.Locale.ROOT);
        Integer month = MONTHS.get(key.substring(0, 3));
        // a full name must be a month's name, not any word starting like one ("Mayday")
        if (month == null || (key.length() > 3 && !FULL_NAMES.contains(key))) {
            throw new TrfFormatException(line, column, what + ": '" + name + "' in '" + date
                    + "' is not a month name (English or German)");
        }
        return month;
    }

    private static final java.util.Set<String> FULL_NAMES = java.util.Set.of(
            "january", "february", "march", "april", "june", "july", "august", "september", "sept", "october",
            "november", "december", "januar", "februar", "märz", "juni", "juli", "oktober", "dezember");

    /** A birth date (columns 70-79): YYYY/MM/DD, or the year alone as many files give it; 00 for an unknown part. */
    static void birthDate(String text, int line, int column) {
        String s = text.strip();
        Matcher m = YEAR_FIRST.matcher(s);
        int year;
        int month = 0;
        int day = 0;
        if (s.matches("\\d{4}")) {
            year = Integer.parseInt(s);
        } else if (m.matches()) {
            year = Integer.parseInt(m.group(1));
            month = Integer.parseInt(m.group(2));
            day = Integer.parseInt(m.group(3));
        } else {
            throw new TrfFormatException(line, column, "birth date (columns 70-79): YYYY/MM/DD or YYYY expected, found '"
                    + s + "'");
        }
        if (year == 0 && month == 0 && day == 0) {
            // TRF-16 columns 70-79: Swiss-Manager writes 0000/00/00 for a player whose birth date it does not know
            // (the 2026 Swiss-Manager export of realfiles/); all parts unknown, like a blank field
            return;
        }
        if (year < FIRST_YEAR || year > LAST_YEAR || month > 12 || day > 31 || (month == 0 && day != 0)) {
            throw new TrfFormatException(line, column, "birth date (columns 70-79) '" + s + "' is out of range");
        }
        if (month > 0 && day > 0) {
            try {
                LocalDate.of(year, month, day);
            } catch (DateTimeException e) {
                throw new TrfFormatException(line, column, "birth date (columns 70-79) '" + s + "' does not exist");
            }
        }
    }

    /** Points such as 2.5, 3 or 1.0, in tenths (0..999.9 points). */
    static int tenths(String text, int line, int column, String what) {
        String s = text.strip();
        Matcher m = POINTS.matcher(s);
        if (!m.matches()) {
            throw new TrfFormatException(line, column, what + ": points like 2.5 expected, found '" + s + "'");
        }
        return Integer.parseInt(m.group(1)) * 10 + (m.group(2) == null ? 0 : m.group(2).charAt(0) - '0');
    }

    /** A whole number in {@code min..max}. */
    static int count(String text, int line, int column, String what, int min, int max) {
        String s = text.strip();
        if (!COUNT.matcher(s).matches()) {
            throw new TrfFormatException(line, column, what + ": a number " + min + ".." + max + " expected, found '"
                    + s + "'");
        }
        int v = Integer.parseInt(s);
        if (v < min || v > max) {
            throw new TrfFormatException(line, column, what + " " + v + " is out of range " + min + ".." + max);
        }
        return v;
    }
}

package org.torneo.contracts.codec;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;

/**
 * Instants as the wire writes them ({@code 2026-05-01T15:04:05.123Z}, the text of {@link Instant#toString()}),
 * written and read without {@code java.time.format}: every envelope carries at least one instant, and the
 * formatter was a tenth of the game service's CPU per move. Only the common shape is handled here (years
 * 1970-9999, UTC "Z", 0-9 fraction digits); anything else goes to {@link Instant#toString()} and
 * {@link Instant#parse(CharSequence)}, so the text written and the instants read are exactly theirs.
 */
final class IsoInstant {

    private static final long FIRST_SECOND = 0L;                                   // 1970-01-01T00:00:00Z
    private static final long LAST_SECOND = LocalDate.of(9999, 12, 31).toEpochDay() * 86_400L + 86_399L;

    private IsoInstant() {
    }

    /** The same text as {@link Instant#toString()}. */
    static String format(Instant instant) {
        long seconds = instant.getEpochSecond();
        if (seconds < FIRST_SECOND || seconds > LAST_SECOND) {
            return instant.toString();
        }
        int nanos = instant.getNano();
        long days = Math.floorDiv(seconds, 86_400L);
        int secondOfDay = (int) Math.floorMod(seconds, 86_400L);
        LocalDate date = LocalDate.ofEpochDay(days);
        char[] out = new char[30];
        int n = 0;
        n = digits(out, n, date.getYear(), 4);
        out[n++] = '-';
        n = digits(out, n, date.getMonthValue(), 2);
        out[n++] = '-';
        n = digits(out, n, date.getDayOfMonth(), 2);
        out[n++] = 'T';
        n = digits(out, n, secondOfDay / 3600, 2);
        out[n++] = ':';
        n = digits(out, n, secondOfDay / 60 % 60, 2);
        out[n++] = ':';
        n = digits(out, n, secondOfDay % 60, 2);
        if (nanos != 0) {
            // ISO_INSTANT prints the fraction in groups of three digits, as many groups as needed
            out[n++] = '.';
            if (nanos % 1_000_000 == 0) {
                n = digits(out, n, nanos / 1_000_000, 3);
            } else if (nanos % 1_000 == 0) {
                n = digits(out, n, nanos / 1_000, 6);
            } else {
                n = digits(out, n, nanos, 9);
            }
        }
        out[n++] = 'Z';
        return new String(out, 0, n);
    }

    private static int digits(char[] out, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            out[i] = (char) ('0' + value % 10);
            value /= 10;
        }
        return at + width;
    }

    /** The same instant as {@link Instant#parse(CharSequence)}, which also throws for what neither reads. */
    static Instant parse(String text) {
        Instant fast = parseCommonShape(text);
        return fast != null ? fast : Instant.parse(text);
    }

    /** {@code yyyy-MM-ddTHH:mm:ss[.f{1,9}]Z} with a valid date and time; null for anything else. */
    static Instant parseCommonShape(String text) {
        int length = text.length();
        if (length < 20 || length > 30 || text.charAt(4) != '-' || text.charAt(7) != '-' || text.charAt(10) != 'T'
                || text.charAt(13) != ':' || text.charAt(16) != ':' || text.charAt(length - 1) != 'Z') {
            return null;
        }
        int year = number(text, 0, 4);
        int month = number(text, 5, 2);
        int day = number(text, 8, 2);
        int hour = number(text, 11, 2);
        int minute = number(text, 14, 2);
        int second = number(text, 17, 2);
        if (year < 1970 || month < 0 || day < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59
                || second < 0 || second > 59) {
            return null; // leap seconds, hour 24 and the like: the JDK's parser decides
        }
        int nanos = 0;
        if (length > 20) {
            int digits = length - 21;
            if (text.charAt(19) != '.' || digits < 1 || digits > 9) {
                return null;
            }
            int fraction = number(text, 20, digits);
            if (fraction < 0) {
                return null;
            }
            nanos = fraction;
            for (int i = digits; i < 9; i++) {
                nanos *= 10;
            }
        }
        long epochDay;
        try {
            epochDay = LocalDate.of(year, month, day).toEpochDay();
        } catch (DateTimeException e) {
            return null;
        }
        return Instant.ofEpochSecond(epochDay * 86_400L + hour * 3600L + minute * 60L + second, nanos);
    }

    /** The decimal number in {@code text[from, from + width)}, or -1 when a character is not a digit. */
    private static int number(String text, int from, int width) {
        int value = 0;
        for (int i = from; i < from + width; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}

package org.torneo.contracts.fuzz;

import java.util.List;
import java.util.Random;

/**
 * Deterministic mutations of a valid input: characters replaced, inserted or deleted, lines duplicated, swapped,
 * cut or dropped, numbers replaced by extreme ones, and tokens of the format (a dictionary per target) spliced in.
 * The same seed gives the same cases, so a failing case is reproduced by its target, seed and index. Shared by
 * the fuzz tests of the command line and the services through this module's test-jar.
 */
public final class Mutator {

    private static final String ALPHABET = "0123456789 \t\r\n-+=/.:,;$[]{}()%\"'*?!#abcdefghwbWBDLHFUZXKQRNPkqrnpx~\u00e9\u0000\uFEFF";
    private static final List<String> NUMBERS = List.of("0", "-1", "00000", "9999", "10000", "2147483647", "2147483648",
            "-2147483648", "9223372036854775808", "99999999999999999999", "1e9", "1.5", "0.05", "999.9", "NaN", "", " ",
            "4001", "99", "100", "65536", "-0", "+1", "1_000", "\u0661\u0662");

    private final Random random;
    private final List<String> dictionary;

    public Mutator(long seed, List<String> dictionary) {
        this.random = new Random(seed);
        this.dictionary = dictionary;
    }

    /** One to four mutations of {@code text}. */
    public String mutate(String text) {
        String s = text;
        int count = 1 + random.nextInt(4);
        for (int i = 0; i < count; i++) {
            s = once(s);
        }
        return s;
    }

    private String once(String s) {
        int n = s.length();
        int at = n == 0 ? 0 : random.nextInt(n + 1);
        return switch (random.nextInt(10)) {
            case 0 -> n == 0 ? s : s.substring(0, Math.min(at, n - 1)) + randomChar() + s.substring(Math.min(at, n - 1) + 1);
            case 1 -> s.substring(0, at) + randomChar() + s.substring(at);
            case 2 -> n == 0 ? s : s.substring(0, at) + s.substring(Math.min(n, at + 1 + random.nextInt(8)));
            case 3 -> replaceNumber(s);
            case 4, 5 -> s.substring(0, at) + dictionary.get(random.nextInt(dictionary.size())) + s.substring(at);
            case 6 -> lines(s, 0);
            case 7 -> lines(s, 1);
            case 8 -> lines(s, 2);
            default -> s.substring(0, at); // cut
        };
    }

    private char randomChar() {
        return ALPHABET.charAt(random.nextInt(ALPHABET.length()));
    }

    /** Replaces one run of digits by an extreme number, keeping its width when the number fits (fixed columns). */
    private String replaceNumber(String s) {
        int tries = 0;
        while (tries++ < 20 && !s.isEmpty()) {
            int at = random.nextInt(s.length());
            if (!Character.isDigit(s.charAt(at))) {
                continue;
            }
            int from = at;
            int to = at;
            while (from > 0 && Character.isDigit(s.charAt(from - 1))) {
                from--;
            }
            while (to < s.length() && Character.isDigit(s.charAt(to))) {
                to++;
            }
            String number = NUMBERS.get(random.nextInt(NUMBERS.size()));
            if (random.nextBoolean() && number.length() < to - from) {
                number = " ".repeat(to - from - number.length()) + number;
            }
            return s.substring(0, from) + number + s.substring(to);
        }
        return s;
    }

    /** 0: duplicate a line, 1: swap two lines, 2: drop a line. */
    private String lines(String s, int what) {
        String[] lines = s.split("\n", -1);
        if (lines.length < 2) {
            return s;
        }
        int a = random.nextInt(lines.length);
        int b = random.nextInt(lines.length);
        StringBuilder out = new StringBuilder(s.length() + 100);
        for (int i = 0; i < lines.length; i++) {
            if (what == 2 && i == a) {
                continue;
            }
            String line = what == 1 && i == a ? lines[b] : what == 1 && i == b ? lines[a] : lines[i];
            out.append(line).append('\n');
            if (what == 0 && i == a) {
                out.append(lines[b]).append('\n');
            }
        }
        return out.toString();
    }
}

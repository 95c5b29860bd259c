package org.torneo.cli.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.torneo.cli.Command;
import org.torneo.cli.Main;
import org.torneo.cli.TrfInput;
import org.torneo.contracts.fuzz.Mutator;
import org.torneo.pairing.swiss.SwissTournament;
import org.torneo.trf.TrfDocument;
import org.torneo.trf.TrfFormatException;

/**
 * Mutated TRF, PGN, FEN and time-control strings through the command line's own code: the commands
 * {@code standings}, {@code rating}, {@code replay}, {@code moves} and {@code timecontrol} run as {@code torneo}
 * runs them, and the TRF as {@code pair} and {@code check} read it ({@link TrfInput}, then the Swiss model).
 * Every case must end in a result or a clean error (the command's usage error, exit 2, naming what and where);
 * any other exception or error escaping is a failure. Seeds are fixed: a failure names its target and case.
 * The default run takes {@value #DEFAULT_CASES} cases per target; {@code -Pslow} runs {@value #SLOW_CASES}.
 */
class ParserFuzzTest {

    static final int DEFAULT_CASES = 3000;
    static final int SLOW_CASES = 100_000;
    private static final PrintStream NOWHERE = new PrintStream(OutputStream.nullOutputStream());

    @TempDir
    Path dir;

    @Test
    void everyMutatedInputEndsInAResultOrACleanError() throws IOException {
        fuzzAll(DEFAULT_CASES);
    }

    @Test
    @Tag("slow")
    void aHundredThousandMutatedInputsPerTarget() throws IOException {
        fuzzAll(SLOW_CASES);
    }

    private void fuzzAll(int cases) throws IOException {
        List<Tally> tallies = List.of(trf(cases), pgn(cases), fen(cases), timeControl(cases));
        System.out.printf("%-12s %8s %13s %9s %8s %9s%n", "fuzz target", "cases", "clean errors", "accepted", "escaped",
                "seconds");
        for (Tally t : tallies) {
            System.out.printf("%-12s %8d %13d %9d %8d %9.1f%n", t.target, t.cases, t.clean, t.accepted, t.escaped,
                    t.nanos / 1e9);
        }
        for (Tally t : tallies) {
            assertEquals(0, t.escaped, t.target + ": escaped exceptions, first ones:\n" + String.join("\n", t.examples));
            assertEquals(cases, t.clean + t.accepted + t.escaped);
            assertTrue(t.clean > 0 && t.accepted > 0, t.target + ": the mutations should give both outcomes: " + t.clean
                    + " clean errors, " + t.accepted + " accepted");
        }
    }

    /** {@code standings} and {@code rating} on the file, and the TRF as {@code pair} reads it. */
    private Tally trf(int cases) throws IOException {
        List<String> seeds = new ArrayList<>();
        for (String name : List.of("pairing/javafo_TRFXSample2.round-05.in.trf", "pairing/dev-nopair02-p008-r08.round-08.in.trf",
                "rating/dev063-p008-r05.trf", "fuzz/trf/dev059-p037-r11.trf", "fuzz/trf/xxa-dev121-p008-r06-r02.trf",
                "fuzz/trf/r250-dev043-p017-r10-r04.trf")) {
            seeds.add(resource(name).replace("\r\n", "\n").replace('\r', '\n'));
        }
        List<String> dictionary = List.of("XXR 2147483647\n", "XXR 999999\n", "142 0\n", "XXR 99\n", "162  W 1e999    D 0.5\n",
                "BBW 99999999\n", "XXS W=1.0 D=0.5 ZPB=-1\n", "260 001 999 0001 0002\n", "XXP 1 99999999999\n",
                "240 H 003  0001\n", "240 Q 2147483648 1\n", "250       2.0   1   9    1 9999\n", "XXA    1  1.0 99.9\n",
                "042 2026/02/30\n", "052 31/12/99999\n", "042 2026/03/15\n", "152 B\n",
                "001    1      Intruder                          2800                             1.0    1\n",
                "001 9999      Far                               4001 XXX             2100/13/40  0.0", " 2800", "  U", " w 1",
                " b =", "0000 - H", " 9999 w 1", "99.9", "  -0", "1985/02/29");
        Path file = dir.resolve("fuzz.trf");
        return run("trf", cases, 17L, seeds, dictionary, text -> {
            Files.writeString(file, text, StandardCharsets.UTF_8);
            List<String> args = List.of(file.toString());
            boolean clean = false;
            for (String command : List.of("standings", "rating")) {
                clean |= command(command, args) != 0;
            }
            try {
                TrfDocument doc = TrfInput.read(file);  // pair and check read the file so
                SwissTournament.fromTrf(doc);           // and pair builds the Swiss model from it
            } catch (Command.UsageException | TrfFormatException e) {
                clean = true;
            }
            return clean;
        });
    }

    /** {@code replay --format tsv} on the file. */
    private Tally pgn(int cases) throws IOException {
        // one game per seed (the mutations splice in game starts, so files of several games are made too)
        List<String> seeds = new ArrayList<>();
        for (String game : resource("laws/games.pgn").split("\n(?=\\[Event )")) {
            seeds.add(game + "\n");
        }
        List<String> dictionary = List.of(" $999999999999 ", " $256 ", " $1 ", " {[%clk 99999999999999999999:00:00]} ",
                " {[%clk 1:30:00]} ", " {[%emt 0:00:99]} ", " {[%clk -1:00:00]} ", " {[%emt 0:0:1.123456789123]} ",
                " 99999999999999. ", " 2147483648... ", "\n[WhiteElo \"99999999999\"]\n", "\n[PlyCount \"-5\"]\n",
                "\n[SetUp \"2\"]\n", "\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n",
                "\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999\"]\n", " ( ", " ) ",
                " { ", " } ", "\n\n[Event \"x\"]\n\n", " 1-0 ", " * ", " -- ", " 0-0-0 ", " e8=Q ", " ; comment\n",
                "\n%escape\n");
        Path file = dir.resolve("fuzz.pgn");
        return run("pgn", cases, 23L, seeds, dictionary, text -> {
            Files.writeString(file, text, StandardCharsets.UTF_8);
            return command("replay", List.of("--format", "tsv", file.toString())) != 0;
        });
    }

    /** {@code moves FEN}. */
    private Tally fen(int cases) throws IOException {
        List<String> seeds = new ArrayList<>(List.of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
                "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "8/8/8/8/8/8/8/K1k5 w - - 99 150"));
        Matcher m = Pattern.compile("\\[FEN \"([^\"]*)\"]").matcher(resource("laws/games.pgn"));
        while (m.find()) {
            seeds.add(m.group(1));
        }
        List<String> dictionary = List.of(" 2147483647", " 99999999999999999999", " -1", "9", "/", "//", "KQkqAHah",
                " - - ", " w ", " b ", "e3", "z9", "PPPPPPPPP", "kK", "8/8/8/8/8/8/8/8", "0", " ");
        return run("fen", cases, 29L, seeds, dictionary, text -> command("moves", List.of(text)) != 0);
    }

    /** {@code timecontrol TEXT}, {@code timecontrol --trf TEXT} and {@code timecontrol --human TEXT}. */
    private Tally timeControl(int cases) {
        List<String> seeds = List.of("90+30", "40/90+30, 30+30", "G/60 d5", "G/60;d5", "SD/60 d5", "25 b5",
                "40/120, 20/60, G/30", "300s+2", "1h+30", "90' + 30''", "3min+500ms", "3+2.5", "90 min + 30 sec",
                "1h30 + 30s", "1 hour + 30 seconds", "40/2h, G/30mins", "5400+30", "40/6000+30:900+30", "3600d5",
                "180+2", "W300-B240", "w5m-b4m", "W300+2-B240+2");
        List<String> dictionary = List.of("99999999999999999999", "2147483647", "9223372036854775807", "1e308", "0",
                "-1", "+", "/", ",", ":", "d", "b", "G/", "SD/", "h", "m", "s", "ms", "'", "''", "W", "-B", ".5", "..");
        return run("timecontrol", cases, 31L, seeds, dictionary, text -> {
            boolean clean = false;
            for (List<String> args : List.of(List.of(text), List.of("--trf", text), List.of("--human", text))) {
                clean |= command("timecontrol", args) != 0;
            }
            return clean;
        });
    }

    /** Runs a command as {@code torneo} does; a usage error is the clean error (exit 2). */
    private static int command(String name, List<String> args) throws Exception {
        Command command = Main.command(name);
        try {
            return command.run(args, NOWHERE, NOWHERE);
        } catch (Command.UsageException e) {
            return 2;
        }
    }

    private interface Case {
        /** @return true for a clean error, false for a result; anything thrown escaped */
        boolean run(String text) throws Exception;
    }

    private static Tally run(String target, int cases, long seed, List<String> seeds, List<String> dictionary, Case body) {
        Mutator mutator = new Mutator(seed, dictionary);
        Tally tally = new Tally(target);
        long start = System.nanoTime();
        for (int i = 0; i < cases; i++) {
            String text = mutator.mutate(seeds.get(i % seeds.size()));
            tally.cases++;
            try {
                if (body.run(text)) {
                    tally.clean++;
                } else {
                    tally.accepted++;
                }
            } catch (Throwable e) {
                tally.escaped++;
                if (tally.examples.size() < 5) {
                    StackTraceElement at = e.getStackTrace().length > 0 ? e.getStackTrace()[0] : null;
                    tally.examples.add("case " + i + ": " + e + " at " + at + "\n  input: "
                            + text.substring(0, Math.min(400, text.length())).replace("\n", "\\n"));
                }
            }
        }
        tally.nanos = System.nanoTime() - start;
        return tally;
    }

    private static final class Tally {
        final String target;
        int cases;
        int clean;
        int accepted;
        int escaped;
        long nanos;
        final List<String> examples = new ArrayList<>();

        Tally(String target) {
            this.target = target;
        }
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = ParserFuzzTest.class.getResourceAsStream("/" + name)) {
            assertTrue(in != null, "missing test resource " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}

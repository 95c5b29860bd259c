package org.torneo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.cli.CliRun.run;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.torneo.cli.pairing.CheckAgainstBbpPairingsTest;
import org.torneo.game.core.pgn.PgnGame;
import org.torneo.game.core.pgn.PgnReader;

/**
 * The real-file corpus (resources realfiles/, its README says where each file comes from and how each reference
 * output was made): twelve tournament reports written by seven different writers, each checked against what an
 * independent reference says about it, and PGN games from eleven files checked against an independent move
 * generator.
 * <ul>
 * <li>pairings: {@code torneo check} gives, round by round, the verdict and the pairs of bbpPairings' checker
 * ({@code <name>.bbp-check.txt});</li>
 * <li>tie-breaks: {@code torneo standings} (the C.07 edition picked from the file's own start date) gives the values
 * and ranks of FIDE's tie-break checker ({@code <name>.fide-tiebreaks.txt}, 21 tie-breaks) and, for the Swiss-Manager
 * file, the outputs the checker's authors published; the Karl-Mala export, which FIDE's checker cannot read, is
 * checked against the points its own tool wrote;</li>
 * <li>PGN: {@code torneo replay} gives the number of games and, per game, the plies, the final position (FEN) and
 * the checkmates chess.js found ({@code pgn/<name>.fens.txt}); the game core's reader gives each game's result.</li>
 * </ul>
 */
class RealFileCorpusTest {

    private static final String[] PGNS = {"london-1851", "world-championship-1886", "philidor", "morphy-utf8-bom",
            "capablanca", "tarrasch-7-games", "kasparov-deep-blue-1997", "final-masters-2011", "chesslib-31-games",
            "carlsen-8-games", "tata-steel-masters-2022"};

    /** Every TRF of the corpus; the first three are also in CheckAgainstBbpPairingsTest. */
    private static final String[] TRFS = {"karl-mala-2005", "lichess-swiss-2020-05", "lichess-swiss-2020-06",
            "lichess-swiss-2020-05-10", "lichess-swiss-2024-10-13", "swiss-manager-unplayed-rounds",
            "bbp-autotest-issue7", "bbp-autotest-issue15", "fide-dutch-2025-c5", "fide-dutch-2025-c9",
            "fide-c07-exercises", "gros-2010"};

    static Stream<String> trfs() {
        return Stream.of(TRFS);
    }

    /** All but Karl-Mala, on which FIDE's checker stops (see karlMalaPointsAreTheOnesSwissChessWrote). */
    static Stream<String> trfsFidesCheckerReads() {
        return Stream.of(TRFS).filter(name -> !name.equals("karl-mala-2005"));
    }

    static Stream<String> pgns() {
        return Stream.of(PGNS);
    }

    private static final Pattern TORNEO_ROUND = Pattern.compile("^round (\\d+): (ok|DIFFERS)");

    @TempDir
    Path dir;

    private static Path resource(String name) throws Exception {
        return Path.of(RealFileCorpusTest.class.getResource("/realfiles/" + name).toURI());
    }

    // ---------------------------------------------------------------------------------------------- pairings

    @ParameterizedTest
    @MethodSource("trfs")
    void everyRoundGetsBbpPairingsVerdict(String name) throws Exception {
        Path trf = resource(name + ".trf");
        String text = new String(Files.readAllBytes(trf), StandardCharsets.ISO_8859_1);
        Map<Integer, TreeSet<String>> bbp = CheckAgainstBbpPairingsTest.bbpCheckerPairs(
                Files.readString(resource(name + ".bbp-check.txt")));

        Map<Integer, TreeSet<String>> torneo = torneoCheck(trf);

        for (var round : bbp.entrySet()) {
            if (!torneo.containsKey(round.getKey())) {
                // bbp prints a header for a round the file has not paired yet (only byes or absences entered ahead,
                // as pairing programs store the next round's declared absences); there is nothing to check there
                assertEquals(new TreeSet<String>(), round.getValue(),
                        name + " round " + round.getKey() + ": bbp lists pairs");
                assertTrue(onlyByesOrBlanks(text, round.getKey()),
                        name + " round " + round.getKey() + " is paired in the file but torneo check did not check it");
            } else {
                assertEquals(round.getValue(), torneo.get(round.getKey()), name + " round " + round.getKey());
            }
        }
        assertTrue(bbp.keySet().containsAll(torneo.keySet()), name + ": rounds bbp did not check " + torneo.keySet());
        assertTrue(!torneo.isEmpty(), name);
    }

    @Test
    void aByeOpponentWrittenAsASingleZeroIsReadAsTheSpecifiedZeros() throws Exception {
        // the C.07 exercises write the bye opponent "   0" (TRF-16 specifies "0000"); bbpPairings refuses the file
        // ("Invalid line (player ID of 0)"), its verdict is the one on the file with 0000; torneo reads both alike
        Path original = resource("fide-c07-exercises.trf");
        String text = Files.readString(original);
        String zeros = text.replaceAll("     0 - ([HUZF])", "  0000 - $1");
        assertEquals(8, Pattern.compile("  0000 - [HUZF]").matcher(zeros).results().count());
        Path normalised = dir.resolve("fide-c07-exercises-0000.trf");
        Files.writeString(normalised, zeros);

        assertEquals(torneoCheck(original), torneoCheck(normalised));
        assertEquals(run("standings", original.toString(), "--format", "tsv").out(),
                run("standings", normalised.toString(), "--format", "tsv").out());
    }

    private static Map<Integer, TreeSet<String>> torneoCheck(Path trf) {
        CliRun r = run("check", trf.toString());
        assertEquals("", r.err(), trf.toString());
        assertTrue(r.code() == 0 || r.code() == 1, r.out());
        Map<Integer, TreeSet<String>> rounds = new TreeMap<>();
        for (String line : r.out().split("\n")) {
            Matcher m = TORNEO_ROUND.matcher(line);
            if (m.lookingAt()) {
                TreeSet<String> pairs = new TreeSet<>();
                int engineOnly = line.indexOf("engine only: [");
                if (engineOnly >= 0) {
                    String list = line.substring(engineOnly + "engine only: [".length(), line.lastIndexOf(']'));
                    for (String pair : list.split(", ")) {
                        pairs.add(pair.strip());
                    }
                }
                rounds.put(Integer.parseInt(m.group(1)), pairs);
            }
        }
        return rounds;
    }

    /** True when no player line pairs two players in the round (TRF-16: entries at columns 92 + 10 (r - 1)). */
    private static boolean onlyByesOrBlanks(String trf, int round) {
        int from = 91 + 10 * (round - 1);
        for (String line : trf.split("\r\n|\r|\n")) {
            if (line.startsWith("001") && line.length() > from) {
                String entry = line.substring(from, Math.min(line.length(), from + 8)).strip();
                String opponent = entry.isEmpty() ? "" : entry.split("\\s+")[0];
                if (!opponent.isEmpty() && Integer.parseInt(opponent) != 0) {
                    return false;
                }
            }
        }
        return true;
    }

    // ---------------------------------------------------------------------------------------------- tie-breaks

    @ParameterizedTest
    @MethodSource("trfsFidesCheckerReads")
    void tieBreaksAndRanksAreFidesCheckers(String name) throws Exception {
        Table fide = Table.parse(Files.readString(resource(name + ".fide-tiebreaks.txt")), 2);
        // the checker's column names carry the edition it was told to apply (/V2024, /V2026): the edition in force
        // on the file's start date, 2026 without one; torneo must pick the same from the date as the tool wrote it
        List<String> codes = fide.codes().stream().map(c -> c.replaceAll("/V20(24|26)$", "")).toList();
        assertEquals(21, codes.size());

        CliRun r = run("standings", resource(name + ".trf").toString(), "--tiebreaks", String.join(",", codes),
                "--format", "tsv");

        assertEquals(0, r.code(), r.err());
        Table torneo = Table.parse(r.out(), 1);
        assertEquals(codes, torneo.codes().subList(0, codes.size()));
        assertSameValuesAndRanks(name, fide, torneo, codes.size());
    }

    @Test
    void theSwissManagerFileGetsTheOutputsTheCheckersAuthorsPublished() throws Exception {
        // published with FIDE's checker for this file as it is (start 2026/02/28: C.07 2024) and with the start
        // moved to 2026/03/01 (C.07 2026, which caps the score counted for unplayed rounds)
        Path trf = resource("swiss-manager-unplayed-rounds.trf");
        String text = Files.readString(trf);
        assertTrue(text.contains("\n042 2026/02/28\n"));
        Path moved = dir.resolve("moved.trf");
        Files.writeString(moved, text.replace("\n042 2026/02/28\n", "\n042 2026/03/01\n"));
        for (var run : Map.of(trf, "published-2026-02-28", moved, "published-2026-03-01").entrySet()) {
            Table published = Table.parse(Files.readString(resource("swiss-manager-unplayed-rounds." + run.getValue()
                    + ".txt")), 2);
            assertEquals(List.of("PTS", "SB", "SB/C1", "SB/C2"), published.codes());
            CliRun r = run("standings", run.getKey().toString(), "--tiebreaks", "PTS,SB,SB/C1,SB/C2",
                    "--format", "tsv");
            assertEquals(0, r.code(), r.err());
            assertSameValuesAndRanks(run.getValue(), published, Table.parse(r.out(), 1), 4);
        }
    }

    @Test
    void karlMalaPointsAreTheOnesSwissChessWrote() throws Exception {
        // FIDE's checker stops on this file (forfeits written without colours, "153 - -" against "13 - +"); the
        // reference is the file's own points (columns 81-84) for each of its 284 records
        Path trf = resource("karl-mala-2005.trf");
        Map<String, BigDecimal> written = new TreeMap<>();
        for (String line : new String(Files.readAllBytes(trf), StandardCharsets.ISO_8859_1).split("\r\n|\n")) {
            if (line.startsWith("001")) {
                written.put(line.substring(4, 8).strip(), new BigDecimal(line.substring(80, 84).strip()));
            }
        }
        assertEquals(284, written.size());

        CliRun r = run("standings", trf.toString(), "--tiebreaks", "PTS", "--format", "tsv");

        assertEquals(0, r.code(), r.err());
        Table torneo = Table.parse(r.out(), 1);
        Map<String, BigDecimal> computed = new TreeMap<>();
        torneo.rows().forEach((sn, row) -> computed.put(sn, new BigDecimal(row.get(0))));
        assertEquals(written, computed);
    }

    private static void assertSameValuesAndRanks(String name, Table reference, Table torneo, int columns) {
        assertEquals(reference.rows().keySet(), torneo.rows().keySet(), name + ": players");
        List<String> differences = new ArrayList<>();
        for (var player : reference.rows().entrySet()) {
            List<String> ours = torneo.rows().get(player.getKey());
            for (int c = 0; c < columns; c++) {
                if (value(player.getValue().get(c)).compareTo(value(ours.get(c))) != 0) {
                    differences.add(reference.codes().get(c) + " of " + player.getKey() + ": reference "
                            + player.getValue().get(c) + ", torneo " + ours.get(c));
                }
            }
            if (!reference.ranks().get(player.getKey()).equals(torneo.ranks().get(player.getKey()))) {
                differences.add("rank of " + player.getKey() + ": reference " + reference.ranks().get(player.getKey())
                        + ", torneo " + torneo.ranks().get(player.getKey()));
            }
        }
        assertEquals(List.of(), differences, name);
    }

    /** "NA" (torneo: no rated opponent) and "-0" (the checker's no value) are both an absent value, 0. */
    private static BigDecimal value(String cell) {
        return cell.equals("NA") || cell.equals("-0") ? BigDecimal.ZERO : new BigDecimal(cell);
    }

    /**
     * A tab-separated standings table: StartNo first; the rank second (FIDE's checker) or last (torneo); a status
     * line without a tab ("Check: ...") ends the checker's output.
     */
    private record Table(List<String> codes, Map<String, List<String>> rows, Map<String, String> ranks) {

        static Table parse(String tsv, int firstCode) {
            List<String[]> lines = tsv.lines().filter(l -> l.contains("\t")).map(l -> l.split("\t")).toList();
            String[] header = lines.get(0);
            boolean rankFirst = firstCode == 2;
            List<String> codes = List.of(header).subList(firstCode, rankFirst ? header.length : header.length - 1);
            Map<String, List<String>> rows = new LinkedHashMap<>();
            Map<String, String> ranks = new LinkedHashMap<>();
            for (String[] cells : lines.subList(1, lines.size())) {
                rows.put(cells[0], List.of(cells).subList(firstCode, firstCode + codes.size()));
                ranks.put(cells[0], rankFirst ? cells[1] : cells[cells.length - 1]);
            }
            return new Table(codes, rows, ranks);
        }
    }

    // ---------------------------------------------------------------------------------------------- PGN

    @ParameterizedTest
    @MethodSource("pgns")
    void everyGameEndsWhereChessJsSays(String name) throws Exception {
        Path pgn = resource("pgn/" + name + ".pgn");
        List<String[]> expected = reference(name);

        CliRun r = run("replay", "--format", "tsv", pgn.toString());

        assertEquals("", r.err(), name);
        assertEquals(0, r.code());
        List<String[]> rows = r.out().lines().skip(1).map(l -> l.split("\t")).toList();
        assertEquals(expected.size(), rows.size(), name + ": games");
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            String[] ours = rows.get(i);
            String[] ref = expected.get(i);
            // reference: number, Result tag, plies, checkmate|stalemate|-, FEN; ours: number, plies, FEN, ending, ...
            if (!ours[0].equals(ref[0]) || !ours[1].equals(ref[2]) || !ours[2].equals(ref[4])
                    || ours[3].equals("checkmate") != ref[3].equals("checkmate")
                    || ours[3].equals("stalemate") != ref[3].equals("stalemate")) {
                differences.add("game " + ref[0] + ": chess.js " + String.join(" ", ref) + " / torneo "
                        + String.join(" ", ours));
            }
        }
        assertEquals(List.of(), differences, name);

        PgnReader.PgnFile read = PgnReader.readGames(Files.readString(pgn));
        assertEquals(List.of(), read.rejected(), name);
        List<String> results = read.games().stream().map(PgnGame::result).toList();
        assertEquals(expected.stream().map(ref -> ref[1]).toList(), results, name + ": results");
    }

    @Test
    void theCorpusHoldsOverAThousandGamesAndTwelveTrfsOfSevenWriters() throws Exception {
        int games = 0;
        for (String name : PGNS) {
            games += reference(name).size();
        }
        assertEquals(1258, games);
        assertEquals(12, TRFS.length);
        assertTrue(Stream.of(TRFS).allMatch(n -> RealFileCorpusTest.class.getResource("/realfiles/" + n + ".trf")
                != null));
    }

    private static List<String[]> reference(String name) throws Exception {
        List<String[]> rows = Files.readString(resource("pgn/" + name + ".fens.txt")).lines().map(l -> l.split("\t"))
                .toList();
        for (String[] row : rows) {
            assertEquals(5, row.length, "chess.js read every game: " + String.join(" ", row));
        }
        return rows;
    }
}

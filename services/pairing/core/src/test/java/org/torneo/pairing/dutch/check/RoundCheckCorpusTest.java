package org.torneo.pairing.dutch.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.pairing.dutch.check.RoundCheck.Board;
import org.torneo.pairing.dutch.check.RoundCheck.Finding;
import org.torneo.pairing.dutch.check.RoundCheck.Kind;
import org.torneo.pairing.swiss.SwissPlayer;
import org.torneo.pairing.swiss.SwissTournament;
import org.torneo.trf.Colour;
import org.torneo.trf.TrfReader;

/**
 * The Dutch checker against the bbpPairings v6.0.0 corpus (test resources dutch/): the rounds bbp paired (and its own
 * checker accepts) break no absolute colour rule and give every pair 5.2's colours; changes by hand to one of them are
 * found with the criterion and the players.
 */
class RoundCheckCorpusTest {

    private static final Set<Kind> NEVER_BY_THE_ENGINE = Set.of(Kind.COLOUR_DIFFERENCE, Kind.SAME_COLOUR_THREE_TIMES,
            Kind.COLOURS_NOT_AS_ALLOCATED);

    private static Path root() throws URISyntaxException {
        return Path.of(RoundCheckCorpusTest.class.getResource("/dutch/cases.tsv").toURI()).getParent();
    }

    /** bbp's boards for a case, numbered in the order of its output (the PAB, "n 0", left out). */
    private static List<Board> boards(Path expected) throws IOException {
        List<String> lines = Files.readAllLines(expected);
        List<Board> boards = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.strip().split("\\s+");
            if (!f[1].equals("0")) {
                boards.add(new Board(boards.size() + 1, Integer.parseInt(f[0]), Integer.parseInt(f[1])));
            }
        }
        return boards;
    }

    private static SwissTournament before(Path input) throws IOException {
        return SwissTournament.fromTrf(TrfReader.read(input));
    }

    /** The rounds of the first 30 generated tournaments (a fifth of the corpus, a few seconds). */
    @Test
    void theRoundsBbpPairedBreakNoAbsoluteColourRuleAndHaveTheAllocatedColours() throws Exception {
        corpus(30, 231);
    }

    @Test
    @Tag("slow")
    void everyRoundBbpPairedBreaksNoAbsoluteColourRuleAndHasTheAllocatedColours() throws Exception {
        corpus(150, 1214);
    }

    private static void corpus(int tournaments, int expectedRounds) throws Exception {
        List<String> lines = Files.readAllLines(root().resolve("cases.tsv"));
        int rounds = 0;
        int boards = 0;
        int floats = 0;
        List<String> wrong = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split("\t");
            if (!f[11].equals("generated") || Integer.parseInt(f[0].substring("generated/dev".length(),
                    "generated/dev".length() + 3)) > tournaments) {
                continue;
            }
            SwissTournament t = before(root().resolve(f[0]));
            List<Board> round = boards(root().resolve(f[1]));
            List<Finding> findings = RoundCheck.check(t, round);
            findings.stream().filter(x -> NEVER_BY_THE_ENGINE.contains(x.kind())).forEach(x -> wrong.add(f[0] + ": " + x));
            // the same round against itself: nothing added
            assertEquals(List.of(), RoundCheck.added(findings, RoundCheck.check(t, round)), f[0]);
            floats += (int) findings.stream().filter(x -> x.kind() == Kind.SCORE_DIFFERENCE).count();
            rounds++;
            boards += round.size();
        }
        assertTrue(wrong.isEmpty(), wrong.size() + " findings the engine never makes, e.g. "
                + wrong.subList(0, Math.min(5, wrong.size())));
        assertEquals(expectedRounds, rounds, "the generated rounds of " + tournaments + " tournaments");
        assertTrue(floats > 0 && floats < boards, "the corpus pairs across score groups too (" + floats
                + " of " + boards + " boards), which are findings but not warnings by themselves");
    }

    /** dev006 round 4 as bbp paired it: "6 15", "10 7", "14 4", "3 2", "13 5", "8 9", "11 1" and the PAB to 12. */
    private static Path dev006(String suffix) throws URISyntaxException {
        return root().resolve("generated/dev006-p015-r06/dev006-p015-r06.round-04." + suffix);
    }

    @Test
    void exchangingTheColoursOfAPlayerWithTheSameColourTwiceInARowIsFoundAsC3() throws Exception {
        // the first round of dev006 (15 players) with a player whose last two played games had the same colour (an
        // absolute preference, C.04.3 1.6.2.1)
        SwissTournament t = null;
        List<Board> bbp = List.of();
        Board board = null;
        for (int r = 3; r <= 6 && board == null; r++) {
            Path round = root().resolve("generated/dev006-p015-r06/dev006-p015-r06.round-0" + r + ".in.trf");
            t = before(round);
            bbp = boards(root().resolve("generated/dev006-p015-r06/dev006-p015-r06.round-0" + r + ".expected"));
            SwissTournament now = t;
            board = bbp.stream().filter(b -> now.players().get(b.white() - 1).repeatedColour() != Colour.NONE
                    || now.players().get(b.black() - 1).repeatedColour() != Colour.NONE).findFirst().orElse(null);
        }
        assertTrue(board != null, "dev006 has such a player in some round");
        SwissPlayer repeated = t.players().get(board.white() - 1).repeatedColour() != Colour.NONE
                ? t.players().get(board.white() - 1) : t.players().get(board.black() - 1);
        List<Board> exchanged = new ArrayList<>(bbp);
        exchanged.set(bbp.indexOf(board), new Board(board.number(), board.black(), board.white()));
        List<Finding> added = RoundCheck.added(RoundCheck.check(t, bbp), RoundCheck.check(t, exchanged));
        Finding c3 = added.stream().filter(x -> x.kind() == Kind.SAME_COLOUR_THREE_TIMES).findFirst().orElseThrow(
                () -> new AssertionError(added.toString()));
        assertEquals("C3", c3.criterion());
        assertEquals(List.of(repeated.startNumber()), c3.players());
        String c = repeated.repeatedColour() == Colour.WHITE ? "W" : "B";
        assertEquals(c + c + c, c3.detail());
        assertTrue(added.stream().anyMatch(x -> x.kind() == Kind.COLOURS_NOT_AS_ALLOCATED), added.toString());
        int number = board.number();
        assertTrue(added.stream().allMatch(x -> x.board() == number), "only that board changed: " + added);
    }

    @Test
    void swappingPlayersOfDifferentScoreGroupsIsFoundWithTheScoreDifference() throws Exception {
        SwissTournament t = before(dev006("in.trf"));
        List<Board> bbp = boards(dev006("expected"));
        // 15 (2.5 points) from board 1 changes places with 11 (0.5) on board 7
        List<Board> swapped = new ArrayList<>(bbp);
        swapped.set(0, new Board(1, 6, 11));
        swapped.set(6, new Board(7, 15, 1));
        List<Finding> added = RoundCheck.added(RoundCheck.check(t, bbp), RoundCheck.check(t, swapped));
        List<Finding> scores = added.stream().filter(x -> x.kind() == Kind.SCORE_DIFFERENCE).toList();
        assertEquals(List.of(new Finding(Kind.SCORE_DIFFERENCE, "C6-C7", 1, List.of(6, 11), "2"),
                new Finding(Kind.SCORE_DIFFERENCE, "C6-C7", 7, List.of(15, 1), "1.5")), scores);
    }
}

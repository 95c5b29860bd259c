package org.torneo.game.core.deadposition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.game.core.Corpus;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Side;

/** Every row of unwinnable.tsv (verdicts of Ambrona's CHA 2.6.1) against {@link CanMate}. */
class UnwinnableCorpusTest {
    /** Below the default budget to keep the module's tests fast; the verdict count is the same as with 5,000,000. */
    static final long NODE_LIMIT = 1_000_000;

    static Side side(String text) {
        return text.equals("white") ? Side.WHITE : Side.BLACK;
    }

    static Position replay(Position start, List<String> uci) {
        Position p = start;
        for (String text : uci) {
            Move found = null;
            for (Move m : p.legalMoves()) {
                if (m.uci().equals(text)) {
                    found = m;
                }
            }
            if (found == null) {
                throw new AssertionError(text + " is not legal in " + p.toFen());
            }
            p = p.play(found);
        }
        return p;
    }

    @Test
    void noUnsoundVerdictAndTheSameVerdictAsChaOnAlmostEveryRow() {
        checkEveryRow(NODE_LIMIT);
    }

    /** The same with the default budget (CHA's 5,000,000 nodes); prints the figures. */
    @Test
    @org.junit.jupiter.api.Tag("slow")
    void everyRowWithTheDefaultBudget() {
        long start = System.nanoTime();
        checkEveryRow(CanMate.DEFAULT_NODE_LIMIT);
        System.out.println("canMate over 311 rows with the default budget: " + (System.nanoTime() - start) / 1_000_000 + " ms");
    }

    private static void checkEveryRow(long nodeLimit) {
        List<String[]> rows = Corpus.tsv("unwinnable.tsv");
        assertEquals(311, rows.size());
        List<String> unsound = new ArrayList<>();
        List<String> undetermined = new ArrayList<>();
        List<String> differing = new ArrayList<>();
        int same = 0;
        for (String[] row : rows) {
            Position position = Position.fromFen(row[0]);
            Side winner = side(row[1]);
            MateAbility result = CanMate.canMate(position, winner, nodeLimit);
            String expected = row[2];
            if (result.verdict() == Verdict.UNWINNABLE && expected.equals("winnable")) {
                unsound.add(row[0] + " " + row[1]);
            }
            if (result.verdict() == Verdict.WINNABLE) {
                // the witness must really be a helpmate by the intended winner
                Position end = replay(position, result.helpmateUci());
                assertTrue(end.isCheckmate() && end.sideToMove() != winner, row[0] + " witness " + result.helpmateUci());
                if (expected.equals("unwinnable")) {
                    throw new AssertionError("CHA says unwinnable but a mate line was found: " + row[0]);
                }
            }
            if (result.verdict().lowerCaseName().equals(expected)) {
                same++;
            } else if (result.verdict() == Verdict.UNDETERMINED) {
                undetermined.add(row[0] + "\t" + row[1] + "\t" + row[5] + "\tCHA " + expected);
            } else {
                differing.add(row[0] + "\t" + row[1] + "\t" + result.verdict() + "\tCHA " + expected);
            }
        }
        System.out.println("canMate: same verdict as CHA on " + same + " of " + rows.size() + " rows; undetermined "
                + undetermined.size() + (undetermined.isEmpty() ? "" : ":\n  " + String.join("\n  ", undetermined)));
        assertEquals(List.of(), unsound, "UNSOUND: unwinnable where CHA has a mate");
        assertEquals(List.of(), differing);
        assertTrue(same >= 309, "only " + same + " rows match CHA");
        // the two known undetermined rows: one position, both sides, a stalemate-motif fortress (CHA: unwinnable
        // for both, because any approach of the White king stalemates Black)
        assertTrue(undetermined.size() <= 2, String.join("\n", undetermined));
    }

    @Test
    void everyChaHelpmateLineReplaysToMateByTheIntendedWinner() {
        int replayed = 0;
        for (String[] row : Corpus.tsv("unwinnable.tsv")) {
            if (row[2].equals("winnable")) {
                Position end = replay(Position.fromFen(row[0]), List.of(row[4].split(" ")));
                assertTrue(end.isCheckmate(), row[0]);
                assertEquals(side(row[1]).opponent(), end.sideToMove(), row[0]);
                replayed++;
            }
        }
        assertEquals(188, replayed);
    }

    @Test
    void theDefaultOracleDeclaresDeadOnlyPositionsChaFindsUnwinnableForBothSides() {
        java.util.Set<String> winnableSomewhere = new java.util.HashSet<>();
        java.util.Set<String> fens = new java.util.LinkedHashSet<>();
        for (String[] row : Corpus.tsv("unwinnable.tsv")) {
            fens.add(row[0]);
            if (row[2].equals("winnable")) {
                winnableSomewhere.add(row[0]);
            }
        }
        int dead = 0;
        for (String fen : fens) {
            if (HelpmateDeadPositionOracle.DEFAULT.isDead(Position.fromFen(fen))) {
                dead++;
                assertFalse(winnableSomewhere.contains(fen), "declared dead but CHA has a mate: " + fen);
            }
        }
        assertTrue(dead >= 20, "the oracle found only " + dead + " dead positions");
    }
}

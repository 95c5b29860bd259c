package org.torneo.game.core.draw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.PieceType;
import org.torneo.game.core.board.Position;

/**
 * Past {@value GameRecord#SCANNED_STRETCH} plies without capture or pawn move the record counts repetitions with an
 * index instead of comparing keys one by one. Given a long game with repetitions, takebacks, moves judged and then
 * played again (as the decider does) and old lines played on, every record's count must be the one a plain count of
 * the same keys since the last capture or pawn move gives.
 */
class RepetitionIndexTest {

    private static final String LOCKED = "1n2k1n1/8/8/pppppppp/PPPPPPPP/8/8/1N2K1N1 w - - 0 1";

    @Test
    void countsInALongStretchAreThoseOfAPlainCountThroughTakebacksAndOldLines() {
        SplittableRandom random = new SplittableRandom(17);
        GameRecord record = GameRecord.start(Position.fromFen(LOCKED));
        List<Long> keys = new ArrayList<>(List.of(record.repetitionKey()));
        List<GameRecord> kept = new ArrayList<>();
        int takebacksInLongStretch = 0;
        int oldLinesPlayedOn = 0;
        int maxOccurrences = 0;
        int repeatsCountedByTheIndex = 0;
        for (int step = 0; step < 4_000; step++) {
            int roll = random.nextInt(100);
            if (roll < 3 && record.ply() > 10) {
                // a takeback of 1-6 plies, then the game goes on from there
                int back = 1 + random.nextInt(6);
                for (int i = 0; i < back; i++) {
                    record = record.previous();
                    keys.remove(keys.size() - 1);
                }
                if (record.position().halfmoveClock() > GameRecord.SCANNED_STRETCH) {
                    takebacksInLongStretch++;
                }
            } else if (roll < 5 && !kept.isEmpty()) {
                // an old line played on (a state kept from before)
                record = kept.get(random.nextInt(kept.size()));
                keys = keysOf(record);
                oldLinesPlayedOn++;
            } else {
                Move move = roll < 60 ? back(record) : null; // a piece goes back: positions repeat
                if (move == null) {
                    move = quietMove(record.position(), random);
                }
                if (roll < 50) {
                    record.play(quietMove(record.position(), random)); // judged, then dropped, as decide does
                }
                record = record.play(move);
                keys.add(record.repetitionKey());
            }
            if (roll == 99) {
                kept.add(record);
            }
            int expected = plainCount(keys, record);
            assertEquals(expected, record.occurrences(), "occurrences at ply " + record.ply() + " (step " + step + ")");
            maxOccurrences = Math.max(maxOccurrences, expected);
            if (expected > 1 && record.position().halfmoveClock() > GameRecord.SCANNED_STRETCH) {
                repeatsCountedByTheIndex++;
            }
        }
        assertTrue(repeatsCountedByTheIndex > 100, "repetitions in the long stretch: " + repeatsCountedByTheIndex);
        assertTrue(takebacksInLongStretch > 10, "takebacks in the long stretch: " + takebacksInLongStretch);
        assertTrue(oldLinesPlayedOn > 10, "old lines played on: " + oldLinesPlayedOn);
        assertTrue(maxOccurrences >= 5, "positions repeated: at most " + maxOccurrences + " times");
    }

    /** Occurrences of the last key since the last capture or pawn move (here none: the start position on). */
    private static int plainCount(List<Long> keys, GameRecord record) {
        long key = keys.get(keys.size() - 1);
        int count = 0;
        for (long k : keys) {
            if (k == key) {
                count++;
            }
        }
        assertEquals(record.ply() + 1, keys.size());
        return count;
    }

    private static List<Long> keysOf(GameRecord record) {
        List<Long> keys = new ArrayList<>();
        for (Position p : record.positions()) {
            keys.add(p.repetitionKey());
        }
        return keys;
    }

    /** The move that takes back the mover's last move (the piece returns), when it is legal and quiet; else null. */
    private static Move back(GameRecord record) {
        GameRecord before = record.previous();
        if (before == null || before.lastMove() == null) {
            return null;
        }
        Move last = before.lastMove();
        Position p = record.position();
        return p.pieceTypeAt(last.from()).isPresent() ? null : p.legalMove(last.to(), last.from(), null).orElse(null);
    }

    /** A king or knight move that captures nothing (the pawns are locked: the halfmove clock never resets). */
    private static Move quietMove(Position p, SplittableRandom random) {
        List<Move> quiet = new ArrayList<>();
        for (Move m : p.legalMoves()) {
            PieceType type = p.pieceTypeAt(m.from()).orElseThrow();
            if ((type == PieceType.KNIGHT || type == PieceType.KING) && p.pieceTypeAt(m.to()).isEmpty()) {
                quiet.add(m);
            }
        }
        return quiet.get(random.nextInt(quiet.size()));
    }
}

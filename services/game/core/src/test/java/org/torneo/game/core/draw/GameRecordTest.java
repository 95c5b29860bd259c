package org.torneo.game.core.draw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Square;

/**
 * The record keeps whole positions only at checkpoints; every earlier position it is asked for must be exactly the
 * one that was played, across checkpoints and through an illegal move that stood.
 */
class GameRecordTest {

    /** 42 plies: knight shuffles (repetitions across the checkpoint at ply 16), pawn moves, a capture. */
    private static final String LINE = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6"
            + " e1g1 f7f6 d2d4 e5d4 f3d4 c6c5 d4e2 d8d1 f1d1 c8d7 b1c3 e8c8 c1e3 b7b6 a2a4 g8e7 a4a5 e7c6 a5b6 c7b6"
            + " c3d5 c6e5 d5b6 c8b7 b6d7 e5g4";

    @Test
    void everyEarlierPositionIsTheOnePlayedAcrossCheckpoints() {
        List<String> fens = new ArrayList<>();
        GameRecord record = GameRecord.start(Position.initial());
        fens.add(record.position().toFen());
        List<Integer> occurrences = new ArrayList<>(List.of(1));
        for (String uci : LINE.split(" ")) {
            record = record.play(GamesCorpusTest.uci(record.position(), uci));
            fens.add(record.position().toFen());
            occurrences.add(record.occurrences());
        }
        assertEquals(42, record.ply());
        assertEquals(3, occurrences.get(8)); // the start position a third time (FIDE 2018 9.2.2)
        assertEquals(8, record.firstThreefoldPly());

        int ply = record.ply();
        for (GameRecord r = record; r != null; r = r.previous()) {
            assertEquals(ply, r.ply());
            assertEquals(fens.get(ply), r.position().toFen(), "position at ply " + ply);
            assertEquals(occurrences.get(ply), r.occurrences(), "occurrences at ply " + ply);
            ply--;
        }
        assertEquals(-1, ply);
        assertEquals(fens, record.positions().stream().map(Position::toFen).toList());
        assertEquals(fens.get(0), record.startPosition().toFen());
        assertSame(record.position(), record.positions().get(42), "the head's position is not played again");
    }

    @Test
    void aRecordTakenBackPlaysOnAsTheOriginalDid() {
        GameRecord record = GameRecord.start(Position.initial());
        for (String uci : LINE.split(" ")) {
            record = record.play(GamesCorpusTest.uci(record.position(), uci));
        }
        GameRecord back = record;
        while (back.ply() > 19) {
            back = back.previous();
        }
        GameRecord again = back;
        for (String uci : List.of(LINE.split(" ")).subList(19, 42)) {
            again = again.play(GamesCorpusTest.uci(again.position(), uci));
        }
        assertEquals(record.position().toFen(), again.position().toFen());
        assertEquals(record.moves(), again.moves());
        assertEquals(record.firstThreefoldPly(), again.firstThreefoldPly());
    }

    @Test
    void anIllegalMoveThatStoodIsPlayedAgainAsIt() {
        // FIDE 2018 A.4.2: White's king steps next to Black's (illegal) and the game goes on from there
        Position start = Position.fromFen("8/8/8/3k4/8/3K4/8/8 w - - 0 1");
        Move illegal = start.irregularMove(Square.parse("d3"), Square.parse("d4"), null);
        GameRecord record = GameRecord.start(start).playIrregular(illegal);
        List<String> fens = new ArrayList<>(List.of(start.toFen(), record.position().toFen()));
        record = record.play(GamesCorpusTest.uci(record.position(), "d5c6"));
        fens.add(record.position().toFen());
        String[] cycle = {"d4e4", "c6c7", "e4d4", "c7c6"};
        for (int i = 0; i < 6 * cycle.length; i++) {
            record = record.play(GamesCorpusTest.uci(record.position(), cycle[i % cycle.length]));
            fens.add(record.position().toFen());
        }
        assertEquals(26, record.ply());
        // Kd4 Kc6 with White to move after plies 2, 6, 10, ..., 26 (across the checkpoint at ply 16)
        assertEquals(7, record.occurrences());
        assertEquals(10, record.firstThreefoldPly());
        for (GameRecord r = record; r != null; r = r.previous()) {
            assertEquals(fens.get(r.ply()), r.position().toFen(), "position at ply " + r.ply());
        }
        assertEquals(fens, record.positions().stream().map(Position::toFen).toList());
    }

    @Test
    void theHistoryKeepsNoLegalMovesAtItsCheckpoints() {
        Position start = Position.initial();
        start.legalMoves();
        GameRecord record = GameRecord.start(start);
        assertEquals(start.toFen(), record.startPosition().toFen());
        assertNotSame(start, record.startPosition(), "the start is kept without the moves generated for it");
        Position fresh = Position.fromFen("8/8/8/3k4/8/3K4/8/8 w - - 0 1");
        assertSame(fresh, fresh.withoutCaches(), "nothing generated yet: nothing to drop");
        assertNull(record.previous());
    }
}

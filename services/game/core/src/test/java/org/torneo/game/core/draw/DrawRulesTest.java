package org.torneo.game.core.draw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.torneo.game.core.board.Position;

/** Given a start position and moves, then the draw bookkeeping. */
class DrawRulesTest {

    private static GameRecord play(String fen, String moves) {
        GameRecord record = GameRecord.start(fen == null ? Position.initial() : Position.fromFen(fen));
        for (String uci : moves.split(" ")) {
            record = record.play(GamesCorpusTest.uci(record.position(), uci));
        }
        return record;
    }

    @Test
    void threefoldCountsTheStartPositionAndFivefoldEndsTheGame() {
        String shuffle = "g1f3 g8f6 f3g1 f6g8";
        GameRecord r = play(null, shuffle + " " + shuffle);
        assertEquals(8, r.firstThreefoldPly()); // FIDE 2018 9.2.2: start, ply 4, ply 8
        assertTrue(DrawRules.threefoldRepetition(r));
        assertEquals(DrawRules.Ending.NONE, DrawRules.automaticEnding(r, DeadPositionOracle.BARE_MATERIAL));
        GameRecord five = play(null, String.join(" ", shuffle, shuffle, shuffle, shuffle));
        assertEquals(5, five.occurrences());
        assertEquals(16, five.firstFivefoldPly());
        assertEquals(DrawRules.Ending.FIVEFOLD_REPETITION, DrawRules.automaticEnding(five, DeadPositionOracle.BARE_MATERIAL));
    }

    @Test
    void castlingRightsLostByARookMoveMakeTheSamePiecesADifferentPosition() {
        // FIDE 2018 9.2.3: the rooks went back to h1/h8, but the king-side castling rights are gone
        GameRecord r = play(null, "g1f3 g8f6 h1g1 h8g8 g1h1 g8h8 f3g1 f6g8");
        assertEquals(Position.initial().toFen().replace("KQkq", "Qq").replace(" 0 1", " 8 5"), r.position().toFen());
        assertEquals(1, r.occurrences());
        GameRecord again = play(null, "g1f3 g8f6 h1g1 h8g8 g1h1 g8h8 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
        assertEquals(3, again.occurrences());
        // the first third occurrence is the position after Nf3 Nf6 without king-side rights (plies 6, 10, 14)
        assertEquals(14, again.firstThreefoldPly());
    }

    @Test
    void anEnPassantSquareCountsOnlyWhenTheCaptureIsReallyLegal() {
        // after d7-d5 the e5 pawn is pinned horizontally (king a5, rook h5): e.p. impossible, so that position is
        // the same as the later ones (FIDE 2018 9.2.3)
        String pinned = "8/3p4/8/K3P2r/8/8/8/6Nk b - - 0 1";
        GameRecord r = play(pinned, "d7d5 g1f3 h5h6 f3g1 h6h5 g1f3 h5h6 f3g1 h6h5");
        assertEquals(3, r.occurrences());
        assertEquals(9, r.firstThreefoldPly());
        // without the pin the capture is legal at ply 1, so that position differs: only two occurrences by ply 9
        String free = "8/3p4/7r/K3P3/8/8/8/6Nk b - - 0 1";
        GameRecord f = play(free, "d7d5 g1f3 h6h7 f3g1 h7h6 g1f3 h6h7 f3g1 h7h6");
        assertEquals(2, f.occurrences());
        assertEquals(-1, f.firstThreefoldPly());
        GameRecord f2 = play(free, "d7d5 g1f3 h6h7 f3g1 h7h6 g1f3 h6h7 f3g1 h7h6 g1f3 h6h7 f3g1 h7h6");
        assertEquals(3, f2.occurrences());
        assertEquals(10, f2.firstThreefoldPly()); // reached first by the position after Nf3 (plies 2, 6, 10)
    }

    @Test
    void fiftyMoveClaimOnTheCurrentPositionOrOnAWrittenMove() {
        String fen = "4k3/8/8/8/8/8/4P3/4K2R w - - 99 80";
        GameRecord start = GameRecord.start(Position.fromFen(fen));
        assertEquals(Set.of(), DrawClaims.onCurrentPosition(start));
        // FIDE 2018 9.3.1: the written move would complete 50 moves: judge the position after it
        assertEquals(Set.of(DrawClaims.Ground.FIFTY_MOVES),
                DrawClaims.onIntendedMove(start, GamesCorpusTest.uci(start.position(), "h1h2")));
        assertEquals(Set.of(), DrawClaims.onIntendedMove(start, GamesCorpusTest.uci(start.position(), "e2e3")));
        GameRecord after = play(fen, "h1h2");
        assertEquals(1, after.firstFiftyMovePly());
        assertTrue(DrawRules.fiftyMoveRule(after));
    }

    @Test
    void threefoldClaimWithAnIntendedMove() {
        GameRecord r = play(null, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
        assertEquals(Set.of(), DrawClaims.onCurrentPosition(r));
        assertEquals(Set.of(DrawClaims.Ground.THREEFOLD_REPETITION),
                DrawClaims.onIntendedMove(r, GamesCorpusTest.uci(r.position(), "f6g8")));
    }

    @Test
    void mateOnTheMoveThatReachesSeventyFiveMovesWins() {
        String fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100";
        GameRecord mate = play(fen, "a1a8");
        assertEquals(150, mate.position().halfmoveClock());
        assertEquals(false, DrawRules.seventyFiveMoveRule(mate)); // FIDE 2018 9.6.2: the mate takes precedence
        assertEquals(DrawRules.Ending.CHECKMATE, DrawRules.automaticEnding(mate, DeadPositionOracle.BARE_MATERIAL));
        GameRecord quiet = play(fen, "a1a7");
        assertTrue(DrawRules.seventyFiveMoveRule(quiet));
        assertEquals(DrawRules.Ending.SEVENTY_FIVE_MOVE_RULE, DrawRules.automaticEnding(quiet, DeadPositionOracle.BARE_MATERIAL));
        assertEquals(1, quiet.firstSeventyFiveMovePly());
    }

    @Test
    void bareMaterialDeadPositionsAreSoundAndChessJsRuleIsSeparate() {
        assertTrue(InsufficientMaterial.bareMaterialDead(Position.fromFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")));
        assertTrue(InsufficientMaterial.bareMaterialDead(Position.fromFen("4k3/8/8/8/8/8/8/4KN2 w - - 0 1")));
        assertTrue(InsufficientMaterial.bareMaterialDead(Position.fromFen("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1")));
        // K+N v K+N and opposite-coloured bishops can still be mated with help: not dead
        assertEquals(false, InsufficientMaterial.bareMaterialDead(Position.fromFen("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1")));
        assertEquals(false, InsufficientMaterial.bareMaterialDead(Position.fromFen("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1")));
        assertEquals(false, InsufficientMaterial.bareMaterialDead(Position.fromFen("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1")));
        assertEquals(false, InsufficientMaterial.chessJsRule(Position.fromFen("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1")));
        assertTrue(InsufficientMaterial.chessJsRule(Position.fromFen("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1")));
    }
}

package org.torneo.game.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.torneo.game.core.game.GameSpec.BOARD;
import static org.torneo.game.core.game.GameSpec.at;
import static org.torneo.game.core.game.GameSpec.move;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.GameCommand.TouchPiece;
import org.torneo.contracts.game.GameCommand.ReportIllegalMove;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.game.MoveEvent.MovesTakenBack;

/**
 * Touch-move with the king and a rook, per edition: FIDE 2018 4.4.1-4.4.3, 2001 4.4a-c, 1997 4.4a-b, Code 1970 art.
 * VIII (with the FIDE 1952 interpretation on a rook touched first); and the general rule 4.3 for pieces of both colours.
 */
class TouchMoveTest {

    /** Both white rooks and the king on their squares; both castlings legal. */
    private static final String CASTLE_EITHER = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    /** The black rook on f2 covers f1: O-O is illegal, O-O-O legal, the king may go to d1 or take on f2. */
    private static final String SHORT_CASTLING_ILLEGAL = "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1";
    /** The bishop on f1 blocks O-O and the king has no move at all. */
    private static final String KING_BOXED = "r3k2r/8/8/8/8/8/3PPP2/R2QKB1R w KQkq - 0 1";

    private static GameSpec touched(Edition edition, String fen, String... squares) {
        GameSpec spec = GameSpec.fromFen(edition, Category.STANDARD, fen);
        for (String square : squares) {
            spec.given(BOARD, new TouchPiece(Side.WHITE, square, at()));
        }
        return spec;
    }

    private static void refused(GameSpec spec, String move, String words, String article) {
        GameState.TouchMoveBreach breach = spec.state.touchMoveBreach();
        if (spec.state.rules().touchMoveIsAClaim() && (breach == null || !breach.claimed())) {
            // Code 1970 art. VIII, FIDE 1997/2001 4.6: the move stands until the opponent claims; then the obligation
            // is enforced on the move played again
            spec.when(move(move)).then(MovePlayed.class);
            spec.when(BOARD, new ReportIllegalMove(spec.state.ply(), spec.state.moverOf(spec.state.ply()).opponent(),
                    "touch-move", at())).then(MovesTakenBack.class);
        }
        spec.when(move(move)).rejected(words);
        assertEquals(article, spec.event(CommandRejected.class).article());
    }

    // --------------------------------------------------------------------------------------------- FIDE 2018

    @Test
    void fide2018KingThenRookMeansCastlingOnThatSide() {
        GameSpec spec = touched(Edition.FIDE_2018, CASTLE_EITHER, "e1", "h1");
        refused(spec, "Kf1", "castle on that side", "FIDE 2018 4.4.1");
        refused(spec, "O-O-O", "castle on that side", "FIDE 2018 4.4.1");
        spec.when(move("O-O")).then(MovePlayed.class);
    }

    @Test
    void fide2018RookThenKingForbidsCastlingWithThatRookAndTheRookMustMove() {
        GameSpec spec = touched(Edition.FIDE_2018, CASTLE_EITHER, "h1", "e1");
        refused(spec, "O-O", "no castling with it", "FIDE 2018 4.4.2, FIDE 2018 4.3.1");
        refused(spec, "Kf1", "h1 must be moved", "FIDE 2018 4.4.2, FIDE 2018 4.3.1");
        spec.when(move("Rh7")).then(MovePlayed.class);
    }

    @Test
    void fide2018CastlingIllegalOnThatSideObligesAnotherKingMove() {
        GameSpec spec = touched(Edition.FIDE_2018, SHORT_CASTLING_ILLEGAL, "e1", "h1");
        refused(spec, "Rh2", "another king move", "FIDE 2018 4.4.3");
        spec.when(move("O-O-O")).then(MovePlayed.class); // castling with the other rook is a king move
        touched(Edition.FIDE_2018, SHORT_CASTLING_ILLEGAL, "e1", "h1").when(move("Kd1")).then(MovePlayed.class);
        // the king cannot move at all: any legal move
        touched(Edition.FIDE_2018, KING_BOXED, "e1", "h1").when(move("e4")).then(MovePlayed.class);
    }

    @Test
    void fide2018Chess960KingAndRookTouchedMeanCastlingEvenWhenAKingMoveLandsOnTheSameSquare() {
        // king b1, rook a1: O-O-O puts the king on c1 and the rook on d1; Kc1 is a different move (Guidelines II.3)
        GameSpec spec = touched(Edition.FIDE_2018, "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", "b1", "a1");
        refused(spec, "Kc1", "castle on that side", "FIDE 2018 4.4.1");
        spec.when(move("O-O-O")).then(MovePlayed.class);
        assertEquals("rk5r/8/8/8/8/8/8/2KR3R", spec.event(MovePlayed.class).fenAfter().split(" ")[0]);
    }

    // --------------------------------------------------------------------------------------------- FIDE 2001

    @Test
    void fide2001AlsoObligesCastlingOnTheTouchedSide() {
        refused(touched(Edition.FIDE_2001, CASTLE_EITHER, "e1", "h1"), "Kf1", "castle on that side", "FIDE 2001 4.4a");
        refused(touched(Edition.FIDE_2001, CASTLE_EITHER, "h1", "e1"), "O-O", "no castling with it",
                "FIDE 2001 4.4b, FIDE 2001 4.3a");
        refused(touched(Edition.FIDE_2001, SHORT_CASTLING_ILLEGAL, "e1", "h1"), "Rh2", "another king move",
                "FIDE 2001 4.4c");
    }

    // --------------------------------------------------------------------------------------------- FIDE 1997

    @Test
    void fide1997KingTouchedFirstBindsToAKingMoveButNotToCastling() {
        GameSpec spec = touched(Edition.FIDE_1997, CASTLE_EITHER, "e1", "h1");
        refused(spec, "Rh2", "a king move", "FIDE 1997 4.3a, 4.4b");
        spec.when(move("Kf1")).then(MovePlayed.class);
        refused(touched(Edition.FIDE_1997, CASTLE_EITHER, "h1", "e1"), "O-O", "no castling with it",
                "FIDE 1997 4.4a, FIDE 1997 4.3a");
        refused(touched(Edition.FIDE_1997, SHORT_CASTLING_ILLEGAL, "e1", "h1"), "Rh2", "a king move", "FIDE 1997 4.4b");
        touched(Edition.FIDE_1997, KING_BOXED, "e1", "h1").when(move("e4")).then(MovePlayed.class);
    }

    // --------------------------------------------------------------------------------------------- Code 1970

    @Test
    void code1970TheFirstTouchedPieceMovesAndARookTouchedFirstCannotCastle() {
        touched(Edition.CODE_1970, CASTLE_EITHER, "e1", "h1").when(move("Kf1")).then(MovePlayed.class);
        touched(Edition.CODE_1970, CASTLE_EITHER, "e1", "h1").when(move("O-O-O")).then(MovePlayed.class);
        refused(touched(Edition.CODE_1970, CASTLE_EITHER, "h1", "e1"), "O-O", "no castling with it",
                "Code 1970 art. VIII, Code 1970 art. VIII");
    }

    // -------------------------------------------------------------------------------- 4.3: pieces of both colours

    @Test
    void touchingAnOwnAndAnEnemyPieceObligesThatCapture() {
        GameSpec spec = GameSpec.fide2018().moves("e4", "d5").given(BOARD, new TouchPiece(Side.WHITE, "e4", at()))
                .given(BOARD, new TouchPiece(Side.WHITE, "d5", at()));
        refused(spec, "e5", "capture the piece on d5 with the piece on e4", "FIDE 2018 4.3.3");
        spec.when(move("exd5")).then(MovePlayed.class);
        // the Code 1970 knows only "the first touched piece that can be moved or captured"
        GameSpec.game(Edition.CODE_1970, Category.STANDARD).moves("e4", "d5")
                .given(BOARD, new TouchPiece(Side.WHITE, "e4", at())).given(BOARD, new TouchPiece(Side.WHITE, "d5", at()))
                .when(move("e5")).then(MovePlayed.class);
    }

    @Test
    void touchingAnEnemyPieceObligesItsCaptureIfPossible() {
        GameSpec spec = GameSpec.fide2018().moves("e4", "d5").given(BOARD, new TouchPiece(Side.WHITE, "d5", at()));
        refused(spec, "Nf3", "d5 must be captured", "FIDE 2018 4.3.2");
        spec.when(move("exd5")).then(MovePlayed.class);
        // an enemy piece that cannot be captured binds nothing (4.5)
        GameSpec.fide2018().moves("e4", "d5").given(BOARD, new TouchPiece(Side.WHITE, "d8", at()))
                .when(move("Nf3")).then(MovePlayed.class);
    }
}

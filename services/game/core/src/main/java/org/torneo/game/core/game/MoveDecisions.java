package org.torneo.game.core.game;

import java.util.ArrayList;
import java.util.List;

import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.DrawOfferDeclined;
import org.torneo.contracts.game.DeclineMode;
import org.torneo.contracts.game.GameCommand.PressClock;
import org.torneo.contracts.game.GameCommand.SubmitMove;
import org.torneo.contracts.game.GameCommand.TouchPiece;
import org.torneo.contracts.game.MoveEvent.MoveCompleted;
import org.torneo.contracts.game.MoveEvent.PieceTouched;
import org.torneo.contracts.game.MoveSource;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Square;
import org.torneo.game.core.notation.ParsedMove;

import static org.torneo.game.core.game.IllegalMoveDecisions.irregularMove;
import static org.torneo.game.core.game.Verdicts.articleFor;
import static org.torneo.game.core.game.Verdicts.fromSquare;
import static org.torneo.game.core.game.Verdicts.readMove;
import static org.torneo.game.core.game.Verdicts.reject;
import static org.torneo.game.core.game.Verdicts.touchMove;
import static org.torneo.game.core.game.Verdicts.wrongPlayer;

/** Moves: a submitted move (legal, illegal, irregular from an e-board), the clock press that completes it, a touched piece. */
final class MoveDecisions {

    private final AutomaticEndings automaticEndings;
    private final IllegalMoveDecisions illegalMoves;

    MoveDecisions(AutomaticEndings automaticEndings, IllegalMoveDecisions illegalMoves) {
        this.automaticEndings = automaticEndings;
        this.illegalMoves = illegalMoves;
    }

    List<EventMessage> submitMove(GameRequest request, SubmitMove submit, GameState state) {
        if (state.phase() == GameState.Phase.ADJOURNED) {
            return reject(submit, "the game is adjourned: the sealed move is played at resumption",
                    state.rules().sealedMoveArticle());
        }
        Side mover = state.sideToMove();
        String wrong = wrongPlayer(request, state, mover);
        if (wrong != null) {
            return reject(submit, wrong + ": it is " + mover.name().toLowerCase(java.util.Locale.ROOT)
                    + "'s move", "FIDE 2018 1.3");
        }
        Position position = state.position();
        ParsedMove parsed = readMove(position, submit.move());
        if (!parsed.isOk()) {
            String reason = ((ParsedMove.Error) parsed).message();
            boolean observedOnTheBoard = submit.source() != MoveSource.BOARD;
            // FIDE 1997 C.3 with B.5 (by C.2): the arbiter who sees the illegal move does not act on it either
            boolean seenWithoutActing = submit.source() == MoveSource.EBOARD
                    || submit.source() == MoveSource.ARBITER && state.rules().illegalMoveOpponentMayClaimWin();
            if (seenWithoutActing && reason.contains("is illegal")
                    && state.rules().illegalMovesStandUnlessClaimed(state.regulations())) {
                // without adequate supervision nobody acts unless the opponent claims before his own move: the
                // illegal move is on the board and the game goes on from it (FIDE 2018 A.4.2, B.4; 1997 C.3)
                String article = state.rules().illegalMoveOpponentMayClaimWin() ? "FIDE 1997 C.3" : "FIDE 2018 A.4.2";
                Move irregular = irregularMove(position, submit.move());
                if (irregular == null) {
                    return reject(submit, reason + "; without adequate supervision it stands unless the opponent "
                            + "claims it before his own move, but it can be put on the board only when given as "
                            + "from-to squares (e.g. e1e2)", article);
                }
                return illegalMoves.standingIllegalMove(request, state, mover, irregular, submit.move(), reason, article,
                        submit.observedAt());
            }
            if (observedOnTheBoard && reason.contains("is illegal")) {
                // an e-board or the arbiter saw an illegal move completed on the board: the procedure of 7.5
                return illegalMoves.illegalMove(request, state, mover, state.ply() + 1, submit.move(), reason, fromSquare(submit.move()),
                        null, submit.observedAt());
            }
            return reject(submit, reason, "");
        }
        Move move = parsed.move();
        var obligation = touchMove(state);
        if (obligation.isPresent() && !obligation.get().allows(move)) {
            // FIDE 2018 4.3, 4.4 (per edition); 7.5.1: the replacement for a taken-back illegal move is made with
            // the piece moved illegally, which counts as touched first
            return reject(submit, obligation.get().description() + (state.boundSquare() >= 0 ? " (the piece on "
                    + Square.name(state.boundSquare()) + " was moved illegally and taken back)" : ""),
                    obligation.get().article() + (state.boundSquare() >= 0 ? ", " + state.rules().illegalMoveArticle() : ""));
        }
        List<EventMessage> events = new ArrayList<>();
        if (state.offerBy() == mover.opponent()) {
            // FIDE 1997 9.1: a move declines the offer; FIDE 2001 9.1b, 2018 9.1.2.2: already touching a piece does
            events.add(new DrawOfferDeclined(mover, state.rules().offerDeclinedByAction(), submit.observedAt()));
        }
        automaticEndings.playMove(request, state, move, submit.source(), submit.clockAfter(), submit.observedAt(), events);
        return events;
    }

    List<EventMessage> pressClock(GameRequest request, PressClock press, GameState state) {
        Side by = press.by();
        String wrong = wrongPlayer(request, state, by);
        if (wrong != null) {
            return reject(press, wrong + " pressing the clock", "FIDE 2018 6.2.1");
        }
        if (state.illegalMoveNotCompleted() != null && by == state.sideToMove()) {
            return illegalMoves.completeIllegalMove(request, press, state);
        }
        if (state.ply() > 0 && state.moverOf(state.ply()) == by) {
            if (state.lastMoveCompleted()) {
                // a second press, or the clock's echo of a move that came with its reading: nothing new
                return List.of();
            }
            return List.of(new MoveCompleted(state.ply(), by, press.observedAt()));
        }
        // the player to move pressed without having moved
        if (state.rules().illegalActionsCount()) {
            return illegalMoves.illegalMove(request, state, by, state.ply() + 1, "clock pressed without a move",
                    "the clock was pressed without a move", -1, "FIDE 2018 7.5.3", press.observedAt());
        }
        return reject(press, "the clock was pressed without a move: not an illegal move under this edition; the "
                + "arbiter may penalise the handling of the clock", articleFor(state, "7.5.3", "6.8c", "6.7c", "XIV"));
    }

    List<EventMessage> touchPiece(GameRequest request, TouchPiece touch, GameState state) {
        Side by = touch.by();
        String wrong = wrongPlayer(request, state, by);
        if (wrong != null) {
            return reject(touch, wrong + " touching a piece", "FIDE 2018 4.3");
        }
        if (by != state.sideToMove()) {
            return reject(touch, "only the player having the move may touch the pieces", "FIDE 2018 4.2.1");
        }
        List<EventMessage> events = new ArrayList<>();
        events.add(new PieceTouched(state.ply(), by, touch.square(), touch.observedAt()));
        if (state.offerBy() == by.opponent() && state.rules().offerDeclinedByAction() == DeclineMode.BY_TOUCHING_A_PIECE) {
            // FIDE 2001 9.1b, 2018 9.1.2.2
            events.add(new DrawOfferDeclined(by, DeclineMode.BY_TOUCHING_A_PIECE, touch.observedAt()));
        }
        return events;
    }
}

package org.torneo.game.core.game;

import java.time.Instant;
import java.util.List;

import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.draw.DeadPositionOracle;
import org.torneo.game.core.draw.DrawRules;
import org.torneo.game.core.draw.GameRecord;
import org.torneo.game.core.notation.San;

import static org.torneo.game.core.game.Verdicts.ended;
import static org.torneo.game.core.game.Verdicts.winFor;

/**
 * Playing a legal move and the endings that follow from the position by themselves (FIDE 2018 5.1.1 mate, 5.2.1
 * stalemate, 5.2.2 dead position, 9.6 fivefold repetition and 75 moves), per the game's edition.
 */
final class AutomaticEndings {

    private final DeadPositionOracle deadPositionOracle;

    AutomaticEndings(DeadPositionOracle deadPositionOracle) {
        this.deadPositionOracle = deadPositionOracle;
    }

    /** Appends MovePlayed and, when the move ends the game at once, GameEnded. */
    void playMove(GameRequest request, GameState state, Move move, MoveSource source,
                  org.torneo.contracts.game.ClockReading clock, Instant at, List<EventMessage> events) {
        Position before = state.position();
        GameRecord after = state.record().play(move);
        Side mover = state.sideToMove();
        events.add(new MovePlayed(after.ply(), mover, San.write(before, move), move.uci(), after.position().toFen(),
                source, clock, at));
        GameEnded ending = automaticEnding(request, state, after, mover, at);
        if (ending != null) {
            events.add(ending);
        }
    }

    /** FIDE 2018 5.1.1, 5.2.1, 5.2.2, 9.6 (per edition): the game ends at once, no clock press needed (6.2.1). */
    GameEnded automaticEnding(GameRequest request, GameState state, GameRecord after, Side mover, Instant at) {
        EditionRules rules = state.rules();
        Position p = after.position();
        if (p.legalMoveCount() == 0) {
            return p.inCheck()
                    ? ended(request, state, winFor(mover), EndReason.CHECKMATE, rules.checkmateArticle(), true, at)
                    : ended(request, state, GameResult.DRAW, EndReason.STALEMATE, rules.stalemateArticle(), true, at);
        }
        if (rules.deadPositionEndsGame() && deadPositionOracle.isDead(p)) {
            return ended(request, state, GameResult.DRAW, EndReason.DEAD_POSITION, rules.deadPositionArticle(), true, at);
        }
        if (rules.automaticFivefoldAnd75()) {
            if (DrawRules.fivefoldRepetition(after)) {
                return ended(request, state, GameResult.DRAW, EndReason.FIVEFOLD_REPETITION, "FIDE 2018 9.6.1", true, at);
            }
            if (DrawRules.seventyFiveMoveRule(after)) {
                return ended(request, state, GameResult.DRAW, EndReason.SEVENTY_FIVE_MOVES, "FIDE 2018 9.6.2", true, at);
            }
        }
        return null;
    }
}

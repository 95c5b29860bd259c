package org.torneo.audit.verify;

import java.util.ArrayList;
import java.util.List;

import org.torneo.audit.verify.GameAudit.LatestResult;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.MoveEvent.PlayersCorrected;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.results.ResultEvent.ResultCorrected;
import org.torneo.game.core.deadposition.CanMate;
import org.torneo.game.core.draw.DrawRules;
import org.torneo.game.core.draw.GameRecord;
import org.torneo.game.core.game.EditionRules;
import org.torneo.game.core.game.GameState;

/**
 * Endings the board or the players decide (mate, stalemate, dead position, agreement), corrected results and
 * corrected players, checked against the edition's rules.
 */
final class EndingAudit {

    EndingAudit() {
    }

    /**
     * A corrected pairing changes a game's players only before it began (C.04.3 of 2017 F.7, C.04.2: a game that has
     * begun is played as paired), only by the arbiter or by the game service applying the arbiter's published
     * correction, and it names the players the game had.
     */
    static void checkPlayersCorrected(String gameId, Envelope env, PlayersCorrected corrected, GameState before,
                                      List<Decision> out) {
        Actor.Role role = env.actor().role();
        int illegal = before.whiteIllegalMoves() + before.blackIllegalMoves();
        String why = role != Actor.Role.ARBITER && role != Actor.Role.SYSTEM ? "changed by a "
                + role.name().toLowerCase(java.util.Locale.ROOT) + ", not by the arbiter"
                : role == Actor.Role.SYSTEM && corrected.pairingCorrection() == null
                ? "applied by the service without the arbiter's published correction"
                : before.isOver() ? "the game was over"
                : before.ply() > 0 ? "the game had begun: " + before.ply() + (before.ply() == 1 ? " ply" : " plies") + " played"
                : illegal > 0 || before.illegalMoveNotCompleted() != null ? "the game had begun: an illegal move was made"
                : !corrected.previousWhitePlayerId().equals(before.whitePlayerId())
                || !corrected.previousBlackPlayerId().equals(before.blackPlayerId())
                ? "it names " + corrected.previousWhitePlayerId() + " - " + corrected.previousBlackPlayerId()
                + " as the players, the game had " + before.whitePlayerId() + " - " + before.blackPlayerId()
                : corrected.whitePlayerId().equals(corrected.blackPlayerId()) ? "the same player on both sides"
                : null;
        out.add(new Decision(gameId, "pairing correction", env.eventId(), env.sequence(), why == null,
                corrected.article(), why == null ? "the players became " + corrected.whitePlayerId() + " - "
                + corrected.blackPlayerId() + " before the first move" : why,
                "by " + env.actor().role() + " " + env.actor().id() + "; reason: " + corrected.reason()));
    }

    /**
     * Endings the board decides by itself, checked on the final position: checkmate (2018 5.1.1), stalemate (5.2.1),
     * dead position (5.2.2; 1997/2001 9.6), fivefold repetition and 75 moves (2018 9.6.1, 9.6.2 only).
     */
    void checkAutomaticEnding(String gameId, Envelope env, GameEnded ended, GameState before,
                              List<Decision> out) {
        EditionRules rules = before.rules();
        GameRecord record = before.record();
        Side toMove = before.sideToMove();
        String why = switch (ended.reason()) {
            case CHECKMATE -> !DrawRules.checkmate(record) ? "the side to move is not checkmated"
                    : ended.result() != winFor(toMove.opponent()) ? "checkmate wins for " + toMove.opponent() : null;
            case STALEMATE -> !DrawRules.stalemate(record) ? "the side to move is not stalemated" : null;
            case DEAD_POSITION -> !rules.deadPositionEndsGame() ? "this edition does not end a game on a dead position"
                    : !CanMate.isDead(record.position()) ? "the position is not dead: a helpmate exists" : null;
            case FIVEFOLD_REPETITION -> !rules.automaticFivefoldAnd75() ? "this edition has no automatic fivefold"
                    : !DrawRules.fivefoldRepetition(record) ? "the position has not occurred five times" : null;
            case SEVENTY_FIVE_MOVES -> !rules.automaticFivefoldAnd75() ? "this edition has no automatic 75-move rule"
                    : !DrawRules.seventyFiveMoveRule(record) ? "fewer than 75 moves each without capture or pawn move"
                    : null;
            default -> null;
        };
        if (why == null && ended.reason() != EndReason.CHECKMATE && ended.result() != GameResult.DRAW) {
            why = ended.reason() + " is a draw";
        }
        String article = switch (ended.reason()) {
            case CHECKMATE -> rules.checkmateArticle();
            case STALEMATE -> rules.stalemateArticle();
            case DEAD_POSITION -> rules.deadPositionArticle();
            default -> ended.article();
        };
        out.add(new Decision(gameId, "ending (" + ended.reason().name().toLowerCase().replace('_', ' ') + ")",
                env.eventId(), env.sequence(), why == null, article, why == null ? ended.result().notation()
                + " confirmed on the final position" : "logged " + ended.result().notation() + " by " + ended.reason()
                + ", but " + why, "final position " + record.position().toFen() + " after ply " + record.ply()
                + ", " + toMove + " to move; occurrences " + record.occurrences() + ", halfmove clock "
                + record.position().halfmoveClock()));
    }

    /**
     * A draw by agreement follows an offer accepted (DrawAgreed) and scores ½-½; from 2018 both players must have
     * made a move (2018 9.1.1 read with the event rules; earlier editions have no such condition).
     */
    static void checkAgreement(String gameId, Envelope env, GameEnded ended, Envelope previous,
                               GameState before, List<Decision> out) {
        EditionRules rules = before.rules();
        List<String> wrong = new ArrayList<>();
        if (previous == null || !(previous.payload() instanceof ClaimEvent.DrawAgreed)) {
            wrong.add("no accepted offer (DrawAgreed) before it");
        }
        if (ended.result() != GameResult.DRAW) {
            wrong.add("an agreed draw scores ½-½, logged " + ended.result().notation());
        }
        int white = before.movesMadeBy(Side.WHITE);
        int black = before.movesMadeBy(Side.BLACK);
        if (rules.agreementNeedsBothMoved() && (white == 0 || black == 0)) {
            wrong.add("agreed before each player made a move");
        }
        out.add(new Decision(gameId, "draw by agreement", env.eventId(), env.sequence(), wrong.isEmpty(),
                rules.agreementArticle(), wrong.isEmpty() ? "½-½ by agreement" : String.join("; ", wrong),
                "moves made: White " + white + ", Black " + black + (previous == null ? ""
                        : "; accepted in " + previous.eventId())));
    }

    /** FIDE 2001 8.7, 2018 12.9: only an arbiter corrects a published result, with a reason, replacing the latest. */
    static void checkCorrection(String gameId, Envelope env, ResultCorrected corrected, LatestResult latest,
                                List<Decision> out) {
        List<String> wrong = new ArrayList<>();
        if (env.actor().role() != Actor.Role.ARBITER) {
            wrong.add("corrected by " + env.actor().role() + " " + env.actor().id() + ", not an arbiter");
        }
        if (!env.actor().id().equals(corrected.by())) {
            wrong.add("names " + corrected.by() + " as the one who decided, but was issued by " + env.actor().id());
        }
        if (corrected.why().isBlank()) {
            wrong.add("no reason given");
        }
        if (latest == null || !latest.eventId().equals(corrected.supersedes())) {
            wrong.add("supersedes " + corrected.supersedes() + ", but the result in force is "
                    + (latest == null ? "none" : latest.eventId()));
        }
        out.add(new Decision(gameId, "result correction", env.eventId(), env.sequence(), wrong.isEmpty(),
                "FIDE 2001 8.7, FIDE 2018 12.9",
                wrong.isEmpty() ? (latest == null ? "" : latest.text()) + " -> " + corrected.result().notation()
                        + " by arbiter " + corrected.by() : String.join("; ", wrong),
                "why: " + corrected.why() + "; supersedes " + corrected.supersedes()));
    }

    static GameResult winFor(Side side) {
        return side == Side.WHITE ? GameResult.WHITE_WINS : GameResult.BLACK_WINS;
    }

    static org.torneo.game.core.board.Side toBoard(Side side) {
        return side == Side.WHITE ? org.torneo.game.core.board.Side.WHITE : org.torneo.game.core.board.Side.BLACK;
    }
}

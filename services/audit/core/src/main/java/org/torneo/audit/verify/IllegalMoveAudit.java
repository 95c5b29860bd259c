package org.torneo.audit.verify;

import java.util.ArrayList;
import java.util.List;

import org.torneo.contracts.Envelope;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.game.MoveEvent.IllegalMoveRecorded;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.game.core.deadposition.CanMate;
import org.torneo.game.core.game.EditionRules;
import org.torneo.game.core.game.GameState;
import org.torneo.game.core.game.QuickplayFinishRules;

import static org.torneo.audit.verify.AuditText.seconds;
import static org.torneo.audit.verify.EndingAudit.toBoard;
import static org.torneo.audit.verify.EndingAudit.winFor;
import static org.torneo.audit.verify.QuickplayAudit.quickplayFinishWhy;

/** Illegal moves (FIDE 2018 7.5, 1997/2001 7.4, Code 1970 art. IX): counts, penalties and the loss, checked again. */
final class IllegalMoveAudit {

    IllegalMoveAudit() {
    }

    /** FIDE 2018 7.5.3-7.5.5, 2001 7.4, 1997 7.4, Code 1970 art. IX: the count and the penalty it earns. */
    void checkIllegalMove(String gameId, List<Envelope> events, int index, IllegalMoveRecorded illegal,
                          GameState before, List<Decision> out) {
        Envelope env = events.get(index);
        EditionRules rules = before.rules();
        int count = before.illegalMovesOf(illegal.by()) + 1;
        // FIDE 1997 10.3: in the quickplay finish illegal moves cost the opponent +2 min, +2 min, and the third loses
        // (7.4 alone only restores the position); every illegal move of the game counts, not only those in the finish
        boolean quickplay1997 = rules.ruleset().edition() == Ruleset.Edition.FIDE_1997 && !rules.isBlitz()
                && quickplayFinishWhy(before, illegal.by()) == null;
        int toLose = quickplay1997 ? 3 : rules.illegalMovesToLose();
        boolean loses = toLose > 0 && count >= toLose;
        long due = loses ? 0 : quickplay1997 ? QuickplayFinishRules.OPPONENT_BONUS_MILLIS
                : rules.illegalMovePenaltyMillis();
        String evidence = "ply " + illegal.ply() + " by " + illegal.by() + ", attempted " + illegal.attempted()
                + "; position before " + before.position().toFen() + "; earlier illegal moves of " + illegal.by()
                + ": " + (count - 1) + " (" + rules.ruleset() + (quickplay1997 ? ", in the quickplay finish" : "")
                + ")";
        List<String> wrong = new ArrayList<>();
        if (illegal.countForPlayer() != count) {
            wrong.add("counted as number " + illegal.countForPlayer() + ", it is number " + count);
        }
        if (illegal.penalty().addedToOpponentMillis() != due || illegal.penalty().deductedFromOffenderMillis() != 0) {
            wrong.add("penalty opponent +" + seconds(illegal.penalty().addedToOpponentMillis()) + ", due +"
                    + seconds(due));
        }
        Envelope next = index + 1 < events.size() ? events.get(index + 1) : null;
        GameEnded ended = next != null && next.payload() instanceof GameEnded g
                && g.reason() == EndReason.ILLEGAL_MOVES ? g : null;
        if (loses) {
            boolean draw = rules.illegalMoveLossDrawnIfOpponentCannotMate() && CanMate.canMate(before.position(),
                    toBoard(illegal.by().opponent())).unwinnable();
            GameResult dueResult = draw ? GameResult.DRAW : winFor(illegal.by().opponent());
            if (ended == null || ended.result() != dueResult) {
                wrong.add("illegal move " + count + " ends the game " + dueResult.notation() + ", logged "
                        + (ended == null ? "no result" : ended.result().notation()));
            }
        } else if (ended != null && !rules.illegalMoveOpponentMayClaimWin()) {
            wrong.add("illegal move " + count + " does not end the game under " + rules.ruleset());
        }
        out.add(new Decision(gameId, "illegal-move penalty", env.eventId(), env.sequence(), wrong.isEmpty(),
                quickplay1997 ? "FIDE 1997 10.3" : rules.illegalMoveArticle(), wrong.isEmpty() ? "illegal move " + count + ": " + (loses
                ? "game lost (or drawn)" : "opponent +" + seconds(due)) : String.join("; ", wrong), evidence));
    }
}

package org.torneo.audit.verify;

import java.util.List;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.game.core.game.GameDecider;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;

/**
 * A resignation re-decided (FIDE 2018 5.1.2, 1997/2001 5.1b, Code 1970 art. XI-2): the side that resigned is the
 * loser the logged result names; the game decider, asked on the state before the result with the envelope's actor,
 * must accept that player's resignation (the game still on, the actor that side's player or an arbiter) and give
 * the same result. A resignation by the wrong player, after the game ended, or scored otherwise is reported.
 */
public final class ResignationAudit {

    /** The kind of the decisions this check adds (counted by the report). */
    public static final String KIND = "resignation";

    private final GameDecider gameDecider;

    public ResignationAudit(GameDecider gameDecider) {
        this.gameDecider = gameDecider;
    }

    public void check(String gameId, Envelope env, GameEnded ended, GameState before, List<Decision> out) {
        String article = before.rules() == null ? "FIDE 2018 5.1.2" : before.rules().resignationArticle();
        Side resigned = ended.result() == GameResult.WHITE_WINS ? Side.BLACK
                : ended.result() == GameResult.BLACK_WINS ? Side.WHITE : null;
        String evidence = "by " + env.actor().role().name().toLowerCase(java.util.Locale.ROOT) + " " + env.actor().id()
                + " at ply " + before.ply() + (before.isOver() ? ", after " + before.result().notation() + " ("
                + before.ended().reason() + ")" : "") + "; white " + before.whitePlayerId() + ", black "
                + before.blackPlayerId();
        if (resigned == null) {
            out.add(new Decision(gameId, KIND, env.eventId(), env.sequence(), false, article, "logged "
                    + ended.result().notation() + " by resignation, but a resignation wins the game for the opponent",
                    evidence));
            return;
        }
        List<EventMessage> due = gameDecider.decide(new GameRequest(gameId, env.actor(),
                new GameCommand.Resign(resigned, ended.endedAt())), before);
        EventMessage first = due.isEmpty() ? null : LoggedVersions.asLogged(due.get(0), ended);
        if (first instanceof CommandRejected refused) {
            out.add(new Decision(gameId, KIND, env.eventId(), env.sequence(), false, article, "logged "
                    + ended.result().notation() + " by " + resigned.name().toLowerCase(java.util.Locale.ROOT)
                    + "'s resignation, but the game refuses it: " + refused.reason()
                    + (refused.article().isBlank() ? "" : " (" + refused.article() + ")"), evidence));
            return;
        }
        boolean same = first instanceof GameEnded g && g.equals(ended);
        out.add(new Decision(gameId, KIND, env.eventId(), env.sequence(), same, article, same
                ? ended.result().notation() + ": " + resigned.name().toLowerCase(java.util.Locale.ROOT)
                + " resigned while the game was on"
                : "logged " + ended + ", due " + first, evidence));
    }
}

package org.torneo.audit.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.ClaimEvent.RulingIssued;
import org.torneo.contracts.game.GameCommand;
import org.torneo.game.core.game.GameDecider;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;

/**
 * An arbiter's ruling re-decided (warnings, sanctions, declared and adjudicated results, scores, restored positions,
 * annulments, time): the game decider, asked on the state before the ruling with the envelope's actor, must accept
 * the same ruling and give the same events as those logged for it (the events of the ruling's command). So the
 * catalogue of sanctions of the edition in force (FIDE 2018 12.9, 1997 13.4, 2001 13.4, Code 1970 art. XIX) and the
 * scores a result may carry (2018 10.2, 12.9) are whatever the game core says, not a second copy here.
 */
public final class RulingAudit {

    /** The kind of the decisions this check adds (counted by the report). */
    public static final String KIND = "arbiter ruling";

    private final GameDecider gameDecider;

    public RulingAudit(GameDecider gameDecider) {
        this.gameDecider = gameDecider;
    }

    /** The article listing the arbiter's sanctions in the edition in force. */
    static String catalogueArticle(Ruleset ruleset) {
        return switch (ruleset.edition()) {
            case FIDE_2018 -> "FIDE 2018 12.9";
            case FIDE_2001 -> "FIDE 2001 13.4";
            case FIDE_1997 -> "FIDE 1997 13.4";
            case CODE_1970 -> "Code 1970 art. XIX";
        };
    }

    public void check(String gameId, List<Envelope> events, int index, RulingIssued ruling, GameState before,
                      List<Decision> out) {
        Envelope env = events.get(index);
        List<EventMessage> logged = new ArrayList<>();
        for (int j = index; j < events.size() && Objects.equals(events.get(j).causationId(), env.causationId()); j++) {
            logged.add((EventMessage) events.get(j).payload());
        }
        String kind = KIND + " (" + ruling.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + ")";
        String catalogue = before.rules() == null ? "FIDE 2018 12.9" : catalogueArticle(before.rules().ruleset());
        String article = ruling.article().isBlank() ? catalogue : ruling.article() + "; " + catalogue;
        String evidence = "by " + env.actor().role().name().toLowerCase(java.util.Locale.ROOT) + " " + env.actor().id()
                + " at ply " + before.ply() + (before.rules() == null ? "" : " under " + before.rules().ruleset())
                + (ruling.side() == null ? "" : ", concerning " + ruling.side())
                + (ruling.result() == null ? "" : ", result " + ruling.result().notation())
                + (ruling.details().isBlank() ? "" : "; details: " + ruling.details());
        List<EventMessage> due = gameDecider.decide(new GameRequest(gameId, env.actor(), new GameCommand.ArbiterRuling(
                ruling.kind(), ruling.article(), ruling.details(), ruling.side(), ruling.result(),
                ruling.whiteHalfPoints(), ruling.blackHalfPoints(), ruling.restoreToPly(), ruling.timeMillis(),
                ruling.issuedAt(), ruling.playedOverTheBoard())), before);
        due = LoggedVersions.asLogged(due, logged);
        if (!due.isEmpty() && due.get(0) instanceof CommandRejected refused) {
            out.add(new Decision(gameId, kind, env.eventId(), env.sequence(), false, article,
                    "logged, but the game refuses this ruling: " + refused.reason()
                            + (refused.article().isBlank() ? "" : " (" + refused.article() + ")"), evidence));
            return;
        }
        if (!due.equals(logged)) {
            int at = 0;
            while (at < Math.min(due.size(), logged.size()) && due.get(at).equals(logged.get(at))) {
                at++;
            }
            out.add(new Decision(gameId, kind, env.eventId(), env.sequence(), false, article, "logged "
                    + (at < logged.size() ? logged.get(at) : "nothing more") + ", due "
                    + (at < due.size() ? due.get(at) : "nothing more"), evidence));
            return;
        }
        out.add(new Decision(gameId, kind, env.eventId(), env.sequence(), true, article,
                "re-decided by the game: " + logged.size() + (logged.size() == 1 ? " event" : " events") + " as logged",
                evidence));
    }
}

package org.torneo.audit.verify;

import java.util.List;
import java.util.Objects;
import java.util.UUID;

import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.game.ClaimEvent.ClaimFiled;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.contracts.game.ClaimEvent.ClaimUpheld;
import org.torneo.contracts.game.ClaimEvidence;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.Penalty;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.game.core.game.GameDecider;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;

import static org.torneo.audit.verify.AuditText.seconds;
import static org.torneo.audit.verify.AuditText.typeOf;

/** Draw claims on the position (FIDE 2018 9.2, 9.3, 9.5 and the editions' equivalents) decided again by the game decider. */
final class ClaimAudit {

    private final GameDecider gameDecider;

    ClaimAudit(GameDecider gameDecider) {
        this.gameDecider = gameDecider;
    }

    /** FIDE 2018 9.2, 9.3, 9.5 (and the edition's equivalents): the claim decided again on the state before it. */
    void checkClaim(String gameId, List<Envelope> events, int index, ClaimFiled filed, GameState before,
                    List<Decision> out) {
        Envelope filedEnvelope = events.get(index);
        Envelope decidedEnvelope = index + 1 < events.size() ? events.get(index + 1) : null;
        Object logged = decidedEnvelope == null ? null : decidedEnvelope.payload();
        List<EventMessage> expected = gameDecider.decide(new GameRequest(gameId, filedEnvelope.actor(),
                new GameCommand.ClaimDraw(filed.by(), filed.kind(), filed.intendedMove(), filed.clock(),
                        filed.filedAt())), before);
        EventMessage expectedDecision = expected.size() > 1 ? expected.get(1) : null;
        String kind = "draw claim (" + filed.kind().name().toLowerCase().replace('_', ' ') + ")";
        UUID eventId = decidedEnvelope == null ? filedEnvelope.eventId() : decidedEnvelope.eventId();
        long sequence = decidedEnvelope == null ? filedEnvelope.sequence() : decidedEnvelope.sequence();
        String evidence = "claim " + filedEnvelope.eventId() + " at ply " + filed.ply() + " by " + filed.by()
                + (filed.intendedMove() == null ? "" : ", intended move " + filed.intendedMove()) + "; "
                + evidenceText(expectedDecision);
        if (!(logged instanceof ClaimUpheld) && !(logged instanceof ClaimRejected)) {
            out.add(new Decision(gameId, kind, eventId, sequence, false, "", "the claim has no decision after it",
                    evidence));
            return;
        }
        String article = logged instanceof ClaimUpheld u ? u.article() : ((ClaimRejected) logged).article();
        boolean upheld = logged instanceof ClaimUpheld;
        boolean shouldUphold = expectedDecision instanceof ClaimUpheld;
        if (upheld != shouldUphold) {
            out.add(new Decision(gameId, kind, eventId, sequence, false, article, "logged "
                    + (upheld ? "upheld" : "rejected") + ", but under " + before.rules().ruleset()
                    + " the claim " + (shouldUphold ? "is correct" : "is not correct"
                    + (expectedDecision instanceof ClaimRejected r ? " (" + r.reason() + ")" : "")), evidence));
            return;
        }
        ClaimEvidence loggedEvidence = upheld ? ((ClaimUpheld) logged).evidence() : ((ClaimRejected) logged).evidence();
        ClaimEvidence dueEvidence = expectedDecision instanceof ClaimUpheld u ? u.evidence()
                : ((ClaimRejected) expectedDecision).evidence();
        if (!Objects.equals(loggedEvidence, dueEvidence)) {
            // the ruling may be right while the record of why is not: the scoresheet evidence must be the game's
            out.add(new Decision(gameId, kind, eventId, sequence, false, article, (upheld ? "upheld" : "rejected")
                    + " rightly, but the logged evidence is not the game's: " + evidenceText((EventMessage) logged), evidence));
            return;
        }
        out.add(new Decision(gameId, kind, eventId, sequence, true, article,
                upheld ? "upheld, as the positions show" : "rejected, as the positions show", evidence));
        if (!upheld) {
            Penalty penalty = ((ClaimRejected) logged).penalty();
            Penalty due = ((ClaimRejected) expectedDecision).penalty();
            boolean same = penalty.addedToOpponentMillis() == due.addedToOpponentMillis()
                    && penalty.deductedFromOffenderMillis() == due.deductedFromOffenderMillis();
            out.add(new Decision(gameId, "wrong-claim penalty", eventId, sequence, same, due.article(),
                    same ? "opponent +" + seconds(due.addedToOpponentMillis()) + ", claimant -"
                            + seconds(due.deductedFromOffenderMillis())
                            : "logged opponent +" + seconds(penalty.addedToOpponentMillis()) + ", claimant -"
                            + seconds(penalty.deductedFromOffenderMillis()) + "; due opponent +"
                            + seconds(due.addedToOpponentMillis()) + ", claimant -"
                            + seconds(due.deductedFromOffenderMillis()),
                    "claim " + filedEnvelope.eventId() + " under " + before.rules().ruleset()));
        } else {
            Envelope endEnvelope = index + 2 < events.size() ? events.get(index + 2) : null;
            boolean drawn = endEnvelope != null && endEnvelope.payload() instanceof GameEnded ended
                    && ended.result() == GameResult.DRAW;
            if (!drawn) {
                out.add(new Decision(gameId, "result of an upheld claim", endEnvelope == null ? eventId
                        : endEnvelope.eventId(), endEnvelope == null ? sequence : endEnvelope.sequence(), false,
                        article, "an upheld claim draws the game (FIDE 2018 9.5.1), but the log records "
                        + (endEnvelope == null ? "no result" : typeOf((EventMessage) endEnvelope.payload())),
                        "claim " + filedEnvelope.eventId()));
            }
        }
    }

    private static String evidenceText(EventMessage decision) {
        ClaimEvidence evidence = switch (decision) {
            case ClaimUpheld u -> u.evidence();
            case ClaimRejected r -> r.evidence();
            case null, default -> null;
        };
        if (evidence == null) {
            return "no evidence re-derived";
        }
        return "position " + evidence.judgedFen() + " occurred at plies " + evidence.repetitionPlies()
                + "; last capture or pawn move at ply " + evidence.lastCaptureOrPawnMovePly() + " ("
                + evidence.pliesWithoutCaptureOrPawnMove() + " plies since)";
    }
}

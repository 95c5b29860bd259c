package org.torneo.game.core.game;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.ClaimFiled;
import org.torneo.contracts.game.ClaimEvent.ClaimPostponed;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.contracts.game.ClaimEvent.ClaimUpheld;
import org.torneo.contracts.game.ClaimEvent.DrawOffered;
import org.torneo.contracts.game.ClaimEvent.QuickplayIncrementGranted;
import org.torneo.contracts.game.ClaimEvent.RulingIssued;
import org.torneo.contracts.game.ClaimEvidence;
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.GameCommand.ArbiterRuling;
import org.torneo.contracts.game.GameCommand.ClaimDraw;
import org.torneo.contracts.game.GameCommand.PostponeClaim;
import org.torneo.contracts.game.Penalty;
import org.torneo.contracts.game.QuickplayFinishGuidelines;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.clock.TimingMode;

import static org.torneo.game.core.game.DrawClaimDecisions.evidence;
import static org.torneo.game.core.game.Verdicts.ended;
import static org.torneo.game.core.game.Verdicts.minutes;
import static org.torneo.game.core.game.Verdicts.reject;
import static org.torneo.game.core.game.Verdicts.wrongPlayer;

/**
 * Quickplay-finish claims (FIDE 1997/2001 10.2, 2018 Guidelines III.4, III.5): admission, postponement and the
 * arbiter's judgement.
 */
final class QuickplayDecisions {

    private final EndingDecisions endings;

    QuickplayDecisions(EndingDecisions endings) {
        this.endings = endings;
    }

    /**
     * FIDE 1997 10.2, 2001 10.2, 2018 Guidelines III.5: the claim is admitted when the edition, the category and the
     * event allow it, the claimant is in the period for all remaining moves without increment and has less than two
     * minutes; it is then filed (the clocks stop) and waits for the arbiter's judgement.
     */
    List<EventMessage> quickplayClaim(GameRequest request, ClaimDraw claim, GameState state) {
        Side by = claim.by();
        QuickplayFinishRules quickplay = state.rules().quickplayFinish();
        String wrong = wrongPlayer(request, state, by);
        if (wrong != null) {
            return reject(claim, wrong + " claiming", quickplay.claimArticle());
        }
        if (!quickplay.exists()) {
            return reject(claim, quickplay.absentBecause(), "");
        }
        boolean incrementRequest = claim.kind() == DrawClaimKind.QUICKPLAY_INCREMENT;
        if (incrementRequest && !quickplay.needsAnnouncedGuidelines()) {
            return reject(claim, "this edition has no request for an increment: it came with the 2018 Guidelines III.4",
                    quickplay.claimArticle());
        }
        if (quickplay.needsAnnouncedGuidelines()) {
            QuickplayFinishGuidelines announced = state.regulations().quickplayFinish();
            if (announced == QuickplayFinishGuidelines.NOT_ANNOUNCED) {
                // FIDE 2018 III.2.1: the Guidelines apply only if announced in advance
                return reject(claim, "the event did not announce the Guidelines III (quickplay finish) in advance",
                        "FIDE 2018 III.2.1");
            }
            if (announced == QuickplayFinishGuidelines.INCREMENT_ON_REQUEST && !incrementRequest) {
                // FIDE 2018 III.5: "if Article III.4 does not apply"
                return reject(claim, "the event applies III.4: the player may ask for a five-second increment for "
                        + "both players (a draw offer), not claim a draw under III.5", "FIDE 2018 III.4, III.5");
            }
            if (announced == QuickplayFinishGuidelines.DRAW_CLAIMS && incrementRequest) {
                return reject(claim, "the event applies III.5 (draw claims), not the increment of III.4",
                        "FIDE 2018 III.4, III.5");
            }
        }
        String article = incrementRequest ? "FIDE 2018 III.4" : quickplay.claimArticle();
        if (state.phase() == GameState.Phase.ADJOURNED) {
            return reject(claim, "the game is adjourned", state.rules().sealedMoveArticle());
        }
        if (quickplay.onlyThePlayerToMove() && by != state.sideToMove()) {
            return reject(claim, "only the player having the move may claim", article);
        }
        if (state.quickplayClaim() != null) {
            return reject(claim, "a quickplay-finish claim of " + state.quickplayClaim().by().name()
                    .toLowerCase(java.util.Locale.ROOT) + " is already before the arbiter", article);
        }
        if (claim.intendedMove() != null) {
            return reject(claim, "a quickplay-finish claim is about the game as it stands: no intended move",
                    article);
        }
        String period = quickplayPeriod(state, by);
        if (period.startsWith("!")) {
            return reject(claim, period.substring(1), article);
        }
        ClockReading clock = claim.clock() != null ? claim.clock() : state.lastClock();
        if (clock == null) {
            return reject(claim, "no clock reading is known: the claimant must have less than two minutes left",
                    article);
        }
        long left = by == Side.WHITE ? clock.whiteRemainingMillis() : clock.blackRemainingMillis();
        if (left <= 0) {
            return reject(claim, "the claimant's flag has already fallen: the claim must come before it falls",
                    article);
        }
        if (left >= QuickplayFinishRules.CLAIM_THRESHOLD_MILLIS) {
            return reject(claim, by.name().toLowerCase(java.util.Locale.ROOT) + " has " + minutes(left)
                    + " left, not less than two minutes" + (claim.clock() == null ? " (reading after the last move)" : ""),
                    article);
        }
        String conditions = period + "; " + by.name().toLowerCase(java.util.Locale.ROOT) + " has " + minutes(left)
                + " left (< 2:00)" + (claim.clock() == null ? " by the reading after the last move" : "")
                + (quickplay.onlyThePlayerToMove() ? "; " + by.name().toLowerCase(java.util.Locale.ROOT)
                + " has the move" : "; any player may claim") + " (" + article + ")";
        // the claimant stops the clocks and calls the arbiter (1997/2001 10.2; 2018 III.4, III.5, 6.12.2)
        List<EventMessage> events = new ArrayList<>();
        events.add(new ClaimFiled(by, claim.kind(), null, state.ply(), false, claim.observedAt(), clock, conditions));
        if (incrementRequest && state.offerBy() == null) {
            // FIDE 2018 III.4: "this constitutes a draw offer"
            events.add(new DrawOffered(by, state.ply(), true, true, claim.observedAt()));
        }
        return events;
    }

    /**
     * The claimant's period, described, when it is the one for all remaining moves without increment or delay
     * (1997/2001 10.1 "quickplay finish"; 2018 III.1, III.2.2); otherwise the reason it is not, prefixed with "!".
     */
    static String quickplayPeriod(GameState state, Side claimant) {
        TimeControl control = state.started().timeControl();
        if (state.quickplayIncrement()) {
            return "!an increment was introduced on request (FIDE 2018 III.4): the game is no longer without increment";
        }
        if (control == null) {
            return "!the game has no time control on record, so the quickplay finish cannot be established";
        }
        int index = control.periodAfterMoves(state.movesMadeBy(claimant));
        if (!control.isFinalPeriod(index)) {
            return "!not in the quickplay finish: period " + (index + 1) + " still requires a number of moves";
        }
        Period period = control.period(index);
        if (period.mode() != TimingMode.NONE) {
            return "!not a quickplay finish: the last period has a " + period.mode().name().toLowerCase(java.util.Locale.ROOT)
                    + " bonus of " + period.bonusMillis() / 1000.0 + " s a move (FIDE 2018 III.2.2: games without increment)";
        }
        return "period " + (index + 1) + ": all remaining moves, no increment";
    }

    /** FIDE 2018 III.5.2, 2001 10.2b, 1997 10.2b: the arbiter postpones, possibly giving the opponent two minutes. */
    List<EventMessage> postponeClaim(GameRequest request, PostponeClaim postpone, GameState state) {
        QuickplayFinishRules quickplay = state.rules().quickplayFinish();
        if (request.actor().role() != Actor.Role.ARBITER) {
            return reject(postpone, "only the arbiter decides a quickplay-finish claim", quickplay.postponeArticle());
        }
        GameState.QuickplayClaim pending = state.quickplayClaim();
        if (pending == null) {
            return reject(postpone, "there is no quickplay-finish claim before the arbiter", quickplay.postponeArticle());
        }
        if (pending.kind() == DrawClaimKind.QUICKPLAY_INCREMENT) {
            return reject(postpone, "a request for an increment is granted or refused, not postponed", "FIDE 2018 III.4");
        }
        if (pending.postponed()) {
            return reject(postpone, "the decision is already postponed: uphold or reject the claim now",
                    quickplay.postponeArticle());
        }
        if (state.regulations().noArbiterPresent()) {
            // FIDE 1997 D, 2018 III.6.1: with no arbiter present the claim ended the game; the game cannot go on
            return reject(postpone, "no arbiter was present: the claim ended the game, and the designated arbiter "
                    + "decides it on the final position (and the scoresheet): uphold it or declare the result",
                    state.rules().noArbiterClaimArticle());
        }
        long bonus = postpone.opponentBonusMillis();
        if (bonus != 0 && bonus != QuickplayFinishRules.OPPONENT_BONUS_MILLIS) {
            return reject(postpone, "the opponent may be given two minutes (120000 ms) or nothing, not " + bonus + " ms",
                    quickplay.postponeArticle());
        }
        String article = postpone.article().isBlank() ? quickplay.postponeArticle() : postpone.article();
        Penalty penalty = bonus == 0 ? Penalty.NONE : new Penalty(bonus, 0, article,
                "opponent +120 s: quickplay-finish claim postponed");
        List<EventMessage> events = new ArrayList<>();
        events.add(new ClaimPostponed(pending.by(), DrawClaimKind.QUICKPLAY_FINISH, article, postpone.details(), penalty,
                postpone.observedAt()));
        claimStandsAsOffer(state, pending.by(), postpone.observedAt(), events);
        return events;
    }

    /** FIDE 2001 9.1c: a claim under 10.2 counts as a draw offer, open while the game goes on. */
    private static void claimStandsAsOffer(GameState state, Side claimant, Instant at, List<EventMessage> events) {
        if (state.rules().quickplayFinish().claimCountsAsOffer() && state.offerBy() == null) {
            events.add(new DrawOffered(claimant, state.ply(), true, true, at));
        }
    }

    /**
     * The arbiter's judgement on a pending quickplay-finish claim, given as UPHOLD_CLAIM or REJECT_CLAIM: upheld,
     * the game is drawn (1997/2001 10.2a, 2018 III.5.1); rejected, the opponent gets two minutes (2001 10.2c, 2018
     * III.5.3) or, once the claimant's flag has fallen, the flag decides (2001 10.2b, 2018 III.5.2).
     */
    List<EventMessage> quickplayRuling(GameRequest request, ArbiterRuling ruling, GameState state,
                                       RulingIssued issued) {
        QuickplayFinishRules quickplay = state.rules().quickplayFinish();
        GameState.QuickplayClaim pending = state.quickplayClaim();
        Instant at = ruling.observedAt();
        ClaimEvidence evidence = evidence(state.record(), state.rules().repetitionIdentity());
        List<EventMessage> events = new ArrayList<>();
        events.add(issued);
        if (pending.kind() == DrawClaimKind.QUICKPLAY_INCREMENT) {
            return incrementRuling(ruling, state, pending, evidence, events);
        }
        if (ruling.kind() == RulingKind.UPHOLD_CLAIM) {
            events.add(new ClaimUpheld(pending.by(), DrawClaimKind.QUICKPLAY_FINISH, ruling.article(), evidence, at));
            events.add(ended(request, state, GameResult.DRAW, EndReason.ARBITER_DECISION, ruling.article(), true, at));
            return events;
        }
        if (state.regulations().noArbiterPresent()) {
            // FIDE 1997 D, 2018 III.6.2: the claim ended the game: not upheld, the arbiter declares the result
            return reject(ruling, "no arbiter was present: the claim ended the game, so the arbiter who does not "
                    + "uphold it declares the result on the final position (DECLARE_RESULT)",
                    state.rules().noArbiterClaimArticle());
        }
        if (!quickplay.arbiterMayReject() && !pending.flagFell()) {
            // FIDE 1997 10.2a: "otherwise he shall postpone his decision"
            return reject(ruling, "under this edition the arbiter declares a draw or postpones his decision "
                    + "(PostponeClaim); he cannot reject the claim", quickplay.claimArticle() + "a");
        }
        String reason = ruling.details().isBlank() ? "the arbiter does not agree that the opponent cannot win, or is "
                + "making no effort to win, by normal means" : ruling.details();
        if (pending.flagFell()) {
            events.add(new ClaimRejected(pending.by(), DrawClaimKind.QUICKPLAY_FINISH, reason, ruling.article(),
                    Penalty.NONE, false, evidence, at));
            events.add(endings.flagFallResult(request, state, pending.by(), quickplay.afterFlagArticle(), at));
            return events;
        }
        Penalty penalty = new Penalty(QuickplayFinishRules.OPPONENT_BONUS_MILLIS, 0, quickplay.rejectArticle(),
                "opponent +120 s: quickplay-finish claim rejected");
        events.add(new ClaimRejected(pending.by(), DrawClaimKind.QUICKPLAY_FINISH, reason, ruling.article(), penalty,
                quickplay.claimCountsAsOffer(), evidence, at));
        claimStandsAsOffer(state, pending.by(), at, events);
        return events;
    }

    /**
     * FIDE 2018 III.4: once the opponent has refused the draw offer the request made, the arbiter may agree: the clocks
     * get five seconds a move for both and the opponent two extra minutes; or he refuses the request (no penalty).
     */
    private List<EventMessage> incrementRuling(ArbiterRuling ruling, GameState state, GameState.QuickplayClaim pending,
                                               ClaimEvidence evidence, List<EventMessage> events) {
        Instant at = ruling.observedAt();
        if (ruling.kind() == RulingKind.REJECT_CLAIM) {
            events.add(new ClaimRejected(pending.by(), DrawClaimKind.QUICKPLAY_INCREMENT, ruling.details().isBlank()
                    ? "the arbiter does not agree to the request for an increment" : ruling.details(), ruling.article(),
                    Penalty.NONE, false, evidence, at));
            return events;
        }
        if (state.offerBy() == pending.by()) {
            return reject(ruling, "the opponent has not refused the draw offer the request made: he accepts or "
                    + "declines it first", "FIDE 2018 III.4");
        }
        long bonus = QuickplayFinishRules.OPPONENT_BONUS_MILLIS;
        events.add(new QuickplayIncrementGranted(pending.by(), QuickplayFinishRules.REQUESTED_INCREMENT_MILLIS,
                new Penalty(bonus, 0, "FIDE 2018 III.4", "opponent +120 s: increment introduced on request"),
                ruling.article(), at));
        return events;
    }
}

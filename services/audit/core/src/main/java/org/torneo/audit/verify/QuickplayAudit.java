package org.torneo.audit.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.clock.TimingMode;
import org.torneo.contracts.game.ClaimEvent.ClaimFiled;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.ClaimEvent.FlagFellDuringPostponedClaim;
import org.torneo.contracts.game.ClaimEvent.QuickplayIncrementGranted;
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.QuickplayFinishGuidelines;
import org.torneo.contracts.game.RulingKind;
import org.torneo.game.core.game.EditionRules;
import org.torneo.game.core.game.GameDecider;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;
import org.torneo.game.core.game.QuickplayFinishRules;

import static org.torneo.audit.verify.AuditText.minutes;
import static org.torneo.audit.verify.AuditText.seconds;
import static org.torneo.audit.verify.AuditText.typeOf;

/** Quickplay-finish claims and their judgement (FIDE 1997/2001 10.2, 2018 Guidelines III.4-III.5) checked again. */
final class QuickplayAudit {

    private final GameDecider gameDecider;

    QuickplayAudit(GameDecider gameDecider) {
        this.gameDecider = gameDecider;
    }

    static boolean isQuickplay(DrawClaimKind kind) {
        return kind == DrawClaimKind.QUICKPLAY_FINISH || kind == DrawClaimKind.QUICKPLAY_INCREMENT;
    }

    /**
     * Why the side is not in the quickplay finish (the period for all remaining moves, without increment or delay:
     * FIDE 1997/2001 10.1, 2018 III.1, III.2.2), or null when it is.
     */
    static String quickplayFinishWhy(GameState state, Side side) {
        if (state.quickplayIncrement()) {
            return "an increment was introduced on request (FIDE 2018 III.4)";
        }
        TimeControl control = state.started() == null ? null : state.started().timeControl();
        if (control == null) {
            return "the game has no time control on record";
        }
        int index = control.periodAfterMoves(state.movesMadeBy(side));
        if (!control.isFinalPeriod(index)) {
            return "period " + (index + 1) + " still requires a number of moves";
        }
        if (control.period(index).mode() != TimingMode.NONE) {
            return "the last period has an increment or delay (" + control.period(index).mode() + ")";
        }
        return null;
    }

    /**
     * FIDE 1997/2001 10.2, 2018 Guidelines III.4-III.5: a quickplay-finish claim (or increment request) is not decided
     * when filed; its admission is checked here on the conditions the game recorded and on the state before it.
     */
    void checkQuickplayClaim(String gameId, Envelope env, ClaimFiled filed, GameState before,
                             List<Decision> out) {
        EditionRules rules = before.rules();
        QuickplayFinishRules quickplay = rules.quickplayFinish();
        boolean request = filed.kind() == DrawClaimKind.QUICKPLAY_INCREMENT;
        String article = request ? "FIDE 2018 III.4" : quickplay.claimArticle();
        List<String> wrong = new ArrayList<>();
        if (!quickplay.exists()) {
            wrong.add(quickplay.absentBecause());
        } else if (quickplay.needsAnnouncedGuidelines()) {
            QuickplayFinishGuidelines announced = before.regulations().quickplayFinish();
            if (announced == QuickplayFinishGuidelines.NOT_ANNOUNCED) {
                // FIDE 2018 III.2.1: the Guidelines apply only when announced in advance
                wrong.add("the event did not announce the Guidelines III (FIDE 2018 III.2.1)");
            } else if (request != (announced == QuickplayFinishGuidelines.INCREMENT_ON_REQUEST)) {
                // FIDE 2018 III.5: "if Article III.4 does not apply"
                wrong.add("the event applies " + (request ? "III.5 (draw claims)" : "III.4 (increment on request)")
                        + ", not " + (request ? "III.4" : "III.5"));
            }
        } else if (request) {
            wrong.add("the request for an increment came with the 2018 Guidelines III.4; " + rules.ruleset()
                    + " has none");
        }
        // FIDE 2001 10.2, 2018 III.4-III.5: "the player having the move"; 1997 10.2: any player
        if (quickplay.onlyThePlayerToMove() && filed.by() != before.sideToMove()) {
            wrong.add(filed.by() + " claimed, but " + before.sideToMove() + " had the move");
        }
        String period = quickplayFinishWhy(before, filed.by());
        if (period != null) {
            wrong.add("not in the quickplay finish: " + period);
        }
        ClockReading clock = filed.clock();
        long left = clock == null ? -1 : filed.by() == Side.WHITE ? clock.whiteRemainingMillis()
                : clock.blackRemainingMillis();
        if (clock == null) {
            wrong.add("no clock reading recorded with the claim");
        } else if (left <= 0 || left >= QuickplayFinishRules.CLAIM_THRESHOLD_MILLIS) {
            // FIDE 1997/2001 10.2, 2018 III.4-III.5: "less than two minutes", before the flag falls
            wrong.add(filed.by() + " had " + minutes(left) + ", not less than two minutes");
        } else if (!filed.conditions().contains(minutes(left))) {
            wrong.add("the recorded conditions do not state the claimant's " + minutes(left) + " of the clock reading");
        }
        if (filed.intendedMove() != null) {
            wrong.add("a quickplay-finish claim is about the game as it stands, not an intended move");
        }
        if (filed.claimantClockRuns()) {
            // FIDE 1997/2001 10.2, 2018 III.5, 6.12.2: the claimant stops the clocks
            wrong.add("the claimant's clock was left running");
        }
        if (wrong.isEmpty()) {
            // the game decider, asked again, must admit it the same way (catches any condition not listed above)
            ClaimFiled due = null;
            for (ClockReading reading : before.lastClock() != null && before.lastClock().equals(clock)
                    ? java.util.Arrays.asList(null, clock) : List.of(clock)) {
                List<EventMessage> again = gameDecider.decide(new GameRequest(gameId, env.actor(),
                        new GameCommand.ClaimDraw(filed.by(), filed.kind(), null, reading, filed.filedAt())), before);
                if (again.get(0) instanceof CommandRejected refused) {
                    wrong.add("the game refuses it: " + refused.reason());
                    break;
                }
                if (again.get(0) instanceof ClaimFiled f && f.equals(filed)) {
                    due = f;
                    break;
                }
                due = again.get(0) instanceof ClaimFiled f ? f : null;
            }
            if (wrong.isEmpty() && !filed.equals(due)) {
                wrong.add("the recorded claim differs from the game's: due " + due);
            }
        }
        out.add(new Decision(gameId, request ? "quickplay increment request" : "quickplay-finish claim",
                env.eventId(), env.sequence(), wrong.isEmpty(), article, wrong.isEmpty()
                ? "admitted: " + filed.conditions() : "admitted, but " + String.join("; ", wrong),
                "claim at ply " + filed.ply() + " by " + filed.by() + ", " + before.sideToMove() + " to move; clock "
                        + clock + "; recorded conditions: " + filed.conditions() + " (" + rules.ruleset() + ")"));
    }

    /**
     * The arbiter's later judgement on an open quickplay-finish claim (uphold, reject, postpone; III.4 grant or
     * refusal): the rules of the edition in force, then the events the game decider gives for the same decision on
     * the state before it, compared with those logged for it.
     */
    void checkQuickplayDecision(String gameId, List<Envelope> events, int index, GameCommand decision,
                                GameState before, List<Decision> out) {
        Envelope env = events.get(index);
        GameState.QuickplayClaim open = before.quickplayClaim();
        QuickplayFinishRules quickplay = before.rules().quickplayFinish();
        List<EventMessage> logged = new ArrayList<>();
        for (int j = index; j < events.size() && Objects.equals(events.get(j).causationId(), env.causationId()); j++) {
            logged.add((EventMessage) events.get(j).payload());
        }
        // the decision names the first logged event found wrong (else the first of the decision)
        Envelope blamed = null;
        List<String> wrong = new ArrayList<>();
        String kind;
        String article;
        if (decision instanceof GameCommand.PostponeClaim postpone) {
            kind = "quickplay claim postponed";
            article = quickplay.postponeArticle();
            // FIDE 1997 10.2b, 2001 10.2b, 2018 III.5.2: the opponent may be given two minutes, nothing else
            if (postpone.opponentBonusMillis() != 0
                    && postpone.opponentBonusMillis() != QuickplayFinishRules.OPPONENT_BONUS_MILLIS) {
                wrong.add("opponent +" + seconds(postpone.opponentBonusMillis()) + ", the arbiter may give "
                        + seconds(QuickplayFinishRules.OPPONENT_BONUS_MILLIS) + " or nothing");
            }
            if (open == null || open.postponed()) {
                wrong.add(open == null ? "no quickplay-finish claim was open" : "the decision was already postponed");
            }
        } else {
            GameCommand.ArbiterRuling ruling = (GameCommand.ArbiterRuling) decision;
            boolean reject = ruling.kind() == RulingKind.REJECT_CLAIM;
            kind = open.kind() == DrawClaimKind.QUICKPLAY_INCREMENT
                    ? (reject ? "increment request refused" : "increment granted")
                    : reject ? "quickplay claim rejected" : "quickplay claim upheld";
            article = open.kind() == DrawClaimKind.QUICKPLAY_INCREMENT ? "FIDE 2018 III.4"
                    : reject ? (quickplay.arbiterMayReject() ? quickplay.rejectArticle() : quickplay.claimArticle() + "a")
                    : quickplay.claimArticle();
            if (reject && open.kind() == DrawClaimKind.QUICKPLAY_FINISH && !quickplay.arbiterMayReject()
                    && !open.flagFell()) {
                // FIDE 1997 10.2a: "otherwise he shall postpone his decision": a draw or a postponement, no rejection
                wrong.add("rejected, but under " + before.rules().ruleset() + " the arbiter declares a draw or "
                        + "postpones his decision; he cannot reject the claim (FIDE 1997 10.2a)");
            }
        }
        blamed = firstWithWrongSizes(events, index, logged, open, wrong);
        List<EventMessage> due = LoggedVersions.asLogged(gameDecider.decide(new GameRequest(gameId, env.actor(), decision),
                before), logged);
        if (due.get(0) instanceof CommandRejected refused) {
            if (wrong.isEmpty()) {
                wrong.add("the game refuses this decision: " + refused.reason() + " (" + refused.article() + ")");
            }
        } else if (!due.equals(logged)) {
            int at = 0;
            while (at < Math.min(due.size(), logged.size()) && due.get(at).equals(logged.get(at))) {
                at++;
            }
            wrong.add("logged " + (at < logged.size() ? logged.get(at) : "nothing more") + ", due "
                    + (at < due.size() ? due.get(at) : "nothing more"));
            if (blamed == null) {
                blamed = events.get(index + Math.min(at, logged.size() - 1));
            }
        }
        Envelope named = blamed == null ? env : blamed;
        EventMessage decided = logged.get(0);
        out.add(new Decision(gameId, kind, named.eventId(), named.sequence(), wrong.isEmpty(), article,
                wrong.isEmpty() ? "as the rules and the game give: " + logged.stream().map(AuditText::typeOf)
                        .toList() : String.join("; ", wrong),
                "open claim " + open + " (" + before.rules().ruleset() + "); decided by " + env.actor() + " as "
                        + typeOf(decided)));
    }

    /**
     * The sizes the rules fix for the logged events of a quickplay decision (two minutes for the opponent, five seconds
     * a move, 2018 III.4), each one found wrong added to {@code wrong}; the first logged event found wrong, or null.
     */
    private static Envelope firstWithWrongSizes(List<Envelope> events, int index, List<EventMessage> logged,
                                                GameState.QuickplayClaim open, List<String> wrong) {
        Envelope blamed = null;
        for (int k = 0; k < logged.size(); k++) {
            EventMessage e = logged.get(k);
            int wrongBefore = wrong.size();
            switch (e) {
                case ClaimRejected r when r.kind() == DrawClaimKind.QUICKPLAY_FINISH -> {
                    long due = open != null && open.flagFell() ? 0 : QuickplayFinishRules.OPPONENT_BONUS_MILLIS;
                    if (r.penalty().addedToOpponentMillis() != due || r.penalty().deductedFromOffenderMillis() != 0) {
                        wrong.add("rejection gives the opponent +" + seconds(r.penalty().addedToOpponentMillis())
                                + ", due +" + seconds(due) + (due == 0 ? " (the flag fall decides)" : ""));
                    }
                }
                case QuickplayIncrementGranted g -> {
                    if (g.incrementMillis() != QuickplayFinishRules.REQUESTED_INCREMENT_MILLIS
                            || g.penalty().addedToOpponentMillis() != QuickplayFinishRules.OPPONENT_BONUS_MILLIS) {
                        wrong.add("increment " + seconds(g.incrementMillis()) + " a move and opponent +"
                                + seconds(g.penalty().addedToOpponentMillis()) + ", due 5 s and +120 s");
                    }
                }
                default -> {
                }
            }
            if (blamed == null && wrong.size() > wrongBefore) {
                blamed = events.get(index + k);
            }
        }
        return blamed;
    }

    /** FIDE 2018 III.5.2, 2001 10.2b, 1997 10.2c: only the claimant's flag, during his postponed claim, waits. */
    static void checkFlagDuringPostponedClaim(String gameId, Envelope env, FlagFellDuringPostponedClaim fell,
                                              GameState before, List<Decision> out) {
        GameState.QuickplayClaim open = before.quickplayClaim();
        String why = open == null ? "no quickplay-finish claim was open"
                : !open.postponed() ? "the claim was not postponed"
                : open.flagFell() ? "the claimant's flag had already fallen"
                : open.by() != fell.side() ? "the claim is " + open.by() + "'s: " + fell.side() + "'s flag decides"
                : null;
        out.add(new Decision(gameId, "flag during a postponed claim", env.eventId(), env.sequence(), why == null,
                before.rules().quickplayFinish().afterFlagArticle(), why == null ? fell.side()
                + "'s flag fell during the postponed claim: the arbiter declares the result" : why,
                "open claim " + open + "; flag of " + fell.side() + " at " + fell.fellAt()));
    }
}

package org.torneo.audit.verify;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.torneo.audit.log.EventLog;
import org.torneo.audit.log.LoggedEvent;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.GameEvent;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.identity.Permission;
import org.torneo.identity.Scope;
import org.torneo.identity.TournamentAuthority;
import org.torneo.identity.TournamentAuthority.Appointment;
import org.torneo.identity.Verdict;

/**
 * Issue 16 item 6: every decision of the log (the first event a command caused: a move, a claim, a ruling, a result,
 * a correction, a pairing, a registration...) is re-checked against the tournament's offices as they stood at that
 * moment (org.torneo.identity.TournamentAuthority folded from the tournament's events). A tournament event is judged
 * on the offices before it (its sequence); a game's or clock's event on the tournament's events up to its time
 * ({@code occurredAt}), the same cross-aggregate order the cancellations audit uses. The permission each decision
 * needs, and the side that acted, come from the event (see {@link #need}); a SYSTEM actor is checked against the
 * services the permission names for that reaction.
 *
 * <p>A <em>reaction</em> (an event whose cause is another event of the log: the result the pairing service records
 * when a game ends, the clock stopped at the game's end, the two minutes a penalty adds to the opponent's clock) is
 * not a decision of a person: the hosting service wrote it by rule, under its own service actor (the platform's
 * AggregateStore). It is checked at its cause, which is itself audited in its own stream, and needs only
 * {@link Permission#SERVICE_REACTION}: a person's actor on a reaction is reported.
 *
 * <p>Not checked: refusals ({@code CommandRejected}: they change nothing), the rating service's computations (they
 * are re-derivable, no one decides them), and the events of a game or clock whose tournament is not in the log (listed
 * in {@link Result#unchecked()}: a log without the tournament's stream cannot say who held which office).
 */
public final class AuthorityAudit {

    /** Every decision checked, and what could not be. */
    public record Result(List<AuthorityCheck> checks, List<String> unchecked) {
        public Result {
            checks = List.copyOf(checks);
            unchecked = List.copyOf(unchecked);
        }

        public long withoutAuthority() {
            return checks.stream().filter(c -> !c.allowed()).count();
        }
    }

    /**
     * What a decision needs: a permission on a scope, or any of several when the event alone does not say which
     * command caused it (a flag fall claimed by the opponent or reported by the clock; an illegal move entered by its
     * player or claimed by the opponent). The edges check each command's permission; the audit accepts any of them.
     */
    private record Need(Permission permission, Scope scope, List<Need> alternatives) {
        Need(Permission permission, Scope scope) {
            this(permission, scope, List.of());
        }

        Need or(Permission other, Scope otherScope) {
            List<Need> more = new ArrayList<>(alternatives);
            more.add(new Need(other, otherScope));
            return new Need(permission, scope, more);
        }
    }

    /** A game as the tournament placed it: tournament, round, board, hall, players. */
    private record GameContext(String tournamentId, int board, String hall, String white, String black) {
        Scope scope() {
            return Scope.game(tournamentId, hall, board, white, black);
        }
    }

    /** A tournament's offices before each of its events, and the time each was written. */
    private static final class Timeline {
        private final List<TournamentAuthority> before = new ArrayList<>();
        private final List<Instant> latestUpTo = new ArrayList<>();

        /** The offices after every event written at or before {@code at} (events taken in sequence order). */
        TournamentAuthority at(Instant at) {
            int low = 0;
            int high = latestUpTo.size();
            while (low < high) { // the first event whose time (or an earlier event's) is after `at`
                int mid = (low + high) >>> 1;
                if (latestUpTo.get(mid).isAfter(at)) {
                    high = mid;
                } else {
                    low = mid + 1;
                }
            }
            return before.get(low);
        }
    }

    /** Every event of the log being audited by its id: a reaction's cause is looked up here. */
    private Map<java.util.UUID, Envelope> logged = Map.of();

    public Result audit(EventLog.Read log) {
        Map<String, List<Envelope>> chains = new LinkedHashMap<>();
        for (LoggedEvent e : log.events()) {
            if (!e.envelope().isCommand()) {
                chains.computeIfAbsent(e.chainKey(), k -> new ArrayList<>()).add(e.envelope());
            }
        }
        chains.replaceAll((key, events) -> inSequence(events));
        Map<java.util.UUID, Envelope> logged = new HashMap<>();
        chains.values().forEach(events -> events.forEach(e -> logged.put(e.eventId(), e)));
        this.logged = logged;

        List<AuthorityCheck> checks = new ArrayList<>();
        List<String> unchecked = new ArrayList<>();
        Map<String, Timeline> timelines = new HashMap<>();
        chains.forEach((key, events) -> {
            if (!events.isEmpty() && events.get(0).payload() instanceof TournamentEvent) {
                timelines.put(events.get(0).aggregateId(), auditTournament(events, checks));
            }
        });
        Map<String, GameContext> contexts = new HashMap<>();
        chains.forEach((key, events) -> {
            if (!events.isEmpty() && isGameChain(events)) {
                auditGame(key, events, timelines, contexts, checks, unchecked);
            }
        });
        chains.forEach((key, events) -> {
            if (!events.isEmpty() && events.get(0).payload() instanceof ClockEvent) {
                auditClock(events, timelines, contexts, checks, unchecked);
            }
        });
        return new Result(checks, unchecked);
    }

    private static boolean isGameChain(List<Envelope> events) {
        return events.get(0).payload() instanceof GameEvent || events.get(0).payload() instanceof ResultEvent;
    }

    private static List<Envelope> inSequence(List<Envelope> events) {
        Map<Long, Envelope> first = new LinkedHashMap<>();
        events.stream().sorted(Comparator.comparingLong(Envelope::sequence))
                .forEach(e -> first.putIfAbsent(e.sequence(), e));
        return new ArrayList<>(first.values());
    }

    /** Whether this event is the first its command caused (the decision); the rest follow from it. */
    private static boolean decides(List<Envelope> events, int i) {
        return i == 0 || !Objects.equals(events.get(i - 1).causationId(), events.get(i).causationId());
    }

    // ------------------------------------------------------------------------------------------- tournament

    private Timeline auditTournament(List<Envelope> events, List<AuthorityCheck> out) {
        String tournamentId = events.get(0).aggregateId();
        Timeline timeline = new Timeline();
        TournamentAuthority offices = TournamentAuthority.none(tournamentId);
        Map<Integer, List<Board>> boards = new HashMap<>();
        Instant latest = Instant.MIN;
        for (int i = 0; i < events.size(); i++) {
            Envelope env = events.get(i);
            TournamentEvent event = (TournamentEvent) env.payload();
            if (decides(events, i)) {
                Need need = need(event, offices, boards);
                if (need != null) {
                    out.add(check("tournament " + tournamentId, env, offices, need));
                }
            }
            timeline.before.add(offices);
            latest = env.occurredAt().isAfter(latest) ? env.occurredAt() : latest;
            timeline.latestUpTo.add(latest);
            offices = offices.evolve(event);
            switch (event) {
                case TournamentEvent.RoundPaired paired -> boards.put(paired.round(), paired.boards());
                case TournamentEvent.PairingCorrected corrected -> boards.put(corrected.round(), corrected.boards());
                default -> { }
            }
        }
        timeline.before.add(offices);
        return timeline;
    }

    /** What a tournament decision needs; null for refusals. Exhaustive: a new tournament event must say. */
    private static Need need(TournamentEvent event, TournamentAuthority before, Map<Integer, List<Board>> boards) {
        String t = event.tournamentId();
        Scope tournament = Scope.tournament(t);
        return switch (event) {
            case TournamentEvent.TournamentCreated e -> new Need(Permission.CREATE_TOURNAMENT, tournament);
            case TournamentEvent.PlayerRegistered e -> new Need(Permission.REGISTER_PLAYER, tournament);
            case TournamentEvent.PlayerWithdrew e -> new Need(Permission.WITHDRAW_PLAYER, Scope.player(t, e.playerId()));
            case TournamentEvent.ByeRequested e -> new Need(Permission.REQUEST_BYE, Scope.player(t, e.playerId()));
            case TournamentEvent.PlayerCheckedIn e -> new Need(Permission.CHECK_IN, Scope.player(t, e.playerId()));
            case TournamentEvent.CheckInCancelled e -> new Need(Permission.CHECK_IN, Scope.player(t, e.playerId()));
            case TournamentEvent.PairingForbidden e -> new Need(Permission.FORBID_PAIRING, tournament);
            // lifting a forbidden pairing is the same office's decision as declaring it
            case TournamentEvent.PairingAllowed e -> new Need(Permission.FORBID_PAIRING, tournament);
            case TournamentEvent.ResultRecorded e -> new Need(Permission.DECLARE_RESULT,
                    boardScope(t, boards.get(e.round()), e.whitePlayerId(), e.blackPlayerId(), 0));
            case TournamentEvent.ResultAmended e -> new Need(Permission.CORRECT_RESULT,
                    boardScope(t, boards.get(e.round()), e.whitePlayerId(), e.blackPlayerId(), e.board()));
            case TournamentEvent.RoundClosed e -> new Need(Permission.CLOSE_ROUND, tournament);
            case TournamentEvent.PairingNumbersAssigned e -> new Need(Permission.PAIR_ROUND, tournament);
            case TournamentEvent.RoundPaired e -> new Need(Permission.PAIR_ROUND, tournament);
            case TournamentEvent.PairingCorrected e -> new Need(Permission.CORRECT_PAIRING, tournament);
            case TournamentEvent.ArbiterAppointed e -> new Need(e.chief() || wasChief(before, e.account())
                    ? Permission.APPOINT_CHIEF_ARBITER : Permission.APPOINT_ARBITER, tournament);
            case TournamentEvent.ArbiterDismissed e -> new Need(wasChief(before, e.account())
                    ? Permission.APPOINT_CHIEF_ARBITER : Permission.APPOINT_ARBITER, tournament);
            case TournamentEvent.PlayerAccountLinked e -> new Need(Permission.LINK_PLAYER_ACCOUNT,
                    Scope.player(t, e.playerId()));
            case TournamentEvent.DeviceAssigned e -> new Need(Permission.ASSIGN_DEVICE, Scope.hall(t, e.hall()));
            case TournamentEvent.BroadcastDelaySet e -> new Need(Permission.SET_BROADCAST_DELAY, tournament);
            case TournamentEvent.CommandRejected e -> null;
        };
    }

    private static boolean wasChief(TournamentAuthority before, String account) {
        return before.appointment(account).map(Appointment::chief).orElse(false);
    }

    /** The game of a round's board (by number, else by its players), with its hall, for a result's scope. */
    private static Scope boardScope(String t, List<Board> round, String white, String black, int number) {
        if (round != null) {
            for (Board b : round) {
                if (b.number() == number || (number == 0 && b.white().equals(white) && b.black().equals(black))) {
                    return Scope.game(t, b.hall(), b.number(), b.white(), b.black());
                }
            }
        }
        return Scope.game(t, null, number, white, black);
    }

    // ------------------------------------------------------------------------------------------------ games

    private void auditGame(String gameId, List<Envelope> events, Map<String, Timeline> timelines,
                           Map<String, GameContext> contexts, List<AuthorityCheck> out, List<String> unchecked) {
        GameContext context = null;
        Side lastOffer = null;
        int skipped = 0;
        for (int i = 0; i < events.size(); i++) {
            Envelope env = events.get(i);
            EventMessage event = (EventMessage) env.payload();
            if (event instanceof MoveEvent.GameStarted started) {
                context = new GameContext(started.tournamentId(), started.board(), started.hall(),
                        started.whitePlayerId(), started.blackPlayerId());
            }
            Timeline timeline = context == null ? null : timelines.get(context.tournamentId());
            if (decides(events, i)) {
                Need need = context == null ? null : need(event, context, lastOffer);
                if (need != null && timeline != null) {
                    out.add(check(gameId, env, timeline.at(env.occurredAt()), need));
                } else if (need != null || (context == null && !(event instanceof ClaimEvent.CommandRejected))) {
                    skipped++;
                }
            }
            if (event instanceof MoveEvent.PlayersCorrected corrected && context != null) {
                // from now on the corrected players play this board (C.04.2)
                context = new GameContext(context.tournamentId(), context.board(), context.hall(),
                        corrected.whitePlayerId(), corrected.blackPlayerId());
            }
            if (event instanceof ClaimEvent.DrawOffered offered) {
                lastOffer = offered.by();
            }
        }
        if (context != null) {
            contexts.put(gameId, context);
        }
        if (skipped > 0) {
            unchecked.add("authority of " + skipped + " decisions of game " + gameId + " not checked: "
                    + (context == null ? "its GameStarted is not in the log"
                    : "tournament " + context.tournamentId() + " is not in the log"));
        }
    }

    /** What a game decision needs; null for refusals. The side is the one that acted (mover, offerer, claimant). */
    private static Need need(EventMessage event, GameContext game, Side lastOffer) {
        Scope scope = game.scope();
        if (event instanceof ResultEvent result) {
            return switch (result) {
                case ResultEvent.GameEnded e -> switch (e.reason()) {
                    // the side that resigned is the one that scored nothing
                    case RESIGNATION -> new Need(Permission.RESIGN,
                            scope.by(e.whiteHalfPoints() == 0 ? Side.WHITE : Side.BLACK));
                    case AGREEMENT -> lastOffer == null ? new Need(Permission.DECLARE_RESULT, scope)
                            : new Need(Permission.OFFER_DRAW, scope.by(lastOffer.opponent()))
                            .or(Permission.DECLARE_RESULT, scope);
                    // FIDE 2018 6.9: a flag fall is claimed by the flagged player's opponent, or seen by the arbiter
                    // or the clock (the draw does not say whose flag fell: either player may have claimed)
                    case FLAG_FALL, FLAG_FALL_NO_MATE_POSSIBLE -> new Need(Permission.DECLARE_RESULT, scope)
                            .or(Permission.CLAIM, scope.by(Side.WHITE)).or(Permission.CLAIM, scope.by(Side.BLACK));
                    default -> new Need(Permission.DECLARE_RESULT, scope);
                };
                case ResultEvent.ResultCorrected e -> new Need(Permission.CORRECT_RESULT, scope);
            };
        }
        return switch ((GameEvent) event) {
            case MoveEvent.GameStarted e -> new Need(Permission.START_GAME, scope);
            case MoveEvent.PlayersCorrected e -> new Need(Permission.CORRECT_PAIRING, scope);
            case MoveEvent.GameCancelled e -> new Need(Permission.CORRECT_PAIRING, scope);
            case MoveEvent.MovePlayed e -> new Need(Permission.MOVE, scope.by(e.by()));
            // FIDE 2018 7.5.1: an illegal move entered by its side, claimed by the opponent, or seen by the arbiter
            case MoveEvent.IllegalMoveRecorded e -> new Need(Permission.MOVE, scope.by(e.by()))
                    .or(Permission.CLAIM, scope.by(e.by().opponent())).or(Permission.RULE, scope);
            case MoveEvent.MoveSealed e -> new Need(Permission.MOVE, scope.by(e.by()));
            case MoveEvent.PieceTouched e -> new Need(Permission.MOVE, scope.by(e.by()));
            case MoveEvent.MoveCompleted e -> new Need(Permission.PRESS_CLOCK, scope.by(e.by()));
            case MoveEvent.MovesTakenBack e -> new Need(Permission.RULE, scope)
                    .or(Permission.CLAIM, scope.by(Side.WHITE)).or(Permission.CLAIM, scope.by(Side.BLACK));
            case MoveEvent.GameResumed e -> new Need(Permission.RULE, scope);
            case MoveEvent.EnvelopeLost e -> new Need(Permission.RULE, scope);
            case MoveEvent.PlayerAbsentAtResumption e -> new Need(Permission.RULE, scope);
            case MoveEvent.IllegalMoveNotCompleted e -> new Need(Permission.RULE, scope);
            case MoveEvent.ColoursReversedFound e -> new Need(Permission.RULE, scope);
            case ClaimEvent.DrawOffered e -> new Need(Permission.OFFER_DRAW, scope.by(e.by()));
            case ClaimEvent.DrawOfferDeclined e -> new Need(Permission.OFFER_DRAW, scope.by(e.by()));
            case ClaimEvent.DrawAgreed e -> lastOffer == null ? new Need(Permission.RULE, scope)
                    : new Need(Permission.OFFER_DRAW, scope.by(lastOffer.opponent())).or(Permission.RULE, scope);
            case ClaimEvent.ClaimFiled e -> new Need(Permission.CLAIM, scope.by(e.by()));
            case ClaimEvent.ClaimPostponed e -> new Need(Permission.RULE, scope);
            case ClaimEvent.QuickplayIncrementGranted e -> new Need(Permission.RULE, scope);
            case ClaimEvent.FlagFellDuringPostponedClaim e -> new Need(Permission.CONTROL_CLOCK, scope);
            case ClaimEvent.ClaimUpheld e -> new Need(Permission.RULE, scope);
            case ClaimEvent.ClaimRejected e -> new Need(Permission.RULE, scope);
            case ClaimEvent.RulingIssued e -> new Need(Permission.RULE, scope);
            case ClaimEvent.CommandRejected e -> null;
        };
    }

    // ------------------------------------------------------------------------------------------------ clocks

    private void auditClock(List<Envelope> events, Map<String, Timeline> timelines, Map<String, GameContext> contexts,
                            List<AuthorityCheck> out, List<String> unchecked) {
        String gameId = events.get(0).aggregateId();
        GameContext game = contexts.get(gameId);
        Timeline timeline = game == null ? null : timelines.get(game.tournamentId());
        int skipped = 0;
        for (int i = 0; i < events.size(); i++) {
            Envelope env = events.get(i);
            ClockEvent event = (ClockEvent) env.payload();
            if (!decides(events, i) || event instanceof ClockEvent.CommandRejected) {
                continue;
            }
            if (timeline == null) {
                skipped++;
                continue;
            }
            out.add(check("clock " + gameId, env, timeline.at(env.occurredAt()), need(event, game.scope())));
        }
        if (skipped > 0) {
            unchecked.add("authority of " + skipped + " decisions of clock " + gameId + " not checked: "
                    + (game == null ? "its game's GameStarted is not in the log"
                    : "tournament " + game.tournamentId() + " is not in the log"));
        }
    }

    /**
     * What a clock decision needs: a press (the mover's side), an arbiter's change of times (RULE: FIDE 2018 6.10,
     * 12.9), or running the clock (CONTROL_CLOCK: start, pause, resume, stop, arrivals, flag and default checks; the
     * clock's own reports may also answer an arbiter's ruling, so RULE is accepted there too).
     */
    private static Need need(ClockEvent event, Scope scope) {
        return switch (event) {
            case ClockEvent.ClockSwitched e -> new Need(Permission.PRESS_CLOCK, scope.by(e.mover()));
            case ClockEvent.PressHeld e -> new Need(Permission.PRESS_CLOCK, scope.by(e.side()));
            case ClockEvent.TimeAdded e -> new Need(Permission.RULE, scope);
            case ClockEvent.TimeDeducted e -> new Need(Permission.RULE, scope);
            case ClockEvent.TimesSet e -> new Need(Permission.RULE, scope);
            case ClockEvent.MoveCounterCorrected e -> new Need(Permission.RULE, scope);
            case ClockEvent.QuickplayIncrementIntroduced e -> new Need(Permission.RULE, scope);
            case ClockEvent.OverstepNotProvable e -> new Need(Permission.RULE, scope);
            // a press after the flag fell shows the fall: the pressing side's press, or the clock's own check
            case ClockEvent.FlagFell e -> running(scope).or(Permission.PRESS_CLOCK, scope.by(Side.WHITE))
                    .or(Permission.PRESS_CLOCK, scope.by(Side.BLACK));
            case ClockEvent.PlayerArrived e -> running(scope);
            case ClockEvent.ClockStarted e -> running(scope);
            case ClockEvent.ClockPaused e -> running(scope);
            case ClockEvent.ClockResumed e -> running(scope);
            case ClockEvent.PlayerDefaulted e -> running(scope);
            case ClockEvent.GameAdjourned e -> running(scope);
            case ClockEvent.SessionResumed e -> running(scope);
            case ClockEvent.BothFlagsFell e -> running(scope);
            case ClockEvent.ClockStopped e -> running(scope);
            // the game's end, held for its last presses: the clock's own bookkeeping of the end it read
            case ClockEvent.EndHeld e -> running(scope);
            // a claim's pause (and its ruling) held for the claimant's last press: reading order, not a decision
            case ClockEvent.PauseHeld e -> running(scope);
            case ClockEvent.ResumeHeld e -> running(scope);
            case ClockEvent.NewGameStarted e -> running(scope);
            case ClockEvent.ClockCancelled e -> running(scope);
            case ClockEvent.CommandRejected e -> throw new IllegalStateException("refusals are not decisions");
        };
    }

    private static Need running(Scope scope) {
        return new Need(Permission.CONTROL_CLOCK, scope).or(Permission.RULE, scope);
    }

    private AuthorityCheck check(String subject, Envelope env, TournamentAuthority offices, Need need) {
        // an event's cause is a command, or (a reaction) another service's logged event: a game and its clock share
        // the game's id, so it is the cause being an event, not its aggregate, that makes a reaction
        Envelope cause = env.causationId() == null ? null : logged.get(env.causationId());
        if (cause != null) {
            return reaction(subject, env, cause, offices, need.scope());
        }
        Verdict verdict = offices.may(env.actor(), need.permission(), need.scope());
        StringBuilder reasons = new StringBuilder(verdict.reason());
        for (Need alternative : need.alternatives()) {
            if (verdict.allowed()) {
                break;
            }
            Verdict other = offices.may(env.actor(), alternative.permission(), alternative.scope());
            if (other.allowed()) {
                verdict = other;
            } else {
                reasons.append("; as ").append(alternative.permission()).append(": ").append(other.reason());
            }
        }
        if (verdict.denied() && !need.alternatives().isEmpty()) {
            verdict = Verdict.denied(need.permission(), reasons.toString());
        }
        return new AuthorityCheck(subject, env.payload().getClass().getSimpleName(), env.eventId(), env.sequence(),
                env.actor(), verdict);
    }

    /** A reaction: the service's, checked at its cause (see the class's docs). */
    private static AuthorityCheck reaction(String subject, Envelope env, Envelope cause, TournamentAuthority offices,
                                           Scope scope) {
        Verdict verdict = offices.may(env.actor(), Permission.SERVICE_REACTION, scope);
        String because = " reacting to " + cause.payload().getClass().getSimpleName() + " " + cause.eventId()
                + " of " + cause.aggregateId() + " (checked there)";
        verdict = verdict.allowed()
                ? Verdict.allowed(Permission.SERVICE_REACTION, verdict.reason() + because, verdict.actor())
                : Verdict.denied(Permission.SERVICE_REACTION, verdict.reason() + because);
        return new AuthorityCheck(subject, env.payload().getClass().getSimpleName(), env.eventId(), env.sequence(),
                env.actor(), verdict);
    }
}

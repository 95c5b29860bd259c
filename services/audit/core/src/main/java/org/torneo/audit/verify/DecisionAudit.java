package org.torneo.audit.verify;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.torneo.audit.log.EventLog;
import org.torneo.audit.log.LoggedEvent;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.ClaimEvent.ClaimFiled;
import org.torneo.contracts.game.ClaimEvent.ClaimPostponed;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.ClaimEvent.FlagFellDuringPostponedClaim;
import org.torneo.contracts.game.ClaimEvent.QuickplayIncrementGranted;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.contracts.game.ClaimEvent.ClaimUpheld;
import org.torneo.contracts.game.ClaimEvent.RulingIssued;
import org.torneo.contracts.game.MoveEvent.PlayersCorrected;
import org.torneo.contracts.game.ClaimEvidence;
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.QuickplayFinishGuidelines;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.clock.TimingMode;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.GameEvent;
import org.torneo.contracts.game.MoveEvent.ColoursReversedFound;
import org.torneo.contracts.game.MoveEvent.EnvelopeLost;
import org.torneo.contracts.game.MoveEvent.IllegalMoveRecorded;
import org.torneo.contracts.game.Penalty;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.results.ResultEvent.ResultCorrected;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.contracts.tournament.TournamentEvent.ResultRecorded;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.game.core.deadposition.CanMate;
import org.torneo.game.core.draw.DrawRules;
import org.torneo.game.core.draw.GameRecord;
import org.torneo.game.core.deadposition.MateAbility;
import org.torneo.game.core.game.EditionRules;
import org.torneo.game.core.game.GameDecider;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;
import org.torneo.game.core.game.QuickplayFinishRules;
import org.torneo.pairing.tournament.TournamentDecider;
import org.torneo.pairing.tournament.TournamentRejected;
import org.torneo.pairing.tournament.TournamentState;

/**
 * Re-derives every decision of a log under the ruleset in force: the game aggregates are folded with the game
 * core's evolve and each claim and flag fall is decided again by the game core's decider on the state before it;
 * illegal-move counts and penalties, clock adjustments, result corrections and tournament results are checked
 * against the edition's rules; every round is re-paired by the tournament decider from the state before it.
 * Events are taken per aggregate in sequence order (the chain audit reports tampering separately).
 *
 * <p>The limit of plies (not a Law: the game service's bound on one game's work, {@code torneo.game.max-plies}) is
 * the one the log records on each game's GameStarted (issue 17), not this audit's: the decider replays every game under
 * the limit it started under, and a move, illegal move or sealed move recorded at or past that limit is reported as a
 * decision the game refuses ("ply limit"). The log carries it, rather than an audit option such as
 * {@code --max-plies N}, because one log may hold games of services configured differently (or reconfigured between
 * rounds), and the arbiter checking a log should not have to know any service's configuration. A game of a log written
 * before the limit was recorded (no maxPlies on its GameStarted) is replayed under the default, 20,000, and its moves
 * are not checked against a limit it does not state; when it has more plies than that default, the report lists it as
 * unchecked.
 */
public final class DecisionAudit {

    private final GameDecider gameDecider;
    private final Function<TournamentState, TournamentDecider> tournamentDeciders;
    private final List<String> unchecked = new ArrayList<>();
    private final ResignationAudit resignations;
    private final RulingAudit rulings;
    private final StandingsAudit standings = new StandingsAudit();

    /**
     * @param tournamentDeciders the tournament decider to re-pair a round with, given the state before it (the
     *                           FIDE Dutch engine is bound to that state)
     */
    public DecisionAudit(GameDecider gameDecider, Function<TournamentState, TournamentDecider> tournamentDeciders) {
        this.gameDecider = gameDecider;
        this.tournamentDeciders = tournamentDeciders;
        this.resignations = new ResignationAudit(gameDecider);
        this.rulings = new RulingAudit(gameDecider);
    }

    /** Every round is re-paired with the system it was paired with: round robin, Harkness or FIDE Dutch. */
    public DecisionAudit() {
        this(new GameDecider(), TournamentDecider::withAllSystems);
    }

    /** What the last audit could not re-derive (e.g. a pairing system this audit has no engine for). */
    public List<String> unchecked() {
        return List.copyOf(unchecked);
    }

    /** The adjustment a game decision asks the clock to make. */
    private record ExpectedAdjustment(Side side, long millis, boolean added, UUID source, String article) {
    }

    /**
     * Both clocks set by a game decision: a lost envelope's times (FIDE 2018 I.12.1, 1997 A.11a), or a new game
     * ({@code newGame}: the times of the clock's start, no moves, White to move; 2018 7.2.1, 7.3, I.12.2).
     */
    private record ExpectedSetting(long whiteMillis, long blackMillis, Side toMove, boolean newGame, UUID source,
                                   String article) {

        boolean answeredBy(ClockEvent.TimesSet set, ClockEvent.ClockStarted start) {
            if (newGame) {
                return start != null && set.whiteMillis() == start.whiteMillis()
                        && set.blackMillis() == start.blackMillis() && set.whiteMoves() == 0 && set.blackMoves() == 0
                        && set.sideToMove() == Side.WHITE;
            }
            return set.whiteMillis() == whiteMillis && set.blackMillis() == blackMillis && set.sideToMove() == toMove;
        }

        String text() {
            return newGame ? "the clock set as at the start for a new game"
                    : "the clocks set to " + seconds(whiteMillis) + " / " + seconds(blackMillis) + ", " + toMove
                    + " to move";
        }
    }

    /** The latest result of a game (GameEnded, or the ResultCorrected replacing it). */
    private record LatestResult(UUID eventId, int whiteHalfPoints, int blackHalfPoints, String text) {
    }

    public List<Decision> audit(EventLog.Read log) {
        unchecked.clear();
        Map<String, List<Envelope>> games = new LinkedHashMap<>();
        Map<String, List<Envelope>> clocks = new LinkedHashMap<>();
        Map<String, List<Envelope>> tournaments = new LinkedHashMap<>();
        for (LoggedEvent e : log.events()) {
            Envelope env = e.envelope();
            if (env.isCommand()) {
                continue;
            }
            Map<String, List<Envelope>> target = switch (env.payload()) {
                case ClockEvent c -> clocks;
                case TournamentEvent t -> tournaments;
                case GameEvent g -> games;
                case ResultEvent r -> games;
                default -> null;
            };
            if (target != null) {
                target.computeIfAbsent(env.aggregateId(), k -> new ArrayList<>()).add(env);
            }
        }
        List<Decision> decisions = new ArrayList<>();
        Map<String, LatestResult> latestResults = new HashMap<>();
        Map<String, String> gameOfPairing = new HashMap<>();
        Map<String, List<Envelope>> tournamentsInSequence = new LinkedHashMap<>();
        tournaments.forEach((id, events) -> tournamentsInSequence.put(id, inSequence(events)));
        GameCancellations cancellations = new GameCancellations(tournamentsInSequence);
        games.forEach((id, events) -> auditGame(id, inSequence(events), clocks.getOrDefault(id, List.of()),
                decisions, latestResults, gameOfPairing, cancellations));
        tournamentsInSequence.forEach((id, events) -> auditTournament(id, events, decisions, latestResults,
                gameOfPairing));
        cancellations.checkRemovedBoards(decisions);
        decisions.addAll(standings.audit(log.events()));
        unchecked.addAll(standings.unchecked());
        return decisions;
    }

    private static List<Envelope> inSequence(List<Envelope> events) {
        Map<Long, Envelope> first = new LinkedHashMap<>();
        events.stream().sorted(Comparator.comparingLong(Envelope::sequence))
                .forEach(e -> first.putIfAbsent(e.sequence(), e));
        return new ArrayList<>(first.values());
    }

    // ------------------------------------------------------------------------------------------------- games

    private void auditGame(String gameId, List<Envelope> events, List<Envelope> clockEvents, List<Decision> out,
                           Map<String, LatestResult> latestResults, Map<String, String> gameOfPairing,
                           GameCancellations cancellations) {
        GameState state = gameDecider.initialState();
        Integer maxPlies = null; // the limit the game started under, when its GameStarted records one
        boolean pastLimitReported = false;
        List<ExpectedAdjustment> adjustments = new ArrayList<>();
        List<ExpectedSetting> settings = new ArrayList<>();
        LatestResult latest = null;
        for (int i = 0; i < events.size(); i++) {
            Envelope env = events.get(i);
            EventMessage event = (EventMessage) env.payload();
            GameState.QuickplayClaim openClaim = state.quickplayClaim();
            try {
                cancellations.observe(gameId, env, event, state, out);
                if (event instanceof org.torneo.contracts.game.MoveEvent.GameStarted started) {
                    maxPlies = started.maxPlies();
                }
                if (maxPlies != null && !pastLimitReported && addsAPly(event) && state.ply() >= maxPlies) {
                    // not a Law: the service's bound on one game's work, recorded with the game (issue 17)
                    pastLimitReported = true;
                    out.add(new Decision(gameId, "ply limit", env.eventId(), env.sequence(), false, "",
                            String.format(java.util.Locale.ROOT, "%s recorded at ply %,d, but the game started under "
                                    + "a limit of %,d plies (%s): the game refuses it", typeOf(event), state.ply(),
                                    maxPlies, org.torneo.game.core.game.GameLimits.MAX_PLIES_PROPERTY),
                            "GameStarted records maxPlies " + maxPlies + "; " + state.ply() + " plies played before"));
                }
                switch (event) {
                    case ClaimFiled filed when isQuickplay(filed.kind()) ->
                            checkQuickplayClaim(gameId, env, filed, state, out);
                    case ClaimFiled filed -> checkClaim(gameId, events, i, filed, state, out);
                    case RulingIssued ruling when openClaim != null
                            && (ruling.kind() == RulingKind.UPHOLD_CLAIM || ruling.kind() == RulingKind.REJECT_CLAIM) ->
                            checkQuickplayDecision(gameId, events, i, new GameCommand.ArbiterRuling(ruling.kind(),
                                    ruling.article(), ruling.details(), ruling.side(), ruling.result(),
                                    ruling.whiteHalfPoints(), ruling.blackHalfPoints(), ruling.restoreToPly(),
                                    ruling.timeMillis(), ruling.issuedAt()), state, out);
                    case ClaimPostponed postponed -> checkQuickplayDecision(gameId, events, i,
                            new GameCommand.PostponeClaim(postponed.penalty().addedToOpponentMillis(),
                                    postponed.article(), postponed.details(), postponed.decidedAt()), state, out);
                    case FlagFellDuringPostponedClaim fell -> checkFlagDuringPostponedClaim(gameId, env, fell, state, out);
                    case PlayersCorrected corrected -> checkPlayersCorrected(gameId, env, corrected, state, out);
                    case IllegalMoveRecorded illegal when !illegal.stands() ->
                            checkIllegalMove(gameId, events, i, illegal, state, out);
                    case GameEnded ended when ended.reason() == EndReason.FLAG_FALL
                            || ended.reason() == EndReason.FLAG_FALL_NO_MATE_POSSIBLE ->
                            checkFlagFall(gameId, env, ended, state, clockEvents, out);
                    case ResultCorrected corrected -> checkCorrection(gameId, env, corrected, latest, out);
                    case GameEnded ended when AUTOMATIC_ENDINGS.contains(ended.reason()) ->
                            checkAutomaticEnding(gameId, env, ended, state, out);
                    case GameEnded ended when ended.reason() == EndReason.AGREEMENT ->
                            checkAgreement(gameId, env, ended, i > 0 ? events.get(i - 1) : null, state, out);
                    case GameEnded ended when ended.reason() == EndReason.RESIGNATION ->
                            resignations.check(gameId, env, ended, state, out);
                    // the first event of a ruling's command (its GameEnded or MovesTakenBack are compared with it)
                    case RulingIssued ruling -> rulings.check(gameId, events, i, ruling, state, out);
                    default -> {
                    }
                }
                switch (event) {
                    case IllegalMoveRecorded illegal -> addPenalty(adjustments, illegal.by(), illegal.penalty(), env);
                    case ClaimRejected rejected -> addPenalty(adjustments, rejected.by(), rejected.penalty(), env);
                    case ClaimPostponed postponed -> addPenalty(adjustments, postponed.by(), postponed.penalty(), env);
                    case QuickplayIncrementGranted granted ->
                            addPenalty(adjustments, granted.by(), granted.penalty(), env);
                    case RulingIssued ruling when ruling.kind() == RulingKind.ADD_TIME
                            || ruling.kind() == RulingKind.DEDUCT_TIME -> adjustments.add(new ExpectedAdjustment(
                            ruling.side(), ruling.timeMillis(), ruling.kind() == RulingKind.ADD_TIME, env.eventId(),
                            ruling.article()));
                    case EnvelopeLost lost when lost.clocks() != null -> settings.add(new ExpectedSetting(
                            lost.clocks().whiteRemainingMillis(), lost.clocks().blackRemainingMillis(),
                            lost.sealedBy().opponent(), false, env.eventId(), lost.article()));
                    case RulingIssued ruling when ruling.kind() == RulingKind.ANNUL_GAME -> settings.add(
                            new ExpectedSetting(0, 0, Side.WHITE, true, env.eventId(), ruling.article()));
                    case ColoursReversedFound reversed when reversed.newGame() -> settings.add(
                            new ExpectedSetting(0, 0, Side.WHITE, true, env.eventId(), reversed.article()));
                    case GameEnded ended -> {
                        latest = new LatestResult(env.eventId(), ended.whiteHalfPoints(), ended.blackHalfPoints(),
                                ended.result().notation());
                        gameOfPairing.put(pairingKey(ended.tournamentId(), ended.round(), ended.whitePlayerId(),
                                ended.blackPlayerId()), gameId);
                    }
                    case ResultCorrected corrected -> latest = new LatestResult(env.eventId(),
                            corrected.whiteHalfPoints(), corrected.blackHalfPoints(), corrected.result().notation());
                    default -> {
                    }
                }
                state = gameDecider.evolve(state, event);
            } catch (RuntimeException e) {
                out.add(new Decision(gameId, "replay", env.eventId(), env.sequence(), false, "",
                        "the game cannot be replayed past this event: " + e.getMessage(), typeOf(event)));
                return;
            }
        }
        if (latest != null) {
            latestResults.put(gameId, latest);
        }
        if (maxPlies == null && state.started() != null
                && state.ply() > org.torneo.game.core.game.GameLimits.DEFAULT.maxPlies()) {
            unchecked.add(String.format(java.util.Locale.ROOT, "ply limit of game %s not checked: %,d plies, and its "
                    + "GameStarted records no limit (a log written before the limit was recorded)", gameId, state.ply()));
        }
        checkClock(gameId, clockEvents, adjustments, out);
        checkClockSettings(gameId, clockEvents, settings, out);
    }

    /** The events of the commands the limit of plies refuses (GameDecider: a move, a sealed move, an illegal one). */
    private static boolean addsAPly(EventMessage event) {
        return event instanceof org.torneo.contracts.game.MoveEvent.MovePlayed
                || event instanceof IllegalMoveRecorded
                || event instanceof org.torneo.contracts.game.MoveEvent.MoveSealed
                || event instanceof org.torneo.contracts.game.MoveEvent.IllegalMoveNotCompleted;
    }

    /** FIDE 2018 9.2, 9.3, 9.5 (and the edition's equivalents): the claim decided again on the state before it. */
    private void checkClaim(String gameId, List<Envelope> events, int index, ClaimFiled filed, GameState before,
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

    // ------------------------------------------------------------------------------- quickplay-finish claims

    private static boolean isQuickplay(DrawClaimKind kind) {
        return kind == DrawClaimKind.QUICKPLAY_FINISH || kind == DrawClaimKind.QUICKPLAY_INCREMENT;
    }

    /**
     * Why the side is not in the quickplay finish (the period for all remaining moves, without increment or delay:
     * FIDE 1997/2001 10.1, 2018 III.1, III.2.2), or null when it is.
     */
    private static String quickplayFinishWhy(GameState state, Side side) {
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
    private void checkQuickplayClaim(String gameId, Envelope env, ClaimFiled filed, GameState before,
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
    private void checkQuickplayDecision(String gameId, List<Envelope> events, int index, GameCommand decision,
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
        for (int k = 0; k < logged.size(); k++) {
            EventMessage e = logged.get(k);
            int wrongBefore = wrong.size();
            // the sizes the rules fix: two minutes for the opponent, five seconds a move (2018 III.4)
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
                wrong.isEmpty() ? "as the rules and the game give: " + logged.stream().map(DecisionAudit::typeOf)
                        .toList() : String.join("; ", wrong),
                "open claim " + open + " (" + before.rules().ruleset() + "); decided by " + env.actor() + " as "
                        + typeOf(decided)));
    }

    /** FIDE 2018 III.5.2, 2001 10.2b, 1997 10.2c: only the claimant's flag, during his postponed claim, waits. */
    private static void checkFlagDuringPostponedClaim(String gameId, Envelope env, FlagFellDuringPostponedClaim fell,
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

    /**
     * A corrected pairing changes a game's players only before it began (C.04.3 of 2017 F.7, C.04.2: a game that has
     * begun is played as paired), only by the arbiter or by the game service applying the arbiter's published
     * correction, and it names the players the game had.
     */
    private static void checkPlayersCorrected(String gameId, Envelope env, PlayersCorrected corrected, GameState before,
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

    private static String minutes(long millis) {
        long seconds = Math.max(0, millis) / 1000;
        return seconds / 60 + ":" + String.format(java.util.Locale.ROOT, "%02d", seconds % 60);
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

    /** FIDE 2018 7.5.3-7.5.5, 2001 7.4, 1997 7.4, Code 1970 art. IX: the count and the penalty it earns. */
    private void checkIllegalMove(String gameId, List<Envelope> events, int index, IllegalMoveRecorded illegal,
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

    /** FIDE 2018 6.9 (and the edition's flag-fall rule): the flag fall decided again on the final position. */
    private void checkFlagFall(String gameId, Envelope env, GameEnded ended, GameState before,
                               List<Envelope> clockEvents, List<Decision> out) {
        Side flagged = switch (ended.result()) {
            case WHITE_WINS -> Side.BLACK;
            case BLACK_WINS -> Side.WHITE;
            default -> clockEvents.stream().map(Envelope::payload)
                    .filter(p -> p instanceof ClockEvent.FlagFell).map(p -> ((ClockEvent.FlagFell) p).side())
                    .findFirst().orElse(before.sideToMove());
        };
        List<EventMessage> expected = gameDecider.decide(new GameRequest(gameId, env.actor(),
                new GameCommand.ReportFlagFall(flagged, false, true, ended.endedAt())), before);
        GameEnded due = expected.stream().filter(e -> e instanceof GameEnded).map(e -> (GameEnded) e)
                .findFirst().orElse(null);
        MateAbility ability = CanMate.canMate(before.position(), toBoard(flagged.opponent()));
        String evidence = "flag of " + flagged + " fell; position " + before.position().toFen() + "; "
                + flagged.opponent() + " can mate: " + ability.verdict()
                + (ability.helpmateUci().isEmpty() ? "" : " (e.g. " + String.join(" ", ability.helpmateUci()) + ")")
                + (before.lastClock() == null ? "" : "; last clock reading " + before.lastClock());
        // FIDE 2018 6.10.1 (1997/2001 6.11): the clock is conclusive: when the game's clock recorded flag falls,
        // the flag the result names must be one of them, fallen by the time the game ended
        List<ClockEvent.FlagFell> clockFlags = clockEvents.stream().map(Envelope::payload)
                .filter(p -> p instanceof ClockEvent.FlagFell).map(p -> (ClockEvent.FlagFell) p).toList();
        Map<ClockEvent.FlagFell, ClockEvent.TimeAdded> withdrawn = flagWithdrawals(clockEvents);
        ClockEvent.FlagFell standing = clockFlags.stream().filter(f -> f.side() == flagged
                && f.at() <= ended.endedAt().toEpochMilli() && !withdrawn.containsKey(f)).findFirst().orElse(null);
        ClockEvent.TimeAdded withdrawal = standing != null ? null : clockFlags.stream()
                .filter(f -> f.side() == flagged && withdrawn.containsKey(f)).map(withdrawn::get).findFirst().orElse(null);
        if (withdrawal != null) {
            // FIDE 2018 6.9: time decided before the fall was added as of its decision, so that flag had not fallen
            out.add(new Decision(gameId, "flag fall", env.eventId(), env.sequence(), false,
                    before.rules().flagFallArticle(), "the result " + ended.result().notation() + " names " + flagged
                    + "'s flag, but the clock withdrew that fall: time decided before it was added ("
                    + withdrawal.article() + ", FIDE 2018 6.9); the arbiter corrects the result (FIDE 2018 12.9)",
                    "the clock's TimeAdded at " + java.time.Instant.ofEpochMilli(withdrawal.at()) + ": "
                    + withdrawal.reason() + "; " + seconds(withdrawal.remainingMillis()) + " left"));
            return;
        }
        ClockEvent.FlagFell onTheClock = clockFlags.stream()
                .filter(f -> f.side() == flagged && f.at() <= ended.endedAt().toEpochMilli()).findFirst().orElse(null);
        boolean clockAgrees = clockFlags.isEmpty() || onTheClock != null;
        evidence += onTheClock != null ? "; the clock recorded " + flagged + "'s flag fall at "
                + java.time.Instant.ofEpochMilli(onTheClock.at()) + " (period " + onTheClock.period() + ", "
                + onTheClock.movesMade() + " moves made)"
                : clockFlags.isEmpty() ? "; no flag fall on the game's clock (reported by the arbiter)"
                : "; the clock recorded only " + clockFlags.stream().map(f -> f.side() + " at "
                        + java.time.Instant.ofEpochMilli(f.at())).toList();
        boolean sameResult = due != null && due.result() == ended.result() && due.reason() == ended.reason();
        boolean same = sameResult && clockAgrees;
        String finding = same ? ended.result().notation() + " (" + ended.reason() + ")"
                : !sameResult ? "logged " + ended.result().notation() + " (" + ended.reason() + "), due "
                        + (due == null ? "no result" : due.result().notation() + " (" + due.reason() + ")")
                : "the result names " + flagged + "'s flag, but the game's clock recorded no fall of it by "
                        + ended.endedAt() + " (the clock is conclusive, FIDE 2018 6.10.1)";
        out.add(new Decision(gameId, "flag fall", env.eventId(), env.sequence(), same, before.rules().flagFallArticle(),
                finding, evidence));
    }

    /**
     * The flag falls the clock withdrew: time added, decided before a fall the clock recorded later, that left the
     * player time (ClockDecider.addTime; FIDE 2018 6.9). Such a TimeAdded follows the side's FlagFell with time left
     * and nothing in between that cleared the flag otherwise (a setting of the times, an overstep not provable).
     */
    private static Map<ClockEvent.FlagFell, ClockEvent.TimeAdded> flagWithdrawals(List<Envelope> clockEvents) {
        Map<Side, ClockEvent.FlagFell> down = new java.util.EnumMap<>(Side.class);
        Map<ClockEvent.FlagFell, ClockEvent.TimeAdded> withdrawals = new HashMap<>();
        for (Envelope env : inSequence(clockEvents)) {
            switch (env.payload()) {
                case ClockEvent.FlagFell f -> down.put(f.side(), f);
                case ClockEvent.TimesSet t -> down.clear();
                case ClockEvent.NewGameStarted n -> down.clear();
                case ClockEvent.OverstepNotProvable o -> down.remove(o.side());
                case ClockEvent.TimeAdded a when down.containsKey(a.side()) && a.remainingMillis() > 0 ->
                        withdrawals.put(down.remove(a.side()), a);
                default -> {
                }
            }
        }
        return withdrawals;
    }

    private static final Set<EndReason> AUTOMATIC_ENDINGS = Set.of(EndReason.CHECKMATE, EndReason.STALEMATE,
            EndReason.DEAD_POSITION, EndReason.FIVEFOLD_REPETITION, EndReason.SEVENTY_FIVE_MOVES);

    /**
     * Endings the board decides by itself, checked on the final position: checkmate (2018 5.1.1), stalemate (5.2.1),
     * dead position (5.2.2; 1997/2001 9.6), fivefold repetition and 75 moves (2018 9.6.1, 9.6.2 only).
     */
    private void checkAutomaticEnding(String gameId, Envelope env, GameEnded ended, GameState before,
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
    private static void checkAgreement(String gameId, Envelope env, GameEnded ended, Envelope previous,
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
    private static void checkCorrection(String gameId, Envelope env, ResultCorrected corrected, LatestResult latest,
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

    private static void addPenalty(List<ExpectedAdjustment> adjustments, Side offender, Penalty penalty, Envelope env) {
        if (penalty.addedToOpponentMillis() > 0) {
            adjustments.add(new ExpectedAdjustment(offender.opponent(), penalty.addedToOpponentMillis(), true,
                    env.eventId(), penalty.article()));
        }
        if (penalty.deductedFromOffenderMillis() > 0) {
            adjustments.add(new ExpectedAdjustment(offender, penalty.deductedFromOffenderMillis(), false,
                    env.eventId(), penalty.article()));
        }
    }

    /** Every time added or deducted on the clock answers a penalty or a ruling of the game (FIDE 2018 6.10, 12.9). */
    private static void checkClock(String gameId, List<Envelope> clockEvents, List<ExpectedAdjustment> expected,
                                   List<Decision> out) {
        List<ExpectedAdjustment> open = new ArrayList<>(expected);
        for (Envelope env : inSequence(clockEvents)) {
            Side side;
            long millis;
            boolean added;
            String article;
            switch (env.payload()) {
                case ClockEvent.TimeAdded a -> {
                    side = a.side();
                    millis = a.millis();
                    added = true;
                    article = a.article();
                }
                case ClockEvent.TimeDeducted d -> {
                    side = d.side();
                    millis = d.millis();
                    added = false;
                    article = d.article();
                }
                default -> {
                    continue;
                }
            }
            ExpectedAdjustment match = open.stream().filter(x -> x.side() == side && x.millis() == millis
                    && x.added() == added).findFirst().orElse(null);
            String what = (added ? "+" : "-") + seconds(millis) + " for " + side;
            if (match != null) {
                open.remove(match);
                out.add(new Decision("clock:" + gameId, "clock adjustment", env.eventId(), env.sequence(), true,
                        article, what, "answers " + match.source() + " (" + match.article() + ")"));
            } else {
                out.add(new Decision("clock:" + gameId, "clock adjustment", env.eventId(), env.sequence(), false,
                        article, what + " answers no penalty or ruling of the game",
                        "due adjustments left: " + open));
            }
        }
        if (!clockEvents.isEmpty()) {
            for (ExpectedAdjustment missing : open) {
                String what = (missing.added() ? "+" : "-") + seconds(missing.millis()) + " for " + missing.side();
                ClockEvent.CommandRejected late = refusedAfterTheGameEndedOnTheFlag(clockEvents, missing);
                out.add(late == null
                        ? new Decision("clock:" + gameId, "clock adjustment", missing.source(), 0, false,
                                missing.article(), what + " was decided but never applied on the clock", "decision "
                                + missing.source())
                        // still a discrepancy: the time was given before the flag fell, so the flag had not fallen
                        // (FIDE 2018 6.9) and a result given on it is the arbiter's to correct (12.9)
                        : new Decision("clock:" + gameId, "clock adjustment", missing.source(), 0, false,
                                missing.article(), what + " was decided before " + missing.side() + "'s flag fell,"
                                + " but reached the clock after the game had ended on that flag: the flag had not"
                                + " fallen (FIDE 2018 6.9); the result is the arbiter's to correct (FIDE 2018 12.9)",
                                "decision " + missing.source() + "; the clock's refusal: " + late.reason()));
            }
        }
    }

    /**
     * The clock's refusal of {@code missing} because the game was over when it arrived, though it was decided before
     * the flag fall of that side (ClockDecider.addTime), or null.
     */
    private static ClockEvent.CommandRejected refusedAfterTheGameEndedOnTheFlag(List<Envelope> clockEvents,
                                                                               ExpectedAdjustment missing) {
        String type = missing.added() ? "AddTime" : "DeductTime";
        String side = missing.side() == Side.WHITE ? "White" : "Black";
        return clockEvents.stream().map(Envelope::payload)
                .filter(p -> p instanceof ClockEvent.CommandRejected r && type.equals(r.command())
                        && r.reason() != null && r.reason().contains("before " + side + "'s flag fell")
                        && r.reason().contains("the game is over"))
                .map(p -> (ClockEvent.CommandRejected) p).findFirst().orElse(null);
    }

    /**
     * Each setting of both clocks a game decision asks for (a lost envelope's times, a new game) must be on the clock:
     * a TimesSet with those times. Other settings are the arbiter's own on the clock (FIDE 2018 6.10.2, 7.1) and
     * answer no game decision.
     */
    private static void checkClockSettings(String gameId, List<Envelope> clockEvents, List<ExpectedSetting> expected,
                                           List<Decision> out) {
        if (clockEvents.isEmpty() || expected.isEmpty()) {
            return;
        }
        List<ExpectedSetting> open = new ArrayList<>(expected);
        ClockEvent.ClockStarted start = null;
        for (Envelope env : inSequence(clockEvents)) {
            if (env.payload() instanceof ClockEvent.ClockStarted started) {
                start = started;
            }
            if (!(env.payload() instanceof ClockEvent.TimesSet set)) {
                continue;
            }
            ClockEvent.ClockStarted begun = start;
            ExpectedSetting match = open.stream().filter(x -> x.answeredBy(set, begun)).findFirst().orElse(null);
            if (match != null) {
                open.remove(match);
                out.add(new Decision("clock:" + gameId, "clock setting", env.eventId(), env.sequence(), true,
                        set.article(), match.text(), "answers " + match.source() + " (" + match.article() + ")"));
            }
        }
        for (ExpectedSetting missing : open) {
            out.add(new Decision("clock:" + gameId, "clock setting", missing.source(), 0, false, missing.article(),
                    missing.text() + " was decided but never applied on the clock", "decision " + missing.source()));
        }
    }

    // ------------------------------------------------------------------------------------------- tournaments

    private void auditTournament(String tournamentId, List<Envelope> events, List<Decision> out,
                                 Map<String, LatestResult> latestResults, Map<String, String> gameOfPairing) {
        TournamentState state = TournamentState.empty();
        Map<String, TournamentState> beforeCommand = new HashMap<>();
        Set<String> correctedRounds = new HashSet<>();
        Map<String, Envelope> lastRecorded = new LinkedHashMap<>();
        for (Envelope env : events) {
            TournamentEvent event = (TournamentEvent) env.payload();
            beforeCommand.putIfAbsent(event.commandId(), state);
            try {
                switch (event) {
                    case RoundPaired paired -> checkPairing(tournamentId, env, paired,
                            beforeCommand.get(event.commandId()), out);
                    case PairingCorrected corrected -> {
                        correctedRounds.add(tournamentId + "/" + corrected.round());
                        boolean arbiter = corrected.actor().role() == Actor.Role.ARBITER
                                && !corrected.reason().isBlank();
                        out.add(new Decision(tournamentId + " round " + corrected.round(), "pairing correction",
                                env.eventId(), env.sequence(), arbiter, "C.04.2 (published pairings)",
                                arbiter ? "by arbiter " + corrected.actor().id() : "by " + corrected.actor().role()
                                        + " " + corrected.actor().id() + (corrected.reason().isBlank()
                                        ? " without a reason" : "") + ": only an arbiter corrects pairings",
                                "reason: " + corrected.reason() + "; boards " + corrected.boards()));
                    }
                    case ResultRecorded recorded -> lastRecorded.put(pairingKey(tournamentId, recorded.round(),
                            recorded.whitePlayerId(), recorded.blackPlayerId()), env);
                    default -> {
                    }
                }
                state = TournamentDecider.evolve(state, event);
            } catch (RuntimeException e) {
                out.add(new Decision(tournamentId, "replay", env.eventId(), env.sequence(), false, "",
                        "the tournament cannot be replayed past this event: " + e.getMessage(), typeOf(event)));
                return;
            }
        }
        lastRecorded.forEach((key, env) -> checkRecordedResult(tournamentId, env, latestResults.get(
                gameOfPairing.get(key)), gameOfPairing.get(key), out));
    }

    /** The round paired again by the tournament decider, from the state before it, with the logged seed. */
    private void checkPairing(String tournamentId, Envelope env, RoundPaired paired, TournamentState before,
                              List<Decision> out) {
        String subject = tournamentId + " round " + paired.round();
        String evidence = "system " + paired.system() + ", seed " + paired.seed() + "; logged " + describe(paired.boards(),
                paired.byes());
        List<TournamentEvent> again;
        try {
            again = tournamentDeciders.apply(before).decide(new TournamentCommand.PairNextRound(tournamentId,
                    paired.commandId(), paired.actor(), paired.at(), paired.seed()), before);
        } catch (TournamentRejected e) {
            out.add(new Decision(subject, "pairing", env.eventId(), env.sequence(), false, "C.04",
                    "re-pairing is refused: " + e.getMessage(), evidence));
            return;
        } catch (RuntimeException e) {
            unchecked.add(subject + " pairing (" + paired.system() + ", event " + env.eventId()
                    + "): no engine for it in this audit (" + e.getClass().getSimpleName() + ")");
            return;
        }
        RoundPaired due = again.stream().filter(e -> e instanceof RoundPaired).map(e -> (RoundPaired) e)
                .findFirst().orElse(null);
        boolean same = due != null && due.round() == paired.round() && sameBoards(due.boards(), paired.boards())
                && Objects.equals(Set.copyOf(due.byes()), Set.copyOf(paired.byes()));
        out.add(new Decision(subject, "pairing", env.eventId(), env.sequence(), same, "C.04 (" + paired.system() + ")",
                same ? "re-paired identically" : "re-pairing gives " + (due == null ? "nothing"
                        : describe(due.boards(), due.byes())), evidence));
    }

    private static boolean sameBoards(List<Board> a, List<Board> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).number() != b.get(i).number() || !a.get(i).white().equals(b.get(i).white())
                    || !a.get(i).black().equals(b.get(i).black())) {
                return false;
            }
        }
        return true;
    }

    private static String describe(List<Board> boards, List<Bye> byes) {
        StringBuilder s = new StringBuilder();
        for (Board b : boards) {
            s.append(s.isEmpty() ? "" : ", ").append(b.number()).append(": ").append(b.white()).append("-")
                    .append(b.black());
        }
        for (Bye bye : byes) {
            s.append(s.isEmpty() ? "" : ", ").append("bye ").append(bye.playerId()).append(" (").append(bye.kind())
                    .append(")");
        }
        return s.toString();
    }

    /** The tournament's recorded result equals the game's result in force (its last correction included). */
    private static void checkRecordedResult(String tournamentId, Envelope env, LatestResult game, String gameId,
                                            List<Decision> out) {
        ResultRecorded recorded = (ResultRecorded) env.payload();
        int white = switch (recorded.result()) {
            case WHITE_WINS -> 2;
            case DRAW -> 1;
            case BLACK_WINS, DOUBLE_LOSS -> 0;
        };
        int black = switch (recorded.result()) {
            case BLACK_WINS -> 2;
            case DRAW -> 1;
            case WHITE_WINS, DOUBLE_LOSS -> 0;
        };
        String subject = tournamentId + " round " + recorded.round();
        String what = recorded.whitePlayerId() + "-" + recorded.blackPlayerId() + " " + recorded.result();
        if (game == null) {
            out.add(new Decision(subject, "result", env.eventId(), env.sequence(), true, "C.04 (scores)",
                    what + " (no game in the log: recorded by the arbiter)", "recorded by " + recorded.actor()));
            return;
        }
        boolean same = game.whiteHalfPoints() == white && game.blackHalfPoints() == black;
        out.add(new Decision(subject, "result", env.eventId(), env.sequence(), same, "FIDE 2018 8.7, 12.9",
                same ? what + " as game " + gameId + " ended" : what + ", but game " + gameId + " stands at "
                        + game.text(), "game result event " + game.eventId()));
    }

    // ---------------------------------------------------------------------------------------------- helpers

    private static String pairingKey(String tournamentId, int round, String white, String black) {
        return tournamentId + "/" + round + "/" + white + "/" + black;
    }

    private static GameResult winFor(Side side) {
        return side == Side.WHITE ? GameResult.WHITE_WINS : GameResult.BLACK_WINS;
    }

    private static org.torneo.game.core.board.Side toBoard(Side side) {
        return side == Side.WHITE ? org.torneo.game.core.board.Side.WHITE : org.torneo.game.core.board.Side.BLACK;
    }

    private static String seconds(long millis) {
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis / 1000.0 + " s";
    }

    private static String typeOf(EventMessage event) {
        return event.getClass().getSimpleName();
    }
}

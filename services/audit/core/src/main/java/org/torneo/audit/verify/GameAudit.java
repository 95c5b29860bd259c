package org.torneo.audit.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.torneo.audit.verify.ClockAudit.ExpectedAdjustment;
import org.torneo.audit.verify.ClockAudit.ExpectedSetting;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.ClaimFiled;
import org.torneo.contracts.game.ClaimEvent.ClaimPostponed;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.contracts.game.ClaimEvent.FlagFellDuringPostponedClaim;
import org.torneo.contracts.game.ClaimEvent.QuickplayIncrementGranted;
import org.torneo.contracts.game.ClaimEvent.RulingIssued;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent.ColoursReversedFound;
import org.torneo.contracts.game.MoveEvent.EnvelopeLost;
import org.torneo.contracts.game.MoveEvent.IllegalMoveRecorded;
import org.torneo.contracts.game.MoveEvent.PlayersCorrected;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.results.ResultEvent.ResultCorrected;
import org.torneo.game.core.game.GameDecider;
import org.torneo.game.core.game.GameState;

import static org.torneo.audit.verify.AuditText.typeOf;
import static org.torneo.audit.verify.ClockAudit.addPenalty;
import static org.torneo.audit.verify.ClockAudit.checkClock;
import static org.torneo.audit.verify.ClockAudit.checkClockSettings;
import static org.torneo.audit.verify.EndingAudit.checkAgreement;
import static org.torneo.audit.verify.EndingAudit.checkCorrection;
import static org.torneo.audit.verify.EndingAudit.checkPlayersCorrected;
import static org.torneo.audit.verify.QuickplayAudit.checkFlagDuringPostponedClaim;
import static org.torneo.audit.verify.QuickplayAudit.isQuickplay;
import static org.torneo.audit.verify.TournamentAudit.pairingKey;

/** One game's log replayed with the game core's evolve, each decision handed to its check on the state before it. */
final class GameAudit {

    private final GameDecider gameDecider;
    private final List<String> unchecked;
    private final ResignationAudit resignations;
    private final RulingAudit rulings;
    private final ClaimAudit claimAudit;
    private final EndingAudit endingAudit;
    private final FlagFallAudit flagFallAudit;
    private final IllegalMoveAudit illegalMoveAudit;
    private final QuickplayAudit quickplayAudit;

    GameAudit(GameDecider gameDecider, List<String> unchecked, ResignationAudit resignations, RulingAudit rulings,
              ClaimAudit claimAudit, EndingAudit endingAudit, FlagFallAudit flagFallAudit,
              IllegalMoveAudit illegalMoveAudit, QuickplayAudit quickplayAudit) {
        this.gameDecider = gameDecider;
        this.unchecked = unchecked;
        this.resignations = resignations;
        this.rulings = rulings;
        this.claimAudit = claimAudit;
        this.endingAudit = endingAudit;
        this.flagFallAudit = flagFallAudit;
        this.illegalMoveAudit = illegalMoveAudit;
        this.quickplayAudit = quickplayAudit;
    }

    /** The latest result of a game (GameEnded, or the ResultCorrected replacing it). */
    record LatestResult(UUID eventId, int whiteHalfPoints, int blackHalfPoints, String text) {
    }

    void auditGame(String gameId, List<Envelope> events, List<Envelope> clockEvents, List<Decision> out,
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
                checkDecision(gameId, events, i, state, openClaim, clockEvents, latest, out);
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

    /** Hands the decision the event records to its check, on the state before it (events that decide nothing: none). */
    private void checkDecision(String gameId, List<Envelope> events, int i, GameState state,
                               GameState.QuickplayClaim openClaim, List<Envelope> clockEvents, LatestResult latest,
                               List<Decision> out) {
        Envelope env = events.get(i);
        EventMessage event = (EventMessage) env.payload();
        switch (event) {
            case ClaimFiled filed when isQuickplay(filed.kind()) ->
                    quickplayAudit.checkQuickplayClaim(gameId, env, filed, state, out);
            case ClaimFiled filed -> claimAudit.checkClaim(gameId, events, i, filed, state, out);
            case RulingIssued ruling when openClaim != null
                    && (ruling.kind() == RulingKind.UPHOLD_CLAIM || ruling.kind() == RulingKind.REJECT_CLAIM) ->
                    quickplayAudit.checkQuickplayDecision(gameId, events, i, new GameCommand.ArbiterRuling(ruling.kind(),
                            ruling.article(), ruling.details(), ruling.side(), ruling.result(),
                            ruling.whiteHalfPoints(), ruling.blackHalfPoints(), ruling.restoreToPly(),
                            ruling.timeMillis(), ruling.issuedAt()), state, out);
            case ClaimPostponed postponed -> quickplayAudit.checkQuickplayDecision(gameId, events, i,
                    new GameCommand.PostponeClaim(postponed.penalty().addedToOpponentMillis(),
                            postponed.article(), postponed.details(), postponed.decidedAt()), state, out);
            case FlagFellDuringPostponedClaim fell -> checkFlagDuringPostponedClaim(gameId, env, fell, state, out);
            case PlayersCorrected corrected -> checkPlayersCorrected(gameId, env, corrected, state, out);
            case IllegalMoveRecorded illegal when !illegal.stands() ->
                    illegalMoveAudit.checkIllegalMove(gameId, events, i, illegal, state, out);
            case GameEnded ended when ended.reason() == EndReason.FLAG_FALL
                    || ended.reason() == EndReason.FLAG_FALL_NO_MATE_POSSIBLE ->
                    flagFallAudit.checkFlagFall(gameId, env, ended, state, clockEvents, out);
            case ResultCorrected corrected -> checkCorrection(gameId, env, corrected, latest, out);
            case GameEnded ended when AUTOMATIC_ENDINGS.contains(ended.reason()) ->
                    endingAudit.checkAutomaticEnding(gameId, env, ended, state, out);
            case GameEnded ended when ended.reason() == EndReason.AGREEMENT ->
                    checkAgreement(gameId, env, ended, i > 0 ? events.get(i - 1) : null, state, out);
            case GameEnded ended when ended.reason() == EndReason.RESIGNATION ->
                    resignations.check(gameId, env, ended, state, out);
            // the first event of a ruling's command (its GameEnded or MovesTakenBack are compared with it)
            case RulingIssued ruling -> rulings.check(gameId, events, i, ruling, state, out);
            default -> {
            }
        }
    }

    /** The events of the commands the limit of plies refuses (GameDecider: a move, a sealed move, an illegal one). */
    private static boolean addsAPly(EventMessage event) {
        return event instanceof org.torneo.contracts.game.MoveEvent.MovePlayed
                || event instanceof IllegalMoveRecorded
                || event instanceof org.torneo.contracts.game.MoveEvent.MoveSealed
                || event instanceof org.torneo.contracts.game.MoveEvent.IllegalMoveNotCompleted;
    }

    private static final Set<EndReason> AUTOMATIC_ENDINGS = Set.of(EndReason.CHECKMATE, EndReason.STALEMATE,
            EndReason.DEAD_POSITION, EndReason.FIVEFOLD_REPETITION, EndReason.SEVENTY_FIVE_MOVES);
}

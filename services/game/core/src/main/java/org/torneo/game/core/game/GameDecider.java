package org.torneo.game.core.game;

import java.util.List;
import java.util.Objects;

import org.torneo.contracts.Actor;
import org.torneo.contracts.Decider;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.GameCommand.AcceptDraw;
import org.torneo.contracts.game.GameCommand.ArbiterRuling;
import org.torneo.contracts.game.GameCommand.ClaimDraw;
import org.torneo.contracts.game.GameCommand.CorrectClockAtResumption;
import org.torneo.contracts.game.GameCommand.CancelGame;
import org.torneo.contracts.game.GameCommand.CorrectPlayers;
import org.torneo.contracts.game.GameCommand.CorrectResult;
import org.torneo.contracts.game.GameCommand.DeclareEnvelopeLost;
import org.torneo.contracts.game.GameCommand.ReportAbsentAtResumption;
import org.torneo.contracts.game.GameCommand.ReportIllegalMoveNotCompleted;
import org.torneo.contracts.game.GameCommand.DeclineDraw;
import org.torneo.contracts.game.GameCommand.OfferDraw;
import org.torneo.contracts.game.GameCommand.PostponeClaim;
import org.torneo.contracts.game.GameCommand.PressClock;
import org.torneo.contracts.game.GameCommand.ReportBothFlagsFell;
import org.torneo.contracts.game.GameCommand.ReportColoursReversed;
import org.torneo.contracts.game.GameCommand.ReportDefault;
import org.torneo.contracts.game.GameCommand.ReportFlagFall;
import org.torneo.contracts.game.GameCommand.ReportIllegalAction;
import org.torneo.contracts.game.GameCommand.ReportIllegalMove;
import org.torneo.contracts.game.GameCommand.Resign;
import org.torneo.contracts.game.GameCommand.ResumeGame;
import org.torneo.contracts.game.GameCommand.SealMove;
import org.torneo.contracts.game.GameCommand.StartGame;
import org.torneo.contracts.game.GameCommand.SubmitMove;
import org.torneo.contracts.game.GameCommand.TouchPiece;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.results.ResultEvent.ResultCorrected;
import org.torneo.game.core.board.InvalidFenException;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.deadposition.CanMate;
import org.torneo.game.core.draw.DeadPositionOracle;

import static org.torneo.game.core.game.Verdicts.reject;

/**
 * The game aggregate: decides what a command to one game means under the game's edition of the Laws, and folds
 * the resulting events into the state. Pure: time arrives inside commands, who sent them in the request.
 *
 * <p>Events: {@code MoveEvent}s and {@code ClaimEvent}s (torneo.game.moves / .claims) and the results stream's
 * {@code GameEnded} / {@code ResultCorrected}, all in one sequence per game, hence the event type
 * {@link EventMessage}. A refused command yields one {@link CommandRejected} naming the reason; decide never
 * throws on bad input. Duplicate command ids are filtered by the platform runtime (it remembers the command ids
 * that caused events), so the state does not keep them.
 */
public final class GameDecider implements Decider<GameRequest, EventMessage, GameState> {

    private final GameLimits limits;
    // the use cases, one per kind of decision; decide hands each command to its own
    private final MoveDecisions moves;
    private final DrawOfferDecisions drawOffers;
    private final DrawClaimDecisions drawClaims;
    private final QuickplayDecisions quickplay;
    private final EndingDecisions endings;
    private final IllegalMoveDecisions illegalMoves;
    private final AdjournmentDecisions adjournment;
    private final ArbiterDecisions arbiter;

    /** A decider whose dead-position test is the given oracle (it must be sound: true only when surely dead). */
    public GameDecider(DeadPositionOracle deadPositionOracle, long canMateNodeLimit) {
        this(deadPositionOracle, canMateNodeLimit, GameLimits.DEFAULT);
    }

    /** As {@link #GameDecider(DeadPositionOracle, long)}, with the service's bounds on a game's work. */
    public GameDecider(DeadPositionOracle deadPositionOracle, long canMateNodeLimit, GameLimits limits) {
        Objects.requireNonNull(deadPositionOracle, "deadPositionOracle");
        this.limits = Objects.requireNonNull(limits, "limits");
        AutomaticEndings automaticEndings = new AutomaticEndings(deadPositionOracle);
        EndingDecisions endings = new EndingDecisions(canMateNodeLimit, automaticEndings);
        QuickplayDecisions quickplay = new QuickplayDecisions(endings);
        IllegalMoveDecisions illegalMoves = new IllegalMoveDecisions(canMateNodeLimit, automaticEndings);
        this.moves = new MoveDecisions(automaticEndings, illegalMoves);
        this.drawOffers = new DrawOfferDecisions();
        this.drawClaims = new DrawClaimDecisions(automaticEndings, quickplay);
        this.quickplay = quickplay;
        this.endings = endings;
        this.illegalMoves = illegalMoves;
        this.adjournment = new AdjournmentDecisions(canMateNodeLimit, automaticEndings);
        this.arbiter = new ArbiterDecisions(quickplay);
    }

    /** The default decider with the service's bounds on a game's work. */
    public GameDecider(GameLimits limits) {
        this(org.torneo.game.core.deadposition.HelpmateDeadPositionOracle.DEFAULT, CanMate.DEFAULT_NODE_LIMIT, limits);
    }

    /**
     * Dead positions by the helpmate analysis (FIDE 2018 5.2.2, 1997 9.6: the game ends at once, so fortresses and
     * forced sequences count, not only bare material); canMate with its default budget for flag falls.
     */
    public GameDecider() {
        this(org.torneo.game.core.deadposition.HelpmateDeadPositionOracle.DEFAULT, CanMate.DEFAULT_NODE_LIMIT);
    }

    @Override
    public GameState initialState() {
        return GameState.INITIAL;
    }

    // ------------------------------------------------------------------------------------------------ decide

    @Override
    public List<EventMessage> decide(GameRequest request, GameState state) {
        GameCommand command = request.command();
        if (state.isCancelled()) {
            // C.04.2; C.04.3 (2017) F.6-F.7: the corrected pairing has no such game: nothing more happens in it
            return reject(command, "the game was cancelled by a pairing correction: " + state.cancelled().reason(),
                    state.cancelled().article());
        }
        if (command instanceof StartGame start) {
            return start(request, start, state);
        }
        if (state.phase() == GameState.Phase.NOT_STARTED) {
            return reject(command, "unknown game " + request.gameId() + ": it has not been started", "");
        }
        if (command instanceof CorrectResult correct) {
            return arbiter.correctResult(request, correct, state);
        }
        List<EventMessage> refused = refusedNow(request, state);
        if (refused != null) {
            return refused;
        }
        return switch (command) {
            case SubmitMove move -> moves.submitMove(request, move, state);
            case PressClock press -> moves.pressClock(request, press, state);
            case TouchPiece touch -> moves.touchPiece(request, touch, state);
            case OfferDraw offer -> drawOffers.offerDraw(request, offer, state);
            case AcceptDraw accept -> drawOffers.acceptDraw(request, accept, state);
            case DeclineDraw decline -> drawOffers.declineDraw(request, decline, state);
            case ClaimDraw claim -> drawClaims.claimDraw(request, claim, state);
            case Resign resign -> endings.resign(request, resign, state);
            case ReportIllegalMove report -> illegalMoves.reportIllegalMove(request, report, state);
            case ReportIllegalAction action -> illegalMoves.reportIllegalAction(request, action, state);
            case ReportFlagFall flag -> endings.flagFall(request, flag, state);
            case ReportBothFlagsFell both -> endings.bothFlags(request, both, state);
            case ReportDefault absent -> endings.reportDefault(request, absent, state);
            case ReportColoursReversed reversed -> arbiter.coloursReversed(request, reversed, state);
            case SealMove seal -> adjournment.sealMove(request, seal, state);
            case ResumeGame resume -> adjournment.resume(request, resume, state);
            case DeclareEnvelopeLost lost -> adjournment.envelopeLost(request, lost, state);
            case ReportAbsentAtResumption absent -> adjournment.absentAtResumption(request, absent, state);
            case CorrectClockAtResumption correct -> adjournment.correctClockAtResumption(request, correct, state);
            case ReportIllegalMoveNotCompleted made -> illegalMoves.illegalMoveNotCompleted(request, made, state);
            case ArbiterRuling ruling -> arbiter.ruling(request, ruling, state);
            case PostponeClaim postpone -> quickplay.postponeClaim(request, postpone, state);
            case CorrectPlayers correct -> arbiter.correctPlayers(request, correct, state);
            case CancelGame cancel -> arbiter.cancelGame(request, cancel, state);
            case StartGame start -> throw new AssertionError("handled above");
            case CorrectResult correct -> throw new AssertionError("handled above");
        };
    }

    /**
     * The refusal of a command the game's phase does not admit now (over, awaiting the arbiter's quickplay decision,
     * adjourned or not, at the limit of plies), or null when the command's own use case decides it.
     */
    private List<EventMessage> refusedNow(GameRequest request, GameState state) {
        GameCommand command = request.command();
        if (state.isOver()) {
            return reject(command, "the game is over (" + state.result().notation() + ", "
                    + state.ended().reason() + ")", state.ended().article());
        }
        if (state.awaitingQuickplayDecision() && (command instanceof SubmitMove || command instanceof PressClock
                || command instanceof TouchPiece || command instanceof ClaimDraw
                || command instanceof ReportIllegalAction || command instanceof SealMove
                || command instanceof ReportIllegalMoveNotCompleted)) {
            // FIDE 1997/2001 10.2, 2018 III.5, 6.12.2: the clocks are stopped until the arbiter has decided
            return reject(command, state.quickplayClaim().flagFell()
                    ? "the claimant's flag has fallen during his postponed quickplay-finish claim: the arbiter "
                    + "now declares the result (uphold or reject the claim)"
                    : "the clocks are stopped: the arbiter is deciding the quickplay-finish claim of "
                    + state.quickplayClaim().by().name().toLowerCase(java.util.Locale.ROOT),
                    state.rules().quickplayFinish().claimArticle());
        }
        if (state.phase() != GameState.Phase.ADJOURNED && (command instanceof DeclareEnvelopeLost
                || command instanceof ReportAbsentAtResumption)) {
            return reject(command, "the game is not adjourned", state.rules().sealedMoveArticle());
        }
        if (state.phase() == GameState.Phase.ADJOURNED && (command instanceof PressClock
                || command instanceof TouchPiece || command instanceof ReportIllegalAction
                || command instanceof ReportBothFlagsFell || command instanceof ReportIllegalMove
                || command instanceof ReportIllegalMoveNotCompleted)) {
            // nothing happens on the board between the seal and the resumption (FIDE 2018 I.5-I.9)
            return reject(command, "the game is adjourned", state.rules().sealedMoveArticle());
        }
        int maxPlies = maxPliesOf(state);
        if (state.ply() >= maxPlies && (command instanceof SubmitMove || command instanceof SealMove
                || command instanceof ReportIllegalMoveNotCompleted)) {
            // not a Law: the service's bound on one game's work (the Laws of 1997 and 1970 end no game by itself)
            return reject(command, String.format(java.util.Locale.ROOT, "game %s reached the limit of %,d plies "
                    + "set by %s: no further move is recorded; the arbiter decides the result (e.g. a ruling)",
                    request.gameId(), maxPlies, GameLimits.MAX_PLIES_PROPERTY), "");
        }
        return null;
    }

    private List<EventMessage> start(GameRequest request, StartGame start, GameState state) {
        if (state.phase() != GameState.Phase.NOT_STARTED) {
            return reject(start, "game " + request.gameId() + " has already started", "");
        }
        Actor.Role role = request.actor().role();
        if (role != Actor.Role.SYSTEM && role != Actor.Role.ORGANISER && role != Actor.Role.ARBITER) {
            return reject(start, "only the organiser, an arbiter or the pairing flow may start a game, not a "
                    + role.name().toLowerCase(java.util.Locale.ROOT), "");
        }
        if (start.whitePlayerId().equals(start.blackPlayerId())) {
            return reject(start, "white and black are the same player " + start.whitePlayerId(), "");
        }
        try {
            EditionRules.of(start.ruleset());
        } catch (IllegalArgumentException e) {
            return reject(start, e.getMessage(), "");
        }
        Position initial;
        boolean fenGiven = start.initialFen() != null && !start.initialFen().isBlank();
        if (start.chess960Position() != null) {
            int number = start.chess960Position();
            if (fenGiven) {
                return reject(start, "give either an initial FEN or a Chess960 position number, not both", "");
            }
            if (number < 0 || number > 959) {
                return reject(start, "Chess960 start positions are numbered 0 to 959, not " + number,
                        "FIDE 2018 Guidelines II.1");
            }
            initial = org.torneo.game.core.board.Chess960.startPosition(number);
        } else {
            try {
                initial = fenGiven ? Position.fromFen(start.initialFen()) : Position.initial();
            } catch (InvalidFenException e) {
                return reject(start, "the initial position is not valid FEN: " + e.getMessage(), "FIDE 2018 2.3");
            }
        }
        // the limit the game is started under is recorded with it: the game keeps it, and a replay (the audit's)
        // decides under it whatever its own configuration (issue 17)
        return List.of(new GameStarted(start.tournamentId(), start.round(), start.board(), start.whitePlayerId(),
                start.blackPlayerId(), start.ruleset(), initial.toFen(), start.hall(), start.timeControl(),
                start.regulations(), start.observedAt(), limits.maxPlies()));
    }

    /**
     * The most plies this game may have: the limit recorded when it started, or, for a game of a log written before
     * the limit was recorded, this decider's (the default's, 20,000, unless configured otherwise).
     */
    private int maxPliesOf(GameState state) {
        Integer recorded = state.started() == null ? null : state.started().maxPlies();
        return recorded != null ? recorded : limits.maxPlies();
    }

    // ------------------------------------------------------------------------------------------------ evolve

    @Override
    public GameState evolve(GameState state, EventMessage event) {
        return GameEvolution.evolve(state, event);
    }
}

package org.torneo.game.core.game;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.torneo.contracts.Actor;
import org.torneo.contracts.Decider;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.MessageType;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.ClaimFiled;
import org.torneo.contracts.game.ClaimEvent.ClaimPostponed;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.contracts.game.ClaimEvent.ClaimUpheld;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.ClaimEvent.DrawAgreed;
import org.torneo.contracts.game.ClaimEvent.DrawOfferDeclined;
import org.torneo.contracts.game.ClaimEvent.DrawOffered;
import org.torneo.contracts.game.ClaimEvent.FlagFellDuringPostponedClaim;
import org.torneo.contracts.game.ClaimEvent.QuickplayIncrementGranted;
import org.torneo.contracts.game.ClaimEvent.RulingIssued;
import org.torneo.contracts.game.ClaimEvidence;
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.game.DeclineMode;
import org.torneo.contracts.game.DrawClaimKind;
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
import org.torneo.contracts.game.IllegalAction;
import org.torneo.contracts.game.MoveEvent.ColoursReversedFound;
import org.torneo.contracts.game.MoveEvent.EnvelopeLost;
import org.torneo.contracts.game.MoveEvent.IllegalMoveNotCompleted;
import org.torneo.contracts.game.MoveEvent.PlayerAbsentAtResumption;
import org.torneo.contracts.game.MoveEvent.GameResumed;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.contracts.game.MoveEvent.IllegalMoveRecorded;
import org.torneo.contracts.game.MoveEvent.MoveCompleted;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.game.MoveEvent.MoveSealed;
import org.torneo.contracts.game.MoveEvent.MovesTakenBack;
import org.torneo.contracts.game.MoveEvent.PieceTouched;
import org.torneo.contracts.game.MoveEvent.GameCancelled;
import org.torneo.contracts.game.MoveEvent.PlayersCorrected;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.Penalty;
import org.torneo.contracts.game.QuickplayFinishGuidelines;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.clock.TimingMode;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.results.ResultEvent.ResultCorrected;
import org.torneo.game.core.board.InvalidFenException;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.PieceType;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Square;
import org.torneo.game.core.deadposition.CanMate;
import org.torneo.game.core.draw.DeadPositionOracle;
import org.torneo.game.core.draw.DrawRules;
import org.torneo.game.core.draw.GameRecord;
import org.torneo.game.core.notation.MoveParser;
import org.torneo.game.core.notation.ParsedMove;
import org.torneo.game.core.notation.San;
import org.torneo.game.core.ruleset.RepetitionIdentity;
import org.torneo.game.core.touchmove.TouchMove;

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

    private static final Pattern SQUARES = Pattern.compile("^\\s*[KQRBNPDTACkqrbnp]?([a-h][1-8])\\s*[-x:]?\\s*([a-h][1-8])");

    /** FIDE 2001 13.4f, 2018 12.9.4: the most a game scores, both players together (one point). */
    static final int MAX_HALF_POINTS_PER_GAME = 2;

    /** The rules on correcting a pairing made public (the seeds are silent: current FIDE practice). */
    static final String PAIRING_CORRECTION_ARTICLE = "C.04.2; C.04.3 (2017) F.6-F.7";

    private final DeadPositionOracle deadPositionOracle;
    private final long canMateNodeLimit;
    private final GameLimits limits;

    /** A decider whose dead-position test is the given oracle (it must be sound: true only when surely dead). */
    public GameDecider(DeadPositionOracle deadPositionOracle, long canMateNodeLimit) {
        this(deadPositionOracle, canMateNodeLimit, GameLimits.DEFAULT);
    }

    /** As {@link #GameDecider(DeadPositionOracle, long)}, with the service's bounds on a game's work. */
    public GameDecider(DeadPositionOracle deadPositionOracle, long canMateNodeLimit, GameLimits limits) {
        this.deadPositionOracle = Objects.requireNonNull(deadPositionOracle, "deadPositionOracle");
        this.canMateNodeLimit = canMateNodeLimit;
        this.limits = Objects.requireNonNull(limits, "limits");
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
        {
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
                return correctResult(request, correct, state);
            }
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
            return switch (command) {
                case SubmitMove move -> submitMove(request, move, state);
                case PressClock press -> pressClock(request, press, state);
                case TouchPiece touch -> touchPiece(request, touch, state);
                case OfferDraw offer -> offerDraw(request, offer, state);
                case AcceptDraw accept -> acceptDraw(request, accept, state);
                case DeclineDraw decline -> declineDraw(request, decline, state);
                case ClaimDraw claim -> claimDraw(request, claim, state);
                case Resign resign -> resign(request, resign, state);
                case ReportIllegalMove report -> reportIllegalMove(request, report, state);
                case ReportIllegalAction action -> reportIllegalAction(request, action, state);
                case ReportFlagFall flag -> flagFall(request, flag, state);
                case ReportBothFlagsFell both -> bothFlags(request, both, state);
                case ReportDefault absent -> reportDefault(request, absent, state);
                case ReportColoursReversed reversed -> coloursReversed(request, reversed, state);
                case SealMove seal -> sealMove(request, seal, state);
                case ResumeGame resume -> resume(request, resume, state);
                case DeclareEnvelopeLost lost -> envelopeLost(request, lost, state);
                case ReportAbsentAtResumption absent -> absentAtResumption(request, absent, state);
                case CorrectClockAtResumption correct -> correctClockAtResumption(request, correct, state);
                case ReportIllegalMoveNotCompleted made -> illegalMoveNotCompleted(request, made, state);
                case ArbiterRuling ruling -> ruling(request, ruling, state);
                case PostponeClaim postpone -> postponeClaim(request, postpone, state);
                case CorrectPlayers correct -> correctPlayers(request, correct, state);
                case CancelGame cancel -> cancelGame(request, cancel, state);
                case StartGame start -> throw new AssertionError("handled above");
                case CorrectResult correct -> throw new AssertionError("handled above");
            };
        }
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

    private List<EventMessage> submitMove(GameRequest request, SubmitMove submit, GameState state) {
        if (state.phase() == GameState.Phase.ADJOURNED) {
            return reject(submit, "the game is adjourned: the sealed move is played at resumption",
                    state.rules().sealedMoveArticle());
        }
        Side mover = state.sideToMove();
        String wrong = wrongPlayer(request, state, mover);
        if (wrong != null) {
            return reject(submit, wrong + ": it is " + mover.name().toLowerCase(java.util.Locale.ROOT)
                    + "'s move", "FIDE 2018 1.3");
        }
        Position position = state.position();
        ParsedMove parsed = readMove(position, submit.move());
        if (!parsed.isOk()) {
            String reason = ((ParsedMove.Error) parsed).message();
            boolean observedOnTheBoard = submit.source() != MoveSource.BOARD;
            // FIDE 1997 C.3 with B.5 (by C.2): the arbiter who sees the illegal move does not act on it either
            boolean seenWithoutActing = submit.source() == MoveSource.EBOARD
                    || submit.source() == MoveSource.ARBITER && state.rules().illegalMoveOpponentMayClaimWin();
            if (seenWithoutActing && reason.contains("is illegal")
                    && state.rules().illegalMovesStandUnlessClaimed(state.regulations())) {
                // without adequate supervision nobody acts unless the opponent claims before his own move: the
                // illegal move is on the board and the game goes on from it (FIDE 2018 A.4.2, B.4; 1997 C.3)
                String article = state.rules().illegalMoveOpponentMayClaimWin() ? "FIDE 1997 C.3" : "FIDE 2018 A.4.2";
                Move irregular = irregularMove(position, submit.move());
                if (irregular == null) {
                    return reject(submit, reason + "; without adequate supervision it stands unless the opponent "
                            + "claims it before his own move, but it can be put on the board only when given as "
                            + "from-to squares (e.g. e1e2)", article);
                }
                return standingIllegalMove(request, state, mover, irregular, submit.move(), reason, article,
                        submit.observedAt());
            }
            if (observedOnTheBoard && reason.contains("is illegal")) {
                // an e-board or the arbiter saw an illegal move completed on the board: the procedure of 7.5
                return illegalMove(request, state, mover, state.ply() + 1, submit.move(), reason, fromSquare(submit.move()),
                        null, submit.observedAt());
            }
            return reject(submit, reason, "");
        }
        Move move = parsed.move();
        var obligation = touchMove(state);
        if (obligation.isPresent() && !obligation.get().allows(move)) {
            // FIDE 2018 4.3, 4.4 (per edition); 7.5.1: the replacement for a taken-back illegal move is made with
            // the piece moved illegally, which counts as touched first
            return reject(submit, obligation.get().description() + (state.boundSquare() >= 0 ? " (the piece on "
                    + Square.name(state.boundSquare()) + " was moved illegally and taken back)" : ""),
                    obligation.get().article() + (state.boundSquare() >= 0 ? ", " + state.rules().illegalMoveArticle() : ""));
        }
        List<EventMessage> events = new ArrayList<>();
        if (state.offerBy() == mover.opponent()) {
            // FIDE 1997 9.1: a move declines the offer; FIDE 2001 9.1b, 2018 9.1.2.2: already touching a piece does
            events.add(new DrawOfferDeclined(mover, state.rules().offerDeclinedByAction(), submit.observedAt()));
        }
        playMove(request, state, move, submit.source(), submit.clockAfter(), submit.observedAt(), events);
        return events;
    }

    /** Appends MovePlayed and, when the move ends the game at once, GameEnded. */
    private void playMove(GameRequest request, GameState state, Move move, MoveSource source,
                          org.torneo.contracts.game.ClockReading clock, Instant at, List<EventMessage> events) {
        Position before = state.position();
        GameRecord after = state.record().play(move);
        Side mover = state.sideToMove();
        events.add(new MovePlayed(after.ply(), mover, San.write(before, move), move.uci(), after.position().toFen(),
                source, clock, at));
        GameEnded ending = automaticEnding(request, state, after, mover, at);
        if (ending != null) {
            events.add(ending);
        }
    }

    /** FIDE 2018 5.1.1, 5.2.1, 5.2.2, 9.6 (per edition): the game ends at once, no clock press needed (6.2.1). */
    private GameEnded automaticEnding(GameRequest request, GameState state, GameRecord after, Side mover, Instant at) {
        EditionRules rules = state.rules();
        Position p = after.position();
        if (p.legalMoveCount() == 0) {
            return p.inCheck()
                    ? ended(request, state, winFor(mover), EndReason.CHECKMATE, rules.checkmateArticle(), true, at)
                    : ended(request, state, GameResult.DRAW, EndReason.STALEMATE, rules.stalemateArticle(), true, at);
        }
        if (rules.deadPositionEndsGame() && deadPositionOracle.isDead(p)) {
            return ended(request, state, GameResult.DRAW, EndReason.DEAD_POSITION, rules.deadPositionArticle(), true, at);
        }
        if (rules.automaticFivefoldAnd75()) {
            if (DrawRules.fivefoldRepetition(after)) {
                return ended(request, state, GameResult.DRAW, EndReason.FIVEFOLD_REPETITION, "FIDE 2018 9.6.1", true, at);
            }
            if (DrawRules.seventyFiveMoveRule(after)) {
                return ended(request, state, GameResult.DRAW, EndReason.SEVENTY_FIVE_MOVES, "FIDE 2018 9.6.2", true, at);
            }
        }
        return null;
    }

    private List<EventMessage> pressClock(GameRequest request, PressClock press, GameState state) {
        Side by = press.by();
        String wrong = wrongPlayer(request, state, by);
        if (wrong != null) {
            return reject(press, wrong + " pressing the clock", "FIDE 2018 6.2.1");
        }
        if (state.illegalMoveNotCompleted() != null && by == state.sideToMove()) {
            return completeIllegalMove(request, press, state);
        }
        if (state.ply() > 0 && state.moverOf(state.ply()) == by) {
            if (state.lastMoveCompleted()) {
                // a second press, or the clock's echo of a move that came with its reading: nothing new
                return List.of();
            }
            return List.of(new MoveCompleted(state.ply(), by, press.observedAt()));
        }
        // the player to move pressed without having moved
        if (state.rules().illegalActionsCount()) {
            return illegalMove(request, state, by, state.ply() + 1, "clock pressed without a move",
                    "the clock was pressed without a move", -1, "FIDE 2018 7.5.3", press.observedAt());
        }
        return reject(press, "the clock was pressed without a move: not an illegal move under this edition; the "
                + "arbiter may penalise the handling of the clock", articleFor(state, "7.5.3", "6.8c", "6.7c", "XIV"));
    }

    private List<EventMessage> touchPiece(GameRequest request, TouchPiece touch, GameState state) {
        Side by = touch.by();
        String wrong = wrongPlayer(request, state, by);
        if (wrong != null) {
            return reject(touch, wrong + " touching a piece", "FIDE 2018 4.3");
        }
        if (by != state.sideToMove()) {
            return reject(touch, "only the player having the move may touch the pieces", "FIDE 2018 4.2.1");
        }
        List<EventMessage> events = new ArrayList<>();
        events.add(new PieceTouched(state.ply(), by, touch.square(), touch.observedAt()));
        if (state.offerBy() == by.opponent() && state.rules().offerDeclinedByAction() == DeclineMode.BY_TOUCHING_A_PIECE) {
            // FIDE 2001 9.1b, 2018 9.1.2.2
            events.add(new DrawOfferDeclined(by, DeclineMode.BY_TOUCHING_A_PIECE, touch.observedAt()));
        }
        return events;
    }

    // ------------------------------------------------------------------------------------------- draw offers

    private List<EventMessage> offerDraw(GameRequest request, OfferDraw offer, GameState state) {
        Side by = offer.by();
        String wrong = wrongPlayer(request, state, by);
        if (wrong != null) {
            return reject(offer, wrong + " offering a draw", "");
        }
        String forbidden = offersForbidden(state);
        if (forbidden != null) {
            return reject(offer, forbidden, "FIDE 2018 9.1.1");
        }
        if (state.offerBy() == by) {
            return reject(offer, "a draw offer of this player is already pending (offers cannot be withdrawn or "
                    + "repeated)", state.rules().offerArticle());
        }
        if (state.offerBy() == by.opponent()) {
            return agree(request, offer, state);
        }
        // FIDE 2018 9.1.2.1: between making a move and pressing the clock; otherwise valid but noted (11.5)
        boolean properTime = state.ply() > 0 && state.moverOf(state.ply()) == by && !state.lastMoveCompleted();
        return List.of(new DrawOffered(by, state.ply(), properTime, false, offer.observedAt()));
    }

    private String offersForbidden(GameState state) {
        int from = state.regulations().drawOffersFromMove();
        int moveNumber = state.position().fullmoveNumber();
        if (from > 0 && moveNumber < from) {
            return "the event's regulations allow no draw offers or agreements before move " + from
                    + " (this is move " + moveNumber + ")";
        }
        return null;
    }

    private List<EventMessage> acceptDraw(GameRequest request, AcceptDraw accept, GameState state) {
        Side by = accept.by();
        String wrong = wrongPlayer(request, state, by);
        if (wrong != null) {
            return reject(accept, wrong + " accepting a draw", "");
        }
        if (state.offerBy() != by.opponent()) {
            return reject(accept, "there is no pending draw offer from the opponent", state.rules().offerArticle());
        }
        String forbidden = offersForbidden(state);
        if (forbidden != null) {
            return reject(accept, forbidden, "FIDE 2018 9.1.1");
        }
        return agree(request, accept, state);
    }

    private List<EventMessage> agree(GameRequest request, GameCommand command, GameState state) {
        EditionRules rules = state.rules();
        Instant at = command.observedAt();
        if (rules.agreementNeedsBothMoved() && (state.movesMadeBy(Side.WHITE) < 1 || state.movesMadeBy(Side.BLACK) < 1)) {
            return reject(command, "a draw may be agreed only after both players have made "
                    + "at least one move", "FIDE 2018 5.2.3");
        }
        return List.of(new DrawAgreed(state.ply(), at),
                ended(request, state, GameResult.DRAW, EndReason.AGREEMENT, rules.agreementArticle(), bothMoved(state), at));
    }

    private List<EventMessage> declineDraw(GameRequest request, DeclineDraw decline, GameState state) {
        Side by = decline.by();
        String wrong = wrongPlayer(request, state, by);
        if (wrong != null) {
            return reject(decline, wrong + " declining a draw", "");
        }
        if (state.offerBy() != by.opponent()) {
            return reject(decline, "there is no pending draw offer from the opponent", state.rules().offerArticle());
        }
        return List.of(new DrawOfferDeclined(by, DeclineMode.ORALLY, decline.observedAt()));
    }

    // -------------------------------------------------------------------------------------------- draw claims

    private List<EventMessage> claimDraw(GameRequest request, ClaimDraw claim, GameState state) {
        if (GameEvolution.isQuickplay(claim.kind())) {
            return quickplayClaim(request, claim, state);
        }
        Side by = claim.by();
        EditionRules rules = state.rules();
        String article = claim.kind() == DrawClaimKind.THREEFOLD ? rules.threefoldArticle() : rules.fiftyMovesArticle();
        String wrong = wrongPlayer(request, state, by);
        if (wrong != null) {
            return reject(claim, wrong + " claiming", article);
        }
        if (state.phase() == GameState.Phase.ADJOURNED) {
            return reject(claim, "the game is adjourned", rules.sealedMoveArticle());
        }
        if (by != state.sideToMove()) {
            return reject(claim, "only the player having the move may claim a draw", article);
        }
        if (claim.kind() == DrawClaimKind.FIFTY_MOVES && claim.intendedMove() != null
                && !rules.fiftyMoveClaimOnAnIntendedMove()) {
            // Code 1970 art. XII-4: the player shows that 50 moves have been made: an announced move does not count
            return reject(claim, "the fifty moves are counted on moves already made: an announced, unplayed move ("
                    + claim.intendedMove() + ") does not count; play it, then claim", article);
        }
        if (rules.claimRightLostByTouch() && state.touchedThisTurn()) {
            // FIDE 2018 9.4: the right is lost on this move once a piece is touched (it returns later)
            return reject(claim, "the right to claim on this move was lost when a piece was touched", "FIDE 2018 9.4");
        }
        GameRecord judged = state.record();
        Move intended = null;
        if (claim.intendedMove() != null) {
            ParsedMove parsed = readMove(state.position(), claim.intendedMove());
            if (!parsed.isOk()) {
                return reject(claim, "the written intended move " + ((ParsedMove.Error) parsed).message(), article);
            }
            intended = parsed.move();
            judged = judged.play(intended);
        }
        Instant at = claim.observedAt();
        ClaimEvidence evidence = evidence(judged, rules.repetitionIdentity());
        String unrecorded = reliesOnMovesNotRecordedInTime(state, claim, evidence, judged.ply());
        if (unrecorded != null) {
            return reject(claim, unrecorded, "Code 1970 art. XIII-2");
        }
        int pliesNeeded = fiftyMovePliesNeeded(state, judged.position());
        List<EventMessage> events = new ArrayList<>();
        // the reading at the claim is recorded with it: the penalty of a wrong claim is computed from it (9.5b), so
        // a replay (the audit's) decides from the same reading
        events.add(new ClaimFiled(by, claim.kind(), claim.intendedMove(), state.ply(), rules.claimantClockRuns(), at,
                claim.clock(), ""));
        boolean correct = claim.kind() == DrawClaimKind.THREEFOLD ? evidence.repetitionPlies().size() >= 3
                : judged.position().halfmoveClock() >= pliesNeeded;
        if (correct) {
            events.add(new ClaimUpheld(by, claim.kind(), article, evidence, at));
            // the intended move is written and declared, not played: the claim is judged on the position after it
            events.add(ended(request, state, GameResult.DRAW, claim.kind() == DrawClaimKind.THREEFOLD
                    ? EndReason.THREEFOLD_CLAIM : EndReason.FIFTY_MOVES_CLAIM, article, true, at));
            return events;
        }
        String reason = claim.kind() == DrawClaimKind.THREEFOLD
                ? "the position occurred " + evidence.repetitionPlies().size() + " time(s), not three"
                : "only " + judged.position().halfmoveClock() + " plies without a capture or pawn move, not "
                + pliesNeeded + (pliesNeeded != FIFTY_MOVES_PLIES ? " (the number of moves raised for this position "
                + "before the start, Code 1970 art. XII-4)" : "");
        events.add(new ClaimRejected(by, claim.kind(), reason, rules.wrongClaimArticle(),
                wrongClaimPenalty(state, by, claim.clock()), rules.claimCountsAsOffer(), evidence, at));
        Side pendingOffer = state.offerBy();
        if (intended != null) {
            if (pendingOffer == by.opponent()) {
                // playing the move declines the opponent's pending offer (1997 9.1; 2001/2018: the touch already did)
                events.add(new DrawOfferDeclined(by, rules.offerDeclinedByAction(), at));
                pendingOffer = null;
            }
            // FIDE 2018 9.5.2.1 (1997/2001 9.5b, Code 1970 art. XII-3): the written move must then be played
            playMove(request, state, intended, MoveSource.ARBITER, null, at, events);
        }
        boolean gameGoesOn = !(events.get(events.size() - 1) instanceof GameEnded);
        // with the opponent's offer still pending the claimant may simply accept it: no crossing offer is made
        if (rules.claimCountsAsOffer() && gameGoesOn && pendingOffer == null) {
            // FIDE 2001 9.2/9.3, 2018 9.2/9.3: the claim is also a draw offer
            events.add(new DrawOffered(by, state.ply() + (intended == null ? 0 : 1), true, true, at));
        }
        return events;
    }

    /** FIDE 2018 9.3 (and every edition): fifty moves by each player, in plies. */
    static final int FIFTY_MOVES_PLIES = 100;

    /**
     * The plies without a capture or pawn move a fifty-move claim needs: 100, or, under the Code 1970 (art. XII-4),
     * twice the number of moves the regulations raised for the position's material before the start.
     */
    private static int fiftyMovePliesNeeded(GameState state, Position position) {
        if (state.rules().ruleset().edition() != Edition.CODE_1970) {
            return FIFTY_MOVES_PLIES;
        }
        String white = material(position, org.torneo.game.core.board.Side.WHITE);
        String black = material(position, org.torneo.game.core.board.Side.BLACK);
        for (var extension : state.regulations().fiftyMoveExtensionsOrNone()) {
            if (extension.matches(white, black)) {
                return 2 * extension.moves();
            }
        }
        return FIFTY_MOVES_PLIES;
    }

    /** A side's pieces as letters, king first: e.g. "KRB". */
    private static String material(Position position, org.torneo.game.core.board.Side side) {
        StringBuilder letters = new StringBuilder("K");
        for (PieceType type : new PieceType[] {PieceType.QUEEN, PieceType.ROOK, PieceType.BISHOP, PieceType.KNIGHT,
                PieceType.PAWN}) {
            char letter = switch (type) {
                case QUEEN -> 'Q';
                case ROOK -> 'R';
                case BISHOP -> 'B';
                case KNIGHT -> 'N';
                default -> 'P';
            };
            letters.append(String.valueOf(letter).repeat(Long.bitCount(position.pieces(side, type))));
        }
        return letters.toString();
    }

    /**
     * Code 1970 art. XIII-2: a player who, in time trouble, did not record moves in time may not claim a draw under
     * XII-3 on them. The claim rests on the moves from the first of the three occurrences it counts up to the judged
     * position; why it may not, or null. The later editions have no such rule: the field is ignored there.
     */
    private static String reliesOnMovesNotRecordedInTime(GameState state, ClaimDraw claim, ClaimEvidence evidence,
                                                         int judgedPly) {
        var unrecorded = claim.notRecordedInTime();
        List<Integer> plies = evidence.repetitionPlies();
        if (unrecorded == null || claim.kind() != DrawClaimKind.THREEFOLD || plies.size() < 3
                || state.rules().ruleset().edition() != Edition.CODE_1970) {
            return null;
        }
        int from = plies.get(plies.size() - 3) + 1;
        if (!unrecorded.overlaps(from, judgedPly)) {
            return null;
        }
        return "the repetition rests on plies " + from + "-" + judgedPly + ", and plies " + unrecorded.fromPly() + "-"
                + unrecorded.toPly() + " were not recorded in time by the claimant in time trouble: no claim may rest "
                + "on them";
    }

    /**
     * The plies at which the judged position occurred, under the edition's identity of positions. Positions before
     * the last capture or pawn move cannot be the same under any edition (material or pawns differ), so the walk
     * stops there.
     */
    private static ClaimEvidence evidence(GameRecord judged, RepetitionIdentity identity) {
        List<Integer> plies = new ArrayList<>();
        String key = identity.key(judged.position());
        List<Position> positions = judged.positions(); // played again once, not once per ply walked back
        for (int ply = judged.ply(); ply >= 0; ply--) {
            Position position = positions.get(ply);
            if (identity.key(position).equals(key)) {
                plies.add(0, ply);
            }
            if (position.halfmoveClock() == 0) {
                break;
            }
        }
        int clock = judged.position().halfmoveClock();
        int last = judged.ply() - clock;
        return new ClaimEvidence(judged.position().toFen(), plies, last >= 0 ? last : -1, clock);
    }

    /**
     * The edition's penalty for an incorrect claim (FIDE 2018 9.5.3, B.2; 2001 9.5b; 1997 9.5b). The claimant's time
     * is the one on his clock when he stopped the clocks to claim (9.5: "debe inmediatamente detener ambos relojes";
     * 9.5b: "el tiempo remanente del reclamante"), i.e. the claim's reading; only without one does the reading after
     * the last move stand in for it (his time can only have gone down since, so the deduction is then an upper
     * bound the arbiter may correct).
     */
    private static Penalty wrongClaimPenalty(GameState state, Side claimant, ClockReading atTheClaim) {
        EditionRules rules = state.rules();
        long bonus = rules.wrongClaimOpponentBonusMillis();
        String article = rules.wrongClaimArticle();
        ClockReading reading = atTheClaim != null ? atTheClaim : state.lastClock();
        Long remaining = reading == null ? null
                : claimant == Side.WHITE ? reading.whiteRemainingMillis() : reading.blackRemainingMillis();
        return switch (rules.wrongClaimPenalty()) {
            case NONE -> new Penalty(0, 0, article, "no time penalty; the announced move must be played");
            case OPPONENT_BONUS -> new Penalty(bonus, 0, article, "opponent +" + bonus / 1000 + " s");
            case HALVING_1997 -> {
                if (remaining == null) {
                    yield new Penalty(bonus, 0, article, "opponent +180 s; the claimant's remaining time is halved "
                            + "(at most 3 min): no clock reading known, the clock service applies it", true);
                }
                long cut = Math.min(remaining / 2, 180_000);
                yield new Penalty(bonus, cut, article, "opponent +180 s; claimant -" + cut / 1000.0 + " s (half, at most 3 min)");
            }
            case PIECEWISE_2001 -> {
                if (remaining == null) {
                    yield new Penalty(bonus, 0, article, "opponent +180 s; claimant: over 2 min loses half (at most 3 min), "
                            + "1-2 min set to 1 min: no clock reading known, the clock service applies it", true);
                }
                long cut = remaining > 120_000 ? Math.min(remaining / 2, 180_000)
                        : remaining >= 60_000 ? remaining - 60_000 : 0;
                yield new Penalty(bonus, cut, article, "opponent +180 s; claimant -" + cut / 1000.0 + " s");
            }
        };
    }

    // ------------------------------------------------------------------------------- quickplay-finish claims

    /**
     * FIDE 1997 10.2, 2001 10.2, 2018 Guidelines III.5: the claim is admitted when the edition, the category and the
     * event allow it, the claimant is in the period for all remaining moves without increment and has less than two
     * minutes; it is then filed (the clocks stop) and waits for the arbiter's judgement.
     */
    private List<EventMessage> quickplayClaim(GameRequest request, ClaimDraw claim, GameState state) {
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
    private static String quickplayPeriod(GameState state, Side claimant) {
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

    private static String minutes(long millis) {
        long seconds = millis / 1000;
        return seconds / 60 + ":" + String.format(java.util.Locale.ROOT, "%02d", seconds % 60);
    }

    /** FIDE 2018 III.5.2, 2001 10.2b, 1997 10.2b: the arbiter postpones, possibly giving the opponent two minutes. */
    private List<EventMessage> postponeClaim(GameRequest request, PostponeClaim postpone, GameState state) {
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
    private List<EventMessage> quickplayRuling(GameRequest request, ArbiterRuling ruling, GameState state,
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
            events.add(flagFallResult(request, state, pending.by(), quickplay.afterFlagArticle(), at));
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

    // ----------------------------------------------------------------------------------- resign, flag, default

    private List<EventMessage> resign(GameRequest request, Resign resign, GameState state) {
        String wrong = wrongPlayer(request, state, resign.by());
        if (wrong != null) {
            return reject(resign, wrong + " resigning", state.rules().resignationArticle());
        }
        return List.of(ended(request, state, winFor(resign.by().opponent()), EndReason.RESIGNATION,
                state.rules().resignationArticle(), bothMoved(state), resign.observedAt()));
    }

    private List<EventMessage> flagFall(GameRequest request, ReportFlagFall flag, GameState state) {
        EditionRules rules = state.rules();
        if (state.phase() == GameState.Phase.ADJOURNED && state.resumption().absentClock() != flag.side()) {
            // only the clock of a player absent at the resumption runs before the envelope is opened (2018 I.9.2)
            return reject(flag, "the clocks are stopped while the game is adjourned", rules.sealedMoveArticle());
        }
        if (flag.requirementMet() && !flag.finalPeriod()) {
            return reject(flag, "the flag fell after the required number of moves was completed: the game goes on",
                    articleFor(state, "6.4", "6.3", "6.3", "XIV"));
        }
        GameState.QuickplayClaim open = state.quickplayClaim();
        if (open != null && !open.postponed() && state.regulations().noArbiterPresent()) {
            // FIDE 1997 D, 2018 III.6.1: the claim, made before the flag fell, ended the game
            return reject(flag, "the quickplay-finish claim made with no arbiter present ended the game before the "
                    + "flag fell: the designated arbiter decides it", rules.noArbiterClaimArticle());
        }
        boolean claimed = rules.flagCountsOnlyWhenClaimed();
        if (claimed && request.actor().role() != Actor.Role.PLAYER) {
            // FIDE 1997 B.6 (C.2): the clock's flag, or the arbiter's eye, decides nothing by itself
            return reject(flag, "a flag is considered fallen only when a player claims it validly; the arbiter does "
                    + "not point it out: the opponent stops both clocks and claims (B.7)", "FIDE 1997 B.6");
        }
        if (claimed && !isPlayer(request, state, flag.side().opponent())) {
            return reject(flag, "only the opponent of the player whose flag fell claims the win on time, with his own "
                    + "flag still up", "FIDE 1997 B.7");
        }
        GameState.QuickplayClaim pending = state.quickplayClaim();
        if (pending != null && pending.postponed() && pending.by() == flag.side()) {
            if (pending.flagFell()) {
                return reject(flag, "the flag has already fallen: the arbiter declares the result",
                        rules.quickplayFinish().afterFlagArticle());
            }
            // FIDE 2018 III.5.2, 2001 10.2b, 1997 10.2c: after a postponement the arbiter decides once the flag fell
            return List.of(new FlagFellDuringPostponedClaim(flag.side(), rules.quickplayFinish().afterFlagArticle(),
                    flag.observedAt()));
        }
        GameEnded ended = flagFallResult(request, state, flag.side(), rules.flagFallArticle()
                + (claimed ? ", B.6, B.7" : ""), flag.observedAt());
        if (ended.reason() == EndReason.FLAG_FALL && state.resumption().sealerAbsent() == flag.side().opponent()
                && rules.ruleset().edition() == Edition.FIDE_1997) {
            // FIDE 1997 A.10c: the player present lost by 6.9 while waiting for the absent sealer, so the sealer's
            // lateness decides nothing (a later default is refused: the game is over). 2018 I.10 has no such clause:
            // there too the flag fall ends the game first (6.9), and the arbiter may decide otherwise
            ended = ended(request, state, ended.result(), ended.reason(), ended.article() + ", A.10c", ended.played(),
                    ended.endedAt());
        }
        return List.of(ended);
    }

    /** FIDE 2018 6.9 (per edition): the flag fall loses, or draws when the opponent cannot win. */
    private GameEnded flagFallResult(GameRequest request, GameState state, Side loser, String article, Instant at) {
        Side opponent = loser.opponent();
        boolean canWin = switch (state.rules().flagFallRule()) {
            case LOSES_REGARDLESS -> true; // Code 1970 art. XIV: no exception for lack of mating material
            case MATING_POTENTIAL -> hasMatingPotential(state.position(), opponent, canMateNodeLimit);
            case HELPMATE -> !CanMate.canMate(state.position(), GameState.toBoard(opponent), canMateNodeLimit).unwinnable();
        };
        return canWin
                ? ended(request, state, winFor(opponent), EndReason.FLAG_FALL, article, bothMoved(state), at)
                : ended(request, state, GameResult.DRAW, EndReason.FLAG_FALL_NO_MATE_POSSIBLE, article,
                bothMoved(state), at);
    }

    /**
     * FIDE 1997 C.4: "mating potential" is enough power to reach, eventually and possibly by a helpmate, a legal
     * position where the opponent, to move, cannot avoid being mated in one. C.4 names one case only: king and two
     * knights against a lone king is insufficient (the defender, to move, always has a move that avoids the mate in
     * one), while a rook against a knight is sufficient. So material alone decides nothing against an opponent who
     * has more than his king: two knights, a knight or a bishop can mate a king hemmed in by its own pawn, which the
     * helpmate search finds. Against a lone king, minor pieces that are two knights or fewer and no bishop (or one
     * bishop alone) have none. Elsewhere the helpmate answer of 6.9 is used: the seed defines no other case, and
     * current FIDE practice (2018 6.9, A.4, B) judges by the helpmate.
     */
    static boolean hasMatingPotential(Position position, Side side, long nodeLimit) {
        org.torneo.game.core.board.Side s = GameState.toBoard(side);
        if (opponentHasALoneKing(position, s) && minorPiecesOnlyWithoutMatingPotential(position, s)) {
            return false; // FIDE 1997 C.4: K+N+N v K (and less) is insufficient
        }
        return !CanMate.canMate(position, s, nodeLimit).unwinnable();
    }

    /** The opponent of {@code side} has nothing but his king. */
    private static boolean opponentHasALoneKing(Position position, org.torneo.game.core.board.Side side) {
        org.torneo.game.core.board.Side other = side.opponent();
        for (PieceType type : PieceType.values()) {
            if (type != PieceType.KING && position.pieces(other, type) != 0) {
                return false;
            }
        }
        return true;
    }

    /** No pawn, rook or queen, and at most two knights without a bishop, or one bishop alone (FIDE 1997 C.4). */
    private static boolean minorPiecesOnlyWithoutMatingPotential(Position position, org.torneo.game.core.board.Side s) {
        long pawns = position.pieces(s, PieceType.PAWN);
        long heavy = position.pieces(s, PieceType.ROOK) | position.pieces(s, PieceType.QUEEN);
        int knights = Long.bitCount(position.pieces(s, PieceType.KNIGHT));
        int bishops = Long.bitCount(position.pieces(s, PieceType.BISHOP));
        return pawns == 0 && heavy == 0 && (bishops == 0 && knights <= C4_INSUFFICIENT_KNIGHTS
                || bishops == 1 && knights == 0);
    }

    /** FIDE 1997 C.4: "dos caballos y un rey contra un rey solo es material insuficiente". */
    private static final int C4_INSUFFICIENT_KNIGHTS = 2;

    private List<EventMessage> bothFlags(GameRequest request, ReportBothFlagsFell both, GameState state) {
        EditionRules rules = state.rules();
        if (rules.bothFlagsArbiterDecides()) {
            return reject(both, "this edition has no rule for both flags down: the arbiter decides by a ruling",
                    rules.bothFlagsArticle());
        }
        if (rules.ruleset().edition() == Edition.FIDE_2018) {
            // FIDE 2018 III.2.1-III.2.2: the rule of both flags (III.3.1) is one of the Guidelines III, used only if
            // announced in advance, and never in blitz; otherwise the arbiter establishes which flag fell first
            if (rules.isBlitz()) {
                return reject(both, "the Guidelines III (where both flags down in the last period draw) do not apply "
                        + "to blitz games: the arbiter establishes which flag fell first, or rules", "FIDE 2018 III.2.2");
            }
            if (state.regulations().quickplayFinish() == QuickplayFinishGuidelines.NOT_ANNOUNCED) {
                return reject(both, "the Guidelines III (where both flags down in the last period draw) were not "
                        + "announced in advance: the arbiter establishes which flag fell first, or rules",
                        "FIDE 2018 III.2.1");
            }
        }
        if (both.finalPeriod() || rules.bothFlagsAlwaysDraw()) {
            return List.of(ended(request, state, GameResult.DRAW, EndReason.BOTH_FLAGS_FELL, rules.bothFlagsArticle(),
                    true, both.observedAt()));
        }
        return reject(both, "both flags fell in a period that is not the last: the game goes on",
                rules.bothFlagsArticle());
    }

    private List<EventMessage> reportDefault(GameRequest request, ReportDefault report, GameState state) {
        EditionRules rules = state.rules();
        Actor.Role role = request.actor().role();
        if (role != Actor.Role.ARBITER && role != Actor.Role.SYSTEM && role != Actor.Role.ORGANISER) {
            return reject(report, "a default is established by the arbiter or the clock service, not by a "
                    + role.name().toLowerCase(java.util.Locale.ROOT), rules.defaultArticle());
        }
        Instant at = report.observedAt();
        // FIDE 2018 I.10, 1997 A.10: lateness at the resumption, also of a sealer absent when the envelope was opened
        boolean resumption = state.phase() == GameState.Phase.ADJOURNED
                || report.absent() != null && report.absent() == state.resumption().sealerAbsent();
        String article = resumption ? articleFor(state, "I.10", "6.7", "A.10", "XVII") : rules.defaultArticle();
        if (!resumption && state.ply() > 0) {
            return reject(report, "the game is under way: a default applies before the first move or at resumption",
                    article);
        }
        if (report.absent() == null) {
            // both absent: both lose (FIDE 2018 6.7.1 / 11.8; 1997/2001 12.8)
            return List.of(ended(request, state, GameResult.DOUBLE_FORFEIT, EndReason.DEFAULT_TIME, article,
                    false, at));
        }
        Side absent = report.absent();
        // FIDE 1997 A.10a-b: when the late player is the sealer, a sealed mate, stalemate or dead position stands;
        // FIDE 2018 I.10: whoever is late, if the sealed move ends the game, that ending stands
        boolean sealedEndingStands = absent == state.sealedBy()
                || rules.ruleset().edition() == Edition.FIDE_2018;
        if (resumption && state.phase() == GameState.Phase.ADJOURNED && sealedEndingStands) {
            ParsedMove sealed = readMove(state.position(), state.sealedMove());
            if (sealed.isOk()) {
                GameRecord after = state.record().play(sealed.move());
                GameEnded ending = automaticEnding(request, state, after, state.sealedBy(), at);
                if (ending != null) {
                    List<EventMessage> events = new ArrayList<>();
                    events.add(new GameResumed(at));
                    playMove(request, state, sealed.move(), MoveSource.ARBITER, null, at, events);
                    return events;
                }
            }
        }
        GameResult result = resumption
                ? winFor(absent.opponent())
                : absent == Side.WHITE ? GameResult.BLACK_WINS_BY_FORFEIT : GameResult.WHITE_WINS_BY_FORFEIT;
        return List.of(ended(request, state, result, EndReason.DEFAULT_TIME, article, resumption, at));
    }

    // ----------------------------------------------------------------------------------------- illegal moves

    private List<EventMessage> reportIllegalMove(GameRequest request, ReportIllegalMove report, GameState state) {
        EditionRules rules = state.rules();
        int ply = report.ply();
        // ply N+1: an illegal move seen on the board (e.g. by an e-board) but never recorded, claimed at once
        boolean unrecorded = ply == state.ply() + 1;
        if (ply > state.ply() + 1) {
            return reject(report, "no move at ply " + ply + ": " + state.ply() + " plies have been played",
                    rules.illegalMoveArticle());
        }
        Side mover = unrecorded ? state.sideToMove() : state.moverOf(ply);
        Side reportedBy = report.reportedBy();
        GameState.TouchMoveBreach breach = state.touchMoveBreach();
        if (breach != null && !breach.claimed() && breach.ply() == ply) {
            return touchMoveClaim(request, report, state, mover, breach);
        }
        if (reportedBy == mover) {
            return reject(report, "a player cannot report his own move as illegal; the opponent or the arbiter does",
                    rules.illegalMoveArticle());
        }
        if (reportedBy == null && request.actor().role() != Actor.Role.ARBITER) {
            return reject(report, "an illegal move is reported by the opponent or found by the arbiter",
                    rules.illegalMoveArticle());
        }
        if (reportedBy != null) {
            String wrong = wrongPlayer(request, state, reportedBy);
            if (wrong != null) {
                return reject(report, wrong + " reporting", rules.illegalMoveArticle());
            }
        }
        Instant at = report.observedAt();
        if (reportedBy == null && rules.arbiterActsOnIllegalMovesOnlyOnClaim()) {
            return reject(report, "in rapid and blitz the arbiter acts on an illegal move only when a player claims",
                    "FIDE 1997 B.5, C.2");
        }
        if (unrecorded) {
            String attempted = report.details().isEmpty() ? "illegal move" : report.details();
            if (rules.illegalMoveOpponentMayClaimWin()) {
                return List.of(new IllegalMoveRecorded(ply, mover, attempted, "claimed by the opponent",
                                state.illegalMovesOf(mover) + 1, false, rules.illegalMoveLossArticle(), Penalty.NONE, at),
                        claimedWinAfterIllegalMove(request, state, state.position(), mover, at));
            }
            return illegalMove(request, state, mover, ply, attempted, "claimed by the opponent", fromSquare(attempted),
                    null, at);
        }
        Move played = state.record().moves().get(ply - 1);
        boolean opponentHasMoved = ply < state.ply();
        if (rules.illegalMoveOpponentMayClaimWin()) {
            // FIDE 1997 C.3: the opponent may claim the win before making his own move; afterwards the move stands
            if (opponentHasMoved) {
                return List.of(stands(state, ply, mover, played, "claimed after the opponent had moved", at));
            }
            return List.of(new IllegalMoveRecorded(ply, mover, played.uci(), "claimed by the opponent: "
                            + report.details(), state.illegalMovesOf(mover) + 1, false, rules.illegalMoveLossArticle(),
                    Penalty.NONE, at),
                    claimedWinAfterIllegalMove(request, state, positionBefore(state, ply), mover, at));
        }
        if (opponentHasMoved && rules.illegalMovesStandUnlessClaimed(state.regulations())) {
            // FIDE 2018 A.4.2 / B.4: unclaimed before the opponent's next move, the illegal move stands
            return List.of(stands(state, ply, mover, played, "found after the opponent had moved", at));
        }
        return illegalMove(request, state, mover, ply, played.uci(), report.details().isEmpty() ? "reported illegal"
                : report.details(), played.from(), null, at);
    }

    /**
     * Code 1970 art. VIII, FIDE 1997 and 2001 4.6: the move of {@code ply} broke what the touched pieces obliged; the
     * opponent claims it before touching a piece himself. The move is taken back and the touched pieces oblige again
     * (the 4.3 / 4.4 obligation, now enforced). Claimed after he touched a piece, the claim is lost and the move
     * stands; nobody else claims it (the arbiter does not, 1997 13.6 / 2001 13.6: he intervenes only as the Laws say).
     */
    private List<EventMessage> touchMoveClaim(GameRequest request, ReportIllegalMove report, GameState state, Side mover,
                                              GameState.TouchMoveBreach breach) {
        String article = state.rules().touchMoveClaimArticle();
        Side claimant = mover.opponent();
        if (report.reportedBy() != claimant) {
            return reject(report, "touch-move is the opponent's claim: only " + name(claimant) + " may claim that "
                    + name(mover) + "'s move broke it", article);
        }
        String wrong = wrongPlayer(request, state, claimant);
        if (wrong != null) {
            return reject(report, wrong + " claiming", article);
        }
        if (state.touchedThisTurn()) {
            return reject(report, "the claim is lost: " + name(claimant) + " has touched a piece himself since; the "
                    + "move stands", article);
        }
        GameRecord restored = state.record().previous();
        String touched = breach.touched().stream().map(Square::name).collect(java.util.stream.Collectors.joining(", "));
        return List.of(new MovesTakenBack(breach.ply() - 1, restored.position().toFen(), "touch-move claimed by "
                + name(claimant) + ": the move of ply " + breach.ply() + " broke what the pieces touched (" + touched
                + ") oblige; " + name(mover) + " plays again under that obligation", article, report.observedAt()));
    }

    /**
     * FIDE 1997 C.3: the opponent of the player who completed an illegal move claims the win before his own move; by
     * C.4 a player needs mating potential to win, so without it the claim gives a draw (as a flag fall does, 6.9 and
     * C.4: the seed names no other outcome, and the FIDE practice of 2018 A.4.2 / 6.9 draws such a game).
     */
    private GameEnded claimedWinAfterIllegalMove(GameRequest request, GameState state, Position lastLegal, Side mover,
                                                 Instant at) {
        Side claimant = mover.opponent();
        String article = state.rules().illegalMoveLossArticle();
        // judged on the last legal position, before the illegal move (after it a king may even be en prise)
        if (hasMatingPotential(lastLegal, claimant, canMateNodeLimit)) {
            return ended(request, state, winFor(claimant), EndReason.ILLEGAL_MOVES, article, true, at);
        }
        return ended(request, state, GameResult.DRAW, EndReason.ILLEGAL_MOVES, article
                + ", C.4 (the claimant has no mating potential)", true, at);
    }

    /** The position before the move of {@code ply} (1-based) of the current record. */
    private static Position positionBefore(GameState state, int ply) {
        GameRecord r = state.record();
        while (r.ply() > ply - 1) {
            r = r.previous();
        }
        return r.position();
    }

    /**
     * An illegal move completed without adequate supervision goes on the board (FIDE 2018 A.4.2, B.4; 1997 C.3): the
     * opponent may still claim it before his own move (ReportIllegalMove of its ply); otherwise it stands. When the
     * position before it was already illegal (both kings in check: the arbiter waited for this move), and the position
     * is still illegal, the game is drawn (FIDE 2018 A.4.4, B.4).
     */
    private List<EventMessage> standingIllegalMove(GameRequest request, GameState state, Side mover, Move irregular,
                                                   String written, String reason, String article, Instant at) {
        List<EventMessage> events = new ArrayList<>();
        events.add(new IllegalMoveRecorded(state.ply() + 1, mover, irregular.uci(), reason + " (played as " + written
                + "); it stands unless the opponent claims it before his own move", state.illegalMovesOf(mover), true,
                article, Penalty.NONE, at));
        String drawArticle = state.rules().illegalPositionDrawArticle(state.regulations());
        if (!drawArticle.isEmpty() && illegalPositionSeen(state.position())) {
            Position after = state.position().playIrregular(irregular.from(), irregular.to(), irregular.promotion());
            if (illegalPositionSeen(after) || after.opponentInCheck()) {
                events.add(ended(request, state, GameResult.DRAW, EndReason.ARBITER_DECISION, drawArticle
                        + ": the position is still illegal after the next move", true, at));
            }
        }
        return events;
    }

    /**
     * FIDE 2018 A.4.4: the illegal positions the arbiter acts on, both kings in check or a pawn on the rank furthest
     * from its start (the board cannot hold the latter: an unpromoted pawn is handled by 7.5.2).
     */
    static boolean illegalPositionSeen(Position position) {
        if (position.inCheck() && position.opponentInCheck()) {
            return true;
        }
        long backRanks = 0xFF000000000000FFL;
        return ((position.pieces(org.torneo.game.core.board.Side.WHITE, PieceType.PAWN)
                | position.pieces(org.torneo.game.core.board.Side.BLACK, PieceType.PAWN)) & backRanks) != 0;
    }

    /** The move written as from-to squares (with a promotion letter), played irregularly, or null. */
    private static Move irregularMove(Position position, String text) {
        Matcher m = SQUARES.matcher(text);
        if (!m.find()) {
            return null;
        }
        String rest = text.substring(m.end()).replace("=", "").trim();
        PieceType promotion = rest.isEmpty() ? null : switch (Character.toUpperCase(rest.charAt(0))) {
            case 'Q', 'D' -> PieceType.QUEEN;
            case 'R', 'T' -> PieceType.ROOK;
            case 'B', 'A' -> PieceType.BISHOP;
            case 'N', 'C' -> PieceType.KNIGHT;
            default -> null;
        };
        try {
            return position.irregularMove(Square.parse(m.group(1)), Square.parse(m.group(2)), promotion);
        } catch (IllegalArgumentException impossible) {
            return null;
        }
    }

    private IllegalMoveRecorded stands(GameState state, int ply, Side mover, Move played, String why, Instant at) {
        String article = state.rules().illegalMoveOpponentMayClaimWin() ? "FIDE 1997 C.3" : "FIDE 2018 A.4.2";
        return new IllegalMoveRecorded(ply, mover, played.uci(), "the illegal move stands: " + why,
                state.illegalMovesOf(mover), true, article, Penalty.NONE, at);
    }

    private List<EventMessage> reportIllegalAction(GameRequest request, ReportIllegalAction report, GameState state) {
        EditionRules rules = state.rules();
        Side by = report.by();
        if (request.actor().role() != Actor.Role.ARBITER && request.actor().role() != Actor.Role.EBOARD
                && !isPlayer(request, state, by.opponent())) {
            return reject(report, "an irregularity is reported by the opponent, the arbiter or an e-board",
                    "FIDE 2018 12.7");
        }
        if (!rules.illegalActionsCount()) {
            return reject(report, report.action() + " is not an illegal move under this edition (FIDE 2018 7.5.2-"
                    + "7.5.4 made it one); the arbiter may rule on it", "");
        }
        Instant at = report.observedAt();
        return switch (report.action()) {
            case CLOCK_PRESSED_WITHOUT_MOVE -> illegalMove(request, state, by, state.ply() + 1, "clock pressed without a move",
                    "the clock was pressed without a move", -1, "FIDE 2018 7.5.3", at);
            case TWO_HANDS -> {
                if (state.ply() == 0 || state.moverOf(state.ply()) != by) {
                    yield reject(report, "the last move was not made by " + by, "FIDE 2018 7.5.4");
                }
                yield illegalMove(request, state, by, state.ply(), state.record().lastMove().uci(),
                        "the move was made with two hands", -1, "FIDE 2018 7.5.4", at);
            }
            case PAWN_NOT_PROMOTED -> pawnNotPromoted(request, report, state);
        };
    }

    /** FIDE 2018 7.5.2: the pawn on the last rank is replaced by a queen, and the illegal move is penalised. */
    private List<EventMessage> pawnNotPromoted(GameRequest request, ReportIllegalAction report, GameState state) {
        Side by = report.by();
        if (by != state.sideToMove() || report.move() == null) {
            return reject(report, "name the pawn move of the player to move, e.g. e7e8", "FIDE 2018 7.5.2");
        }
        Matcher m = SQUARES.matcher(report.move());
        if (!m.find()) {
            return reject(report, "cannot read the pawn move " + report.move() + ": give it as from-to, e.g. e7e8",
                    "FIDE 2018 7.5.2");
        }
        int from = Square.parse(m.group(1));
        int to = Square.parse(m.group(2));
        var queen = state.position().legalMove(from, to, PieceType.QUEEN);
        if (queen.isEmpty()) {
            return reject(report, report.move() + " is not a legal pawn move to the last rank", "FIDE 2018 7.5.2");
        }
        List<EventMessage> events = new ArrayList<>(illegalMove(request, state, by, state.ply() + 1, report.move(),
                "a pawn reached the last rank without promotion; it becomes a queen", -1, "FIDE 2018 7.5.2",
                report.observedAt()));
        if (!(events.get(events.size() - 1) instanceof GameEnded)) {
            GameState penalised = state;
            for (EventMessage e : events) {
                penalised = evolve(penalised, e);
            }
            playMove(request, penalised, queen.get(), MoveSource.ARBITER, null, report.observedAt(), events);
        }
        return events;
    }

    /**
     * The procedure for an illegal move that was completed (FIDE 2018 7.5.1-7.5.5, 2001 7.4, 1997 7.4, Code 1970
     * art. IX): restore the position before it, count it, apply the edition's penalty. {@code ply} is the ply the
     * illegal move had (state.ply() + 1 when it never entered the record).
     */
    private List<EventMessage> illegalMove(GameRequest request, GameState state, Side mover, int ply, String attempted, String reason,
                                           int touchedSquare, String articleOverride, Instant at) {
        EditionRules rules = state.rules();
        List<EventMessage> events = new ArrayList<>();
        GameRecord restored = state.record();
        if (ply <= state.ply()) {
            while (restored.ply() > ply - 1) {
                restored = restored.previous();
            }
            events.add(new MovesTakenBack(ply - 1, restored.position().toFen(), "illegal move " + attempted
                    + " at ply " + ply + " taken back", rules.illegalMoveArticle(), at));
        }
        int count = state.illegalMovesOf(mover) + 1;
        // FIDE 1997 10.3: in the quickplay finish illegal moves cost +2, +2 and the third loses (7.4 alone has none)
        boolean quickplay1997 = rules.ruleset().edition() == Edition.FIDE_1997
                && !rules.isBlitz() && !quickplayPeriod(state, mover).startsWith("!");
        String baseArticle = quickplay1997 ? "FIDE 1997 10.3" : rules.illegalMoveArticle();
        String lossArticle = quickplay1997 ? "FIDE 1997 10.3" : rules.illegalMoveLossArticle();
        long bonus = quickplay1997 ? QuickplayFinishRules.OPPONENT_BONUS_MILLIS : rules.illegalMovePenaltyMillis();
        int toLose = quickplay1997 ? 3 : rules.illegalMovesToLose();
        String article = articleOverride != null ? articleOverride + ", " + baseArticle : baseArticle;
        boolean loses = toLose > 0 && count >= toLose;
        Penalty penalty = loses || bonus == 0 ? Penalty.NONE
                : new Penalty(bonus, 0, baseArticle, "opponent +" + bonus / 1000 + " s for illegal move " + count);
        String why = touchedSquare >= 0 ? reason + " (the piece on " + Square.name(touchedSquare)
                + " must be moved if it can)" : reason;
        events.add(new IllegalMoveRecorded(ply, mover, attempted, why, count, false, article, penalty, at));
        if (loses) {
            boolean draw = rules.illegalMoveLossDrawnIfOpponentCannotMate()
                    && CanMate.canMate(restored.position(), GameState.toBoard(mover.opponent()), canMateNodeLimit)
                    .unwinnable();
            events.add(draw
                    ? ended(request, state, GameResult.DRAW, EndReason.ILLEGAL_MOVES, lossArticle
                    + " (the opponent cannot checkmate)", true, at)
                    : ended(request, state, winFor(mover.opponent()), EndReason.ILLEGAL_MOVES, lossArticle, true, at));
        }
        return events;
    }

    // ---------------------------------------------------------------------------- colours, adjournment, rulings

    private List<EventMessage> coloursReversed(GameRequest request, ReportColoursReversed report, GameState state) {
        if (request.actor().role() != Actor.Role.ARBITER) {
            return reject(report, "only the arbiter establishes reversed colours", state.rules().coloursReversedArticle());
        }
        int movesEach = Math.min(state.movesMadeBy(Side.WHITE), state.movesMadeBy(Side.BLACK));
        int limit = state.rules().coloursReversedNewGameBelowMovesEach();
        // FIDE 2018 7.3: fewer than 10 moves each: a new game with the correct colours; else it goes on.
        // FIDE 1997/2001 7.2, Code 1970: the game goes on (the arbiter may decide otherwise by a ruling)
        boolean newGame = limit > 0 && movesEach < limit;
        return List.of(new ColoursReversedFound(movesEach, newGame, state.rules().coloursReversedArticle(),
                report.observedAt()));
    }

    private List<EventMessage> sealMove(GameRequest request, SealMove seal, GameState state) {
        if (state.phase() == GameState.Phase.ADJOURNED) {
            return reject(seal, "a move is already sealed", state.rules().sealedMoveArticle());
        }
        if (!state.rules().adjournmentAllowed()) {
            return reject(seal, "games of this category are not adjourned", state.rules().sealedMoveArticle());
        }
        String wrong = wrongPlayer(request, state, seal.by());
        if (wrong != null) {
            return reject(seal, wrong + " sealing", state.rules().sealedMoveArticle());
        }
        if (seal.by() != state.sideToMove()) {
            return reject(seal, "only the player having the move seals", articleFor(state, "I.1.1", "8.1", "A.1a", "XV-1"));
        }
        MoveSealed sealed = new MoveSealed(state.ply() + 1, seal.by(), seal.move(), seal.observedAt());
        Side absentSealer = state.resumption().sealerAbsent();
        if (absentSealer == seal.by().opponent()) {
            // FIDE 2018 I.9.3, 1997 A.9c: instead of moving, the reply goes into a new envelope, his clock is stopped
            // and the absent player's started; the arbiter keeps the envelope until he arrives
            return List.of(sealed, new PlayerAbsentAtResumption(state.ply() + 1, absentSealer, true,
                    adjournmentArticle(state, "I.9.3", "A.9c"), seal.observedAt()));
        }
        // the sealed move is judged when the envelope is opened (ambiguous or illegal loses: 2018 I.8, 1997 A.8)
        return List.of(sealed);
    }

    private List<EventMessage> resume(GameRequest request, ResumeGame resume, GameState state) {
        if (state.phase() != GameState.Phase.ADJOURNED) {
            return reject(resume, "the game is not adjourned", state.rules().sealedMoveArticle());
        }
        return openEnvelope(request, state, resume.observedAt());
    }

    /**
     * The replying player is present: the envelope is opened (2018 I.7, 1997 A.7), the sealed move played and his
     * clock started (2018 I.9.1, 1997 A.9a); a sealed move that is ambiguous or illegal loses (2018 I.8, 1997 A.8).
     */
    private List<EventMessage> openEnvelope(GameRequest request, GameState state, Instant at) {
        ParsedMove sealed = readMove(state.position(), state.sealedMove());
        List<EventMessage> events = new ArrayList<>();
        events.add(new GameResumed(at));
        if (!sealed.isOk()) {
            String what = state.resumption().envelopeLost()
                    ? adjournmentArticle(state, "I.12.1", "A.11a") + ", " + state.rules().sealedMoveArticle()
                    + ": the move stated as sealed after the envelope was lost " : state.rules().sealedMoveArticle()
                    + ": the sealed move ";
            Side replier = state.sealedBy().opponent();
            // FIDE 2018 I.8 and 1997 A.8 except the case of 6.9: when the opponent cannot checkmate by any series of
            // legal moves the bad sealed move draws instead (the Code 1970 has no such exception, art. XIV)
            boolean replierCannotMate = state.rules().flagFallRule() != EditionRules.FlagFallRule.LOSES_REGARDLESS
                    && CanMate.canMate(state.position(), GameState.toBoard(replier), canMateNodeLimit).unwinnable();
            events.add(replierCannotMate
                    ? ended(request, state, GameResult.DRAW, EndReason.ARBITER_DECISION, what
                    + ((ParsedMove.Error) sealed).message() + "; drawn: the opponent cannot checkmate ("
                    + articleFor(state, "6.9", "6.10", "6.9", "XIV") + ")", true, at)
                    : ended(request, state, winFor(replier), EndReason.ARBITER_DECISION,
                    what + ((ParsedMove.Error) sealed).message(), true, at));
            return events;
        }
        if (state.offerBy() == state.sealedBy().opponent()) {
            events.add(new DrawOfferDeclined(state.sealedBy(), state.rules().offerDeclinedByAction(), at));
        }
        playMove(request, state.with(GameState.Phase.IN_PROGRESS), sealed.move(), MoveSource.ARBITER, null, at, events);
        return events;
    }

    /**
     * FIDE 2018 I.12, 1997 A.11: the envelope is lost. The game resumes from the adjourned position with the times
     * recorded at adjournment (or those the arbiter sets) and the sealer's stated move in the sealed move's place; a
     * position that cannot be re-established annuls the game, which is replayed (the ANNUL_GAME ruling).
     */
    private List<EventMessage> envelopeLost(GameRequest request, DeclareEnvelopeLost lost, GameState state) {
        String article = adjournmentArticle(state, "I.12.1", "A.11a");
        if (request.actor().role() != Actor.Role.ARBITER) {
            return reject(lost, "only the arbiter, who keeps the envelope, declares it lost", article);
        }
        if (state.resumption().envelopeLost()) {
            return reject(lost, "the envelope has already been declared lost", article);
        }
        Instant at = lost.observedAt();
        if (!lost.positionRestorable()) {
            return List.of(new RulingIssued(RulingKind.ANNUL_GAME, adjournmentArticle(state, "I.12.2", "A.11b"),
                    "the envelope with the sealed move is lost and the adjourned position cannot be re-established: "
                            + "the game is annulled and a new game is played", null, null, -1, -1, -1, 0, at));
        }
        // the stated move is judged when the game resumes, like the sealed move it replaces (2018 I.8, 1997 A.8)
        return List.of(new EnvelopeLost(state.ply() + 1, state.sealedBy(), lost.statedMove(), lost.clocks(), article,
                at));
    }

    /**
     * A player absent at the resumption (FIDE 2018 I.9.2, I.9.3, I.11; 1997 A.9b, A.9c). The replying player absent:
     * his clock is started and the envelope stays closed (it is opened only in his presence, I.7 / A.7). Neither
     * present: the same, the replying player loses the time until he arrives (2018 I.11; the 1997 seed has no such
     * article, and A.9b gives the same clock). The sealer absent: the envelope is opened and the sealed move played;
     * the replying player may then seal his reply in a new envelope.
     */
    private List<EventMessage> absentAtResumption(GameRequest request, ReportAbsentAtResumption report,
                                                  GameState state) {
        Actor.Role role = request.actor().role();
        String resumptionArticle = adjournmentArticle(state, "I.9", "A.9");
        if (role != Actor.Role.ARBITER && role != Actor.Role.SYSTEM && role != Actor.Role.ORGANISER) {
            return reject(report, "absence at the resumption is established by the arbiter or the clock service, not by a "
                    + role.name().toLowerCase(java.util.Locale.ROOT), resumptionArticle);
        }
        Side sealer = state.sealedBy();
        Side replier = sealer.opponent();
        Instant at = report.observedAt();
        Side absent = report.absent();
        if (absent == null || absent == replier) {
            if (state.resumption().absentClock() == replier) {
                return reject(report, "the clock of the replying player (" + name(replier) + ") is already running",
                        resumptionArticle);
            }
            String article = absent == null ? adjournmentArticle(state, "I.11", "A.9b")
                    : adjournmentArticle(state, "I.9.2", "A.9b");
            return List.of(new PlayerAbsentAtResumption(state.ply() + 1, replier, true, article, at));
        }
        List<EventMessage> events = new ArrayList<>(openEnvelope(request, state, at));
        if (!(events.get(events.size() - 1) instanceof GameEnded)) {
            events.add(new PlayerAbsentAtResumption(state.ply() + 2, sealer, false,
                    adjournmentArticle(state, "I.9.3", "A.9c"), at));
        }
        return events;
    }

    /**
     * FIDE 2018 I.13, 1997 A.12: a clock set to a wrong time at the resumption is corrected if shown before the
     * first move after it (the sealed move, played on opening, is not such a move); later the game continues
     * without correction unless the arbiter decides otherwise (2018) or finds the consequences too grave (1997).
     */
    private List<EventMessage> correctClockAtResumption(GameRequest request, CorrectClockAtResumption correct,
                                                        GameState state) {
        String article = adjournmentArticle(state, "I.13", "A.12");
        if (request.actor().role() != Actor.Role.ARBITER) {
            return reject(correct, "the arbiter corrects the clocks; a player shows him the error", article);
        }
        long difference = correct.correctMillis() - correct.shownMillis();
        Side side = correct.side();
        if (difference == 0) {
            return reject(correct, "the clock of " + name(side) + " already shows " + minutes(correct.shownMillis())
                    + ": there is nothing to correct", article);
        }
        int resumedAt = state.resumption().resumedAtPly();
        boolean beforeResumption = state.phase() == GameState.Phase.ADJOURNED;
        if (!beforeResumption && resumedAt < 0) {
            return reject(correct, "the game has not been resumed after an adjournment: a wrongly set clock is "
                    + "corrected by the arbiter's ADD_TIME or DEDUCT_TIME ruling", article);
        }
        if (!beforeResumption && state.ply() != resumedAt) {
            return reject(correct, "the error was pointed out after the first move following the resumption (ply "
                    + (resumedAt + 1) + "): the game continues without correction unless the arbiter decides "
                    + "otherwise, by an ADD_TIME or DEDUCT_TIME ruling", article);
        }
        String by = correct.pointedOutBy() == null ? "found by the arbiter" : "shown by " + name(correct.pointedOutBy());
        String details = "clock set wrongly at the resumption, " + by + ": " + name(side) + "'s clock showed "
                + minutes(correct.shownMillis()) + ", the times recorded at adjournment give "
                + minutes(correct.correctMillis());
        return List.of(new RulingIssued(difference > 0 ? RulingKind.ADD_TIME : RulingKind.DEDUCT_TIME, article,
                details, side, null, -1, -1, -1, Math.abs(difference), correct.observedAt()));
    }

    /**
     * An illegal move made but not completed. FIDE 2018 7.5.1 (6.2.1): a move is completed by pressing the clock;
     * before that there is no penalty and the player must make a legal move, with the piece he moved if it can
     * (4.3). FIDE 1997 C.3 (blitz): the illegal move is complete once the opponent's clock is started, so the same.
     * FIDE 1997 7.4 and 2001 7.4a speak of an illegal move "made" (se ha hecho / realizado) and Code 1970 art. IX of
     * one played: there the move counts as an illegal move at once, with the edition's penalty (none in 1997
     * standard play outside the quickplay finish, 10.3; 2001 7.4b +2 min, the third loses).
     */
    private List<EventMessage> illegalMoveNotCompleted(GameRequest request, ReportIllegalMoveNotCompleted report,
                                                       GameState state) {
        EditionRules rules = state.rules();
        Side by = report.by();
        boolean completedOnPress = rules.ruleset().edition() == Edition.FIDE_2018
                || rules.illegalMoveOpponentMayClaimWin();
        String article = rules.ruleset().edition() == Edition.FIDE_2018
                ? "FIDE 2018 7.5.1, 4.3" : completedOnPress ? "FIDE 1997 C.3, 4.3" : rules.illegalMoveArticle();
        if (request.actor().role() == Actor.Role.PLAYER && !isPlayer(request, state, by.opponent())) {
            return reject(report, "an illegal move not yet completed is pointed out by the opponent, the arbiter or an "
                    + "e-board; the player himself makes a legal move instead", article);
        }
        if (by != state.sideToMove()) {
            return reject(report, name(by) + " is not on the move: his last move was completed; report a completed "
                    + "illegal move by its ply (ReportIllegalMove)", article);
        }
        if (request.actor().role() == Actor.Role.ARBITER && rules.arbiterActsOnIllegalMovesOnlyOnClaim()) {
            return reject(report, "in rapid and blitz the arbiter acts on an illegal move only when a player claims",
                    "FIDE 1997 B.5, C.2");
        }
        ParsedMove parsed = readMove(state.position(), report.move());
        if (parsed.isOk()) {
            return reject(report, report.move() + " is a legal move here: submit it as a move", article);
        }
        String reason = ((ParsedMove.Error) parsed).message();
        // "impossible" is the reader's word for a piece that cannot go there (a typo at a terminal, an illegal move on
        // the board); a square without such a piece names no move that was made
        boolean madeOnTheBoard = reason.contains("is illegal")
                || reason.contains("is impossible") && !reason.contains(" holds no ");
        if (!madeOnTheBoard) {
            return reject(report, "cannot tell which illegal move was made: " + reason, article);
        }
        Instant at = report.observedAt();
        if (!completedOnPress) {
            return illegalMove(request, state, by, state.ply() + 1, report.move(), reason + " (made, not yet "
                    + "completed: under this edition an illegal move counts once made)", fromSquare(report.move()),
                    null, at);
        }
        return List.of(new IllegalMoveNotCompleted(state.ply() + 1, by, report.move(), reason
                + "; not completed: no penalty, a legal move must be made instead (with the piece moved, if it can)",
                article, at));
    }

    /**
     * The clock pressed after an illegal move not yet completed: the press completes it (FIDE 2018 7.5.1: the
     * procedure and penalty of 7.5; 1997 C.3 blitz: it stands unless the opponent claims the win before moving).
     */
    private List<EventMessage> completeIllegalMove(GameRequest request, PressClock press, GameState state) {
        String attempted = state.illegalMoveNotCompleted();
        Side by = press.by();
        if (state.rules().illegalMoveOpponentMayClaimWin()) {
            Move irregular = irregularMove(state.position(), attempted);
            if (irregular == null) {
                return reject(press, "the press completed the illegal move " + attempted + ", which can be put on "
                        + "the board only when given as from-to squares (e.g. e1e3); the opponent may claim the win "
                        + "before his own move (ReportIllegalMove of ply " + (state.ply() + 1) + ")", "FIDE 1997 C.3");
            }
            return standingIllegalMove(request, state, by, irregular, attempted,
                    "an illegal move completed by pressing the clock", "FIDE 1997 C.3", press.observedAt());
        }
        return illegalMove(request, state, by, state.ply() + 1, attempted,
                "the illegal move was completed by pressing the clock", state.boundSquare(), "FIDE 2018 7.5.1",
                press.observedAt());
    }

    /** The adjournment articles: 2001 (appendices absent from the seed) and the 1970 Code follow FIDE 1997 App. A. */
    private static String adjournmentArticle(GameState state, String fide2018, String fide1997) {
        return switch (state.rules().ruleset().edition()) {
            case FIDE_2018 -> "FIDE 2018 " + fide2018;
            case FIDE_1997 -> "FIDE 1997 " + fide1997;
            case FIDE_2001 -> "FIDE 2001 App. A (not in the seed: as FIDE 1997 " + fide1997 + ")";
            case CODE_1970 -> "Code 1970 art. XV (as FIDE 1997 " + fide1997 + ")";
        };
    }

    private static String name(Side side) {
        return side.name().toLowerCase(java.util.Locale.ROOT);
    }

    private List<EventMessage> ruling(GameRequest request, ArbiterRuling ruling, GameState state) {
        if (request.actor().role() != Actor.Role.ARBITER) {
            return reject(ruling, "only an arbiter may rule (" + request.actor().role().name().toLowerCase(java.util.Locale.ROOT)
                    + " " + request.actor().id() + " is not one)", "FIDE 2018 12.1");
        }
        if (ruling.article().isBlank()) {
            return reject(ruling, "a ruling must name the article it applies", "FIDE 2018 11.9");
        }
        Instant at = ruling.observedAt();
        RulingIssued issued = new RulingIssued(ruling.kind(), ruling.article(), ruling.details(), ruling.side(),
                ruling.result(), ruling.whiteHalfPoints(), ruling.blackHalfPoints(), ruling.restoreToPly(),
                ruling.timeMillis(), at, ruling.playedOverTheBoard());
        if (state.quickplayClaim() != null
                && (ruling.kind() == RulingKind.UPHOLD_CLAIM || ruling.kind() == RulingKind.REJECT_CLAIM)) {
            return quickplayRuling(request, ruling, state, issued);
        }
        String outside = outsideTheCatalogue(state.rules().sanctions(), ruling);
        if (outside != null) {
            return reject(ruling, outside, state.rules().sanctions().article());
        }
        List<EventMessage> events = new ArrayList<>();
        events.add(issued);
        switch (ruling.kind()) {
            case WARNING, FINE, EXCLUDE_FROM_ROUNDS, OTHER, REJECT_CLAIM -> {
                // recorded for the audit (and for the tournament's next pairings); the game goes on
            }
            case ADD_TIME, DEDUCT_TIME -> {
                if (ruling.side() == null || ruling.timeMillis() <= 0) {
                    return reject(ruling, ruling.kind() + " needs the player and a positive time", ruling.article());
                }
            }
            case RESTORE_POSITION -> {
                if (ruling.restoreToPly() < 0 || ruling.restoreToPly() > state.ply()) {
                    return reject(ruling, "cannot restore ply " + ruling.restoreToPly() + ": " + state.ply()
                            + " plies have been played", ruling.article());
                }
                GameRecord r = state.record();
                while (r.ply() > ruling.restoreToPly()) {
                    r = r.previous();
                }
                events.add(new MovesTakenBack(r.ply(), r.position().toFen(), ruling.details(), ruling.article(), at));
            }
            case ANNUL_GAME -> {
                // the game is replayed from its start (e.g. wrong initial position, FIDE 2018 7.2.1): see evolve
            }
            case UPHOLD_CLAIM -> events.add(ended(request, state, GameResult.DRAW, EndReason.ARBITER_DECISION,
                    ruling.article(), true, at));
            case LOSS_OF_GAME, EXPEL -> {
                if (ruling.side() == null) {
                    return reject(ruling, ruling.kind() + " needs the player it concerns", ruling.article());
                }
                events.add(ended(request, state, winFor(ruling.side().opponent()), EndReason.ARBITER_DECISION,
                        ruling.article(), bothMoved(state), at));
            }
            case DECLARE_RESULT, ADJUDICATE -> {
                if (ruling.kind() == RulingKind.ADJUDICATE && !state.rules().adjudicationAllowed()) {
                    return reject(ruling, "adjudication is not part of this edition of the Laws", ruling.article());
                }
                if (ruling.result() == null) {
                    return reject(ruling, ruling.kind() + " needs the result", ruling.article());
                }
                GameResult result = ruling.result();
                int white = result.hasFixedScores() ? result.whiteHalfPoints() : ruling.whiteHalfPoints();
                int black = result.hasFixedScores() ? result.blackHalfPoints() : ruling.blackHalfPoints();
                // FIDE 2018 8.7: a result the arbiter enters from the signed scoresheets is of a game played on the
                // board, though no move reached Torneo; unsaid, Torneo's record tells. A forfeit is never played.
                boolean played = result.playedByDefault() && (ruling.playedOverTheBoard() != null
                        ? ruling.playedOverTheBoard() : bothMoved(state));
                String bad = badScores(result, white, black);
                if (bad != null) {
                    return reject(ruling, bad, ruling.article());
                }
                events.add(withCompletedPlies(new GameEnded(request.gameId(), state.started().tournamentId(),
                        state.started().round(), state.started().board(), state.whitePlayerId(), state.blackPlayerId(),
                        result, white, black, EndReason.ARBITER_DECISION, ruling.article(), played, at), state));
            }
        }
        return events;
    }

    /**
     * Why a sanction is not one the edition's arbiter may impose (FIDE 1997 13.4, 2001 13.4, 2018 12.9), or null.
     * Scores other than a result's: in 1997 only those of a declared loss (of one or both players) or a draw.
     */
    private static String outsideTheCatalogue(EditionRules.SanctionCatalogue catalogue, ArbiterRuling ruling) {
        if (catalogue.notInCatalogue().contains(ruling.kind())) {
            return ruling.kind() + " is not among the sanctions of " + catalogue.article()
                    + " (the catalogue of this edition)";
        }
        if (ruling.kind() == RulingKind.DECLARE_RESULT && ruling.result() == GameResult.ARBITER_SCORES
                && !catalogue.scoresMayChange()) {
            int white = ruling.whiteHalfPoints();
            int black = ruling.blackHalfPoints();
            boolean aResultsScores = white + black == 0 || white + black == 2 && (white == 0 || white == 1 || white == 2);
            if (!aResultsScores) {
                return "changing a game's points (" + white + "-" + black + " half points) is not among the "
                        + "sanctions of " + catalogue.article() + ": the arbiter may declare the game lost (13.4d)";
            }
        }
        return null;
    }

    /**
     * The arbiter's correction of a pairing made public reaches the game it changes. The seeds are silent; current FIDE
     * practice is followed (C.04.2; C.04.3 of 2017 F.6-F.7): a pairing made public is changed only by the arbiter,
     * whether a correction affects a pairing made public but not yet played is his decision, and a game that has begun
     * is played as paired (he may then annul it or correct its result). So the players change only while no move,
     * legal or illegal, has been made; naming the players the game already has changes nothing (a repeat is harmless).
     */
    private List<EventMessage> correctPlayers(GameRequest request, CorrectPlayers correct, GameState state) {
        Actor actor = request.actor();
        String notTheArbiters = notTheArbitersCorrection(actor, correct.pairingCorrection(),
                "corrects a pairing made public");
        if (notTheArbiters != null) {
            return reject(correct, notTheArbiters, PAIRING_CORRECTION_ARTICLE);
        }
        if (correct.whitePlayerId().equals(correct.blackPlayerId())) {
            return reject(correct, "white and black are the same player " + correct.whitePlayerId(),
                    PAIRING_CORRECTION_ARTICLE);
        }
        String begun = howTheGameBegan(state);
        if (begun != null) {
            // C.04.3 (2017) F.7: a correction affects only a pairing not yet played
            return reject(correct, "the game has begun: it is played as paired; the arbiter may annul it or correct"
                    + " the result (" + begun + ")", PAIRING_CORRECTION_ARTICLE);
        }
        if (correct.whitePlayerId().equals(state.whitePlayerId())
                && correct.blackPlayerId().equals(state.blackPlayerId())) {
            return List.of();
        }
        String correctedBy = actor.role() == Actor.Role.ARBITER || correct.correctedBy() == null ? actor.id()
                : correct.correctedBy();
        return List.of(new PlayersCorrected(correct.whitePlayerId(), correct.blackPlayerId(), state.whitePlayerId(),
                state.blackPlayerId(), correct.reason(), correctedBy, correct.pairingCorrection(),
                PAIRING_CORRECTION_ARTICLE, correct.observedAt()));
    }

    /**
     * The arbiter's correction of a pairing made public no longer has this game (its board was removed, or both its
     * players now have byes). The seeds are silent; current FIDE practice is followed (C.04.2; C.04.3 of 2017
     * F.6-F.7): the arbiter may correct a pairing made public, and a game that has begun is played as paired. So a game
     * not yet begun (no move, legal or illegal, made; not over) is cancelled: it is not played and has no result, so
     * no GameEnded (the pairing service scores the byes of the corrected round itself). One that has begun is refused:
     * the arbiter may annul it or set its result.
     */
    private List<EventMessage> cancelGame(GameRequest request, CancelGame cancel, GameState state) {
        Actor actor = request.actor();
        String notTheArbiters = notTheArbitersCorrection(actor, cancel.pairingCorrection(),
                "cancels a game of a pairing made public");
        if (notTheArbiters != null) {
            return reject(cancel, notTheArbiters, PAIRING_CORRECTION_ARTICLE);
        }
        String begun = howTheGameBegan(state);
        if (begun != null) {
            // C.04.3 (2017) F.7: a correction affects only a pairing not yet played; a game begun is played as paired
            return reject(cancel, "the game has begun: it is played as paired; the arbiter may annul it or set its"
                    + " result (" + begun + ")", PAIRING_CORRECTION_ARTICLE);
        }
        String cancelledBy = actor.role() == Actor.Role.ARBITER || cancel.cancelledBy() == null ? actor.id()
                : cancel.cancelledBy();
        return List.of(new GameCancelled(cancel.reason(), cancelledBy, cancel.pairingCorrection(),
                PAIRING_CORRECTION_ARTICLE, cancel.observedAt()));
    }

    /**
     * Why the sender may not apply a pairing correction to this game, or null. C.04.2; C.04.3 (2017) F.6: only the
     * arbiter changes a pairing made public; the game service (SYSTEM) acts only on a correction he published.
     */
    private static String notTheArbitersCorrection(Actor actor, UUID pairingCorrection, String action) {
        if (actor.role() != Actor.Role.ARBITER && actor.role() != Actor.Role.SYSTEM) {
            return "only the arbiter " + action + ", not a " + actor.role().name().toLowerCase(java.util.Locale.ROOT)
                    + " (" + actor.id() + ")";
        }
        if (actor.role() == Actor.Role.SYSTEM && pairingCorrection == null) {
            return "the game service applies only a pairing correction the arbiter published: the correction's"
                    + " event id (pairingCorrection) is missing";
        }
        return null;
    }

    /** Why the game counts as begun for a pairing correction (a move made, legal or illegal), or null. */
    private static String howTheGameBegan(GameState state) {
        if (state.ply() > 0) {
            return state.ply() + (state.ply() == 1 ? " ply has" : " plies have") + " been played";
        }
        if (state.whiteIllegalMoves() + state.blackIllegalMoves() > 0 || state.illegalMoveNotCompleted() != null) {
            return "an illegal move has been made";
        }
        return null;
    }

    private List<EventMessage> correctResult(GameRequest request, CorrectResult correct, GameState state) {
        if (request.actor().role() != Actor.Role.ARBITER) {
            return reject(correct, "only an arbiter or the appeals committee may correct a result", "FIDE 2018 8.7");
        }
        if (!state.isOver()) {
            return reject(correct, "the game has no result yet", "FIDE 2018 8.7");
        }
        String bad = badScores(correct.result(), correct.whiteHalfPoints(), correct.blackHalfPoints());
        if (bad != null) {
            return reject(correct, bad, "FIDE 2018 8.7");
        }
        return List.of(new ResultCorrected(request.gameId(), state.started().tournamentId(), state.started().round(),
                state.started().board(), correct.result(), correct.whiteHalfPoints(), correct.blackHalfPoints(),
                correct.played(), correct.supersedes(), request.actor().id(), correct.why(), correct.observedAt()));
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private GameEnded ended(GameRequest request, GameState state, GameResult result, EndReason reason, String article,
                            boolean played, Instant at) {
        return withCompletedPlies(GameEnded.of(request.gameId(), state.started().tournamentId(), state.started().round(),
                state.started().board(), state.whitePlayerId(), state.blackPlayerId(), result, reason, article, played,
                at), state);
    }

    /**
     * The end with the ply of the last move completed by a press (MoveCompleted): the clock reads the end on the results
     * topic and the presses on the moves topic, and stops only once it has seen them. Not known (null) when moves came
     * with their clock readings: those are completed without a press the clock service sees.
     */
    private static GameEnded withCompletedPlies(GameEnded ended, GameState state) {
        if (state.lastClock() != null) {
            return ended;
        }
        return ended.withCompletedPlies(state.lastMoveCompleted() ? state.ply() : Math.max(0, state.ply() - 1));
    }

    /** Why these half points cannot go with this result (FIDE 2018 10.2, 12.9; 2001 13.4f), or null. */
    private static String badScores(GameResult result, int white, int black) {
        if (result.hasFixedScores()) {
            return white == result.whiteHalfPoints() && black == result.blackHalfPoints() ? null
                    : "result " + result.notation() + " scores " + result.whiteHalfPoints() + "-"
                    + result.blackHalfPoints() + " half points, not " + white + "-" + black;
        }
        if (white < 0 || white > 2 || black < 0 || black > 2) {
            return "arbiter scores must be 0..2 half points each (never above the game's maximum), not "
                    + white + "-" + black;
        }
        // FIDE 2001 13.4f: the opponent's score is raised "up to the maximum possible for that game"; FIDE 2018
        // 12.9.4 likewise: a game is worth one point, so both together never get more than two half points
        return white + black <= MAX_HALF_POINTS_PER_GAME ? null
                : "a game is worth at most one point (" + MAX_HALF_POINTS_PER_GAME + " half points) between the two "
                + "players: " + white + "-" + black + " half points is above the maximum";
    }

    private static GameResult winFor(Side winner) {
        return winner == Side.WHITE ? GameResult.WHITE_WINS : GameResult.BLACK_WINS;
    }

    /** FIDE rating practice: a game counts as played once both players have made a move. */
    private static boolean bothMoved(GameState state) {
        return state.movesMadeBy(Side.WHITE) >= 1 && state.movesMadeBy(Side.BLACK) >= 1;
    }

    private static boolean isPlayer(GameRequest request, GameState state, Side side) {
        return request.actor().role() == Actor.Role.PLAYER && request.actor().id().equals(state.playerOf(side));
    }

    /** Null when the actor may act for {@code side}; otherwise a description of who is acting wrongly. */
    private static String wrongPlayer(GameRequest request, GameState state, Side side) {
        Actor actor = request.actor();
        if (actor.role() == Actor.Role.PLAYER && !actor.id().equals(state.playerOf(side))) {
            return "player " + actor.id() + " is not the " + side.name().toLowerCase(java.util.Locale.ROOT)
                    + " player (" + state.playerOf(side) + ")";
        }
        return null;
    }

    /**
     * A written move in English letters (FIDE 2018 C.2), else in Spanish ones (the seeds' language: R = king,
     * D, T, A, C); when neither reads, the English reason is given. English first, so "R" is a rook.
     */
    static ParsedMove readMove(Position position, String text) {
        ParsedMove english = MoveParser.parse(position, text, MoveParser.Language.ENGLISH);
        if (english.isOk()) {
            return english;
        }
        ParsedMove spanish = MoveParser.parse(position, text, MoveParser.Language.SPANISH);
        return spanish.isOk() ? spanish : english;
    }

    /** What the touched pieces (and a piece whose illegal move was taken back, touched first) oblige. */
    private static java.util.Optional<TouchMove.Obligation> touchMove(GameState state) {
        // Code 1970 art. VIII, FIDE 1997/2001 4.6: touches oblige only once the opponent has claimed a breach of them
        GameState.TouchMoveBreach breach = state.touchMoveBreach();
        boolean touchesBind = !state.rules().touchMoveIsAClaim() || breach != null && breach.claimed();
        if (state.boundSquare() < 0 && (state.touched().isEmpty() || !touchesBind)) {
            return java.util.Optional.empty();
        }
        List<Integer> order = new ArrayList<>();
        if (state.boundSquare() >= 0) {
            order.add(state.boundSquare());
        }
        if (touchesBind) {
            order.addAll(state.touched());
        }
        return TouchMove.obligation(state.position(), order, state.rules().ruleset().edition());
    }

    private static int fromSquare(String text) {
        Matcher m = SQUARES.matcher(text);
        return m.find() ? Square.parse(m.group(1)) : -1;
    }

    /** An article by edition for the few places where EditionRules holds no field of its own. */
    private static String articleFor(GameState state, String fide2018, String fide2001, String fide1997,
                                     String code1970) {
        return switch (state.rules().ruleset().edition()) {
            case FIDE_2018 -> "FIDE 2018 " + fide2018;
            case FIDE_2001 -> "FIDE 2001 " + fide2001;
            case FIDE_1997 -> "FIDE 1997 " + fide1997;
            case CODE_1970 -> "Code 1970 art. " + code1970;
        };
    }

    private static List<EventMessage> reject(GameCommand command, String reason, String article) {
        return List.of(new CommandRejected(typeName(command), reason, article, command.observedAt()));
    }

    private static String typeName(GameCommand command) {
        MessageType type = command.getClass().getAnnotation(MessageType.class);
        return type == null ? command.getClass().getSimpleName() : type.name();
    }

    // ------------------------------------------------------------------------------------------------ evolve

    @Override
    public GameState evolve(GameState state, EventMessage event) {
        return GameEvolution.evolve(state, event);
    }
}

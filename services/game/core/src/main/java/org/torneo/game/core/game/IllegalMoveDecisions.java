package org.torneo.game.core.game;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;

import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.GameCommand.ReportIllegalMoveNotCompleted;
import org.torneo.contracts.game.GameCommand.PressClock;
import org.torneo.contracts.game.GameCommand.ReportIllegalAction;
import org.torneo.contracts.game.GameCommand.ReportIllegalMove;
import org.torneo.contracts.game.MoveEvent.IllegalMoveNotCompleted;
import org.torneo.contracts.game.MoveEvent.IllegalMoveRecorded;
import org.torneo.contracts.game.MoveEvent.MovesTakenBack;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.Penalty;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.PieceType;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Square;
import org.torneo.game.core.deadposition.CanMate;
import org.torneo.game.core.draw.GameRecord;
import org.torneo.game.core.notation.ParsedMove;

import static org.torneo.game.core.game.EndingDecisions.hasMatingPotential;
import static org.torneo.game.core.game.QuickplayDecisions.quickplayPeriod;
import static org.torneo.game.core.game.Verdicts.SQUARES;
import static org.torneo.game.core.game.Verdicts.ended;
import static org.torneo.game.core.game.Verdicts.fromSquare;
import static org.torneo.game.core.game.Verdicts.isPlayer;
import static org.torneo.game.core.game.Verdicts.name;
import static org.torneo.game.core.game.Verdicts.readMove;
import static org.torneo.game.core.game.Verdicts.reject;
import static org.torneo.game.core.game.Verdicts.winFor;
import static org.torneo.game.core.game.Verdicts.wrongPlayer;

/**
 * Illegal moves and actions (FIDE 2018 7.5, A.4, B.4; 1997 7.4, C.3): reported, standing, not completed, with their
 * penalties and the loss after the second (or third).
 */
final class IllegalMoveDecisions {

    private final long canMateNodeLimit;
    private final AutomaticEndings automaticEndings;

    IllegalMoveDecisions(long canMateNodeLimit, AutomaticEndings automaticEndings) {
        this.canMateNodeLimit = canMateNodeLimit;
        this.automaticEndings = automaticEndings;
    }

    List<EventMessage> reportIllegalMove(GameRequest request, ReportIllegalMove report, GameState state) {
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
    List<EventMessage> standingIllegalMove(GameRequest request, GameState state, Side mover, Move irregular,
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
    static Move irregularMove(Position position, String text) {
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

    List<EventMessage> reportIllegalAction(GameRequest request, ReportIllegalAction report, GameState state) {
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
                penalised = GameEvolution.evolve(penalised, e);
            }
            automaticEndings.playMove(request, penalised, queen.get(), MoveSource.ARBITER, null, report.observedAt(), events);
        }
        return events;
    }

    /**
     * The procedure for an illegal move that was completed (FIDE 2018 7.5.1-7.5.5, 2001 7.4, 1997 7.4, Code 1970
     * art. IX): restore the position before it, count it, apply the edition's penalty. {@code ply} is the ply the
     * illegal move had (state.ply() + 1 when it never entered the record).
     */
    List<EventMessage> illegalMove(GameRequest request, GameState state, Side mover, int ply, String attempted, String reason,
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

    /**
     * An illegal move made but not completed. FIDE 2018 7.5.1 (6.2.1): a move is completed by pressing the clock;
     * before that there is no penalty and the player must make a legal move, with the piece he moved if it can
     * (4.3). FIDE 1997 C.3 (blitz): the illegal move is complete once the opponent's clock is started, so the same.
     * FIDE 1997 7.4 and 2001 7.4a speak of an illegal move "made" (se ha hecho / realizado) and Code 1970 art. IX of
     * one played: there the move counts as an illegal move at once, with the edition's penalty (none in 1997
     * standard play outside the quickplay finish, 10.3; 2001 7.4b +2 min, the third loses).
     */
    List<EventMessage> illegalMoveNotCompleted(GameRequest request, ReportIllegalMoveNotCompleted report,
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
    List<EventMessage> completeIllegalMove(GameRequest request, PressClock press, GameState state) {
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
}

package org.torneo.game.core.game;

import java.util.StringJoiner;

import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.game.EventRegulations;
import org.torneo.contracts.game.MoveEvent.GameCancelled;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Square;
import org.torneo.game.core.draw.GameRecord;

/**
 * The state of one game: the fold of its events. Immutable; every change is a copy.
 *
 * @param phase            where the game is in its life
 * @param started          the start data (null before GameStarted); after a pairing correction (PlayersCorrected)
 *                         it names the corrected players, the pairing a new game is played under
 * @param rules            the edition's rules (null before GameStarted)
 * @param whitePlayerId    the player who actually has White (swapped when reversed colours stand, FIDE 7.2/7.3)
 * @param blackPlayerId    the player who actually has Black
 * @param record           the moves and positions of the current line (illegal moves taken back are gone from
 *                         it; the event log keeps them)
 * @param whiteIllegalMoves illegal moves White has made so far (FIDE 2018 7.5.5, 2001 7.4b)
 * @param blackIllegalMoves the same for Black
 * @param lastMoveCompleted whether the last move was completed by a clock press (FIDE 2018 6.2.1)
 * @param offerBy          the player whose draw offer is pending, or null
 * @param touchedThisTurn  the player to move has touched a piece (FIDE 2018 4.3, 9.4)
 * @param boundSquare      after a takeback, the square of the piece that must move if it can (FIDE 2018 7.5.1,
 *                         4.3), or -1
 * @param lastClock        the latest clock reading a move carried, or null
 * @param sealedBy         the player who sealed a move while adjourned, or null
 * @param sealedMove       the sealed move as written, or null
 * @param ended            the result once the game is over (corrected results replace it), or null
 * @param quickplayClaim   the quickplay-finish claim awaiting the arbiter (FIDE 1997/2001 10.2, 2018 III.5), or null
 * @param touched          the squares of the pieces (own or the opponent's) the player to move has touched on this
 *                         move, first touched first (FIDE 2018 4.3, 4.4); empty after each move
 * @param quickplayIncrement a five-second increment was introduced on request (FIDE 2018 III.4): the game is no longer
 *                         one without increment
 * @param resumption       the resumption of an adjourned game (never null; {@link Resumption#NONE} before any)
 * @param illegalMoveNotCompleted an illegal move the player to move made but has not completed by pressing his clock
 *                         (FIDE 2018 7.5.1), or null; pressing the clock now completes it
 * @param cancelled        the cancellation, when a pairing correction removed the game before it began (phase
 *                         CANCELLED: over, never played, no result), or null
 * @param touchMoveBreach  where touch-move is the opponent's claim (Code 1970 art. VIII, FIDE 1997 and 2001 4.6): the
 *                         last move broke what the touched pieces obliged, or the opponent's claim re-imposed it; or
 *                         null
 */
public record GameState(Phase phase, GameStarted started, EditionRules rules, String whitePlayerId,
                        String blackPlayerId, GameRecord record, int whiteIllegalMoves, int blackIllegalMoves,
                        boolean lastMoveCompleted, Side offerBy, boolean touchedThisTurn, int boundSquare,
                        ClockReading lastClock, Side sealedBy, String sealedMove, GameEnded ended,
                        QuickplayClaim quickplayClaim, java.util.List<Integer> touched, boolean quickplayIncrement,
                        Resumption resumption, String illegalMoveNotCompleted, GameCancelled cancelled,
                        TouchMoveBreach touchMoveBreach) {

    public GameState {
        touched = touched == null ? java.util.List.of() : java.util.List.copyOf(touched);
        resumption = resumption == null ? Resumption.NONE : resumption;
    }

    /**
     * What happened around the resumption of an adjourned game (FIDE 2018 I.9-I.13, 1997 A.9-A.12).
     *
     * @param envelopeLost  the envelope was declared lost: the sealed move is the one the sealer stated (I.12.1, A.11a)
     * @param absentClock   while adjourned: the absent player whose clock was started (I.9.2, I.9.3, I.11; A.9b-c),
     *                      or null
     * @param sealerAbsent  after the envelope was opened without the sealer: he is absent, so his opponent may seal
     *                      his reply in a new envelope (I.9.3, A.9c), or null
     * @param resumedAtPly  the ply after the sealed move of the latest resumption: clock errors are corrected while
     *                      no move has followed it (I.13, A.12); -1 when the game was never resumed
     */
    public record Resumption(boolean envelopeLost, Side absentClock, Side sealerAbsent, int resumedAtPly) {
        public static final Resumption NONE = new Resumption(false, null, null, -1);

        Resumption withAbsentClock(Side side) {
            return new Resumption(envelopeLost, side, sealerAbsent, resumedAtPly);
        }

        Resumption withSealerAbsent(Side side) {
            return new Resumption(envelopeLost, absentClock, side, resumedAtPly);
        }
    }

    /**
     * A move that broke the touch-move obligation where it is the opponent's claim (Code 1970 art. VIII third
     * paragraph, FIDE 1997 and 2001 4.6): it stands unless the opponent claims before touching a piece himself.
     *
     * @param ply     the ply of the move that broke it (claimed: the ply to be played again)
     * @param touched the squares touched before it, first touched first
     * @param claimed false: the move stands unless claimed; true: the opponent claimed, the move was taken back and
     *                the obligation is now enforced on this ply
     */
    public record TouchMoveBreach(int ply, java.util.List<Integer> touched, boolean claimed) {
        public TouchMoveBreach {
            touched = java.util.List.copyOf(touched);
        }
    }

    /**
     * Where a game is in its life. CANCELLED: a pairing correction removed the game before it began (C.04.2, C.04.3
     * of 2017 F.6-F.7); it is over without a result.
     */
    public enum Phase { NOT_STARTED, IN_PROGRESS, ADJOURNED, ENDED, CANCELLED }

    /**
     * A quickplay-finish claim the arbiter has not yet upheld or rejected.
     *
     * @param by        the claimant
     * @param kind      QUICKPLAY_FINISH (a draw claim, 1997/2001 10.2, 2018 III.5) or QUICKPLAY_INCREMENT (2018 III.4)
     * @param postponed the arbiter postponed his decision: the game goes on (FIDE 2018 III.5.2, 2001/1997 10.2b)
     * @param flagFell  the claimant's flag fell after the postponement: only the arbiter's decision ends the game
     */
    public record QuickplayClaim(Side by, org.torneo.contracts.game.DrawClaimKind kind, boolean postponed,
                                 boolean flagFell) {
    }

    public static final GameState INITIAL = new GameState(Phase.NOT_STARTED, null, null, null, null, null, 0, 0,
            true, null, false, -1, null, null, null, null, null, java.util.List.of(), false, Resumption.NONE, null,
            null, null);

    /** A filed quickplay-finish claim not yet decided: the clocks are stopped and the arbiter is called. */
    public boolean awaitingQuickplayDecision() {
        return quickplayClaim != null && (!quickplayClaim.postponed() || quickplayClaim.flagFell());
    }

    public EventRegulations regulations() {
        return started.regulations();
    }

    public Position position() {
        return record.position();
    }

    /** Plies played in this game (0 at the start position). */
    public int ply() {
        return record.ply();
    }

    /** The side to move now. */
    public Side sideToMove() {
        return toContract(record.position().sideToMove());
    }

    /** Who made the move of {@code ply} (1 = the first move of this game, whatever the start position). */
    public Side moverOf(int ply) {
        Side first = toContract(record.startPosition().sideToMove());
        return ply % 2 == 1 ? first : first.opponent();
    }

    /** Moves completed by {@code side} in this game. */
    public int movesMadeBy(Side side) {
        Side first = toContract(record.startPosition().sideToMove());
        int plies = record.ply();
        return side == first ? (plies + 1) / 2 : plies / 2;
    }

    public int illegalMovesOf(Side side) {
        return side == Side.WHITE ? whiteIllegalMoves : blackIllegalMoves;
    }

    public String playerOf(Side side) {
        return side == Side.WHITE ? whitePlayerId : blackPlayerId;
    }

    /** The game is over: ended with a result, or cancelled without one ({@link #isCancelled()}). */
    public boolean isOver() {
        return phase == Phase.ENDED || phase == Phase.CANCELLED;
    }

    /** A pairing correction cancelled the game before it began: over, never played, no result. */
    public boolean isCancelled() {
        return phase == Phase.CANCELLED;
    }

    public GameResult result() {
        return ended == null ? null : ended.result();
    }

    static Side toContract(org.torneo.game.core.board.Side side) {
        return side == org.torneo.game.core.board.Side.WHITE ? Side.WHITE : Side.BLACK;
    }

    static org.torneo.game.core.board.Side toBoard(Side side) {
        return side == Side.WHITE ? org.torneo.game.core.board.Side.WHITE : org.torneo.game.core.board.Side.BLACK;
    }

    /**
     * Everything the state holds, as text (the game record by its positions): two states with the same
     * fingerprint decide every command alike. Used by the replay tests; GameRecord has no value equality.
     */
    public String fingerprint() {
        StringJoiner j = new StringJoiner("|");
        j.add(String.valueOf(phase)).add(String.valueOf(started)).add(whitePlayerId).add(blackPlayerId)
                .add(String.valueOf(whiteIllegalMoves)).add(String.valueOf(blackIllegalMoves))
                .add(String.valueOf(lastMoveCompleted)).add(String.valueOf(offerBy))
                .add(String.valueOf(touchedThisTurn))
                .add(boundSquare < 0 ? "-" : Square.name(boundSquare)).add(String.valueOf(lastClock))
                .add(String.valueOf(sealedBy)).add(String.valueOf(sealedMove)).add(String.valueOf(ended))
                .add(String.valueOf(quickplayClaim)).add(String.valueOf(touched))
                .add(String.valueOf(quickplayIncrement)).add(String.valueOf(resumption))
                .add(String.valueOf(illegalMoveNotCompleted)).add(String.valueOf(cancelled))
                .add(String.valueOf(touchMoveBreach));
        if (record != null) {
            for (Position p : record.positions()) {
                j.add(p.toFen());
            }
        }
        return j.toString();
    }

    GameState with(Phase newPhase) {
        return copy(c -> c.phase = newPhase);
    }

    GameState withRecord(GameRecord newRecord, boolean completed, ClockReading clock) {
        return copy(c -> {
            c.record = newRecord;
            c.lastMoveCompleted = completed;
            c.touchedThisTurn = false;
            c.boundSquare = -1;
            c.lastClock = clock;
            c.touched = java.util.List.of();
            c.illegalMoveNotCompleted = null;
            c.touchMoveBreach = null;
        });
    }

    /**
     * The breach of touch-move the last move made (null: none), or, once the opponent claimed it, the touches
     * re-imposed on the ply played again (Code 1970 art. VIII, FIDE 1997/2001 4.6).
     */
    GameState withTouchMoveBreach(TouchMoveBreach breach) {
        return copy(c -> {
            c.touchMoveBreach = breach;
            if (breach != null && breach.claimed()) {
                c.touched = breach.touched();
                c.touchedThisTurn = true;
            }
        });
    }

    GameState withOffer(Side newOfferBy) {
        return copy(c -> c.offerBy = newOfferBy);
    }

    GameState withCompleted(boolean completed) {
        return copy(c -> c.lastMoveCompleted = completed);
    }

    GameState withTouched(int square) {
        return copy(c -> {
            c.touchedThisTurn = true;
            if (square >= 0 && !touched.contains(square)) {
                c.touched = new java.util.ArrayList<>(touched);
                c.touched.add(square);
            }
        });
    }

    GameState withIllegalMoves(int white, int black, int newBoundSquare) {
        return copy(c -> {
            c.whiteIllegalMoves = white;
            c.blackIllegalMoves = black;
            c.boundSquare = newBoundSquare;
            c.illegalMoveNotCompleted = null;
        });
    }

    GameState withIllegalMoveNotCompleted(String attempted, int newBoundSquare) {
        return copy(c -> {
            c.boundSquare = newBoundSquare;
            c.illegalMoveNotCompleted = attempted;
        });
    }

    GameState withResumption(Resumption newResumption) {
        return copy(c -> c.resumption = newResumption);
    }

    GameState withPlayers(String white, String black) {
        return copy(c -> {
            c.whitePlayerId = white;
            c.blackPlayerId = black;
        });
    }

    GameState withStarted(GameStarted newStarted) {
        return copy(c -> c.started = newStarted);
    }

    GameState withSeal(Side by, String move) {
        return copy(c -> {
            c.sealedBy = by;
            c.sealedMove = move;
        });
    }

    GameState withQuickplayClaim(QuickplayClaim claim) {
        return copy(c -> c.quickplayClaim = claim);
    }

    GameState withQuickplayIncrement() {
        return copy(c -> {
            c.quickplayClaim = null;
            c.quickplayIncrement = true;
        });
    }

    GameState withEnded(GameEnded result) {
        return copy(c -> {
            c.phase = Phase.ENDED;
            c.offerBy = null;
            c.ended = result;
        });
    }

    GameState withCancelled(GameCancelled cancellation) {
        return copy(c -> {
            c.phase = Phase.CANCELLED;
            c.offerBy = null;
            c.ended = null;
            c.quickplayClaim = null;
            c.cancelled = cancellation;
        });
    }

    /** This state with the fields {@code change} sets; every other field as it is. */
    private GameState copy(java.util.function.Consumer<Copy> change) {
        Copy c = new Copy(this);
        change.accept(c);
        return new GameState(c.phase, c.started, c.rules, c.whitePlayerId, c.blackPlayerId, c.record,
                c.whiteIllegalMoves, c.blackIllegalMoves, c.lastMoveCompleted, c.offerBy, c.touchedThisTurn,
                c.boundSquare, c.lastClock, c.sealedBy, c.sealedMove, c.ended, c.quickplayClaim, c.touched,
                c.quickplayIncrement, c.resumption, c.illegalMoveNotCompleted, c.cancelled, c.touchMoveBreach);
    }

    /** The fields of a state being copied, to change a few by name (the constructor takes 23 in order). */
    private static final class Copy {
        Phase phase;
        GameStarted started;
        EditionRules rules;
        String whitePlayerId;
        String blackPlayerId;
        GameRecord record;
        int whiteIllegalMoves;
        int blackIllegalMoves;
        boolean lastMoveCompleted;
        Side offerBy;
        boolean touchedThisTurn;
        int boundSquare;
        ClockReading lastClock;
        Side sealedBy;
        String sealedMove;
        GameEnded ended;
        QuickplayClaim quickplayClaim;
        java.util.List<Integer> touched;
        boolean quickplayIncrement;
        Resumption resumption;
        String illegalMoveNotCompleted;
        GameCancelled cancelled;
        TouchMoveBreach touchMoveBreach;

        Copy(GameState s) {
            phase = s.phase;
            started = s.started;
            rules = s.rules;
            whitePlayerId = s.whitePlayerId;
            blackPlayerId = s.blackPlayerId;
            record = s.record;
            whiteIllegalMoves = s.whiteIllegalMoves;
            blackIllegalMoves = s.blackIllegalMoves;
            lastMoveCompleted = s.lastMoveCompleted;
            offerBy = s.offerBy;
            touchedThisTurn = s.touchedThisTurn;
            boundSquare = s.boundSquare;
            lastClock = s.lastClock;
            sealedBy = s.sealedBy;
            sealedMove = s.sealedMove;
            ended = s.ended;
            quickplayClaim = s.quickplayClaim;
            touched = s.touched;
            quickplayIncrement = s.quickplayIncrement;
            resumption = s.resumption;
            illegalMoveNotCompleted = s.illegalMoveNotCompleted;
            cancelled = s.cancelled;
            touchMoveBreach = s.touchMoveBreach;
        }
    }
}

package org.torneo.game.core.game;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.ClaimEvent.ClaimFiled;
import org.torneo.contracts.game.ClaimEvent.ClaimPostponed;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.contracts.game.ClaimEvent.ClaimUpheld;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.ClaimEvent.DrawAgreed;
import org.torneo.contracts.game.ClaimEvent.FlagFellDuringPostponedClaim;
import org.torneo.contracts.game.ClaimEvent.QuickplayIncrementGranted;
import org.torneo.contracts.game.ClaimEvent.DrawOfferDeclined;
import org.torneo.contracts.game.ClaimEvent.DrawOffered;
import org.torneo.contracts.game.ClaimEvent.RulingIssued;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.GameEvent;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.MoveEvent.ColoursReversedFound;
import org.torneo.contracts.game.MoveEvent.EnvelopeLost;
import org.torneo.contracts.game.MoveEvent.GameCancelled;
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
import org.torneo.contracts.game.MoveEvent.PlayersCorrected;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.results.ResultEvent.ResultCorrected;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.PieceType;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Square;
import org.torneo.game.core.draw.GameRecord;
import org.torneo.game.core.notation.MoveParser;
import org.torneo.game.core.notation.ParsedMove;

/** The fold of the game's events: what each event changes in {@link GameState}. Events are facts: no checks. */
final class GameEvolution {

    private static final Pattern FROM_SQUARE = Pattern.compile("^\\s*[KQRBNPDTACkqrbnp]?([a-h][1-8])\\s*[-x:]?\\s*[a-h][1-8]");

    private GameEvolution() {
    }

    /**
     * The boundary: the runtime's event type is the open {@link EventMessage} (a game's stream holds events of two
     * sealed roots in two packages, {@link GameEvent} and {@link ResultEvent}, and a sealed root cannot span
     * packages outside a named module). Narrowed here, once, to those roots; anything else is not a game's event.
     */
    static GameState evolve(GameState state, EventMessage event) {
        if (event instanceof GameEvent game) {
            return evolve(state, game);
        }
        if (event instanceof ResultEvent result) {
            return evolve(state, result);
        }
        throw new IllegalArgumentException("not an event of a game's stream: " + event.getClass().getName());
    }

    /** Every event of the game's own sealed roots, with no default: the compiler proves each is handled. */
    static GameState evolve(GameState state, GameEvent event) {
        return switch (event) {
            case MoveEvent move -> moved(state, move);
            case ClaimEvent claim -> claimed(state, claim);
        };
    }

    /** Every event of the results' sealed root the game writes, with no default. */
    static GameState evolve(GameState state, ResultEvent event) {
        return resulted(state, event);
    }

    private static GameState moved(GameState state, MoveEvent event) {
        return switch (event) {
            case GameStarted started -> started(started);
            case MovePlayed played -> played(state, played);
            case MoveCompleted completed -> state.withCompleted(true);
            case PieceTouched touched -> touch(state, touched);
            case IllegalMoveRecorded illegal -> illegalMove(state, illegal);
            case MovesTakenBack back -> takenBack(state, back);
            case MoveSealed sealed -> state.withSeal(sealed.by(), sealed.move()).with(GameState.Phase.ADJOURNED)
                    .withResumption(new GameState.Resumption(false, null, null, state.resumption().resumedAtPly()));
            // the sealed move follows as MovePlayed: the first move after the resumption is the one after it
            case GameResumed resumed -> state.withSeal(null, null).with(GameState.Phase.IN_PROGRESS)
                    .withResumption(new GameState.Resumption(state.resumption().envelopeLost(), null, null,
                            state.ply() + 1));
            // FIDE 2018 I.12.1, 1997 A.11a: the stated move takes the sealed move's place
            case EnvelopeLost lost -> state.withSeal(lost.sealedBy(), lost.statedMove())
                    .withResumption(new GameState.Resumption(true, state.resumption().absentClock(), null,
                            state.resumption().resumedAtPly()));
            case PlayerAbsentAtResumption absent -> absent.clockStarted()
                    ? state.withResumption(state.resumption().withAbsentClock(absent.side()))
                    : state.withResumption(state.resumption().withSealerAbsent(absent.side()));
            // FIDE 2018 7.5.1, 4.3: not completed, so no penalty; the piece moved must make the legal move if it can
            case IllegalMoveNotCompleted made -> state.withIllegalMoveNotCompleted(made.attempted(),
                    pieceMoved(state, made.attempted(), made.by()));
            case ColoursReversedFound reversed -> reversed.newGame()
                    ? restart(state)
                    : state.withPlayers(state.blackPlayerId(), state.whitePlayerId());
            // C.04.2; C.04.3 (2017) F.6-F.7: the arbiter's correction is now the pairing: a new game after an
            // annulment or reversed colours (FIDE 2018 7.3) is played by the corrected players
            case PlayersCorrected corrected -> correctedPlayers(state, corrected);
            // C.04.2; C.04.3 (2017) F.6-F.7: the corrected pairing no longer has this game: over, unplayed, no result
            case GameCancelled cancelled -> state.withCancelled(cancelled);
        };
    }

    private static GameState claimed(GameState state, ClaimEvent event) {
        return switch (event) {
            case DrawOffered offered -> state.withOffer(offered.by());
            case DrawOfferDeclined declined -> state.withOffer(null);
            case DrawAgreed agreed -> state.withOffer(null);
            case RulingIssued ruling -> ruling.kind() == RulingKind.ANNUL_GAME ? restart(state) : state;
            // FIDE 1997/2001 10.2, 2018 III.5: the quickplay-finish claim waits for the arbiter
            case ClaimFiled filed -> isQuickplay(filed.kind())
                    ? state.withQuickplayClaim(new GameState.QuickplayClaim(filed.by(), filed.kind(), false, false))
                    : state;
            case ClaimPostponed postponed -> state.withQuickplayClaim(
                    new GameState.QuickplayClaim(postponed.by(), postponed.kind(), true, false));
            case FlagFellDuringPostponedClaim fell -> state.withQuickplayClaim(new GameState.QuickplayClaim(
                    state.quickplayClaim().by(), state.quickplayClaim().kind(), true, true));
            case ClaimRejected rejected -> isQuickplay(rejected.kind()) ? state.withQuickplayClaim(null) : state;
            // FIDE 2018 III.4: from now on the game has an increment
            case QuickplayIncrementGranted granted -> state.withQuickplayIncrement();
            // an upheld claim ends the game by the GameEnded that follows it; a refusal changes nothing
            case ClaimUpheld upheld -> state;
            case CommandRejected rejected -> state;
        };
    }

    private static GameState resulted(GameState state, ResultEvent event) {
        return switch (event) {
            case GameEnded ended -> state.withEnded(ended);
            case ResultCorrected corrected -> {
                GameEnded old = state.ended();
                yield state.withEnded(new GameEnded(old.gameId(), old.tournamentId(), old.round(), old.board(),
                        old.whitePlayerId(), old.blackPlayerId(), corrected.result(), corrected.whiteHalfPoints(),
                        corrected.blackHalfPoints(), old.reason(), old.article(), corrected.played(), old.endedAt(),
                        old.completedPlies()));
            }
        };
    }

    private static GameState played(GameState state, MovePlayed played) {
        Move move = moveOf(state.position(), played.uci());
        GameState.TouchMoveBreach breach = touchMoveBreach(state, move, played.ply());
        GameState moved = state.withRecord(state.record().play(move), played.clock() != null,
                played.clock() != null ? played.clock() : state.lastClock()).withTouchMoveBreach(breach);
        // FIDE 2018 I.9.3, 1997 A.9c: once the opponent of an absent sealer has moved, the new-envelope right is gone
        return moved.resumption().sealerAbsent() == null ? moved
                : moved.withResumption(moved.resumption().withSealerAbsent(null));
    }

    private static GameState illegalMove(GameState state, IllegalMoveRecorded illegal) {
        if (illegal.stands() && illegal.ply() == state.ply() + 1) {
            // FIDE 2018 A.4.2, 1997 C.3: the unclaimed illegal move is on the board (attempted is its UCI)
            Move irregular = state.position().irregularMove(Square.parse(illegal.attempted().substring(0, 2)),
                    Square.parse(illegal.attempted().substring(2, 4)),
                    illegal.attempted().length() > 4 ? promotion(illegal.attempted().charAt(4)) : null);
            return state.withRecord(state.record().playIrregular(irregular), true, state.lastClock());
        }
        if (illegal.stands()) {
            return state;
        }
        int white = illegal.by() == Side.WHITE ? illegal.countForPlayer() : state.whiteIllegalMoves();
        int black = illegal.by() == Side.BLACK ? illegal.countForPlayer() : state.blackIllegalMoves();
        return state.withIllegalMoves(white, black, touchedPiece(state, illegal));
    }

    private static GameState takenBack(GameState state, MovesTakenBack back) {
        GameRecord r = state.record();
        while (r.ply() > back.keptPlies()) {
            r = r.previous();
        }
        GameState.TouchMoveBreach breach = state.touchMoveBreach();
        GameState restored = state.withRecord(r, true, state.lastClock());
        // Code 1970 art. VIII, FIDE 1997/2001 4.6: the opponent claimed the breach: the move is taken back
        // and the touched pieces oblige again
        return breach != null && !breach.claimed() && back.keptPlies() == breach.ply() - 1
                ? restored.withTouchMoveBreach(new GameState.TouchMoveBreach(breach.ply(), breach.touched(), true))
                : restored;
    }

    /**
     * Where touch-move is the opponent's claim (Code 1970 art. VIII, FIDE 1997 and 2001 4.6), a move that breaks what
     * the touched pieces oblige is played and stands unless the opponent claims; this is that breach, or null.
     */
    private static GameState.TouchMoveBreach touchMoveBreach(GameState state, Move move, int ply) {
        GameState.TouchMoveBreach now = state.touchMoveBreach();
        if (state.touched().isEmpty() || !state.rules().touchMoveIsAClaim() || now != null && now.claimed()) {
            return null;
        }
        var obligation = org.torneo.game.core.touchmove.TouchMove.obligation(state.position(), state.touched(),
                state.rules().ruleset().edition());
        return obligation.isPresent() && !obligation.get().allows(move)
                ? new GameState.TouchMoveBreach(ply, state.touched(), false) : null;
    }

    static boolean isQuickplay(DrawClaimKind kind) {
        return kind == DrawClaimKind.QUICKPLAY_FINISH || kind == DrawClaimKind.QUICKPLAY_INCREMENT;
    }

    private static GameState started(GameStarted started) {
        Position initial = Position.fromFen(started.initialFen());
        return new GameState(GameState.Phase.IN_PROGRESS, started, EditionRules.of(started.ruleset()),
                started.whitePlayerId(), started.blackPlayerId(), GameRecord.start(initial), 0, 0, true, null, false,
                -1, null, null, null, null, null, java.util.List.of(), false, GameState.Resumption.NONE, null, null,
                null);
    }

    /**
     * FIDE 2018 4.3, 4.4 (1997/2001 4.3, 4.4; Code 1970 art. VIII): the touched pieces, in order; what they oblige the
     * player to play is decided when he moves ({@link org.torneo.game.core.touchmove.TouchMove}).
     */
    private static GameState touch(GameState state, PieceTouched touched) {
        int square = touched.square() == null ? -1 : Square.parse(touched.square());
        return state.withTouched(square);
    }

    /** The corrected players take the game, and its start data, as if the round had been paired so. */
    private static GameState correctedPlayers(GameState state, PlayersCorrected corrected) {
        GameStarted s = state.started();
        GameStarted asCorrected = s.withPlayers(corrected.whitePlayerId(), corrected.blackPlayerId());
        return state.withStarted(asCorrected).withPlayers(corrected.whitePlayerId(), corrected.blackPlayerId());
    }

    /** A new game from the start position with the colours as paired (FIDE 2018 7.2.1, 7.3). */
    private static GameState restart(GameState state) {
        return started(state.started());
    }

    /** FIDE 2018 7.5.1 / 4.3: the piece of the illegal move, back on its square, must move if it can. */
    private static int touchedPiece(GameState state, IllegalMoveRecorded illegal) {
        return ownPieceOn(state, illegal.attempted(), illegal.by());
    }

    /**
     * The square of the piece an illegal move moved: the from-square when written, else the only piece of {@code by}
     * of the named kind ("Ke3": the king; English letters first, as the move reader, then Spanish D, T, A, C); -1 when
     * it cannot be told.
     */
    private static int pieceMoved(GameState state, String attempted, Side by) {
        int written = ownPieceOn(state, attempted, by);
        if (written >= 0 || attempted.isBlank()) {
            return written;
        }
        PieceType type = switch (attempted.strip().charAt(0)) {
            case 'K' -> PieceType.KING;
            case 'Q', 'D' -> PieceType.QUEEN;
            case 'R', 'T' -> PieceType.ROOK;
            case 'B', 'A' -> PieceType.BISHOP;
            case 'N', 'C' -> PieceType.KNIGHT;
            default -> null;
        };
        if (type == null) {
            return -1;
        }
        long pieces = state.position().pieces(GameState.toBoard(by), type);
        return Long.bitCount(pieces) == 1 ? Long.numberOfTrailingZeros(pieces) : -1;
    }

    /** The from-square of a move written with it, when a piece of {@code by} stands there; else -1. */
    private static int ownPieceOn(GameState state, String attempted, Side by) {
        Matcher m = FROM_SQUARE.matcher(attempted);
        if (!m.find()) {
            return -1;
        }
        int square = Square.parse(m.group(1));
        var side = state.position().pieceSideAt(square);
        return side.isPresent() && GameState.toContract(side.get()) == by ? square : -1;
    }

    /** The legal move a recorded UCI string names (standard or Chess960 castling form). */
    static Move moveOf(Position position, String uci) {
        if (uci.length() >= 4) {
            int from = Square.parse(uci.substring(0, 2));
            int to = Square.parse(uci.substring(2, 4));
            PieceType promotion = uci.length() > 4 ? promotion(uci.charAt(4)) : null;
            var move = position.legalMove(from, to, promotion);
            if (move.isPresent()) {
                return move.get();
            }
        }
        ParsedMove parsed = MoveParser.parse(position, uci, MoveParser.Language.ENGLISH);
        return parsed.move(); // a recorded move is legal: anything else is a corrupt log
    }

    private static PieceType promotion(char c) {
        return switch (Character.toLowerCase(c)) {
            case 'q' -> PieceType.QUEEN;
            case 'r' -> PieceType.ROOK;
            case 'b' -> PieceType.BISHOP;
            case 'n' -> PieceType.KNIGHT;
            default -> null;
        };
    }
}

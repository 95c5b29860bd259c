package org.torneo.cli.demo;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import org.torneo.contracts.Side;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Square;
import org.torneo.game.core.draw.InsufficientMaterial;
import org.torneo.game.core.notation.MoveParser;
import org.torneo.game.core.notation.ParsedMove;
import org.torneo.game.core.notation.San;

/**
 * What happens at one board, decided before the game starts from the demo seed, the round and the board
 * alone (same seed, same game): a master game replayed, or engine-free random legal play with now and
 * then a declined draw offer, a wrong claim, an illegal move (twice: a loss), and an ending by resignation,
 * agreement, a player who stops moving until the clock service sees his flag fall (some of them capture-hungry
 * players who let their flag fall against a lone king: drawn), a valid claim, or whatever the position itself
 * ends in (mate, stalemate, dead position). Games that end on the clock carry no penalties that give time away,
 * so their flag falls within the base time. Every move carries its phase (opening, middlegame, endgame), on which
 * the simulated player's thinking time depends. The game service rules on every step; the plan only makes sure
 * the moves are legal where they should be.
 */
public final class GamePlanner {

    /** Share of boards that replay a master game. */
    static final int MASTER_PERCENT = 8;
    /** Share of random games played by a capture-hungry pair that ends with a flag against a lone king. */
    static final int LONE_KING_FLAG_PERCENT = 5;
    /** Moves of each side counted as the opening (played from preparation, quickly). */
    static final int OPENING_MOVES = 8;
    /** Non-pawn material of both sides together (N, B = 3, R = 5, Q = 9) at or below which a game is an endgame. */
    static final int ENDGAME_MATERIAL = 26;

    public record GamePlan(String kind, List<Step> steps) {
        public long moves() {
            return steps.stream().filter(s -> s instanceof Step.Play).count();
        }
    }

    private GamePlanner() {
    }

    public static GamePlan plan(long seed, int round, int board) {
        Random random = new Random(((seed * 1_000_003L) + round) * 1_000_033L + board);
        if (random.nextInt(100) < MASTER_PERCENT) {
            List<MasterGames.MasterGame> masters = MasterGames.all();
            return master(masters.get(random.nextInt(masters.size())));
        }
        return randomGame(random);
    }

    static GamePlan master(MasterGames.MasterGame game) {
        List<Step> steps = new ArrayList<>();
        Position position = Position.initial();
        for (String san : game.sans()) {
            Side mover = side(position);
            ParsedMove parsed = MoveParser.parse(position, san, MoveParser.Language.ENGLISH);
            if (!parsed.isOk()) {
                throw new IllegalStateException("master game " + game.title() + ": " + ((ParsedMove.Error) parsed).message());
            }
            steps.add(new Step.Play(mover, san, phase(position)));
            position = position.play(parsed.move());
        }
        if (!position.isCheckmate()) {
            switch (game.result()) {
                case "1-0" -> steps.add(new Step.Resign(Side.BLACK));
                case "0-1" -> steps.add(new Step.Resign(Side.WHITE));
                default -> {
                    steps.add(new Step.Offer(side(position).opponent()));
                    steps.add(new Step.Accept(side(position)));
                }
            }
        }
        return new GamePlan("master " + game.title(), List.copyOf(steps));
    }

    static GamePlan randomGame(Random random) {
        int target = 20 + random.nextInt(90);
        int declinedOfferAt = random.nextInt(100) < 10 ? 8 + random.nextInt(40) : -1;
        int wrongClaimAt = random.nextInt(100) < 5 ? 12 + random.nextInt(40) : -1;
        int illegalAt = random.nextInt(100) < 8 ? 10 + random.nextInt(40) : -1; // tried from then on
        boolean secondIllegal = illegalAt > 0 && random.nextInt(4) == 0;
        int endingRoll = random.nextInt(100);
        boolean captureHungry = random.nextInt(100) < LONE_KING_FLAG_PERCENT;
        boolean flagPlanned = captureHungry || (endingRoll >= 45 && endingRoll < 55);
        if (flagPlanned) {
            // a penalty would give the player who lets his flag fall minutes more (FIDE 2018 7.5.5, 9.5.3)
            wrongClaimAt = -1;
            illegalAt = -1;
            secondIllegal = false;
        }
        // some players repeat at once (knights out and back twice): the third occurrence is claimed, validly
        List<String> shuffle = random.nextInt(100) < 4
                ? List.of("Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8") : List.of();

        List<Step> steps = new ArrayList<>();
        Map<Long, Integer> seen = new HashMap<>();
        Position position = Position.initial();
        seen.merge(position.repetitionKey(), 1, Integer::sum);
        int ply = 0;
        Side illegalSide = null;
        int illegalCount = 0;
        String kind = "random";
        while (true) {
            if (position.legalMoveCount() == 0 || InsufficientMaterial.chessJsRule(position)) {
                kind = position.isCheckmate() ? "random, mate" : "random, drawn position";
                break; // FIDE 2018 5.1.1, 5.2.1, 5.2.2: the game service ends it on the move itself
            }
            Side toMove = side(position);
            if (seen.get(position.repetitionKey()) >= 3) {
                steps.add(new Step.Claim(toMove, DrawClaimKind.THREEFOLD)); // FIDE 2018 9.2.1.2: valid
                kind = "random, threefold claim";
                break;
            }
            if (position.halfmoveClock() >= 100) {
                steps.add(new Step.Claim(toMove, DrawClaimKind.FIFTY_MOVES)); // FIDE 2018 9.3.2: valid
                kind = "random, fifty-move claim";
                break;
            }
            if (flagPlanned && bareKing(position, toMove.opponent())) {
                steps.add(new Step.FlagFall(toMove)); // FIDE 2018 6.9: a lone king cannot mate, drawn
                kind = "random, flag fall against a lone king";
                break;
            }
            if (ply >= target && !(captureHungry && ply < target + 80)) {
                if (endingRoll < 45) {
                    steps.add(new Step.Resign(toMove));
                    kind = "random, resigned";
                } else if (flagPlanned) {
                    steps.add(new Step.FlagFall(toMove));
                    kind = "random, flag fall";
                } else {
                    steps.add(new Step.Offer(toMove.opponent()));
                    steps.add(new Step.Accept(toMove));
                    kind = "random, agreed draw";
                }
                break;
            }
            if (ply == wrongClaimAt) {
                // FIDE 2018 9.5.3 (wrong claim: the opponent gets time) and 9.1.2.3 (it is also a draw offer)
                steps.add(new Step.Claim(toMove, DrawClaimKind.THREEFOLD));
            }
            int boundSquare = Square.NONE;
            boolean illegalNow = (illegalAt >= 0 && ply >= illegalAt && illegalCount == 0) || (secondIllegal && illegalCount == 1 && toMove == illegalSide
                    && ply >= illegalAt + 6);
            if (illegalNow) {
                Optional<String> illegal = illegalMove(position);
                if (illegal.isPresent()) {
                    steps.add(new Step.Illegal(toMove, illegal.get()));
                    illegalSide = toMove;
                    illegalCount++;
                    if (illegalCount == 2) {
                        kind = "random, second illegal move"; // FIDE 2018 7.5.5: the game is lost
                        break;
                    }
                    boundSquare = pieceSquareOf(position, illegal.get());
                }
            }
            List<Move> moves = boundSquare >= 0 && !position.legalMovesFrom(boundSquare).isEmpty()
                    ? position.legalMovesFrom(boundSquare) // FIDE 2018 4.3 / 7.5.1: the touched piece moves
                    : position.legalMoves();
            if (captureHungry && random.nextInt(10) < 9) {
                Position before = position;
                List<Move> captures = moves.stream().filter(m -> isCapture(before, m)).toList();
                moves = captures.isEmpty() ? moves : captures;
            }
            Move move = ply < shuffle.size() && boundSquare < 0
                    ? ((ParsedMove.Ok) MoveParser.parse(position, shuffle.get(ply), MoveParser.Language.ENGLISH)).move()
                    : moves.get(random.nextInt(moves.size()));
            steps.add(new Step.Play(toMove, San.write(position, move), phase(position)));
            position = position.play(move);
            seen.merge(position.repetitionKey(), 1, Integer::sum);
            ply++;
            if (ply - 1 == declinedOfferAt && position.legalMoveCount() > 0) {
                steps.add(new Step.Offer(toMove)); // declined by the opponent's next move (FIDE 2018 9.1.2.2)
            }
        }
        return new GamePlan(kind, List.copyOf(steps));
    }

    /** The phase a move is made in: the first moves of each side, then by the material left on the board. */
    static Step.Phase phase(Position position) {
        if (position.fullmoveNumber() <= OPENING_MOVES) {
            return Step.Phase.OPENING;
        }
        int material = 0;
        for (org.torneo.game.core.board.Side side : org.torneo.game.core.board.Side.values()) {
            material += 3 * Long.bitCount(position.pieces(side, org.torneo.game.core.board.PieceType.KNIGHT)
                    | position.pieces(side, org.torneo.game.core.board.PieceType.BISHOP))
                    + 5 * Long.bitCount(position.pieces(side, org.torneo.game.core.board.PieceType.ROOK))
                    + 9 * Long.bitCount(position.pieces(side, org.torneo.game.core.board.PieceType.QUEEN));
        }
        return material <= ENDGAME_MATERIAL ? Step.Phase.ENDGAME : Step.Phase.MIDDLEGAME;
    }

    private static boolean isCapture(Position position, Move move) {
        return move.isEnPassant() || (!move.isCastling() && position.pieceTypeAt(move.to()).isPresent());
    }

    /**
     * A move the side to move could make with a king or piece but that leaves or puts its own king in check
     * (FIDE 2018 3.9): the king stepping into an attacked square, or a pinned piece moving.
     */
    static Optional<String> illegalMove(Position position) {
        for (String piece : List.of("K", "N", "B", "R", "Q")) {
            for (int square = 0; square < 64; square++) {
                for (String capture : List.of("", "x")) {
                    String text = piece + capture + Square.name(square);
                    if (MoveParser.parse(position, text, MoveParser.Language.ENGLISH) instanceof ParsedMove.Error error
                            && error.reason().startsWith("is illegal")) {
                        return Optional.of(text);
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** The square of the piece an illegal move text names (it is the one the player touched). */
    private static int pieceSquareOf(Position position, String text) {
        String reason = ((ParsedMove.Error) MoveParser.parse(position, text, MoveParser.Language.ENGLISH)).reason();
        int on = reason.indexOf(" on ");
        return on < 0 ? Square.NONE : Square.parse(reason.substring(on + 4, on + 6));
    }

    private static boolean bareKing(Position position, Side side) {
        org.torneo.game.core.board.Side board = side == Side.WHITE ? org.torneo.game.core.board.Side.WHITE
                : org.torneo.game.core.board.Side.BLACK;
        for (org.torneo.game.core.board.PieceType type : org.torneo.game.core.board.PieceType.values()) {
            if (type != org.torneo.game.core.board.PieceType.KING && position.pieces(board, type) != 0) {
                return false;
            }
        }
        return true;
    }

    static Side side(Position position) {
        return position.sideToMove() == org.torneo.game.core.board.Side.WHITE ? Side.WHITE : Side.BLACK;
    }
}

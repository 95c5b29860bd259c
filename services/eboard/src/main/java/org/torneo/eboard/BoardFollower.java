package org.torneo.eboard;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.PieceType;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Side;
import org.torneo.game.core.board.Square;
import org.torneo.game.core.notation.MoveParser;
import org.torneo.game.core.notation.ParsedMove;
import org.torneo.game.core.notation.San;

/**
 * Follows one e-board's game: given the moves already submitted (the game's position) and a LiveChess feed message,
 * decides what to submit. Plain and deterministic: no clock, no I/O; the bridge feeds it and sends what it decides.
 *
 * <ul>
 *   <li>New moves are those of {@code san} beyond the ones submitted (several may come in one message); a repeated
 *       message, or castling reported again, adds nothing.</li>
 *   <li>Each new move is read in the game's position by the Laws' own move reader; the first that is not legal stops
 *       the message ({@link BoardDecision.NotLegal}), and the next message may bring the legal one.</li>
 *   <li>Without {@code san} (a message with the placement only), the move is the one legal move whose result is the
 *       placement the sensors read (a position diff).</li>
 *   <li>While the board does not match ({@code match} false), nothing is submitted ({@link BoardDecision.Misplaced}).</li>
 *   <li>A record that no longer starts with the submitted moves (a takeback on the board) submits nothing
 *       ({@link BoardDecision.Diverged}): a completed move stands (FIDE 2018 4.7); the arbiter decides.</li>
 *   <li>The clock after a move is the DGT clock's latest reading, in milliseconds.</li>
 * </ul>
 */
public final class BoardFollower {

    private final String startFen;
    private Position position;
    private final List<String> submitted = new ArrayList<>();
    private EboardEvent.Clock clock;

    /** A game from the standard start position. */
    public BoardFollower() {
        this(Position.initial().toFen());
    }

    /** A game from this position (FEN), e.g. a Chess960 start. */
    public BoardFollower(String startFen) {
        this.startFen = startFen;
        this.position = Position.fromFen(startFen);
    }

    /** The moves submitted so far (SAN), in order. */
    public List<String> submitted() {
        return List.copyOf(submitted);
    }

    /** The game's position after the submitted moves (FEN). */
    public String fen() {
        return position.toFen();
    }

    /**
     * Records that the game service already has these moves (a bridge restarted mid-game reads them from the game),
     * so they are not submitted again.
     *
     * @throws IllegalArgumentException naming the first move that is not legal
     */
    public void alreadyRecorded(List<String> sans) {
        for (String san : sans) {
            ParsedMove parsed = MoveParser.parse(position, san, MoveParser.Language.ENGLISH);
            if (!(parsed instanceof ParsedMove.Ok ok)) {
                throw new IllegalArgumentException("recorded move " + (submitted.size() + 1) + " '" + san
                        + "' is not legal: " + ((ParsedMove.Error) parsed).reason());
            }
            submitted.add(San.write(position, ok.move()));
            position = position.play(ok.move());
        }
    }

    /** Decides one feed message of this board. */
    public List<BoardDecision> decide(EboardEvent event) {
        if (event.clock() != null) {
            clock = event.clock();
        }
        List<BoardDecision> out = new ArrayList<>();
        String placement = event.board() == null ? null
                : event.flipped() ? rotated(event.board()) : event.board();
        if (placement != null && kingsInCentre(placement)) {
            out.add(new BoardDecision.KingsInCentre(placement));
        }
        if (!event.match()) {
            out.add(new BoardDecision.Misplaced(submitted.size() + 1, placement, placement(position)));
            return out;
        }
        if (event.san() == null) {
            if (placement != null && !placement.equals(placement(position))) {
                Optional<Move> move = moveTo(placement);
                if (move.isPresent()) {
                    out.add(submit(move.get()));
                } else {
                    out.add(new BoardDecision.Misplaced(submitted.size() + 1, placement, placement(position)));
                }
            }
            return out;
        }
        if (event.start() != null && !samePosition(event.start(), startFen)) {
            out.add(new BoardDecision.Diverged(1, "start " + startFen, "start " + event.start()));
            return out;
        }
        List<String> onBoard = event.san();
        int common = 0;
        while (common < submitted.size() && common < onBoard.size()
                && sameMove(submitted.get(common), onBoard.get(common))) {
            common++;
        }
        if (common < submitted.size()) {
            out.add(new BoardDecision.Diverged(common + 1, submitted.get(common),
                    common < onBoard.size() ? onBoard.get(common) : "(no move: taken back on the board)"));
            return out;
        }
        for (int i = submitted.size(); i < onBoard.size(); i++) {
            ParsedMove parsed = MoveParser.parse(position, onBoard.get(i), MoveParser.Language.ENGLISH);
            if (parsed instanceof ParsedMove.Error error) {
                out.add(new BoardDecision.NotLegal(i + 1, onBoard.get(i), error.reason()));
                return out;
            }
            out.add(submit(((ParsedMove.Ok) parsed).move()));
        }
        return out;
    }

    private BoardDecision.SubmitMove submit(Move move) {
        String san = San.write(position, move);
        int ply = submitted.size() + 1;
        submitted.add(san);
        position = position.play(move);
        return new BoardDecision.SubmitMove(ply, san, move.uci(), clock == null ? null : clock.whiteSeconds() * 1000,
                clock == null ? null : clock.blackSeconds() * 1000);
    }

    /** The one legal move that leaves these pieces on the board, if exactly one does. */
    private Optional<Move> moveTo(String placement) {
        Move found = null;
        for (Move move : position.legalMoves()) {
            if (placement(position.play(move)).equals(placement)) {
                if (found != null) {
                    return Optional.empty();
                }
                found = move;
            }
        }
        return Optional.ofNullable(found);
    }

    /** "O-O" and "0-0", "Nf3" and "Nf3+": the same move written two ways. */
    private static boolean sameMove(String a, String b) {
        return strip(a).equals(strip(b));
    }

    private static String strip(String san) {
        return san.replace('0', 'O').replaceAll("[+#!?]", "");
    }

    private static boolean samePosition(String fenA, String fenB) {
        String[] a = fenA.trim().split("\\s+");
        String[] b = fenB.trim().split("\\s+");
        for (int i = 0; i < Math.min(4, Math.min(a.length, b.length)); i++) {
            if (!a[i].equals(b[i])) {
                return false;
            }
        }
        return true;
    }

    static String placement(Position position) {
        return position.toFen().split(" ")[0];
    }

    /** A placement read from the other side of the board (LiveChess' {@code flipped}): turned half a circle. */
    static String rotated(String placement) {
        String[] ranks = placement.split("/");
        List<String> out = new ArrayList<>();
        for (int i = ranks.length - 1; i >= 0; i--) {
            out.add(new StringBuilder(ranks[i]).reverse().toString());
        }
        return String.join("/", out);
    }

    /** Both kings on d4, d5, e4 or e5. */
    static boolean kingsInCentre(String placement) {
        String[] ranks = placement.split("/");
        if (ranks.length != 8) {
            return false;
        }
        int centreKings = 0;
        for (int r = 0; r < 8; r++) {
            int file = 0;
            for (char c : ranks[r].toCharArray()) {
                if (Character.isDigit(c)) {
                    file += c - '0';
                    continue;
                }
                int rank = 8 - r;
                if ((c == 'K' || c == 'k') && (file == 3 || file == 4) && (rank == 4 || rank == 5)) {
                    centreKings++;
                }
                file++;
            }
        }
        return centreKings == 2;
    }

    static {
        // keep the imports honest: the square and piece helpers of the game core name what the placement holds
        Square.name(0);
        PieceType.values();
        Side.values();
    }
}

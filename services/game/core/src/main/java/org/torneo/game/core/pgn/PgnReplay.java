package org.torneo.game.core.pgn;

import java.util.ArrayList;
import java.util.List;
import org.torneo.game.core.board.InvalidFenException;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Side;
import org.torneo.game.core.draw.GameRecord;
import org.torneo.game.core.notation.MoveParser;
import org.torneo.game.core.notation.ParsedMove;

/**
 * Plays the moves of a {@link PgnGame} under the rules: the start position from the {@code FEN} tag (PGN 9.7,
 * with or without {@code SetUp "1"}) or the initial position, then every SAN read leniently by
 * {@link MoveParser} (English or Spanish letters, 1997/2018 forms, long algebraic, UCI).
 */
public final class PgnReplay {
    private PgnReplay() {
    }

    /** A replayed game: the record with every position, and the moves as played. */
    public record Replayed(PgnGame game, GameRecord record, List<Move> moves) {
        public Replayed {
            moves = List.copyOf(moves);
        }
    }

    /** The start position. @throws PgnException naming the game when the FEN tag is unreadable or impossible */
    public static Position startPosition(PgnGame game) {
        String fen = game.tags().get("FEN");
        if (fen == null) {
            return Position.initial();
        }
        try {
            return Position.fromFen(fen);
        } catch (InvalidFenException e) {
            throw new PgnException(game.number(), game.displayName(), game.line(), 1, "FEN", "tag is not a valid position: " + e.reason());
        }
    }

    /**
     * @throws PgnException for the first unplayable move, naming the game, the move number and side
     *         (e.g. {@code 12...}), the token and the reason (ambiguous, impossible, illegal ...)
     */
    public static Replayed replay(PgnGame game, MoveParser.Language language) {
        Position start = startPosition(game);
        GameRecord record = GameRecord.start(start);
        List<Move> played = new ArrayList<>();
        for (PgnMove written : game.moves()) {
            Position p = record.position();
            ParsedMove parsed = MoveParser.parse(p, written.san(), language);
            if (parsed instanceof ParsedMove.Error error) {
                String number = p.fullmoveNumber() + (p.sideToMove() == Side.WHITE ? "." : "...");
                String reason = p.legalMoveCount() == 0
                        ? "no move is possible: the game was already over (" + (p.inCheck() ? "checkmate" : "stalemate") + ")"
                        : error.reason();
                throw new PgnException(game.number(), game.displayName(), written.line(), written.column(),
                        written.san(), "(move " + number + " " + written.san() + ") " + reason);
            }
            Move move = parsed.move();
            played.add(move);
            record = record.play(move);
        }
        return new Replayed(game, record, played);
    }

    /**
     * English letters as the PGN standard requires (8.2.3); a game that cannot be read that way is tried once with
     * the Spanish letters of the seeds (R rey, D dama, T torre, A alfil, C caballo). The English error is reported
     * when neither reading works.
     */
    public static Replayed replay(PgnGame game) {
        try {
            return replay(game, MoveParser.Language.ENGLISH);
        } catch (PgnException english) {
            try {
                return replay(game, MoveParser.Language.SPANISH);
            } catch (PgnException spanish) {
                throw english;
            }
        }
    }
}

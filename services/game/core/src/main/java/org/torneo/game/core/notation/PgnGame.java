package org.torneo.game.core.notation;

import java.util.List;
import java.util.Map;
import org.torneo.game.core.board.InvalidFenException;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Side;
import org.torneo.game.core.draw.GameRecord;

/** One game read by {@link PgnReader}: its tags in order, its moves as written, the result token. */
public record PgnGame(Map<String, String> tags, List<PgnReader.PgnMove> moves, String result, int line) {

    public PgnGame {
        tags = Map.copyOf(tags);
        moves = List.copyOf(moves);
    }

    public String tag(String name) {
        return tags.get(name);
    }

    /** The outcome of replaying the moves: the game record, or the first problem with move number and reason. */
    public sealed interface Replay permits Replayed, Failed {
    }

    public record Replayed(GameRecord record) implements Replay {
    }

    /** {@code message}: e.g. "move 12 (White) Nd2 at line 40, column 5: Nd2 is ambiguous: knights on b1 and f3 ...". */
    public record Failed(GameRecord reachedSoFar, String message) implements Replay {
    }

    /** The start position: the FEN tag if present (SetUp "1"), else the initial position. */
    public Position startPosition() {
        String fen = tags.get("FEN");
        return fen == null ? Position.initial() : Position.fromFen(fen);
    }

    public Replay replay(MoveParser.Language language) {
        Position start;
        try {
            start = startPosition();
        } catch (InvalidFenException e) {
            return new Failed(null, "tag FEN: " + e.getMessage());
        }
        GameRecord record = GameRecord.start(start);
        for (PgnReader.PgnMove written : moves) {
            Position p = record.position();
            ParsedMove parsed = MoveParser.parse(p, written.text(), language);
            if (parsed instanceof ParsedMove.Error error) {
                return new Failed(record, "move " + p.fullmoveNumber() + (p.sideToMove() == Side.WHITE ? " (White) " : " (Black) ")
                        + written.text() + " at line " + written.line() + ", column " + written.column() + ": " + error.message());
            }
            record = record.play(parsed.move());
        }
        return new Replayed(record);
    }
}

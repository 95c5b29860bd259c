package org.torneo.game.core.pgn;

import java.util.List;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.draw.DeadPositionOracle;
import org.torneo.game.core.draw.GameRecord;
import org.torneo.game.core.draw.InsufficientMaterial;

/**
 * What a replayed game shows under FIDE 2018 standard rules: the columns of the conformance corpus's
 * games.expected.tsv (plies are half-moves; -1 where a condition never arose).
 *
 * <p>{@code ending}: the first automatic ending reached, in the order of precedence at the same ply — checkmate
 * (5.1.1), stalemate (5.2.1), dead position (5.2.2: {@code insufficient_material} when it is one of the simple
 * material cases of chess.js, else {@code dead_position}), fivefold repetition (9.6.1), 75-move rule (9.6.2; a mate
 * on that move wins, and mate is checked first). If none arose, a claim the player to move could make at the final
 * position ({@code threefold_claim} 9.2, {@code fifty_move_claim} 9.3) when the game has a result, else
 * {@code unterminated} (result {@code *}, or no claim possible).
 */
public record GameSummary(String gameId, int plies, String finalFen, String ending, int threefoldPly, int fivefoldPly,
                          int fiftyMovePly, int seventyFiveMovePly, int deadPositionPly) {
    public static final List<String> COLUMNS = List.of("game_id", "plies", "final_fen", "ending", "threefold_ply",
            "fivefold_ply", "fifty_move_ply", "seventyfive_move_ply", "dead_position_ply");

    public static GameSummary of(PgnReplay.Replayed replayed, DeadPositionOracle oracle) {
        GameRecord last = replayed.record();
        List<GameRecord> records = history(last);
        String ending = null;
        int deadPly = -1;
        for (GameRecord r : records) {
            Position p = r.position();
            boolean dead = p.isStalemate() || oracle.isDead(p); // the corpus counts stalemate positions as dead
            if (dead && deadPly < 0) {
                deadPly = r.ply();
            }
            if (ending == null) {
                ending = automaticEnding(r, dead);
            }
        }
        boolean finished = !replayed.game().result().equals("*");
        if (ending == null) {
            Position p = last.position();
            if (!finished) {
                ending = "unterminated";
            } else if (last.occurrences() >= 3) {
                ending = "threefold_claim"; // FIDE 2018 9.2.2
            } else if (p.halfmoveClock() >= 100) {
                ending = "fifty_move_claim"; // FIDE 2018 9.3.2
            } else {
                ending = "unterminated";
            }
        }
        String id = replayed.game().tag("GameId").orElse(String.valueOf(replayed.game().number()));
        return new GameSummary(id, last.ply(), last.position().toFen(), ending, last.firstThreefoldPly(),
                last.firstFivefoldPly(), last.firstFiftyMovePly(), last.firstSeventyFiveMovePly(), deadPly);
    }

    private static String automaticEnding(GameRecord r, boolean dead) {
        Position p = r.position();
        if (p.isCheckmate()) {
            return "checkmate"; // FIDE 2018 5.1.1
        }
        if (p.isStalemate()) {
            return "stalemate"; // FIDE 2018 5.2.1
        }
        if (dead) {
            // FIDE 2018 5.2.2 (the corpus's dead_position_ply counts stalemate too, but stalemate is decided above); the corpus separates chess.js's simple material cases from the other dead positions
            return InsufficientMaterial.chessJsRule(p) ? "insufficient_material" : "dead_position";
        }
        if (r.occurrences() >= 5) {
            return "fivefold"; // FIDE 2018 9.6.1
        }
        if (p.halfmoveClock() >= 150) {
            return "seventyfive_move"; // FIDE 2018 9.6.2
        }
        return null;
    }

    private static List<GameRecord> history(GameRecord last) {
        GameRecord[] all = new GameRecord[last.ply() + 1];
        for (GameRecord r = last; r != null; r = r.previous()) {
            all[r.ply()] = r;
        }
        return List.of(all);
    }

    /** The TSV row (no trailing newline). */
    public String tsvRow() {
        return String.join("\t", gameId, String.valueOf(plies), finalFen, ending, String.valueOf(threefoldPly),
                String.valueOf(fivefoldPly), String.valueOf(fiftyMovePly), String.valueOf(seventyFiveMovePly),
                String.valueOf(deadPositionPly));
    }
}

package org.torneo.cli.laws;

import java.io.PrintStream;
import java.util.List;
import java.util.stream.Collectors;
import org.torneo.cli.Command;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.draw.DrawRules;
import org.torneo.game.core.draw.GameRecord;
import org.torneo.game.core.draw.InsufficientMaterial;
import org.torneo.game.core.notation.MoveParser;
import org.torneo.game.core.notation.PgnGame;
import org.torneo.game.core.notation.PgnReader;

/**
 * {@code replay --format tsv FILE.pgn [--letters english|spanish|any]}: plays every game under the FIDE 2018 standard
 * rules and prints a header and one row per game with the columns of the conformance corpus' games.expected.tsv
 * (diagnostic columns left out).
 */
public final class ReplayCommand implements Command {
    static final String HEADER = String.join("\t", "game_id", "start_fen", "plies", "final_fen", "result", "ending",
            "checkmate", "stalemate", "insufficient_material", "threefold_ply", "fivefold_ply", "fifty_move_ply",
            "seventyfive_move_ply", "dead_position_ply", "uci_moves");

    @Override
    public String summary() {
        return "replay PGN games with the draw rules: replay --format tsv FILE.pgn [--letters english|spanish|any]";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        String format = null;
        String file = null;
        MoveParser.Language language = MoveParser.Language.ENGLISH;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--format") && i + 1 < args.size()) {
                format = args.get(++i);
            } else if (a.equals("--letters") && i + 1 < args.size()) {
                String l = args.get(++i);
                language = switch (l) {
                    case "english" -> MoveParser.Language.ENGLISH;
                    case "spanish" -> MoveParser.Language.SPANISH;
                    case "any" -> MoveParser.Language.ANY;
                    default -> throw new UsageException("--letters " + l + ": expected english, spanish or any");
                };
            } else if (!a.startsWith("--") && file == null) {
                file = a;
            } else {
                throw new UsageException("unexpected argument " + a + "; usage: replay --format tsv FILE.pgn");
            }
        }
        if (file == null || !"tsv".equals(format)) {
            throw new UsageException("usage: replay --format tsv FILE.pgn [--letters english|spanish|any]");
        }
        List<PgnGame> games;
        try {
            games = PgnReader.read(Args.readText(file));
        } catch (PgnReader.PgnSyntaxException e) {
            throw new UsageException(file + ": " + e.getMessage());
        }
        out.println(HEADER);
        int status = 0;
        for (int i = 0; i < games.size(); i++) {
            PgnGame game = games.get(i);
            String id = game.tag("GameId") != null ? game.tag("GameId") : "game-" + (i + 1);
            PgnGame.Replay replay = game.replay(language);
            if (replay instanceof PgnGame.Failed failed) {
                err.println("torneo replay: " + file + ": game " + (i + 1) + " (" + id + ", from line " + game.line() + "): "
                        + failed.message());
                status = 2;
                continue;
            }
            out.println(row(id, game, ((PgnGame.Replayed) replay).record()));
        }
        return status;
    }

    static String row(String id, PgnGame game, GameRecord record) {
        int deadPly = -1;
        for (GameRecord r = record; r != null; r = r.previous()) {
            if (MovesCommand.dead(r.position())) {
                deadPly = r.ply();
            }
        }
        Position last = record.position();
        String uci = record.moves().stream().map(m -> PerftCommand.uci(last, m)).collect(Collectors.joining(" "));
        return String.join("\t", id, game.tag("FEN") == null ? "startpos" : game.tag("FEN"), String.valueOf(record.ply()),
                last.toFen(), game.result(), ending(game, record), String.valueOf(last.isCheckmate()),
                String.valueOf(last.isStalemate()), String.valueOf(InsufficientMaterial.chessJsRule(last)),
                String.valueOf(record.firstThreefoldPly()), String.valueOf(record.firstFivefoldPly()),
                String.valueOf(record.firstFiftyMovePly()), String.valueOf(record.firstSeventyFiveMovePly()),
                String.valueOf(deadPly), uci.isEmpty() ? "-" : uci);
    }

    /** Why the game stops, in the corpus' vocabulary (FIDE 2018 precedence of automatic endings, then claims). */
    static String ending(PgnGame game, GameRecord record) {
        Position p = record.position();
        if (p.isCheckmate()) {
            return "checkmate"; // FIDE 2018 5.1.1
        }
        if (p.isStalemate()) {
            return "stalemate"; // 5.2.1
        }
        if (InsufficientMaterial.chessJsRule(p)) {
            return "insufficient_material"; // 5.2.2, the chess.js subset
        }
        if (MovesCommand.deadPositionOracle.isDead(p)) {
            return "dead_position"; // 5.2.2
        }
        if (DrawRules.fivefoldRepetition(record)) {
            return "fivefold"; // 9.6.1
        }
        if (DrawRules.seventyFiveMoveRule(record)) {
            return "seventyfive_move"; // 9.6.2
        }
        if (game.result().equals("*")) {
            return "unterminated";
        }
        if (DrawRules.threefoldRepetition(record)) {
            return "threefold_claim"; // 9.2
        }
        if (DrawRules.fiftyMoveRule(record)) {
            return "fifty_move_claim"; // 9.3
        }
        return "other";
    }
}

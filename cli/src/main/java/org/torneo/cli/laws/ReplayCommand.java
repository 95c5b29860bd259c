package org.torneo.cli.laws;

import java.io.PrintStream;
import java.util.List;
import org.torneo.cli.Command;
import org.torneo.game.core.notation.MoveParser;
import org.torneo.game.core.pgn.GameSummary;
import org.torneo.game.core.pgn.PgnException;
import org.torneo.game.core.pgn.PgnGame;
import org.torneo.game.core.pgn.PgnReader;
import org.torneo.game.core.pgn.PgnReplay;

/**
 * {@code replay --format tsv FILE.pgn [--letters english|spanish|any]}: plays every game under the FIDE 2018 standard
 * rules and prints a header and one row per game with the columns of the conformance corpus' games.expected.tsv
 * ({@link GameSummary#COLUMNS}). Without {@code --letters}, English letters are tried first, then Spanish.
 */
public final class ReplayCommand implements Command {
    static final String HEADER = String.join("\t", GameSummary.COLUMNS);

    @Override
    public String summary() {
        return "replay PGN games with the draw rules: replay --format tsv FILE.pgn [--letters english|spanish|any]";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        String format = null;
        String file = null;
        MoveParser.Language language = null;
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
        // an unreadable game costs that game only: it is reported with its number, line and reason
        PgnReader.PgnFile read = PgnReader.readGames(Args.readText(file));
        out.println(HEADER);
        int status = 0;
        java.util.Iterator<PgnException> rejected = read.rejected().iterator();
        PgnException nextRejected = rejected.hasNext() ? rejected.next() : null;
        for (PgnGame game : read.games()) {
            while (nextRejected != null && nextRejected.gameNumber() < game.number()) {
                err.println("torneo replay: " + file + ": " + nextRejected.getMessage());
                status = 2;
                nextRejected = rejected.hasNext() ? rejected.next() : null;
            }
            try {
                PgnReplay.Replayed replayed = language == null ? PgnReplay.replay(game) : PgnReplay.replay(game, language);
                out.println(GameSummary.of(replayed, MovesCommand.deadPositionOracle).tsvRow());
            } catch (PgnException e) {
                err.println("torneo replay: " + file + ": " + e.getMessage());
                status = 2;
            }
        }
        while (nextRejected != null) {
            err.println("torneo replay: " + file + ": " + nextRejected.getMessage());
            status = 2;
            nextRejected = rejected.hasNext() ? rejected.next() : null;
        }
        return status;
    }

    @Override
    public String usage() {
        return "usage: replay --format tsv FILE.pgn [--letters english|spanish|any]\n"
                + "  FILE.pgn as UTF-8, or Latin-1 when it is not valid UTF-8; a bad game is reported and skipped";
    }
}

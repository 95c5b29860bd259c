package org.torneo.cli.laws;

import java.io.PrintStream;
import org.torneo.cli.Command;
import org.torneo.game.core.notation.MoveParser;
import org.torneo.game.core.pgn.GameSummary;
import org.torneo.game.core.pgn.PgnException;
import org.torneo.game.core.pgn.PgnGame;
import org.torneo.game.core.pgn.PgnReader;
import org.torneo.game.core.pgn.PgnReplay;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code replay --format tsv FILE.pgn [--letters english|spanish|any]}: plays every game under the FIDE 2018 standard
 * rules and prints a header and one row per game with the columns of the conformance corpus' games.expected.tsv
 * ({@link GameSummary#COLUMNS}). Without {@code --letters}, English letters are tried first, then Spanish.
 */
@CommandLine.Command(name = "replay", description = {
        "replay PGN games with the draw rules: a row per game, as the conformance corpus",
        "FILE.pgn is read as UTF-8, or Latin-1 when it is not valid UTF-8; a bad game is reported (its number, line"
                + " and reason) and skipped, and the exit code is then 2."})
public final class ReplayCommand extends Command {
    static final String HEADER = String.join("\t", GameSummary.COLUMNS);

    /** The output formats; tsv is the one there is. */
    enum Format { tsv }

    /** The letters of the pieces in the moves, as typed on the command line. */
    enum Letters {
        english(MoveParser.Language.ENGLISH), spanish(MoveParser.Language.SPANISH), any(MoveParser.Language.ANY);

        final MoveParser.Language language;

        Letters(MoveParser.Language language) {
            this.language = language;
        }
    }

    @Option(names = "--format", required = true, paramLabel = "tsv", description = "the output: tsv (a header, then a row per game)")
    Format format;

    @Option(names = "--letters", paramLabel = "english|spanish|any",
            description = "the piece letters of the moves (default: English first, then Spanish)")
    Letters letters;

    @Parameters(paramLabel = "FILE.pgn", description = "the games")
    String file;

    @Override
    public int execute(PrintStream out, PrintStream err) {
        MoveParser.Language language = letters == null ? null : letters.language;
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
}

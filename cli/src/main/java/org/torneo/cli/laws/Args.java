package org.torneo.cli.laws;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.torneo.cli.Command;
import org.torneo.game.core.board.InvalidFenException;
import org.torneo.game.core.board.Position;

/** Shared argument helpers of the Laws of Chess commands. */
final class Args {
    private Args() {
    }

    /** The file's lines, read as UTF-8 or, when it is not valid UTF-8, as Latin-1 (as TRF files are read). */
    static List<String> readLines(String file) {
        try {
            return org.torneo.cli.TrfInput.decode(Files.readAllBytes(Path.of(file))).lines().toList();
        } catch (NoSuchFileException e) {
            throw new Command.UsageException("cannot read " + file + ": no such file");
        } catch (IOException e) {
            throw new Command.UsageException("cannot read " + file + ": " + e.getMessage());
        }
    }

    static String readText(String file) {
        return String.join("\n", readLines(file)) + "\n";
    }

    static Position position(String fen, String where) {
        try {
            return Position.fromFen(fen);
        } catch (InvalidFenException e) {
            throw new Command.UsageException(where + e.getMessage());
        }
    }

    static int depth(String text, String where) {
        try {
            int depth = Integer.parseInt(text.strip());
            if (depth < 0 || depth > 15) {
                throw new Command.UsageException(where + "depth " + text + " must be between 0 and 15");
            }
            return depth;
        } catch (NumberFormatException e) {
            throw new Command.UsageException(where + "depth \"" + text + "\" is not a whole number");
        }
    }
}

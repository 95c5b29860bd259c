package org.torneo.cli.laws;

import java.io.PrintStream;
import java.util.List;
import org.torneo.cli.Command;
import org.torneo.game.core.board.InvalidFenException;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Side;
import org.torneo.game.core.deadposition.CanMate;
import org.torneo.game.core.deadposition.MateAbility;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code canmate --batch FILE} (lines {@code fen<TAB>side}, side {@code white} or {@code black}) or
 * {@code canmate FEN SIDE}: can that side still checkmate by any series of legal moves (FIDE 2018 5.2.2, 6.9)?
 * Prints {@code fen<TAB>side<TAB>winnable|unwinnable|undetermined}; with {@code --line} a fourth column holds the
 * helpmate witness (UCI) of winnable rows. {@code --nodes N} sets the search budget per row.
 */
@CommandLine.Command(name = "canmate", description = {
        "can a side still checkmate by any series of legal moves? (helpmate analysis)",
        "Prints fen<TAB>side<TAB>winnable|unwinnable|undetermined (FIDE 2018 5.2.2, 6.9); --batch reads"
                + " fen<TAB>side lines (a first line fen<TAB>side is a header)."})
public final class CanMateCommand extends Command {

    @Parameters(arity = "0..*", paramLabel = "[FEN SIDE]", hideParamSyntax = true,
            description = "the position (one quoted argument or its six fields), then white or black")
    List<String> words = List.of();

    @Option(names = "--line", description = "a fourth column: the helpmate found (UCI) of winnable rows")
    boolean withLine;

    @Option(names = "--nodes", paramLabel = "N", description = "the search budget per row (default ${DEFAULT-VALUE})")
    long nodes = CanMate.DEFAULT_NODE_LIMIT;

    @Option(names = "--batch", paramLabel = "FILE", description = "fen<TAB>side lines instead of FEN SIDE")
    String batch;

    @Override
    public int execute(PrintStream out, PrintStream err) {
        if (nodes <= 0) {
            throw usageError("--nodes " + nodes + " must be a positive whole number");
        }
        List<String> rest = words;
        if (batch != null) {
            if (!rest.isEmpty()) {
                throw usageError("--batch FILE takes no FEN or SIDE (got " + rest.get(0) + ")");
            }
            int status = 0;
            List<String> lines = Args.readLines(batch);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] fields = line.split("\t", -1);
                String where = batch + " line " + (i + 1);
                if (fields.length < 2) {
                    err.println("torneo canmate: " + where + ": expected fen<TAB>side, found no TAB");
                    status = 2;
                    continue;
                }
                if (i == 0 && fields[0].equals("fen")) {
                    continue; // a header line
                }
                try {
                    out.println(row(fields[0], Position.fromFen(fields[0]), side(fields[1], where), withLine, nodes));
                } catch (InvalidFenException e) {
                    err.println("torneo canmate: " + where + ": " + e.getMessage());
                    status = 2;
                } catch (UsageException e) {
                    err.println("torneo canmate: " + e.getMessage());
                    status = 2;
                }
            }
            return status;
        }
        if (rest.size() < 2) {
            throw usageError("give a FEN and a SIDE, or --batch FILE");
        }
        String sideText = rest.get(rest.size() - 1);
        String fen = String.join(" ", rest.subList(0, rest.size() - 1));
        out.println(row(fen, Args.position(fen, ""), side(sideText, "argument"), withLine, nodes));
        return 0;
    }

    static String row(String fen, Position position, Side side, boolean withLine, long nodes) {
        MateAbility result = CanMate.canMate(position, side, nodes);
        String row = String.join("\t", fen, side.lowerCaseName(), result.verdict().lowerCaseName());
        if (withLine) {
            row += "\t" + (result.helpmateUci().isEmpty() ? "-" : String.join(" ", result.helpmateUci()));
        }
        return row;
    }

    private static Side side(String text, String where) {
        return switch (text.strip()) {
            case "white", "w" -> Side.WHITE;
            case "black", "b" -> Side.BLACK;
            default -> throw new UsageException(where + ": side '" + text + "' must be white or black");
        };
    }
}

package org.torneo.cli.laws;

import java.io.PrintStream;
import java.util.List;
import org.torneo.cli.Command;
import org.torneo.game.core.board.InvalidFenException;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Side;
import org.torneo.game.core.deadposition.CanMate;
import org.torneo.game.core.deadposition.MateAbility;

/**
 * {@code canmate --batch FILE} (lines {@code fen<TAB>side}, side {@code white} or {@code black}) or
 * {@code canmate FEN SIDE}: can that side still checkmate by any series of legal moves (FIDE 2018 5.2.2, 6.9)?
 * Prints {@code fen<TAB>side<TAB>winnable|unwinnable|undetermined}; with {@code --line} a fourth column holds the
 * helpmate witness (UCI) of winnable rows. {@code --nodes N} sets the search budget per row.
 */
public final class CanMateCommand implements Command {

    @Override
    public String summary() {
        return "can a side still mate (helpmate analysis): canmate --batch FILE | canmate FEN white|black [--line] [--nodes N]";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        boolean withLine = false;
        long nodes = CanMate.DEFAULT_NODE_LIMIT;
        String batch = null;
        List<String> rest = new java.util.ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--line" -> withLine = true;
                case "--batch" -> {
                    if (i + 1 >= args.size()) {
                        throw new UsageException("--batch needs a FILE");
                    }
                    batch = args.get(++i);
                }
                case "--nodes" -> {
                    if (i + 1 >= args.size()) {
                        throw new UsageException("--nodes needs a number");
                    }
                    nodes = parseNodes(args.get(++i));
                }
                default -> rest.add(a);
            }
        }
        if (batch != null) {
            if (!rest.isEmpty()) {
                throw new UsageException("unexpected argument " + rest.get(0) + "; usage: canmate --batch FILE");
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
            throw new UsageException("usage: canmate --batch FILE | canmate FEN white|black [--line] [--nodes N]");
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

    private static long parseNodes(String text) {
        try {
            long n = Long.parseLong(text);
            if (n <= 0) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException("--nodes '" + text + "' must be a positive whole number");
        }
    }
}

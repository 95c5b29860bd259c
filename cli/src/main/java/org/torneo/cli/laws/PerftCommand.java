package org.torneo.cli.laws;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.torneo.cli.Command;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code perft FEN DEPTH [--divide]} prints the leaf count of the legal move tree (last line);
 * {@code perft --batch FILE} reads {@code fen<TAB>depth} lines and prints {@code fen<TAB>depth<TAB>nodes}.
 */
@CommandLine.Command(name = "perft", description = {"count the legal move tree (perft) of a position, or of each line of a file",
        "Prints the number of leaves at DEPTH (0 to 15); with --batch, one fen<TAB>depth<TAB>nodes line per"
                + " fen<TAB>depth line of FILE (blank lines and # comments skipped)."})
public final class PerftCommand extends Command {

    @Parameters(arity = "0..*", paramLabel = "[FEN DEPTH]", hideParamSyntax = true,
            description = "the position (one quoted argument or its six fields) and the depth")
    List<String> words = List.of();

    @Option(names = "--divide", description = "the count under each legal move (UCI), then the total")
    boolean divide;

    @Option(names = "--batch", paramLabel = "FILE", description = "fen<TAB>depth lines instead of FEN DEPTH")
    String batch;

    @Override
    public int execute(PrintStream out, PrintStream err) {
        if (batch != null) {
            if (!words.isEmpty() || divide) {
                throw usageError("--batch FILE takes no FEN, DEPTH or --divide");
            }
            return batch(batch, out);
        }
        if (words.size() < 2) {
            throw usageError("give a FEN and a DEPTH, or --batch FILE");
        }
        // the FEN may come as one quoted argument or as its space-separated fields
        String fen = String.join(" ", words.subList(0, words.size() - 1));
        int depth = Args.depth(words.get(words.size() - 1), "");
        Position position = Args.position(fen, "");
        if (divide && depth > 0) {
            List<Move> moves = new ArrayList<>(position.legalMoves());
            moves.sort(Comparator.comparing(m -> uci(position, m)));
            long total = 0;
            for (Move m : moves) {
                long nodes = position.play(m).perft(depth - 1);
                total += nodes;
                out.println(uci(position, m) + ": " + nodes);
            }
            out.println();
            out.println(total);
        } else {
            out.println(position.perft(depth));
        }
        return 0;
    }

    static String uci(Position position, Move move) {
        return position.isChess960() ? move.uciChess960() : move.uci();
    }

    private int batch(String file, PrintStream out) {
        List<String> lines = Args.readLines(file);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String where = file + " line " + (i + 1) + ": ";
            String[] fields = line.split("\t", -1);
            if (fields.length != 2) {
                throw new UsageException(where + "expected fen<TAB>depth, found " + fields.length + " TAB-separated fields");
            }
            int depth = Args.depth(fields[1], where);
            Position position = Args.position(fields[0], where);
            out.println(fields[0] + "\t" + fields[1].strip() + "\t" + position.perft(depth));
        }
        return 0;
    }
}

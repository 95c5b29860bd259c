package org.torneo.cli.laws;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.torneo.cli.Command;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;

/**
 * {@code perft FEN DEPTH [--divide]} prints the leaf count of the legal move tree (last line);
 * {@code perft --batch FILE} reads {@code fen<TAB>depth} lines and prints {@code fen<TAB>depth<TAB>nodes}.
 */
public final class PerftCommand implements Command {

    @Override
    public String summary() {
        return "count the legal move tree: perft FEN DEPTH [--divide] | perft --batch FILE";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        List<String> rest = new ArrayList<>(args);
        if (rest.size() == 2 && rest.get(0).equals("--batch")) {
            return batch(rest.get(1), out);
        }
        boolean divide = rest.remove("--divide");
        if (rest.size() < 2 || rest.contains("--batch")) {
            throw new UsageException("usage: perft FEN DEPTH [--divide] | perft --batch FILE");
        }
        // the FEN may come as one quoted argument or as its space-separated fields
        String fen = String.join(" ", rest.subList(0, rest.size() - 1));
        int depth = Args.depth(rest.get(rest.size() - 1), "");
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

package org.torneo.cli.laws;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import org.torneo.cli.Command;
import org.torneo.game.core.board.InvalidFenException;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.draw.DeadPositionOracle;
import org.torneo.game.core.draw.InsufficientMaterial;
import org.torneo.game.core.notation.San;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code moves --batch FILE} (one FEN a line) or {@code moves FEN}: prints
 * {@code fen<TAB>uci moves<TAB>SAN moves<TAB>in_check<TAB>checkmate<TAB>stalemate<TAB>dead_position}.
 */
@CommandLine.Command(name = "moves", description = {
        "legal moves (UCI and SAN) and the check, mate, stalemate and dead-position flags",
        "Prints fen<TAB>uci moves<TAB>SAN moves<TAB>in_check<TAB>checkmate<TAB>stalemate<TAB>dead_position."})
public final class MovesCommand extends Command {

    /**
     * canMate plugs in here: a {@link DeadPositionOracle} registered as a service (META-INF/services) is used,
     * else the sound bare-material rule.
     */
    static final DeadPositionOracle deadPositionOracle = ServiceLoader.load(DeadPositionOracle.class).findFirst()
            .orElse(DeadPositionOracle.BARE_MATERIAL);

    @Parameters(arity = "0..*", paramLabel = "FEN", description = "the position: one quoted argument or its six fields")
    List<String> fenFields = List.of();

    @Option(names = "--batch", paramLabel = "FILE", description = "one FEN a line instead of FEN")
    String batch;

    @Override
    public int execute(PrintStream out, PrintStream err) {
        if (batch != null) {
            if (!fenFields.isEmpty()) {
                throw usageError("--batch FILE takes no FEN");
            }
            int status = 0;
            List<String> lines = Args.readLines(batch);
            for (int i = 0; i < lines.size(); i++) {
                String fen = lines.get(i).strip();
                if (fen.isEmpty() || fen.startsWith("#")) {
                    continue;
                }
                try {
                    out.println(row(fen, Position.fromFen(fen)));
                } catch (InvalidFenException e) {
                    err.println("torneo moves: " + batch + " line " + (i + 1) + ": " + e.getMessage());
                    status = 2;
                }
            }
            return status;
        }
        if (fenFields.isEmpty()) {
            throw usageError("give a FEN, or --batch FILE");
        }
        String fen = String.join(" ", fenFields);
        out.println(row(fen, Args.position(fen, "")));
        return 0;
    }

    static String row(String fen, Position p) {
        List<Move> moves = new ArrayList<>(p.legalMoves());
        moves.sort(Comparator.comparing(m -> PerftCommand.uci(p, m)));
        String uci = moves.isEmpty() ? "-" : String.join(" ", moves.stream().map(m -> PerftCommand.uci(p, m)).toList());
        String san = moves.isEmpty() ? "-" : String.join(" ", San.writeAll(p, moves));
        return String.join("\t", fen, uci, san, String.valueOf(p.inCheck()), String.valueOf(p.isCheckmate()),
                String.valueOf(p.isStalemate()), String.valueOf(dead(p)));
    }

    /**
     * Dead as in the conformance corpus: no sequence of legal moves can end in mate (FIDE 2018 5.2.2), which
     * includes a stalemate (no move at all); a checkmate is never dead.
     */
    static boolean dead(Position p) {
        if (p.legalMoveCount() == 0) {
            return !p.inCheck();
        }
        return InsufficientMaterial.chessJsRule(p) || deadPositionOracle.isDead(p);
    }
}

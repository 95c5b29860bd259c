package org.torneo.cli.pairing;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.torneo.cli.Command;
import org.torneo.pairing.dutch.RandomTournamentGenerator;
import org.torneo.trf.TrfWriter;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code torneo generate --players N --rounds R --seed S [--draws P --forfeits P --byes P --withdrawals P]
 * [-o OUT]}: the random tournament generator. Percentages are 0–100 (defaults 30, 3, 2, 1). Every round is
 * paired by the Dutch engine; the same seed gives the same file.
 */
@CommandLine.Command(name = "generate", description = {"random fully paired tournament as TRF",
        "Every round is paired by the Dutch engine; the same seed gives the same file. Exit 1 when a round has no"
                + " valid pairing (the tournament stops before it)."})
public final class GenerateCommand extends Command {

    @Option(names = "--players", required = true, paramLabel = "N", description = "players, 2 to 9999")
    int players;

    @Option(names = "--rounds", required = true, paramLabel = "R", description = "rounds, 1 to 99")
    int rounds;

    @Option(names = "--seed", required = true, paramLabel = "S", description = "the seed of the results drawn")
    long seed;

    @Option(names = "--draws", paramLabel = "P", description = "percentage of draws (default ${DEFAULT-VALUE})")
    double draws = 30;

    @Option(names = "--forfeits", paramLabel = "P", description = "percentage of forfeits (default ${DEFAULT-VALUE})")
    double forfeits = 3;

    @Option(names = "--byes", paramLabel = "P", description = "percentage of requested byes (default ${DEFAULT-VALUE})")
    double byes = 2;

    @Option(names = "--withdrawals", paramLabel = "P", description = "percentage of withdrawals (default ${DEFAULT-VALUE})")
    double withdrawals = 1;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "write the TRF there (default: stdout)")
    String output;

    @Override
    public int execute(PrintStream out, PrintStream err) throws IOException {
        for (var percent : java.util.List.of(java.util.Map.entry("--draws", draws), java.util.Map.entry("--forfeits",
                forfeits), java.util.Map.entry("--byes", byes), java.util.Map.entry("--withdrawals", withdrawals))) {
            if (percent.getValue() < 0 || percent.getValue() > 100) {
                throw usageError(percent.getKey() + " expects a percentage 0..100, got " + percent.getValue());
            }
        }
        if (players < 2 || players > 9999 || rounds < 1 || rounds > 99) {
            throw usageError("--players must be 2..9999 and --rounds 1..99");
        }
        var generated = new RandomTournamentGenerator(players, rounds, draws, forfeits, byes, withdrawals)
                .generate(new Random(seed));
        String text = TrfWriter.write(generated.document());
        if (output != null) {
            Files.writeString(Path.of(output), text);
        } else {
            out.print(text);
        }
        if (generated.unpairableRound() != 0) {
            err.println("round " + generated.unpairableRound() + " has no valid pairing; the tournament stops after round "
                    + (generated.unpairableRound() - 1));
            return 1;
        }
        return 0;
    }
}

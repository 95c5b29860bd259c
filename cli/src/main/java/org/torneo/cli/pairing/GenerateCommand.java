package org.torneo.cli.pairing;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.torneo.cli.Command;
import org.torneo.pairing.dutch.RandomTournamentGenerator;
import org.torneo.trf.TrfWriter;

/**
 * {@code torneo generate --players N --rounds R --seed S [--draws P --forfeits P --byes P --withdrawals P]
 * [-o OUT]}: the random tournament generator. Percentages are 0–100 (defaults 30, 3, 2, 1). Every round is
 * paired by the Dutch engine; the same seed gives the same file.
 */
public final class GenerateCommand implements Command {

    @Override
    public String summary() {
        return "random fully paired tournament as TRF: generate --players N --rounds R --seed S [--draws P ...] [-o OUT]";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) throws IOException {
        Integer players = null;
        Integer rounds = null;
        Long seed = null;
        double draws = 30;
        double forfeits = 3;
        double byes = 2;
        double withdrawals = 1;
        String output = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--players" -> players = integer(PairCommand.value(args, ++i, a), a);
                case "--rounds" -> rounds = integer(PairCommand.value(args, ++i, a), a);
                case "--seed" -> seed = (long) integer(PairCommand.value(args, ++i, a), a);
                case "--draws" -> draws = percent(PairCommand.value(args, ++i, a), a);
                case "--forfeits" -> forfeits = percent(PairCommand.value(args, ++i, a), a);
                case "--byes" -> byes = percent(PairCommand.value(args, ++i, a), a);
                case "--withdrawals" -> withdrawals = percent(PairCommand.value(args, ++i, a), a);
                case "-o", "--output" -> output = PairCommand.value(args, ++i, a);
                default -> throw new UsageException("unknown argument " + a);
            }
        }
        if (players == null || rounds == null || seed == null) {
            throw new UsageException("usage: generate --players N --rounds R --seed S "
                    + "[--draws P --forfeits P --byes P --withdrawals P] [-o OUT]");
        }
        if (players < 2 || players > 9999 || rounds < 1 || rounds > 99) {
            throw new UsageException("--players must be 2..9999 and --rounds 1..99");
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

    private static int integer(String s, String option) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new UsageException(option + " expects an integer, got '" + s + "'");
        }
    }

    private static double percent(String s, String option) {
        try {
            double v = Double.parseDouble(s);
            if (v < 0 || v > 100) {
                throw new UsageException(option + " expects a percentage 0..100, got " + s);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new UsageException(option + " expects a percentage 0..100, got '" + s + "'");
        }
    }
}

package org.torneo.cli.pairing;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.torneo.cli.Command;
import org.torneo.cli.TrfInput;
import org.torneo.pairing.dutch.BoardOrder;
import org.torneo.pairing.dutch.DutchPairer;
import org.torneo.pairing.roundrobin.BergerTable;
import org.torneo.pairing.swiss.NoValidPairingException;
import org.torneo.pairing.swiss.Pairing;
import org.torneo.pairing.swiss.SwissTournament;
import org.torneo.trf.TrfDocument;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code torneo pair --system dutch IN.trf [-o OUT]} and {@code --batch LIST}: pairs the next round in the
 * JaVaFo/bbpPairings output format (number of lines, then "white black", the PAB as "id 0").
 */
@CommandLine.Command(name = "pair", description = {"pair the next round of a TRF",
        "Prints the pairing in the JaVaFo/bbpPairings output format: the number of pairs, then \"white black\" a line,"
                + " the pairing-allocated bye as \"id 0\". Exit 1 when no valid pairing exists."})
public final class PairCommand extends Command {

    static final String NO_VALID_PAIRING = "no valid pairing";

    /** The pairing systems, as typed on the command line. */
    enum PairingSystem { dutch, harkness, roundrobin }

    @Option(names = "--system", paramLabel = "dutch|harkness|roundrobin",
            description = "the pairing system (default ${DEFAULT-VALUE}): FIDE Dutch (C.04.3), Harkness, Berger tables")
    PairingSystem system = PairingSystem.dutch;

    /** Seed of the drawing of lots for systems that draw (Harkness); the Dutch system draws nothing. */
    @Option(names = "--seed", paramLabel = "S", description = "seed of the drawing of lots (Harkness; default 0)")
    long seed;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "write the pairing there (default: stdout)")
    String output;

    @Option(names = "--batch", paramLabel = "LIST", description = "pair many files: input<TAB>output lines")
    String batch;

    @Parameters(arity = "0..1", paramLabel = "IN.trf", description = "the tournament so far (TRF-16 or TRF-26)")
    String input;

    @Override
    public int execute(PrintStream out, PrintStream err) throws IOException {
        String system = this.system.name();
        if (batch != null) {
            if (input != null || output != null) {
                throw usageError("--batch takes no input file and no -o");
            }
            return batch(system, batch, err);
        }
        if (input == null) {
            throw usageError("give a TRF file, or --batch LIST");
        }
        TrfDocument doc = TrfInput.read(input);
        String text;
        try {
            text = BoardOrder.format(pair(system, doc));
        } catch (NoValidPairingException e) {
            err.println("No valid pairing exists: " + e.getMessage());
            if (output != null) {
                Files.writeString(Path.of(output), "");
            }
            return 1;
        }
        if (output != null) {
            Files.writeString(Path.of(output), text);
        } else {
            out.print(text);
        }
        return 0;
    }

    List<Pairing> pair(String system, TrfDocument doc) throws NoValidPairingException {
        if (system.equals("harkness")) {
            org.torneo.pairing.tournament.PairingOutcome outcome;
            try {
                outcome = new org.torneo.pairing.harkness.HarknessPairing()
                        .pair(org.torneo.pairing.harkness.HarknessTrf.request(doc, seed));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
            return switch (outcome) {
                case org.torneo.pairing.tournament.PairingOutcome.NoValidPairing none ->
                        throw new NoValidPairingException(none.reason());
                case org.torneo.pairing.tournament.PairingOutcome.Paired paired -> {
                    List<Pairing> list = new ArrayList<>();
                    for (var p : paired.pairs()) {
                        list.add(new Pairing(p.white(), p.black()));
                    }
                    for (int bye : paired.byes()) {
                        list.add(new Pairing(bye, 0));
                    }
                    yield list;
                }
            };
        }
        if (system.equals("roundrobin")) {
            int n = doc.players().size();
            int round = doc.roundsPaired() + 1;
            if (round > BergerTable.rounds(n)) {
                throw new UsageException("all " + BergerTable.rounds(n) + " rounds of the Berger table are paired");
            }
            List<Pairing> list = new ArrayList<>();
            for (var p : BergerTable.round(n, round)) {
                list.add(new Pairing(p.white(), p.black()));
            }
            BergerTable.bye(n, round).ifPresent(b -> list.add(new Pairing(b, 0)));
            return list;
        }
        SwissTournament t;
        try {
            t = SwissTournament.fromTrf(doc);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        return BoardOrder.sort(DutchPairer.pair(t), t);
    }

    private int batch(String system, String list, PrintStream err) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of(list));
        } catch (java.nio.file.NoSuchFileException e) {
            throw new UsageException("no such file: " + list);
        }
        int worst = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            String[] parts = line.split("\t");
            if (parts.length != 2) {
                err.println(list + ": line " + (i + 1) + ": expected 'input<TAB>output'");
                worst = 2;
                continue;
            }
            try {
                TrfDocument doc = TrfInput.read(parts[0]);
                String text;
                try {
                    text = BoardOrder.format(pair(system, doc));
                } catch (NoValidPairingException e) {
                    text = NO_VALID_PAIRING + "\n";
                }
                Files.writeString(Path.of(parts[1]), text);
            } catch (UsageException e) {
                err.println(list + ": line " + (i + 1) + ": " + e.getMessage());
                worst = 2;
            }
        }
        return worst;
    }
}

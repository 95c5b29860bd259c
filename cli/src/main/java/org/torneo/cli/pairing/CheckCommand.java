package org.torneo.cli.pairing;

import java.io.PrintStream;
import java.util.Map;
import java.util.TreeSet;
import org.torneo.cli.Command;
import org.torneo.cli.TrfInput;
import org.torneo.pairing.dutch.DutchPairer;
import org.torneo.pairing.swiss.NoValidPairingException;
import org.torneo.pairing.swiss.Pairing;
import org.torneo.pairing.swiss.SwissTournament;
import org.torneo.trf.Colour;
import org.torneo.trf.ResultCode;
import org.torneo.trf.TrfDocument;
import org.torneo.trf.TrfGame;
import org.torneo.trf.TrfPlayer;
import picocli.CommandLine;
import picocli.CommandLine.Parameters;

/**
 * {@code torneo check IN.trf}: the free pairings checker (C.04.A). Re-pairs every played round of the
 * tournament with the Dutch engine and reports each round whose recorded pairing (pairs, colours, PAB)
 * differs. Exit 0 when every round matches, 1 when some differ.
 */
@CommandLine.Command(name = "check", description = {
        "re-pair every round of a played tournament (Dutch) and report discrepancies",
        "Re-pairs every played round with the Dutch engine and lists the rounds whose recorded pairing differs"
                + " (exit 1), as bbpPairings' checker does."})
public final class CheckCommand extends Command {

    @Parameters(paramLabel = "IN.trf", description = "the tournament (TRF-16 or TRF-26; UTF-8 or Latin-1)")
    String input;

    @Override
    public int execute(PrintStream out, PrintStream err) {
        TrfDocument doc = TrfInput.read(input);
        int rounds = doc.roundsPaired();
        if (doc.totalRounds().isEmpty()) {
            doc = doc.withHeader("XXR", Integer.toString(Math.max(rounds, doc.roundsWritten())));
        }
        int discrepancies = 0;
        for (int r = 1; r <= rounds; r++) {
            TreeSet<String> recorded = recorded(doc, r);
            TreeSet<String> engine = new TreeSet<>();
            try {
                for (Pairing p : DutchPairer.pair(SwissTournament.fromTrf(doc, r))) {
                    engine.add(p.toString());
                }
            } catch (NoValidPairingException e) {
                engine.add("no valid pairing");
            } catch (IllegalArgumentException e) {
                throw new UsageException(input + ": round " + r + ": " + e.getMessage());
            }
            engine = withRecordedOrientation(engine, recorded, colourless(doc, r));
            if (recorded.equals(engine)) {
                out.println("round " + r + ": ok (" + recorded.size() + " lines)");
            } else {
                discrepancies++;
                TreeSet<String> missing = new TreeSet<>(recorded);
                missing.removeAll(engine);
                TreeSet<String> extra = new TreeSet<>(engine);
                extra.removeAll(recorded);
                out.println("round " + r + ": DIFFERS; recorded only: " + missing + "; engine only: " + extra);
            }
        }
        out.println(discrepancies == 0 ? "all " + rounds + " rounds agree"
                : discrepancies + " of " + rounds + " rounds differ");
        return discrepancies == 0 ? 0 : 1;
    }

    /** The recorded pairing of round r: "white black" per game (forfeits included) and "id 0" for the PAB. */
    static TreeSet<String> recorded(TrfDocument doc, int r) {
        TreeSet<String> set = new TreeSet<>();
        Map<Integer, TrfPlayer> byId = doc.playersById();
        for (TrfPlayer p : byId.values()) {
            TrfGame g = p.game(r);
            if (g.opponent() != 0) {
                boolean white = g.colour() == Colour.WHITE
                        || (g.colour() == Colour.NONE && p.startNumber() < g.opponent()
                        && byId.get(g.opponent()).game(r).colour() != Colour.WHITE);
                if (white) {
                    set.add(p.startNumber() + " " + g.opponent());
                }
            } else if (g.result() == ResultCode.PAIRING_ALLOCATED_BYE || g.result() == ResultCode.FORFEIT_WIN) {
                // a '+' without opponent is how Swiss-Chess exports the game against its "spielfrei" dummy:
                // the player was paired and got the point, i.e. the PAB (bbpPairings reads it so)
                set.add(p.startNumber() + " 0");
            }
        }
        return set;
    }

    /** The pairs of round r written without colours ('-' on both sides, e.g. forfeits), as "low high". */
    static TreeSet<String> colourless(TrfDocument doc, int r) {
        TreeSet<String> set = new TreeSet<>();
        Map<Integer, TrfPlayer> byId = doc.playersById();
        for (TrfPlayer p : byId.values()) {
            TrfGame g = p.game(r);
            if (g.opponent() > p.startNumber() && g.colour() == Colour.NONE
                    && byId.get(g.opponent()).game(r).colour() == Colour.NONE) {
                set.add(p.startNumber() + " " + g.opponent());
            }
        }
        return set;
    }

    /**
     * A pair recorded without colours agrees with the engine's pair in either orientation (a forfeit has no
     * colours to check; bbpPairings' checker accepts it so): the engine's pair takes the recorded orientation.
     */
    static TreeSet<String> withRecordedOrientation(TreeSet<String> engine, TreeSet<String> recorded,
                                                   TreeSet<String> colourless) {
        TreeSet<String> result = new TreeSet<>();
        for (String pair : engine) {
            String[] ids = pair.split(" ");
            String reversed = ids[1] + " " + ids[0];
            boolean noColours = colourless.contains(pair) || colourless.contains(reversed);
            result.add(noColours && !recorded.contains(pair) && recorded.contains(reversed) ? reversed : pair);
        }
        return result;
    }
}

package org.torneo.cli.clock;

import java.io.PrintStream;
import java.util.List;
import org.torneo.cli.Command;
import org.torneo.clock.core.timecontrol.Classification;
import org.torneo.clock.core.timecontrol.SideControls;
import org.torneo.clock.core.timecontrol.TimeControlFormat;
import org.torneo.clock.core.timecontrol.TimeControlParser;
import org.torneo.clock.core.timecontrol.TimeControlSyntaxException;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.clock.TimeControl;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code torneo timecontrol [--trf|--human] "90+30"}: prints the parsed control, its TRF-26 tag 222
 * form and its category under each edition of the Laws.
 */
@CommandLine.Command(name = "timecontrol",
        description = "parse a time control, print its TRF-26 form and its category per edition",
        footer = {"", "e.g. \"90+30\", \"40/90+30, 30+30\", \"G/60 d5\", \"40/120, 20/60, G/30\", \"15 min + 10 s per move\",",
                "PGN TimeControl tags (seconds) \"300+3\", TRF \"40/6000+30:900+30\", Armageddon (TRF, seconds) \"W300-B240\""})
public final class TimeControlCommand extends Command {

    @Parameters(arity = "1..*", paramLabel = "CONTROL", description = "the time control (one argument or several words)")
    List<String> words = List.of();

    @Option(names = "--trf", description = "read it as TRF-26 tag 222 writes it (seconds)")
    boolean trf;

    @Option(names = "--human", description = "read it as regulations write it, e.g. \"90 min + 30 s per move\"")
    boolean human;

    @Override
    public int execute(PrintStream out, PrintStream err) {
        if (trf && human) {
            throw usageError("--trf and --human exclude each other");
        }
        String text = String.join(" ", words);
        SideControls sides;
        try {
            if (trf) {
                sides = text.strip().toUpperCase().startsWith("W") ? TimeControlParser.parseSides(text)
                        : same(TimeControlParser.parseTrf(text));
            } else {
                sides = human ? same(TimeControlParser.parseHuman(text)) : TimeControlParser.parseSides(text);
            }
        } catch (TimeControlSyntaxException e) {
            throw new UsageException(e.getMessage());
        }
        if (!sides.same()) {
            out.println("White and Black play under different controls (TRF 222: " + sides.trf() + ")");
            print("White", sides.white(), out);
            print("Black", sides.black(), out);
            return 0;
        }
        print(null, sides.white(), out);
        return 0;
    }

    private static SideControls same(TimeControl control) {
        return new SideControls(control, control);
    }

    private static void print(String side, TimeControl control, PrintStream out) {
        if (side != null) {
            out.println("--- " + side);
        }
        out.println("control:  " + TimeControlFormat.human(control));
        out.println("meaning:  " + TimeControlFormat.describe(control));
        out.println("TRF 222:  " + TimeControlFormat.trf(control));
        out.println("60 moves: " + TimeControlFormat.clock(Classification.sixtyMoveMillis(control))
                + " (base of the periods begun + 60 x increment)");
        for (Edition edition : Edition.values()) {
            out.printf("%-9s %s%n", label(edition) + ":", Classification.classify(control, edition).name().toLowerCase());
        }
    }

    private static String label(Edition edition) {
        return switch (edition) {
            case CODE_1970 -> "Code1970";
            case FIDE_1997 -> "FIDE1997";
            case FIDE_2001 -> "FIDE2001";
            case FIDE_2018 -> "FIDE2018";
        };
    }
}

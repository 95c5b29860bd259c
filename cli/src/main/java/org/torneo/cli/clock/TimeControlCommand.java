package org.torneo.cli.clock;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.torneo.cli.Command;
import org.torneo.clock.core.timecontrol.Classification;
import org.torneo.clock.core.timecontrol.SideControls;
import org.torneo.clock.core.timecontrol.TimeControlFormat;
import org.torneo.clock.core.timecontrol.TimeControlParser;
import org.torneo.clock.core.timecontrol.TimeControlSyntaxException;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.clock.TimeControl;

/**
 * {@code torneo timecontrol [--trf|--human] "90+30"}: prints the parsed control, its TRF-26 tag 222
 * form and its category under each edition of the Laws.
 */
public final class TimeControlCommand implements Command {

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        boolean trf = false;
        boolean human = false;
        List<String> words = new ArrayList<>();
        for (String a : args) {
            switch (a) {
                case "--trf" -> trf = true;
                case "--human" -> human = true;
                case "-h", "--help" -> {
                    usage(out);
                    return 0;
                }
                default -> {
                    if (a.startsWith("--")) {
                        throw new UsageException("unknown option " + a + " (usage: timecontrol [--trf|--human] \"90+30\")");
                    }
                    words.add(a);
                }
            }
        }
        if (words.isEmpty()) {
            throw new UsageException("give a time control, e.g. timecontrol \"40/90+30, 30+30\"");
        }
        if (trf && human) {
            throw new UsageException("--trf and --human exclude each other");
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

    private static void usage(PrintStream out) {
        out.println("usage: torneo timecontrol [--trf|--human] <control>");
        out.println("  e.g. \"90+30\", \"40/90+30, 30+30\", \"G/60 d5\", \"40/120, 20/60, G/30\", TRF \"40/6000+30:900+30\",");
        out.println("  Armageddon (TRF, seconds) \"W300-B240\"");
    }

    @Override
    public String summary() {
        return "parse a time control, print its TRF-26 form and its category per edition";
    }

    @Override
    public String usage() {
        return helpText();
    }
}

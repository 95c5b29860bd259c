package org.torneo.cli.rating;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.torneo.cli.Command;
import org.torneo.cli.TrfInput;
import org.torneo.rating.core.prize.PrizeDistribution;
import org.torneo.rating.core.score.Tournament;
import org.torneo.rating.core.seed.BookStandings;
import org.torneo.rating.core.standings.Standings;
import org.torneo.rating.core.standings.StandingsCalculator;
import org.torneo.rating.core.standings.StandingsFormat;
import org.torneo.rating.core.tiebreak.TieBreakRules;
import org.torneo.rating.core.tiebreak.TieBreakSpec;
import org.torneo.rating.core.tiebreak.TieBreaks;
import org.torneo.rating.core.trf.TrfTournamentReader;
import org.torneo.trf.TrfFormatException;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code torneo standings IN.trf [--rules auto|2024|2026] [--tiebreaks CODE,...] [--format table|tsv|json]}
 * and {@code torneo standings --batch LIST} (lines {@code input<TAB>output}, relative paths from the
 * list's folder): FIDE C.07 tie-breaks and the rank by points and then the tie-breaks given. By default the
 * edition of C.07 in force on the tournament's start date (record 042) applies, as FIDE's tie-break checker
 * chooses it: the 2024 rules before 2026-03-01, the 2026 rules from that day (they cap the score counted for an
 * unplayed round, C.07 (2026) 16.4.1 forfeits, 16.4.2 byes and absences); {@code --rules} forces an edition.
 */
@CommandLine.Command(name = "standings",
        description = "standings with FIDE C.07 tie-breaks (2024/2026 rules) from a TRF; --batch for many files",
        footer = {"", "modifiers of a code: /C1 /C2 (cut lowest), /M1 /M2 (median), /P (unplayed as played), /F (fore),",
                "  /U1400 (rating for unrated), /L60 (Koya limit), /V2024 /V2026 (rules for one code)",
                "--rules auto (default): the C.07 edition in force on the start date (042): 2024 before 2026-03-01,",
                "  2026 from then (and without a date); 2024 or 2026 forces one",
                "batch: relative paths in LIST are read from the list's folder"})
public final class StandingsCommand extends Command {

    static final String DEFAULT_TIEBREAKS = "PTS,DE,BH,BH/C1,BH/M1,SB,PS,WIN,WON,BPG,ARO,TPR";

    /** The tie-break codes of C.07, for the usage and the completion. */
    public static final class TieBreakCodes implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return TieBreaks.codes().stream().sorted().iterator();
        }
    }

    /** The output formats, as typed on the command line. */
    enum Format { table, tsv, json, csv }

    @Parameters(arity = "0..1", paramLabel = "IN.trf", description = "the tournament (TRF-16 or TRF-26; UTF-8 or Latin-1)")
    String input;

    @Option(names = "--rules", paramLabel = "auto|2024|2026", description = "the edition of C.07 (default ${DEFAULT-VALUE})")
    String rulesText = AUTO;

    @Option(names = "--tiebreaks", paramLabel = "CODE,...", completionCandidates = TieBreakCodes.class, description = {
            "the tie-breaks in order (default ${DEFAULT-VALUE}); codes (C.07): ${COMPLETION-CANDIDATES}"})
    String tiebreaks = DEFAULT_TIEBREAKS;

    @Option(names = "--format", paramLabel = "table|tsv|json|csv", description = {
            "the output (default table; tsv with --batch): json is the document --schema describes, csv the crosstable",
            "(RFC 4180: rank, start number, name, rating, per round 12w1 / U / H ..., tie-breaks)"})
    Format format;

    @Option(names = "--batch", paramLabel = "LIST", description = "many files: input<TAB>output lines")
    String batch;

    @Option(names = "--round-robin", description = "unplayed games count as played, byes add nothing (default: Swiss)")
    boolean roundRobin;

    @Option(names = "--book", description = "the 1970 book's tie-breaks (adjusted scores, Median, Solkoff, S-B) and order")
    boolean book;

    @Option(names = "--lot", paramLabel = "SEED", description = "with --book: the seed of the lot (default 0)")
    Long lot;

    @Option(names = "--prizes", paramLabel = "A,B,...", description = "the prizes by place, shared among tied players")
    String prizes;

    @Option(names = "--hort", description = "with --prizes: half by tie-break, half shared (the Hort system)")
    boolean hort;

    @Option(names = "--schema", description = "print the JSON schema of --format json")
    boolean schema;

    @Override
    public int execute(PrintStream out, PrintStream err) throws IOException {
        if (schema) {
            out.print(StandingsExport.schema());
            return 0;
        }
        Long bookLot = book || lot != null ? (lot == null ? 0L : lot) : null;
        String format = this.format == null ? null : this.format.name();
        TieBreakRules forced = forcedRules(rulesText);
        List<TieBreakSpec> specs = parseTieBreaks(tiebreaks);
        if (batch != null) {
            if (input != null) {
                throw usageError("give either an input file or --batch LIST, not both");
            }
            return runBatch(Path.of(batch), forced, specs, roundRobin, format == null ? "tsv" : format, out, err);
        }
        if (input == null) {
            throw usageError("give a TRF file, --batch LIST or --schema");
        }
        Path path = Path.of(input);
        org.torneo.trf.TrfDocument doc = TrfInput.read(path);
        Tournament t = tournament(path, doc);
        TieBreakRules rules = rulesFor(forced, doc);
        if (bookLot != null) {
            out.print(book(t, bookLot));
            return 0;
        }
        out.print(render(t, doc, rules, specs, roundRobin, format == null ? "table" : format));
        if (prizes != null) {
            out.print(prizeList(t, StandingsCalculator.compute(t, rules, specs, roundRobin), parsePrizes(prizes),
                    hort ? PrizeDistribution.Method.HORT : PrizeDistribution.Method.EQUAL_SHARING));
        }
        return 0;
    }

    static List<TieBreakSpec> parseTieBreaks(String text) {
        List<TieBreakSpec> specs = new ArrayList<>();
        for (String code : text.split(",")) {
            if (code.isBlank()) {
                throw new UsageException("--tiebreaks: empty code in '" + text + "'");
            }
            TieBreakSpec spec;
            try {
                spec = TieBreakSpec.parse(code.trim());
                TieBreaks.byCode(spec.code());
            } catch (IllegalArgumentException e) {
                throw new UsageException("--tiebreaks: " + e.getMessage());
            }
            specs.add(spec);
        }
        return specs;
    }

    static String render(Tournament t, org.torneo.trf.TrfDocument doc, TieBreakRules rules, List<TieBreakSpec> specs,
                         boolean roundRobin, String format) {
        Standings s = StandingsCalculator.compute(t, rules, specs, roundRobin);
        return switch (format) {
            case "tsv" -> StandingsFormat.tsv(s);
            case "json" -> StandingsExport.json(s, t, rules, doc);
            case "csv" -> StandingsExport.csv(s, t, doc);
            default -> StandingsFormat.table(s, t);
        };
    }

    static List<Long> parsePrizes(String text) {
        List<Long> cents = new ArrayList<>();
        for (String part : text.split(",")) {
            try {
                cents.add(new java.math.BigDecimal(part.trim()).movePointRight(2).longValueExact());
            } catch (RuntimeException e) {
                throw new UsageException("--prizes: '" + part.trim() + "' is not an amount (e.g. 1000,600,400.50)");
            }
            if (cents.get(cents.size() - 1) < 0) {
                throw new UsageException("--prizes: amounts must not be negative");
            }
        }
        return cents;
    }

    /** Prizes by place: tied players share (Code 1970 rule IX), or half by tie-break with --hort. */
    static String prizeList(Tournament t, Standings s, List<Long> prizes, PrizeDistribution.Method method) {
        var paid = PrizeDistribution.distribute(PrizeDistribution.scoreGroups(s, t), prizes, method);
        StringBuilder b = new StringBuilder("prizes (" + (method == PrizeDistribution.Method.HORT
                ? "Hort: half by tie-break, half shared" : "shared equally among players tied on points") + "):\n");
        for (int sn : s.startNumbersByRank()) {
            long cents = paid.getOrDefault(sn, 0L);
            if (cents > 0) {
                b.append(String.format("%4d %5d  %-24s %12s%n", s.rankOf(sn), sn, t.player(sn).name(),
                        java.math.BigDecimal.valueOf(cents, 2).toPlainString()));
            }
        }
        return b.toString();
    }

    /** The 1970 book's list: points, Harkness Median, Solkoff, Sonneborn-Berger, then a seeded lot. */
    static String book(Tournament t, long seed) {
        StringBuilder b = new StringBuilder(String.format("%5s %5s %5s  %-24s %5s %8s %6s %7s %6s%n", "Place", "Tied",
                "SNo", "Name", "Pts", "Adjusted", "Median", "Solkoff", "S-B"));
        for (BookStandings.Row r : BookStandings.compute(t, new java.util.SplittableRandom(seed))) {
            String name = t.player(r.startNumber()).name();
            b.append(String.format("%5d %5d %5d  %-24s %5s %8s %6s %7s %6s%n", r.place(), r.sharedPlace(),
                    r.startNumber(), name.length() > 24 ? name.substring(0, 24) : name, points(r.scoreCenti()),
                    points(r.adjustedCenti()), points(r.medianCenti()), points(r.solkoffCenti()),
                    points(r.sonnebornBergerCenti())));
        }
        b.append("book order (Code 1970): points, Median, Solkoff, Sonneborn-Berger, lot (seed ").append(seed)
                .append("); adjusted scores count every unplayed game as 1/2\n");
        return b.toString();
    }

    private static String points(int centi) {
        return new java.math.BigDecimal(centi).movePointLeft(2).stripTrailingZeros().toPlainString();
    }

    static final String AUTO = "auto";

    /** The edition --rules forces, or null for auto. */
    static TieBreakRules forcedRules(String text) {
        if (text.equals(AUTO)) {
            return null;
        }
        try {
            return TieBreakRules.parse(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--rules: " + e.getMessage() + " or auto");
        }
    }

    /**
     * The edition forced, else the one in force on the start date (042) as FIDE's checker picks it; without a
     * date, the current one (2026), as {@code rating} takes the current rating rules.
     */
    static TieBreakRules rulesFor(TieBreakRules forced, org.torneo.trf.TrfDocument doc) {
        if (forced != null) {
            return forced;
        }
        return TieBreakRules.inForceOn(doc.startDate().orElse(java.time.LocalDate.of(2026, 3, 1)));
    }

    /** The TRF through the one reader of every command ({@link TrfInput}), then the cross table. */
    static Tournament read(Path path) {
        return tournament(path, TrfInput.read(path));
    }

    static Tournament tournament(Path path, org.torneo.trf.TrfDocument doc) {
        try {
            return TrfTournamentReader.toTournament(doc);
        } catch (TrfFormatException e) {
            throw new UsageException(path + ": " + e.getMessage());
        }
    }

    private int runBatch(Path list, TieBreakRules forced, List<TieBreakSpec> specs, boolean roundRobin, String format,
                         PrintStream out, PrintStream err) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(list, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new UsageException("no such batch list: " + list);
        }
        Path base = list.toAbsolutePath().getParent();
        int done = 0;
        int failed = 0;
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\t");
            if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
                err.println(list + ":" + (n + 1) + ": expected 'input<TAB>output', got '" + line + "'");
                failed++;
                continue;
            }
            Path in = resolve(base, parts[0].trim());
            Path output = resolve(base, parts[1].trim());
            try {
                org.torneo.trf.TrfDocument doc = TrfInput.read(in);
                Tournament t = tournament(in, doc);
                TieBreakRules rules = rulesFor(forced, doc);
                Path parent = output.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Files.writeString(output, render(t, doc, rules, specs, roundRobin, format), StandardCharsets.UTF_8);
                done++;
            } catch (UsageException | IOException e) {
                err.println(list + ":" + (n + 1) + ": " + e.getMessage());
                failed++;
            }
        }
        out.println("standings: " + done + " written, " + failed + " failed");
        return failed == 0 ? 0 : 2;
    }

    private static Path resolve(Path base, String name) {
        Path p = Path.of(name);
        return p.isAbsolute() || base == null ? p : base.resolve(p);
    }
}

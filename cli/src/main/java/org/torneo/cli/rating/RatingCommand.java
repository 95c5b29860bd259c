package org.torneo.cli.rating;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.torneo.cli.Command;
import org.torneo.cli.TrfInput;
import org.torneo.rating.core.elo.RatingReport;
import org.torneo.rating.core.score.Tournament;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code torneo rating IN.trf [--date YYYY-MM-DD] [--k N]}: each player's FIDE rating change
 * (B.02: table 8.1.2, 400-point rule with the 2650 exception from 2025-10-01, K x n <= 700) and
 * performance (ARO, TPR, PTP) over the rated games against rated opponents; unrated players get
 * the 2024 initial rating when it can be published.
 */
@CommandLine.Command(name = "rating",
        description = "each player's FIDE rating change and performance (ARO, TPR, PTP) from a TRF",
        footer = {"", "K: 20 below 2400 and 10 from 2400 unless --k is given (K 40 for new and junior players needs their",
                "rating-list history, which a TRF does not carry)"})
public final class RatingCommand extends Command {

    /** The rules for unrated players' first rating, as typed on the command line. */
    enum Initial {
        fide(RatingReport.InitialRule.FIDE_2024), book(RatingReport.InitialRule.BOOK_PROVISIONAL);

        final RatingReport.InitialRule rule;

        Initial(RatingReport.InitialRule rule) {
            this.rule = rule;
        }
    }

    @Parameters(paramLabel = "IN.trf", description = "the tournament (TRF-16 or TRF-26; UTF-8 or Latin-1)")
    String input;

    @Option(names = "--date", paramLabel = "YYYY-MM-DD",
            description = "the rules of that day (default: the TRF's start date, 042, else those from 2026-03-01)")
    LocalDate date;

    @Option(names = "--k", paramLabel = "N", description = "one K factor for everybody")
    Integer fixedK;

    @Option(names = "--initial", paramLabel = "fide|book", description = {"unrated players' first rating: by B.02 (2024),"
            + " or the 1970 book's provisional rule (a draw gives the opponent's rating, a win that rating + 50)"})
    Initial initial = Initial.fide;

    @Option(names = "--trf", paramLabel = "OUT", description = {"write the event as a TRF for the rating report, with the"
            + " points recomputed and the rank by points and --tiebreaks"})
    String trfOut;

    @Option(names = "--tiebreaks", paramLabel = "CODE,...", completionCandidates = StandingsCommand.TieBreakCodes.class,
            description = "with --trf: the tie-breaks of the rank (default ${DEFAULT-VALUE})")
    String tiebreaks = StandingsCommand.DEFAULT_TIEBREAKS;

    @Option(names = "--rules", paramLabel = "auto|2024|2026", description = "with --trf: the edition of C.07 (default ${DEFAULT-VALUE})")
    String rulesText = StandingsCommand.AUTO;

    @Override
    public int execute(PrintStream out, PrintStream err) throws IOException {
        if (fixedK != null && fixedK <= 0) {
            throw usageError("--k must be positive");
        }
        LocalDate date = this.date;
        RatingReport.InitialRule initialRule = initial.rule;
        Path path = Path.of(input);
        org.torneo.trf.TrfDocument doc = TrfInput.read(path);
        Tournament t = StandingsCommand.tournament(path, doc);
        if (date == null) {
            date = startDate(doc);
        }
        out.printf("%5s  %-24s %5s %3s %5s %3s %6s %5s %5s %5s %8s%n", "SNo", "Name", "Rtg", "N", "Score", "K",
                "Change", "ARO", "TPR", "PTP", "New");
        Integer k = fixedK;
        for (RatingReport.Line l : RatingReport.compute(t, date,
                k != null ? rating -> k : RatingReport.DEFAULT_K, initialRule)) {
            String name = l.name().length() > 24 ? l.name().substring(0, 24) : l.name();
            String score = String.valueOf(l.scoreCenti() / 100.0);
            String aro = text(l.averageRatingOfOpponents());
            String tpr = text(l.performance());
            String ptp = text(l.perfectPerformance());
            if (l.rated()) {
                out.printf("%5d  %-24s %5d %3d %5s %3d %+6.1f %5s %5s %5s %8d%n", l.startNumber(), name, l.rating(),
                        l.games(), score, l.kFactor(), l.changeCenti() / 100.0, aro, tpr, ptp, l.newRating());
            } else {
                out.printf("%5d  %-24s %5s %3d %5s %3s %6s %5s %5s %5s %8s%n", l.startNumber(), name, "-", l.games(),
                        score, "-", "-", aro, tpr, ptp,
                        l.initialRating() != null ? "Ru " + l.initialRating() : "unrated");
                // Ru: the first rating (B.02 2024) or the book's provisional figure
            }
        }
        if (trfOut != null) {
            List<String> missing = writeReport(path, t, tiebreaks, rulesText, Path.of(trfOut));
            out.println("rating report written to " + trfOut);
            if (!missing.isEmpty()) {
                err.println("torneo rating: the report lacks " + String.join(", ", missing)
                        + " (FIDE's rating officers need them; add them to " + path + ")");
            }
        }
        out.println("rules of " + date + (date.isBefore(LocalDate.of(2025, 10, 1))
                ? ": 400-point rule for everybody" : ": 400-point rule below 2650 only"));
        return 0;
    }

    /**
     * TRF 042 start date (checked by the TRF reader: YYYY/MM/DD as TRF specifies, also DD/MM/YYYY). Without it,
     * the rules in force from 2026-03-01 apply.
     */
    static LocalDate startDate(org.torneo.trf.TrfDocument doc) {
        return doc.startDate().orElse(LocalDate.of(2026, 3, 1));
    }

    /** The input TRF with each player's points (81-84) and rank (86-89) recomputed. */
    /**
     * The rating report as the rating officer sends it to FIDE (TRF, C.04 Annex 2): the players with their points
     * recomputed and their rank, the counts 062 (players) and 072 (rated players) and 082 (teams, 0 when absent)
     * from the records, the dates 042/052 in the TRF form YYYY/MM/DD whatever form the file had. Returns the
     * tournament records the report should carry and the file does not (012 name, 022 city, 032 federation,
     * 042/052 dates, 092 type, 102 chief arbiter, 122 rate of play).
     */
    static List<String> writeReport(Path input, Tournament t, String tiebreaks, String rulesText, Path output)
            throws IOException {
        org.torneo.trf.TrfDocument doc = TrfInput.read(input);
        // the ranks of the report: the same C.07 edition as standings picks (start date, or --rules)
        var rules = StandingsCommand.rulesFor(StandingsCommand.forcedRules(rulesText), doc);
        var standings = org.torneo.rating.core.standings.StandingsCalculator.compute(t, rules,
                StandingsCommand.parseTieBreaks(tiebreaks));
        List<org.torneo.trf.TrfPlayer> changed = new java.util.ArrayList<>();
        for (org.torneo.trf.TrfPlayer p : doc.players()) {
            int centi = t.scoreCenti(p.startNumber());
            if (centi % 10 != 0) {
                throw new UsageException("player " + p.startNumber() + ": " + centi / 100.0
                        + " points cannot be written in TRF tenths");
            }
            changed.add(p.withPointsAndRank(centi / 10, standings.rankOf(p.startNumber())));
        }
        org.torneo.trf.TrfDocument report = doc.withPlayers(changed)
                .withHeader("062", Integer.toString(changed.size()))
                .withHeader("072", Long.toString(changed.stream().filter(p -> p.rating() > 0).count()));
        if (doc.header("082").isEmpty()) {
            report = report.withHeader("082", "0");
        }
        java.time.format.DateTimeFormatter trfDate = java.time.format.DateTimeFormatter.ofPattern("uuuu/MM/dd");
        if (doc.startDate().isPresent()) {
            report = report.withHeader("042", doc.startDate().get().format(trfDate));
        }
        if (doc.endDate().isPresent()) {
            report = report.withHeader("052", doc.endDate().get().format(trfDate));
        }
        org.torneo.trf.TrfWriter.write(report, output);
        List<String> missing = new java.util.ArrayList<>();
        for (String tag : List.of("012", "022", "032", "042", "052", "092", "102", "122")) {
            if (doc.header(tag).map(String::isBlank).orElse(true)) {
                missing.add(tag);
            }
        }
        return missing;
    }

    private static String text(Integer v) {
        return v == null ? "-" : v.toString();
    }
}

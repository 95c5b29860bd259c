package org.torneo.cli.rating;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.torneo.cli.Command;
import org.torneo.rating.core.elo.Elo;
import org.torneo.rating.core.elo.InitialRating;
import org.torneo.rating.core.elo.Performance;
import org.torneo.rating.core.score.Player;
import org.torneo.rating.core.score.RoundEntry;
import org.torneo.rating.core.score.Tournament;

/**
 * {@code torneo rating IN.trf [--date YYYY-MM-DD] [--k N]}: each player's FIDE rating change
 * (B.02: table 8.1.2, 400-point rule with the 2650 exception from 2025-10-01, K x n <= 700) and
 * performance (ARO, TPR, PTP) over the rated games against rated opponents; unrated players get
 * the 2024 initial rating when it can be published.
 */
public final class RatingCommand implements Command {

    private static final String USAGE = "usage: rating IN.trf [--date YYYY-MM-DD] [--k N]";

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) throws IOException {
        String input = null;
        LocalDate date = null;
        Integer fixedK = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--date" -> {
                    String v = value(args, ++i, a);
                    try {
                        date = LocalDate.parse(v);
                    } catch (DateTimeParseException e) {
                        throw new UsageException("--date: '" + v + "' is not a date like 2026-03-15");
                    }
                }
                case "--k" -> {
                    String v = value(args, ++i, a);
                    try {
                        fixedK = Integer.parseInt(v);
                    } catch (NumberFormatException e) {
                        throw new UsageException("--k: '" + v + "' is not a whole number");
                    }
                    if (fixedK <= 0) {
                        throw new UsageException("--k must be positive");
                    }
                }
                case "-h", "--help" -> {
                    out.println(USAGE);
                    out.println("  K: 20 below 2400 and 10 from 2400 unless --k is given (K 40 for new and junior");
                    out.println("  players needs their rating-list history, which a TRF does not carry)");
                    out.println("  date: --date, else the TRF's start date (042), else the rules in force today");
                    return 0;
                }
                default -> {
                    if (a.startsWith("--")) {
                        throw new UsageException("unknown option " + a + "; " + USAGE);
                    }
                    if (input != null) {
                        throw new UsageException("only one input file; " + USAGE);
                    }
                    input = a;
                }
            }
        }
        if (input == null) {
            throw new UsageException("give a TRF file; " + USAGE);
        }
        Path path = Path.of(input);
        Tournament t = StandingsCommand.read(path);
        if (date == null) {
            date = startDate(Files.readString(path, StandardCharsets.ISO_8859_1));
        }
        out.printf("%5s  %-24s %5s %3s %5s %3s %6s %5s %5s %5s %8s%n", "SNo", "Name", "Rtg", "N", "Score", "K",
                "Change", "ARO", "TPR", "PTP", "New");
        for (Player p : t.players()) {
            List<Elo.Game> games = new ArrayList<>();
            for (int r = 1; r <= t.rounds(); r++) {
                RoundEntry e = p.round(r);
                if (e.playedGame() && e.kind().rated() && t.player(e.opponent()).rated()) {
                    games.add(new Elo.Game(t.player(e.opponent()).rating(), e.kind().ratingScoreCenti()));
                }
            }
            int[] ratings = games.stream().mapToInt(Elo.Game::opponentRating).toArray();
            int score = games.stream().mapToInt(Elo.Game::scoreCenti).sum();
            String aro = text(Performance.averageRating(ratings, ratings.length));
            String tpr = text(Performance.tournamentPerformance(score, ratings, ratings.length));
            String ptp = text(Performance.perfectPerformance(score, ratings, ratings.length));
            String name = p.name().length() > 24 ? p.name().substring(0, 24) : p.name();
            String scoreText = String.valueOf(score / 100.0);
            if (p.rated()) {
                int k = fixedK != null ? fixedK : (p.rating() >= 2400 ? 10 : 20);
                int kEff = org.torneo.rating.core.elo.KFactor.capped(k, games.size());
                long change = Elo.changeForEvent(p.rating(), games, k, date);
                out.printf("%5d  %-24s %5d %3d %5s %3d %+6.1f %5s %5s %5s %8d%n", p.startNumber(), name, p.rating(),
                        games.size(), scoreText, kEff, change / 100.0, aro, tpr, ptp,
                        p.rating() + Elo.roundToPoints(change));
            } else {
                OptionalInt initial = InitialRating.fide2024(games);
                out.printf("%5d  %-24s %5s %3d %5s %3s %6s %5s %5s %5s %8s%n", p.startNumber(), name, "-",
                        games.size(), scoreText, "-", "-", aro, tpr, ptp,
                        initial.isPresent() ? "Ru " + initial.getAsInt() : "unrated");
            }
        }
        out.println("rules of " + date + (date.isBefore(LocalDate.of(2025, 10, 1))
                ? ": 400-point rule for everybody" : ": 400-point rule below 2650 only"));
        return 0;
    }

    /** TRF 042 start date (YYYY/MM/DD); without it, the rules in force on 2026-03-01 or later apply. */
    static LocalDate startDate(String trf) {
        for (String line : trf.split("\r\n|\r|\n")) {
            if (line.startsWith("042") && line.length() >= 14) {
                String d = line.substring(4).trim().replace('/', '-').replace('.', '-');
                try {
                    return LocalDate.parse(d.length() >= 10 ? d.substring(0, 10) : d);
                } catch (DateTimeParseException e) {
                    throw new UsageException("TRF 042: '" + line.substring(4).trim() + "' is not a date YYYY/MM/DD");
                }
            }
        }
        return LocalDate.of(2026, 3, 1);
    }

    private static String text(Integer v) {
        return v == null ? "-" : v.toString();
    }

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size()) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    @Override
    public String summary() {
        return "each player's FIDE rating change and performance (ARO, TPR, PTP) from a TRF";
    }
}

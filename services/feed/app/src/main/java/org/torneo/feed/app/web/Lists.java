package org.torneo.feed.app.web;

import java.text.CollationKey;
import java.text.Collator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.torneo.feed.core.FeedModel;
import org.torneo.feed.core.Views;

/**
 * The lists a tournament displays and prints (player list, pairings by board, the alphabetical pairing list,
 * results, standings with tie-breaks, crosstable), built from one {@link Views.TournamentSheet}: plain values,
 * no HTML, so they are tested and timed apart from the pages that render them.
 */
public final class Lists {

    private Lists() {
    }

    /** A player with the number the lists show him by (No.): his pairing number, else his place by rating. */
    public record Entrant(int number, String playerId, String name, int rating, boolean withdrawn, String title,
                          String federation, boolean checkedIn) {

        /** A player not checked in. */
        public Entrant(int number, String playerId, String name, int rating, boolean withdrawn, String title,
                       String federation) {
            this(number, playerId, name, rating, withdrawn, title, federation, false);
        }
    }

    /**
     * One line of the alphabetical pairing list: where a player sits this round. {@code board} is null for a
     * player without a game: then {@code bye} says why (the bye's kind and points) or is null when he is not in
     * the round at all (withdrawn, not yet joined, absent from the pairing).
     */
    public record AlphabeticalLine(Entrant player, Integer board, String hall, String colour, Entrant opponent,
                                   String result, Views.ByeView bye) {
    }

    /** One line of the crosstable: the standings row and, per round, the cell (opponent's No., colour, score). */
    public record CrossLine(Views.StandingLine standing, Entrant player, List<String> cells) {
    }

    /**
     * The entrants in No. order. A tournament that assigned pairing numbers shows them; else each player is
     * numbered by the initial ranking (rating descending, then name), as FIDE C.04.2 orders it before round 1.
     */
    public static List<Entrant> entrants(Views.TournamentSheet sheet, Locale locale) {
        return entrants(sheet.players(), locale);
    }

    /** The entrants of these players (see {@link #entrants(Views.TournamentSheet, Locale)}). */
    public static List<Entrant> entrants(List<Views.PlayerView> registered, Locale locale) {
        List<Views.PlayerView> players = new ArrayList<>(registered);
        boolean numbered = !players.isEmpty() && players.stream().allMatch(p -> p.startNumber() != null);
        List<Entrant> out = new ArrayList<>(players.size());
        if (numbered) {
            players.sort(Comparator.comparingInt(Views.PlayerView::startNumber));
            for (Views.PlayerView p : players) {
                out.add(new Entrant(p.startNumber(), p.id(), p.name(), p.rating(), p.withdrawn(), p.title(),
                        p.federation(), p.checkedIn()));
            }
            return out;
        }
        Collator collator = collator(locale);
        Map<String, CollationKey> keys = new HashMap<>();
        players.forEach(p -> keys.put(p.id(), collator.getCollationKey(p.name())));
        players.sort(Comparator.comparingInt(Views.PlayerView::rating).reversed()
                .thenComparing(p -> keys.get(p.id()))
                .thenComparing(Views.PlayerView::id));
        int number = 1;
        for (Views.PlayerView p : players) {
            out.add(new Entrant(number++, p.id(), p.name(), p.rating(), p.withdrawn(), p.title(), p.federation(),
                    p.checkedIn()));
        }
        return out;
    }

    /**
     * Every player of the tournament in alphabetical order (the language's collation: "Álvarez" sorts with
     * "Alvarez", before "Bravo"), with his board, hall, colour and opponent in {@code round}; a player with a bye
     * or without a game is listed too, saying so. {@code hall} non-null keeps the players of that hall's boards.
     */
    public static List<AlphabeticalLine> alphabetical(Views.TournamentSheet sheet, int round, String hall,
                                                      Locale locale) {
        Views.RoundView r = round(sheet, round);
        Map<String, Entrant> byId = byId(entrants(sheet, locale));
        Map<String, AlphabeticalLine> lines = new HashMap<>();
        for (Views.BoardView b : r.boards()) {
            Entrant white = entrant(byId, b.white(), b.whiteName());
            Entrant black = entrant(byId, b.black(), b.blackName());
            lines.put(b.white(), new AlphabeticalLine(white, b.board(), b.hall(), "white", black, b.result(), null));
            lines.put(b.black(), new AlphabeticalLine(black, b.board(), b.hall(), "black", white, b.result(), null));
        }
        if (hall == null) {
            for (Views.ByeView bye : r.byes()) {
                lines.put(bye.playerId(), new AlphabeticalLine(entrant(byId, bye.playerId(), bye.name()), null, null,
                        null, null, null, bye));
            }
            for (Entrant e : byId.values()) {
                lines.putIfAbsent(e.playerId(), new AlphabeticalLine(e, null, null, null, null, null, null));
            }
        }
        Collator collator = collator(locale);
        List<Keyed> keyed = new ArrayList<>(lines.size());
        for (AlphabeticalLine line : lines.values()) {
            if (hall == null || hall.equals(line.hall())) {
                keyed.add(new Keyed(collator.getCollationKey(line.player().name()), line));
            }
        }
        keyed.sort(Comparator.comparing(Keyed::key).thenComparingInt(k -> k.line().player().number()));
        return keyed.stream().map(Keyed::line).toList();
    }

    private record Keyed(CollationKey key, AlphabeticalLine line) {
    }

    /**
     * The crosstable: one line per standings row (its order), each round's cell as chess-results prints it: the
     * opponent's No., "w" or "b", and the score ("1", "½", "0"; "+" / "-" for a forfeit win or loss), a bye as
     * "-" and its points, nothing when the player had no game and no bye; a game still in play shows "*".
     */
    public static List<CrossLine> crosstable(Views.TournamentSheet sheet, Locale locale) {
        Map<String, Entrant> byId = byId(entrants(sheet, locale));
        int rounds = sheet.rounds().size();
        Map<String, String[]> cells = new HashMap<>();
        int column = 0;
        for (Views.RoundView r : sheet.rounds()) {
            for (Views.BoardView b : r.boards()) {
                cell(cells, b.white(), rounds)[column] = number(byId, b.black()) + "w" + score(b.result(), true);
                cell(cells, b.black(), rounds)[column] = number(byId, b.white()) + "b" + score(b.result(), false);
            }
            for (Views.ByeView bye : r.byes()) {
                cell(cells, bye.playerId(), rounds)[column] = "-" + points(bye.points());
            }
            column++;
        }
        List<CrossLine> out = new ArrayList<>(sheet.standings().rows().size());
        for (Views.StandingLine row : sheet.standings().rows()) {
            String[] mine = cells.getOrDefault(row.playerId(), new String[rounds]);
            List<String> shown = new ArrayList<>(rounds);
            for (String c : mine) {
                shown.add(c == null ? "" : c);
            }
            out.add(new CrossLine(new Views.StandingLine(row.rank(), row.startNumber(), row.playerId(), row.name(),
                    shownValues(row.values())), entrant(byId, row.playerId(), row.name()), shown));
        }
        return out;
    }

    /** One row of the round-robin grid: the player, his score against each entrant (No. order), his points. */
    public record GridLine(Entrant player, List<String> cells, String points) {
    }

    /** The most players a round-robin grid prints (a row per player and a column per player). */
    public static final int GRID_MOST_PLAYERS = 64;

    /**
     * The round-robin grid: a row and a column per entrant in No. order, each cell the row player's score against
     * the column's ("1", "½", "0", "+", "-"; two games of a double round robin side by side; "*" in play), the
     * diagonal "×", and his points from the standings.
     */
    public static List<GridLine> grid(Views.TournamentSheet sheet, Locale locale) {
        List<Entrant> entrants = entrants(sheet, locale);
        if (entrants.size() > GRID_MOST_PLAYERS) {
            throw new org.torneo.feed.core.FeedFilter.BadRequest("list", "tournament '" + sheet.summary().id()
                    + "' has " + entrants.size() + " players; the round-robin grid prints at most " + GRID_MOST_PLAYERS
                    + ": print the crosstable");
        }
        Map<String, Integer> column = new HashMap<>();
        for (int i = 0; i < entrants.size(); i++) {
            column.put(entrants.get(i).playerId(), i);
        }
        Map<String, String[]> cells = new HashMap<>();
        for (Views.RoundView r : sheet.rounds()) {
            for (Views.BoardView b : r.boards()) {
                Integer white = column.get(b.white());
                Integer black = column.get(b.black());
                if (white != null && black != null) {
                    append(cell(cells, b.white(), entrants.size()), black, score(b.result(), true));
                    append(cell(cells, b.black(), entrants.size()), white, score(b.result(), false));
                }
            }
        }
        Map<String, String> points = new HashMap<>();
        for (Views.StandingLine row : sheet.standings().rows()) {
            points.put(row.playerId(), row.values().isEmpty() ? "" : points(row.values().get(0)));
        }
        List<GridLine> out = new ArrayList<>(entrants.size());
        for (int i = 0; i < entrants.size(); i++) {
            Entrant e = entrants.get(i);
            String[] mine = cells.getOrDefault(e.playerId(), new String[entrants.size()]);
            List<String> shown = new ArrayList<>(entrants.size());
            for (int j = 0; j < mine.length; j++) {
                shown.add(i == j ? "×" : mine[j] == null ? "" : mine[j]);
            }
            out.add(new GridLine(e, shown, points.getOrDefault(e.playerId(), "")));
        }
        return out;
    }

    private static void append(String[] row, int column, String score) {
        row[column] = row[column] == null ? score : row[column] + " " + score;
    }

    private static String[] cell(Map<String, String[]> cells, String playerId, int rounds) {
        return cells.computeIfAbsent(playerId, p -> new String[rounds]);
    }

    private static String number(Map<String, Entrant> byId, String playerId) {
        Entrant e = byId.get(playerId);
        return e == null ? "?" : String.valueOf(e.number());
    }

    /**
     * The side's score in a result's notation: "1-0" gives "1" and "0", "½-½" "½", a forfeit "+-" or "-+" "+" and
     * "-", a double forfeit "0-0" "0"; an arbiter's score "a" (its points are in the standings); "*" while in play.
     */
    static String score(String result, boolean white) {
        if (result == null) {
            return "*";
        }
        return switch (result) {
            case "1-0" -> white ? "1" : "0";
            case "0-1" -> white ? "0" : "1";
            case "½-½" -> "½";
            case "+-" -> white ? "+" : "-";
            case "-+" -> white ? "-" : "+";
            case "0-0" -> "0";
            default -> "a";
        };
    }

    /**
     * Points as chess-results and the paper lists print them (every HTML page; the JSON routes and the TRF keep the
     * number): "0.5" as "½", "2.5" as "2½", "-0.5" as "-½", "3" and "3.0" as "3". Anything else (not whole or half
     * points) as given.
     */
    public static String points(String points) {
        if (points == null) {
            return "";
        }
        java.util.regex.Matcher m = POINTS.matcher(points.strip());
        if (!m.matches()) {
            return points;
        }
        String sign = m.group(1);
        String whole = m.group(2);
        if (m.group(3) == null) {
            return sign + whole;
        }
        return sign + ("0".equals(whole) ? "" : whole) + "½";
    }

    /** Whole or half points as the services write them: sign, whole part, then ".5" (a half) or ".0" (none). */
    private static final java.util.regex.Pattern POINTS = java.util.regex.Pattern.compile("(-?)(\\d+)(?:\\.0*|(\\.50*))?");

    /** A standings row's values as the pages print them: the points (always the first, C.07 13.1) with ½. */
    public static List<String> shownValues(List<String> values) {
        if (values.isEmpty()) {
            return values;
        }
        List<String> out = new ArrayList<>(values);
        out.set(0, points(values.get(0)));
        return out;
    }

    /** The round as the sheet has it: a round not paired yet is a 404 with the reason. */
    public static Views.RoundView round(Views.TournamentSheet sheet, int round) {
        for (Views.RoundView r : sheet.rounds()) {
            if (r.round() == round) {
                return r;
            }
        }
        throw new FeedModel.NotFound("tournament '" + sheet.summary().id() + "' has no round " + round + " yet");
    }

    /** The round the hall is playing or last played: the latest paired (0 when none is). */
    public static int currentRound(Views.TournamentSheet sheet) {
        return sheet.rounds().isEmpty() ? 0 : sheet.rounds().get(sheet.rounds().size() - 1).round();
    }

    public static Map<String, Entrant> byId(List<Entrant> entrants) {
        Map<String, Entrant> out = new HashMap<>(entrants.size() * 2);
        entrants.forEach(e -> out.put(e.playerId(), e));
        return out;
    }

    private static Entrant entrant(Map<String, Entrant> byId, String playerId, String name) {
        Entrant e = byId.get(playerId);
        return e != null ? e : new Entrant(0, playerId, name, 0, false, "", "");
    }

    /**
     * The language's alphabetical order, accents second (so "Álvarez" sorts with A and right after "Alvarez"),
     * case third. A new instance per list: collators are not thread-safe.
     */
    static Collator collator(Locale locale) {
        Collator collator = Collator.getInstance(locale);
        collator.setStrength(Collator.TERTIARY);
        return collator;
    }

    /**
     * The board range a hall shows: the organiser's, with an open end (a last board beyond any the tournament can
     * use, e.g. 10,000) cut to the last board the tournament can have (half its players, rounded up); null for the
     * end when even that is unknown (no player yet): the page then says "from board N".
     */
    public static Integer shownLastBoard(Views.HallView hall, int players) {
        int most = (players + 1) / 2;
        if (hall.lastBoard() <= most) {
            return hall.lastBoard();
        }
        return most >= hall.firstBoard() ? most : null;
    }
}

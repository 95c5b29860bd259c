package org.torneo.trf;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A player record (tag 001, identical static part in TRF16 and TRF26). Columns (1-based):
 * 5-8 start number, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56 federation, 58-68 FIDE id,
 * 70-79 birth date, 81-84 points, 86-89 rank, then per round k (k = 0, 1, ...) the opponent at
 * 92+10k..95+10k, the colour at 97+10k and the result at 99+10k.
 *
 * @param pointsTenths the points column in tenths of a point (as written; see {@link TrfDocument})
 * @param rating       0 when blank
 * @param rank         0 when blank
 * @param games        one entry per round, round 1 first; trailing blank entries are not kept
 */
public record TrfPlayer(int startNumber, String sex, String title, String name, int rating, String federation,
                        String fideId, String birthDate, int pointsTenths, int rank, List<TrfGame> games) {

    public TrfPlayer {
        if (startNumber < 1 || startNumber > 9999) {
            throw new IllegalArgumentException("start number out of range 1..9999: " + startNumber);
        }
        sex = Objects.requireNonNullElse(sex, "");
        title = Objects.requireNonNullElse(title, "");
        name = Objects.requireNonNullElse(name, "");
        federation = Objects.requireNonNullElse(federation, "");
        fideId = Objects.requireNonNullElse(fideId, "");
        birthDate = Objects.requireNonNullElse(birthDate, "");
        List<TrfGame> trimmed = new ArrayList<>(games);
        while (!trimmed.isEmpty() && trimmed.get(trimmed.size() - 1).isEmpty()) {
            trimmed.remove(trimmed.size() - 1);
        }
        games = List.copyOf(trimmed);
    }

    /** A minimal player (name and rating only) with no games. */
    public static TrfPlayer of(int startNumber, String name, int rating) {
        return new TrfPlayer(startNumber, "", "", name, rating, "", "", "", 0, 0, List.of());
    }

    /** The entry of round {@code round} (1-based); {@link TrfGame#EMPTY} beyond the written rounds. */
    public TrfGame game(int round) {
        return round >= 1 && round <= games.size() ? games.get(round - 1) : TrfGame.EMPTY;
    }

    /** Sum of the results of rounds 1..{@code lastRound} under a point system, in tenths. */
    public int pointsOfRounds(PointSystem system, int lastRound) {
        int sum = 0;
        for (int r = 1; r <= Math.min(lastRound, games.size()); r++) {
            sum += system.pointsFor(games.get(r - 1).result());
        }
        return sum;
    }

    public TrfPlayer withGames(List<TrfGame> newGames) {
        return new TrfPlayer(startNumber, sex, title, name, rating, federation, fideId, birthDate, pointsTenths, rank,
                newGames);
    }

    public TrfPlayer withGame(int round, TrfGame game) {
        List<TrfGame> list = new ArrayList<>(games);
        while (list.size() < round) {
            list.add(TrfGame.EMPTY);
        }
        list.set(round - 1, game);
        return withGames(list);
    }

    public TrfPlayer withPointsAndRank(int newPointsTenths, int newRank) {
        return new TrfPlayer(startNumber, sex, title, name, rating, federation, fideId, birthDate, newPointsTenths,
                newRank, games);
    }

    /** The record as a TRF line (no terminator), columns as in the class comment. */
    public String format() {
        StringBuilder sb = new StringBuilder(100 + 10 * games.size());
        sb.append("001 ").append(right(Integer.toString(startNumber), 4)).append(' ');
        sb.append(left(sex, 1)).append(right(title, 3)).append(' ');
        sb.append(left(name, 33)).append(' ');
        sb.append(right(rating == 0 ? "" : Integer.toString(rating), 4)).append(' ');
        sb.append(left(federation, 3)).append(' ');
        sb.append(right(fideId, 11)).append(' ');
        sb.append(left(birthDate, 10)).append(' ');
        sb.append(right(PointSystem.format(pointsTenths), 4)).append(' ');
        sb.append(right(rank == 0 ? "" : Integer.toString(rank), 4));
        for (TrfGame g : games) {
            sb.append("  ");
            if (g.isEmpty()) {
                sb.append("        ");
                continue;
            }
            sb.append(g.opponent() == 0 ? "0000" : right(Integer.toString(g.opponent()), 4));
            sb.append(' ').append(g.colour().code()).append(' ').append(g.result().code());
        }
        int end = sb.length();
        while (end > 0 && sb.charAt(end - 1) == ' ') {
            end--;
        }
        sb.setLength(end);
        return sb.toString();
    }

    private static String right(String s, int width) {
        if (s.length() > width) {
            throw new IllegalArgumentException("'" + s + "' does not fit in " + width + " columns");
        }
        return " ".repeat(width - s.length()) + s;
    }

    private static String left(String s, int width) {
        if (s.length() > width) {
            s = s.substring(0, width);
        }
        return s + " ".repeat(width - s.length());
    }
}

package org.torneo.rating.core.seed;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.random.RandomGenerator;
import org.torneo.rating.core.score.Player;
import org.torneo.rating.core.score.RoundEntry;
import org.torneo.rating.core.score.Tournament;

/**
 * The tie-break systems of the 1970 book (the seed text), computed as the book computes them:
 * Sonneborn-Berger, Solkoff and the Harkness Median, all over the opponents' ADJUSTED scores.
 *
 * <p>Code 1970, "Ajuste para juegos no jugados": for tie-breaks only, every unplayed game (byes,
 * defaults won or lost, the losses scored after a withdrawal) counts ½ in the adjusted score, which
 * is used only for the opponents' tie-breaks. In the player's own tie-breaks a round whose game was
 * not played enters as 0; a withdrawn player's missing rounds are games against 0-point opponents.
 * The book states the own-unplayed-counts-0 rule for the Median; it applies it to "any other"
 * system too, so Solkoff and Sonneborn-Berger use it as well (an inference, noted in the docs).
 *
 * <p>Values are in hundredths of a point. "½ of a game" is the draw value of the point system.
 */
public final class BookTieBreaks {

    private final Tournament tournament;
    private final int[] adjusted;

    public BookTieBreaks(Tournament tournament) {
        this.tournament = tournament;
        this.adjusted = new int[tournament.size()];
        int half = tournament.pointSystem().draw();
        for (Player p : tournament.players()) {
            int sum = 0;
            for (int r = 1; r <= tournament.rounds(); r++) {
                RoundEntry e = p.round(r);
                // Code 1970 "puntuación ajustada": every unplayed game counts ½, won or lost
                sum += e.playedGame() ? e.points(tournament.pointSystem()) : half;
            }
            adjusted[p.startNumber() - 1] = sum;
        }
    }

    /** The score on the wall chart: unplayed wins count in full (Code 1970: bye or default = 1 point). */
    public int scoreCenti(int startNumber) {
        return tournament.scoreCenti(startNumber);
    }

    /** Code 1970 "PUNTUACION AJUSTADA": the score seen by the opponents' tie-breaks. */
    public int adjustedScoreCenti(int startNumber) {
        return adjusted[startNumber - 1];
    }

    /** One entry per round: the opponent's adjusted score, or 0 when the player's own game was not played. */
    public int[] opponentEntries(int startNumber) {
        Player p = tournament.player(startNumber);
        int[] entries = new int[tournament.rounds()];
        for (int r = 1; r <= tournament.rounds(); r++) {
            RoundEntry e = p.round(r);
            entries[r - 1] = e.playedGame() ? adjusted[e.opponent() - 1] : 0;
        }
        return entries;
    }

    /** Code 1970, Solkoff: the sum of all the opponents' scores, whatever the results. */
    public int solkoff(int startNumber) {
        return Arrays.stream(opponentEntries(startNumber)).sum();
    }

    /** Code 1970, Sonneborn-Berger: beaten opponents' scores plus half of drawn opponents' scores. */
    public int sonnebornBerger(int startNumber) {
        Player p = tournament.player(startNumber);
        int win = tournament.pointSystem().win();
        int sum = 0;
        for (int r = 1; r <= tournament.rounds(); r++) {
            RoundEntry e = p.round(r);
            if (!e.playedGame()) {
                continue;
            }
            int earned = e.points(tournament.pointSystem());
            // the opponent's score weighted by the fraction of the game won: 1 for a win, ½ for a draw
            sum += (int) ((long) adjusted[e.opponent() - 1] * earned / win);
        }
        return sum;
    }

    /**
     * Code 1970, Harkness Median: the opponents' scores without the highest and lowest ones, one of
     * each up to 8 rounds, two for 9-12 rounds, three for 13 or more.
     */
    public int median(int startNumber) {
        int[] entries = opponentEntries(startNumber);
        Arrays.sort(entries);
        int cut = cutForRounds(tournament.rounds());
        int sum = 0;
        for (int i = cut; i < entries.length - cut; i++) {
            sum += entries[i];
        }
        return sum;
    }

    /** Code 1970 (a) 8 rounds or fewer: 1; (b) 9 to 12: 2; (c) 13 or more: 3. */
    public static int cutForRounds(int rounds) {
        return rounds <= 8 ? 1 : rounds <= 12 ? 2 : 3;
    }

    /** The book's secondary order for tied players: Median, then Solkoff, then Sonneborn-Berger. */
    public Comparator<Integer> bookOrder() {
        return Comparator.comparingInt((Integer sn) -> -median(sn))
                .thenComparingInt(sn -> -solkoff(sn))
                .thenComparingInt(sn -> -sonnebornBerger(sn));
    }

    /**
     * Orders tied players by the book's systems and breaks what remains by lot ("volado"), using the
     * generator the organiser supplies (seeded for reproducibility).
     */
    public List<Integer> orderWithLot(List<Integer> tied, RandomGenerator lot) {
        List<Integer> shuffled = new ArrayList<>(tied);
        for (int i = shuffled.size() - 1; i > 0; i--) {
            int j = lot.nextInt(i + 1);
            Integer tmp = shuffled.get(i);
            shuffled.set(i, shuffled.get(j));
            shuffled.set(j, tmp);
        }
        shuffled.sort(bookOrder()); // stable: the lot decides only among full ties
        return shuffled;
    }
}

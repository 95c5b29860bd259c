package org.torneo.pairing.dutch;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.torneo.pairing.swiss.NoValidPairingException;
import org.torneo.pairing.swiss.Pairing;
import org.torneo.pairing.swiss.SwissTournament;
import org.torneo.trf.Colour;
import org.torneo.trf.PointSystem;
import org.torneo.trf.ResultCode;
import org.torneo.trf.TrfDocument;
import org.torneo.trf.TrfGame;
import org.torneo.trf.TrfPlayer;

/**
 * Random tournament generator (the RTG of C.04.A): a field with random ratings, every round paired by the
 * Dutch engine, results drawn from the rating difference. All randomness comes from the generator passed in.
 *
 * @param drawPercent       chance of a draw among played games, 0–100
 * @param forfeitPercent    chance that a pair is decided by forfeit, 0–100
 * @param byePercent        chance per player and round of a requested half-point bye, 0–100
 * @param withdrawalPercent chance per player and round of withdrawing for the rest of the event, 0–100
 */
public record RandomTournamentGenerator(int players, int rounds, double drawPercent, double forfeitPercent,
                                        double byePercent, double withdrawalPercent) {

    /** The result of a run: the tournament, and the round that could not be paired (0 when all were). */
    public record Generated(TrfDocument document, int unpairableRound) {
    }

    /** How each generated round is paired. */
    @FunctionalInterface
    public interface RoundPairer {
        List<Pairing> pair(SwissTournament t) throws NoValidPairingException;
    }

    /** Every round paired by the Dutch engine. */
    public Generated generate(Random random) {
        return generate(random, DutchPairer::pair);
    }

    /** Every round paired by {@code pairer} (a benchmark may build a big field's history with a cheaper one). */
    public Generated generate(Random random, RoundPairer pairer) {
        if (players < 2 || players > 9999 || rounds < 1 || rounds > 99) {
            throw new IllegalArgumentException("need 2..9999 players and 1..99 rounds");
        }
        int[] ratings = new int[players];
        for (int i = 0; i < players; i++) {
            ratings[i] = 1000 + random.nextInt(1800);
        }
        java.util.Arrays.sort(ratings);
        List<TrfPlayer> list = new ArrayList<>();
        for (int i = 0; i < players; i++) {
            int rating = ratings[players - 1 - i];
            list.add(TrfPlayer.of(i + 1, String.format("Player %04d", i + 1), rating));
        }
        Colour initial = random.nextBoolean() ? Colour.WHITE : Colour.BLACK;
        boolean[] withdrawn = new boolean[players];
        int unpairable = 0;
        for (int round = 1; round <= rounds; round++) {
            for (int i = 0; i < players; i++) {
                if (!withdrawn[i] && random.nextDouble() * 100 < withdrawalPercent) {
                    withdrawn[i] = true;
                }
                if (withdrawn[i]) {
                    list.set(i, list.get(i).withGame(round, TrfGame.bye(ResultCode.ZERO_POINT_BYE)));
                } else if (random.nextDouble() * 100 < byePercent) {
                    list.set(i, list.get(i).withGame(round, TrfGame.bye(ResultCode.HALF_POINT_BYE)));
                }
            }
            TrfDocument doc = document(list, rounds, initial, round - 1);
            List<Pairing> pairs;
            try {
                pairs = pairer.pair(SwissTournament.fromTrf(doc));
            } catch (NoValidPairingException e) {
                unpairable = round;
                for (int i = 0; i < players; i++) {
                    TrfPlayer p = list.get(i);
                    list.set(i, p.withGames(p.games().subList(0, Math.min(p.games().size(), round - 1))));
                }
                return new Generated(document(list, rounds, initial, round - 1), unpairable);
            }
            for (Pairing p : pairs) {
                if (p.isBye()) {
                    int i = p.white() - 1;
                    list.set(i, list.get(i).withGame(round, TrfGame.bye(ResultCode.PAIRING_ALLOCATED_BYE)));
                    continue;
                }
                int w = p.white() - 1;
                int b = p.black() - 1;
                ResultCode white;
                ResultCode black;
                if (random.nextDouble() * 100 < forfeitPercent) {
                    int kind = random.nextInt(3);
                    white = kind == 0 ? ResultCode.FORFEIT_WIN : ResultCode.FORFEIT_LOSS;
                    black = kind == 1 ? ResultCode.FORFEIT_WIN : ResultCode.FORFEIT_LOSS;
                } else {
                    double expected = 1 / (1 + Math.pow(10, (list.get(b).rating() - list.get(w).rating()) / 400.0));
                    double draw = Math.min(drawPercent / 100, 2 * Math.min(expected, 1 - expected));
                    double x = random.nextDouble();
                    if (x < draw) {
                        white = ResultCode.DRAW;
                    } else {
                        white = random.nextDouble() < expected ? ResultCode.WIN : ResultCode.LOSS;
                    }
                    black = white.mirror();
                }
                list.set(w, list.get(w).withGame(round, new TrfGame(b + 1, Colour.WHITE, white)));
                list.set(b, list.get(b).withGame(round, new TrfGame(w + 1, Colour.BLACK, black)));
            }
        }
        return new Generated(document(list, rounds, initial, rounds), 0);
    }

    /** The TRF after {@code completedRounds}: points of those rounds, ranks by points then start number. */
    static TrfDocument document(List<TrfPlayer> list, int rounds, Colour initial, int completedRounds) {
        List<TrfPlayer> out = new ArrayList<>();
        Integer[] order = new Integer[list.size()];
        int[] points = new int[list.size()];
        for (int i = 0; i < list.size(); i++) {
            points[i] = list.get(i).pointsOfRounds(PointSystem.STANDARD, completedRounds);
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> points[a] != points[b] ? points[b] - points[a] : a - b);
        int[] rank = new int[list.size()];
        for (int r = 0; r < order.length; r++) {
            rank[order[r]] = r + 1;
        }
        for (int i = 0; i < list.size(); i++) {
            out.add(list.get(i).withPointsAndRank(points[i], rank[i]));
        }
        return TrfDocument.of(List.of("012 Random tournament", "XXR " + rounds,
                "XXC " + (initial == Colour.WHITE ? "white1" : "black1")), out, "\n");
    }
}

package org.torneo.rating.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.torneo.rating.core.score.Colour;
import org.torneo.rating.core.score.Player;
import org.torneo.rating.core.score.PointSystem;
import org.torneo.rating.core.score.ResultKind;
import org.torneo.rating.core.score.RoundEntry;
import org.torneo.rating.core.score.Tournament;

/**
 * Builds small consistent cross tables for tests: games set both sides; {@link #fillToScore} completes
 * a player's free rounds with games against fresh filler players so that he ends on a given score.
 */
public final class CrossTableBuilder {

    private final int rounds;
    private final Map<Integer, RoundEntry[]> entries = new HashMap<>();
    private final Map<Integer, Integer> ratings = new HashMap<>();
    private PointSystem pointSystem = PointSystem.STANDARD;
    private int nextFiller;

    public CrossTableBuilder(int rounds, int firstFillerNumber) {
        this.rounds = rounds;
        this.nextFiller = firstFillerNumber;
    }

    public CrossTableBuilder pointSystem(PointSystem ps) {
        this.pointSystem = ps;
        return this;
    }

    public CrossTableBuilder rating(int player, int rating) {
        ratings.put(player, rating);
        return this;
    }

    private RoundEntry[] of(int player) {
        return entries.computeIfAbsent(player, k -> new RoundEntry[rounds]);
    }

    private void set(int player, int round, RoundEntry e) {
        RoundEntry[] row = of(player);
        if (row[round - 1] != null) {
            throw new IllegalStateException("player " + player + " already has round " + round);
        }
        row[round - 1] = e;
    }

    /** A game; {@code whiteKind} is white's result (WIN, DRAW, LOSS, FORFEIT_WIN, FORFEIT_LOSS ...). */
    public CrossTableBuilder game(int round, int white, int black, ResultKind whiteKind) {
        set(white, round, new RoundEntry(black, Colour.WHITE, whiteKind));
        set(black, round, new RoundEntry(white, Colour.BLACK, mirror(whiteKind)));
        return this;
    }

    public CrossTableBuilder bye(int round, int player, ResultKind kind) {
        set(player, round, new RoundEntry(0, Colour.NONE, kind));
        return this;
    }

    public static ResultKind mirror(ResultKind k) {
        return switch (k) {
            case WIN -> ResultKind.LOSS;
            case LOSS -> ResultKind.WIN;
            case DRAW -> ResultKind.DRAW;
            case UNRATED_WIN -> ResultKind.UNRATED_LOSS;
            case UNRATED_LOSS -> ResultKind.UNRATED_WIN;
            case UNRATED_DRAW -> ResultKind.UNRATED_DRAW;
            case FORFEIT_WIN -> ResultKind.FORFEIT_LOSS;
            case FORFEIT_LOSS -> ResultKind.FORFEIT_WIN;
            default -> throw new IllegalArgumentException(k + " has no opponent");
        };
    }

    /** Fills the player's free rounds with played games against new fillers to reach the score (hundredths). */
    public CrossTableBuilder fillToScore(int player, int targetCenti) {
        RoundEntry[] row = of(player);
        int score = 0;
        List<Integer> free = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            if (row[r] == null) {
                free.add(r + 1);
            } else {
                score += pointSystem.points(row[r].kind());
            }
        }
        int need = targetCenti - score;
        for (int round : free) {
            ResultKind k;
            if (need >= pointSystem.win()) {
                k = ResultKind.WIN;
            } else if (need >= pointSystem.draw() && need > 0) {
                k = ResultKind.DRAW;
            } else {
                k = ResultKind.LOSS;
            }
            need -= pointSystem.points(k);
            game(round, player, nextFiller++, k);
        }
        if (need != 0) {
            throw new IllegalStateException("player " + player + " cannot reach " + targetCenti + " (left " + need + ")");
        }
        return this;
    }

    public Tournament build() {
        int max = entries.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
        List<Player> players = new ArrayList<>();
        for (int sn = 1; sn <= max; sn++) {
            RoundEntry[] row = entries.get(sn);
            List<RoundEntry> list = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                list.add(row == null || row[r] == null ? RoundEntry.NOT_PAIRED : row[r]);
            }
            players.add(new Player(sn, "P" + sn, ratings.getOrDefault(sn, 0), list));
        }
        return new Tournament("test", rounds, pointSystem, players);
    }
}

package org.torneo.rating.core.score;

import java.util.ArrayList;
import java.util.List;

/**
 * A tournament's results: players indexed by start number 1..n, the number of rounds and the point
 * system. Validates that pairings are symmetric so tie-breaks never read an inconsistent cross table.
 */
public record Tournament(String name, int rounds, PointSystem pointSystem, List<Player> players) {

    public Tournament {
        if (rounds < 0) {
            throw new IllegalArgumentException("number of rounds must not be negative");
        }
        players = List.copyOf(players);
        for (int i = 0; i < players.size(); i++) {
            if (players.get(i).startNumber() != i + 1) {
                throw new IllegalArgumentException("players must be numbered 1.." + players.size()
                        + " in order; position " + (i + 1) + " has start number " + players.get(i).startNumber());
            }
        }
        for (Player p : players) {
            if (p.rounds().size() > rounds) {
                throw new IllegalArgumentException("player " + p.startNumber() + " has " + p.rounds().size()
                        + " rounds but the tournament has " + rounds);
            }
            for (int r = 1; r <= p.rounds().size(); r++) {
                RoundEntry e = p.round(r);
                if (e.opponent() > players.size()) {
                    throw new IllegalArgumentException("player " + p.startNumber() + " round " + r
                            + ": opponent " + e.opponent() + " does not exist");
                }
                if (e.opponent() == p.startNumber()) {
                    throw new IllegalArgumentException("player " + p.startNumber() + " round " + r + ": paired with himself");
                }
                if (e.opponent() > 0 && players.get(e.opponent() - 1).round(r).opponent() != p.startNumber()) {
                    throw new IllegalArgumentException("player " + p.startNumber() + " round " + r + ": opponent "
                            + e.opponent() + " does not list " + p.startNumber() + " in that round");
                }
            }
        }
    }

    public int size() {
        return players.size();
    }

    public Player player(int startNumber) {
        return players.get(startNumber - 1);
    }

    /** The player's tournament score in hundredths (arbiter-set score wins over the sum of results). */
    public int scoreCenti(int startNumber) {
        Player p = player(startNumber);
        if (p.arbiterScoreCenti() != null) {
            return p.arbiterScoreCenti();
        }
        int sum = 0;
        for (int r = 1; r <= rounds; r++) {
            sum += p.round(r).points(pointSystem);
        }
        return sum;
    }

    public Tournament withPlayer(Player replacement) {
        List<Player> list = new ArrayList<>(players);
        list.set(replacement.startNumber() - 1, replacement);
        return new Tournament(name, rounds, pointSystem, list);
    }
}

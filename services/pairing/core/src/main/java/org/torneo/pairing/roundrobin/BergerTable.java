package org.torneo.pairing.roundrobin;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

import org.torneo.pairing.tournament.Pairing;

/**
 * The Berger round-robin tables as printed in the Code 1970 book ("Tablas de pareos R.R.", 3/4 to 19/20
 * players) and in FIDE C.05 Annex 1; the construction reproduces both, colours and board order included.
 *
 * <p>Even field n, m = n - 1 rounds. Round 1 is 1-n, 2-(n-1), ..., n/2-(n/2+1), White first. Each later
 * round adds n/2 (mod m, residues 1..m) to every number but n, keeping board positions and colours;
 * player n stays on board 1 with Black in odd rounds and White in even rounds.
 *
 * <p>Odd field: "no se utiliza la primera columna y el jugador a quien le toca contra el último número
 * par descansa" (Code 1970, tables): use the next even table; whoever meets the phantom n rests.
 */
public final class BergerTable {

    private BergerTable() {
    }

    /** Players of the table used for a field: the field itself if even, else the next even number. */
    public static int tableSize(int players) {
        requireField(players);
        return players + (players % 2);
    }

    public static int rounds(int players) {
        return tableSize(players) - 1;
    }

    /** The whole table round of an even table, board 1 first, White first in each pair. */
    public static List<Pairing> tableRound(int tableSize, int round) {
        if (tableSize < 2 || tableSize % 2 != 0) {
            throw new IllegalArgumentException("a Berger table has an even number of players, not " + tableSize);
        }
        int rounds = tableSize - 1;
        if (round < 1 || round > rounds) {
            throw new IllegalArgumentException("the table for " + tableSize + " has rounds 1.." + rounds + ", not " + round);
        }
        int half = tableSize / 2;
        int[] white = new int[half];
        int[] black = new int[half];
        for (int board = 0; board < half; board++) {
            white[board] = board + 1;
            black[board] = tableSize - board;
        }
        for (int r = 2; r <= round; r++) {
            for (int board = 0; board < half; board++) {
                white[board] = rotate(white[board], tableSize);
                black[board] = rotate(black[board], tableSize);
            }
        }
        List<Pairing> boards = new ArrayList<>(half);
        for (int board = 0; board < half; board++) {
            if (board == 0) {
                int other = white[0] == tableSize ? black[0] : white[0];
                // Code 1970 tables: the last number has Black in odd rounds, White in even rounds.
                boards.add(round % 2 == 1 ? new Pairing(other, tableSize) : new Pairing(tableSize, other));
            } else {
                boards.add(new Pairing(white[board], black[board]));
            }
        }
        return boards;
    }

    /** The games of a round for a field of {@code players}; with an odd field the phantom's game is left out. */
    public static List<Pairing> round(int players, int round) {
        int size = tableSize(players);
        return tableRound(size, round).stream().filter(p -> !p.involves(size) || size == players).toList();
    }

    /** The player who rests in a round of an odd field (the one drawn against the phantom last number). */
    public static OptionalInt bye(int players, int round) {
        int size = tableSize(players);
        if (size == players) {
            return OptionalInt.empty();
        }
        Pairing phantomGame = tableRound(size, round).get(0);
        return OptionalInt.of(phantomGame.white() == size ? phantomGame.black() : phantomGame.white());
    }

    private static int rotate(int number, int tableSize) {
        if (number == tableSize) {
            return number;
        }
        int rounds = tableSize - 1;
        return ((number - 1 + tableSize / 2) % rounds) + 1;
    }

    private static void requireField(int players) {
        if (players < 2) {
            throw new IllegalArgumentException("a round robin needs at least 2 players, not " + players);
        }
    }
}

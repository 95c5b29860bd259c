package org.torneo.game.core.deadposition;

import org.torneo.game.core.board.Attacks;

/** King (Chebyshev) and knight distances between squares on an empty board. */
final class Distances {
    private static final byte[] KNIGHT = new byte[64 * 64];

    static {
        for (int from = 0; from < 64; from++) {
            java.util.Arrays.fill(KNIGHT, from * 64, from * 64 + 64, Byte.MAX_VALUE);
            long frontier = 1L << from;
            long seen = frontier;
            for (byte d = 0; frontier != 0; d++) {
                long next = 0;
                for (long f = frontier; f != 0; f &= f - 1) {
                    int s = Long.numberOfTrailingZeros(f);
                    KNIGHT[from * 64 + s] = d;
                    next |= Attacks.knight(s);
                }
                frontier = next & ~seen;
                seen |= next;
            }
        }
    }

    private Distances() {
    }

    static int king(int a, int b) {
        return Math.max(Math.abs((a & 7) - (b & 7)), Math.abs((a >>> 3) - (b >>> 3)));
    }

    static int knight(int a, int b) {
        return KNIGHT[a * 64 + b];
    }
}

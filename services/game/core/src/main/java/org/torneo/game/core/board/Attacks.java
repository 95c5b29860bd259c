package org.torneo.game.core.board;

/**
 * Precomputed attack tables. Sliders use "fancy" magic bitboards; the magic multipliers are searched once at
 * class initialisation with a fixed-seed xorshift generator, so the tables are identical on every run.
 * Attack sets follow FIDE 2018 3.1.2-3.1.3: a square is attacked by a piece that could capture there, even a
 * pinned one.
 */
public final class Attacks {
    static final long[] KNIGHT = new long[64];
    static final long[] KING = new long[64];
    /** PAWN[colour][square]: squares a pawn of that colour on that square attacks (FIDE 2018 3.7.3). */
    static final long[][] PAWN = new long[2][64];
    /** BETWEEN[a][b]: squares strictly between a and b on a shared line, else 0. */
    static final long[][] BETWEEN = new long[64][64];
    /** LINE[a][b]: the whole line (rank, file or diagonal) through a and b, including both, else 0. */
    static final long[][] LINE = new long[64][64];

    private static final long[] ROOK_MASK = new long[64];
    private static final long[] ROOK_MAGIC = new long[64];
    private static final int[] ROOK_SHIFT = new int[64];
    private static final int[] ROOK_OFFSET = new int[64];
    private static final long[] ROOK_TABLE;
    private static final long[] BISHOP_MASK = new long[64];
    private static final long[] BISHOP_MAGIC = new long[64];
    private static final int[] BISHOP_SHIFT = new int[64];
    private static final int[] BISHOP_OFFSET = new int[64];
    private static final long[] BISHOP_TABLE;

    private static final int[][] ROOK_DIRS = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    private static final int[][] BISHOP_DIRS = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

    private Attacks() {
    }

    static {
        int[][] knightSteps = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        for (int sq = 0; sq < 64; sq++) {
            int f = Square.file(sq);
            int r = Square.rank(sq);
            for (int[] s : knightSteps) {
                KNIGHT[sq] |= bitIfOnBoard(f + s[0], r + s[1]);
            }
            for (int df = -1; df <= 1; df++) {
                for (int dr = -1; dr <= 1; dr++) {
                    if (df != 0 || dr != 0) {
                        KING[sq] |= bitIfOnBoard(f + df, r + dr);
                    }
                }
            }
            PAWN[0][sq] = bitIfOnBoard(f - 1, r + 1) | bitIfOnBoard(f + 1, r + 1);
            PAWN[1][sq] = bitIfOnBoard(f - 1, r - 1) | bitIfOnBoard(f + 1, r - 1);
        }
        for (int a = 0; a < 64; a++) {
            for (int b = 0; b < 64; b++) {
                if (a == b) {
                    continue;
                }
                int df = Integer.signum(Square.file(b) - Square.file(a));
                int dr = Integer.signum(Square.rank(b) - Square.rank(a));
                int adf = Math.abs(Square.file(b) - Square.file(a));
                int adr = Math.abs(Square.rank(b) - Square.rank(a));
                if (adf != 0 && adr != 0 && adf != adr) {
                    continue;
                }
                long between = 0;
                int f = Square.file(a) + df;
                int r = Square.rank(a) + dr;
                while (Square.of(f, r) != b) {
                    between |= 1L << Square.of(f, r);
                    f += df;
                    r += dr;
                }
                BETWEEN[a][b] = between;
                long line = 0;
                for (int dir = -1; dir <= 1; dir += 2) {
                    f = Square.file(a);
                    r = Square.rank(a);
                    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
                        line |= 1L << Square.of(f, r);
                        f += dir * df;
                        r += dir * dr;
                    }
                }
                LINE[a][b] = line;
            }
        }
        long[] seed = {0x9E3779B97F4A7C15L};
        ROOK_TABLE = buildMagics(ROOK_DIRS, ROOK_MASK, ROOK_MAGIC, ROOK_SHIFT, ROOK_OFFSET, seed);
        BISHOP_TABLE = buildMagics(BISHOP_DIRS, BISHOP_MASK, BISHOP_MAGIC, BISHOP_SHIFT, BISHOP_OFFSET, seed);
    }

    public static long knight(int square) {
        return KNIGHT[square];
    }

    public static long king(int square) {
        return KING[square];
    }

    public static long pawn(Side side, int square) {
        return PAWN[side.ordinal()][square];
    }

    public static long rook(int square, long occupied) {
        return ROOK_TABLE[ROOK_OFFSET[square] + (int) (((occupied & ROOK_MASK[square]) * ROOK_MAGIC[square]) >>> ROOK_SHIFT[square])];
    }

    public static long bishop(int square, long occupied) {
        return BISHOP_TABLE[BISHOP_OFFSET[square] + (int) (((occupied & BISHOP_MASK[square]) * BISHOP_MAGIC[square]) >>> BISHOP_SHIFT[square])];
    }

    public static long queen(int square, long occupied) {
        return rook(square, occupied) | bishop(square, occupied);
    }

    private static long bitIfOnBoard(int file, int rank) {
        return file >= 0 && file < 8 && rank >= 0 && rank < 8 ? 1L << Square.of(file, rank) : 0L;
    }

    static long slowSlider(int square, long occupied, int[][] dirs) {
        long attacks = 0;
        for (int[] d : dirs) {
            int f = Square.file(square) + d[0];
            int r = Square.rank(square) + d[1];
            while (f >= 0 && f < 8 && r >= 0 && r < 8) {
                long bit = 1L << Square.of(f, r);
                attacks |= bit;
                if ((occupied & bit) != 0) {
                    break;
                }
                f += d[0];
                r += d[1];
            }
        }
        return attacks;
    }

    private static long relevantMask(int square, int[][] dirs) {
        long mask = 0;
        for (int[] d : dirs) {
            int f = Square.file(square) + d[0];
            int r = Square.rank(square) + d[1];
            // the last square of each ray never blocks anything beyond it, so it is not relevant
            while (f + d[0] >= 0 && f + d[0] < 8 && r + d[1] >= 0 && r + d[1] < 8) {
                mask |= 1L << Square.of(f, r);
                f += d[0];
                r += d[1];
            }
        }
        return mask;
    }

    private static long nextRandom(long[] state) {
        long x = state[0];
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        state[0] = x;
        return x;
    }

    private static long[] buildMagics(int[][] dirs, long[] masks, long[] magics, int[] shifts, int[] offsets, long[] rng) {
        int total = 0;
        for (int sq = 0; sq < 64; sq++) {
            masks[sq] = relevantMask(sq, dirs);
            offsets[sq] = total;
            total += 1 << Long.bitCount(masks[sq]);
        }
        long[] table = new long[total];
        for (int sq = 0; sq < 64; sq++) {
            long mask = masks[sq];
            int bits = Long.bitCount(mask);
            int size = 1 << bits;
            long[] occupancies = new long[size];
            long[] attacks = new long[size];
            long subset = 0;
            for (int i = 0; i < size; i++) {
                occupancies[i] = subset;
                attacks[i] = slowSlider(sq, subset, dirs);
                subset = (subset - mask) & mask;
            }
            long[] used = new long[size];
            int[] epoch = new int[size];
            int attempt = 0;
            shifts[sq] = 64 - bits;
            while (true) {
                attempt++;
                long magic = nextRandom(rng) & nextRandom(rng) & nextRandom(rng);
                if (Long.bitCount((mask * magic) & 0xFF00000000000000L) < 6) {
                    continue;
                }
                boolean ok = true;
                for (int i = 0; i < size && ok; i++) {
                    int index = (int) ((occupancies[i] * magic) >>> shifts[sq]);
                    if (epoch[index] != attempt) {
                        epoch[index] = attempt;
                        used[index] = attacks[i];
                    } else if (used[index] != attacks[i]) {
                        ok = false;
                    }
                }
                if (ok) {
                    magics[sq] = magic;
                    System.arraycopy(used, 0, table, offsets[sq], size);
                    // entries never hit by any occupancy keep 0, which is never looked up
                    for (int i = 0; i < size; i++) {
                        if (epoch[i] != attempt) {
                            table[offsets[sq] + i] = 0;
                        }
                    }
                    break;
                }
            }
        }
        return table;
    }

    static long rookSlow(int square, long occupied) {
        return slowSlider(square, occupied, ROOK_DIRS);
    }

    static long bishopSlow(int square, long occupied) {
        return slowSlider(square, occupied, BISHOP_DIRS);
    }
}

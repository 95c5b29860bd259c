package org.torneo.contracts.game;

/**
 * Code 1970 art. XIII-2: the plies a player in time trouble did not record in time (he completes his scoresheet
 * afterwards, but may not claim a draw under XII-3 on moves that were not recorded in time).
 *
 * @param fromPly the first ply not recorded in time (1 = White's first move)
 * @param toPly   the last one
 */
public record UnrecordedMoves(int fromPly, int toPly) {

    public UnrecordedMoves {
        if (fromPly < 1 || toPly < fromPly) {
            throw new IllegalArgumentException("unrecorded plies run from fromPly >= 1 to toPly >= fromPly, got "
                    + fromPly + ".." + toPly);
        }
    }

    /** A valid sample (documentation, and the codec's round-trip tests). */
    public static UnrecordedMoves example() {
        return new UnrecordedMoves(61, 70);
    }

    /** Whether any ply of {@code from}..{@code to} is among them. */
    public boolean overlaps(int from, int to) {
        return from <= toPly && to >= fromPly;
    }
}

package org.torneo.contracts.game;

import java.util.List;
import java.util.Objects;

/**
 * What a draw claim was judged on (FIDE 2018 9.2, 9.3, 11.11).
 *
 * @param judgedFen                 the position judged (after the intended move, if one was written)
 * @param repetitionPlies           the plies (0 = the start position) at which that position occurred
 * @param lastCaptureOrPawnMovePly  the ply of the last capture or pawn move, or -1 when none since the start
 * @param pliesWithoutCaptureOrPawnMove the halfmove clock of the judged position
 */
public record ClaimEvidence(String judgedFen, List<Integer> repetitionPlies, int lastCaptureOrPawnMovePly,
                            int pliesWithoutCaptureOrPawnMove) {
    public ClaimEvidence {
        Objects.requireNonNull(judgedFen, "judgedFen");
        repetitionPlies = List.copyOf(repetitionPlies);
    }
}

package org.torneo.rating.core.score;

import org.torneo.contracts.tournament.ByeKind;

/**
 * How a recorded game or bye enters the cross table (FIDE C.07 and the TRF result codes): the one mapping that the
 * rating service's sheet and the audit's re-computation of the standings both use, so that they cannot drift apart.
 */
public final class ScoredEntries {

    private ScoredEntries() {
    }

    /**
     * White's and black's result kinds for a game scored {@code whiteHalves}-{@code blackHalves} (in half points).
     *
     * @param forfeit decided by a forfeit (absence at the default time)
     * @param played  at least one move was made: unplayed games are scored, not rated (TRF W / D / L)
     */
    public static ResultKind[] gameKinds(int whiteHalves, int blackHalves, boolean forfeit, boolean played) {
        if (forfeit) {
            if (whiteHalves == 0 && blackHalves == 0) {
                // Code 1970 art. XVII: both lose
                return new ResultKind[] {ResultKind.FORFEIT_LOSS, ResultKind.FORFEIT_LOSS};
            }
            return whiteHalves > blackHalves ? new ResultKind[] {ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS}
                    : new ResultKind[] {ResultKind.FORFEIT_LOSS, ResultKind.FORFEIT_WIN};
        }
        if (!played) {
            return whiteHalves > blackHalves ? new ResultKind[] {ResultKind.UNRATED_WIN, ResultKind.UNRATED_LOSS}
                    : blackHalves > whiteHalves ? new ResultKind[] {ResultKind.UNRATED_LOSS, ResultKind.UNRATED_WIN}
                    : new ResultKind[] {ResultKind.UNRATED_DRAW, ResultKind.UNRATED_DRAW};
        }
        if (whiteHalves > blackHalves) {
            return new ResultKind[] {ResultKind.WIN, ResultKind.LOSS};
        }
        if (blackHalves > whiteHalves) {
            return new ResultKind[] {ResultKind.LOSS, ResultKind.WIN};
        }
        return new ResultKind[] {ResultKind.DRAW, ResultKind.DRAW};
    }

    /**
     * A bye's entry: its kind, and the points the tournament announced for it where they differ from the point
     * system's (e.g. a pairing bye worth a half point).
     */
    public static RoundEntry bye(ByeKind kind, int halves, PointSystem points) {
        ResultKind resultKind = switch (kind) {
            case PAIRING_BYE -> ResultKind.PAIRING_ALLOCATED_BYE;
            case HALF_POINT -> ResultKind.HALF_POINT_BYE;
            case ZERO_POINT, LATE_ENTRY -> ResultKind.ZERO_POINT_BYE;
            // C.07 round robin: a game against a withdrawn player is not played; scored as the bye says
            case OPPONENT_WITHDRAWN -> halves > 0 ? ResultKind.FULL_POINT_BYE : ResultKind.ZERO_POINT_BYE;
        };
        RoundEntry entry = new RoundEntry(0, Colour.NONE, resultKind);
        int announced = halves * 50;
        return announced == points.points(resultKind) ? entry : entry.withArbiterPoints(announced);
    }
}

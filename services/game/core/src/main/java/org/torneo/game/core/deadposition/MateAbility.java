package org.torneo.game.core.deadposition;

import java.util.List;
import java.util.Objects;
import org.torneo.game.core.board.Side;

/**
 * The answer of {@link CanMate#canMate}: the verdict, for {@link Verdict#WINNABLE} a witness (a legal helpmate line
 * in UCI from the analysed position ending in checkmate by the intended winner), and the nodes the search visited.
 */
public record MateAbility(Side intendedWinner, Verdict verdict, List<String> helpmateUci, long nodes) {
    public MateAbility {
        Objects.requireNonNull(intendedWinner, "intendedWinner");
        Objects.requireNonNull(verdict, "verdict");
        helpmateUci = List.copyOf(helpmateUci);
        if (verdict != Verdict.WINNABLE && !helpmateUci.isEmpty()) {
            throw new IllegalArgumentException("only a winnable verdict carries a helpmate line");
        }
    }

    public boolean winnable() {
        return verdict == Verdict.WINNABLE;
    }

    public boolean unwinnable() {
        return verdict == Verdict.UNWINNABLE;
    }
}

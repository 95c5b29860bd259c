package org.torneo.pairing.dutch;

import java.util.List;
import org.torneo.pairing.swiss.NoValidPairingException;
import org.torneo.pairing.swiss.Pairing;
import org.torneo.pairing.swiss.SwissPlayer;
import org.torneo.pairing.swiss.SwissTournament;
import org.torneo.trf.Colour;

/**
 * FIDE Dutch system (C.04.3, rules effective 1 February 2026), computed as in bbpPairings v6.0.0: a maximum
 * weight matching over all players whose edge weights encode the criteria in lexicographic priority, solved
 * bracket by bracket from the top score group down; each decision (which downfloaters are paired, with whom,
 * which players are exchanged between S1 and S2) is frozen by re-weighting before the next one is taken.
 *
 * <p>The round's phases are {@link DutchRound}'s; the weight layout, most significant first, is
 * {@link WeightLayout}'s: C1/C3 compatibility and C2/C4/C5 completion and PAB eligibility; C6 pairs and C7 scores in
 * the current bracket; C8 pairs and scores in the next bracket; C9 unplayed games of the PAB assignee; C10–C13
 * colours; C14–C17 repeated floats; C18–C21 scores of repeated floaters; then room for the S1/S2 transposition and
 * exchange order (C.04.3 section 4).
 */
public final class DutchPairer {

    private DutchPairer() {
    }

    /** Pairs the next round. */
    public static List<Pairing> pair(SwissTournament t) throws NoValidPairingException {
        return new DutchRound(t, true, 0).compute();
    }

    /**
     * Pairs the next round without the shortcuts (simple complete pairings, brackets solved alone): every
     * decision comes from the matching of all the unpaired players. Slow; for tests that check the shortcuts.
     */
    static List<Pairing> pairWithoutShortcuts(SwissTournament t) throws NoValidPairingException {
        return new DutchRound(t, false, 0).compute();
    }

    /**
     * Pairs with the shortcuts, but the check that a bracket solved alone is an optimum of the whole problem is
     * made to fail on every {@code period}-th solve, so the fallback to the whole field runs mid-bracket. For tests.
     */
    static List<Pairing> pairFallingBackEvery(SwissTournament t, int period) throws NoValidPairingException {
        return new DutchRound(t, true, period).compute();
    }

    /**
     * The colour C.04.3 5.2 (2017: E.1-E.5) gives {@code player} against {@code opponent} in the round {@code t}
     * pairs, as this engine allocates it: the checker of changes by hand compares a board's colours with it.
     * {@link Colour#NONE} only when the decision falls to the initial colour (5.2.5) and that is not known.
     */
    public static Colour allocatedColour(SwissTournament t, SwissPlayer player, SwissPlayer opponent) {
        if (t.initialColour() == Colour.NONE && ColourAllocation.neutralColour(player, opponent) == Colour.NONE
                && player.colourPreference() == Colour.NONE) {
            return Colour.NONE;
        }
        return ColourAllocation.allocate(t.initialColour(), player, t.acceleratedScore(player, 0), opponent,
                t.acceleratedScore(opponent, 0));
    }

    /** How a round was paired: the shortcuts taken (for tests and the benchmark). */
    record ShortcutUse(boolean simpleCompletion, int bracketsAlone, int bracketFallbacks) {
    }

    /** Pairs the next round and says which shortcuts were taken. */
    static ShortcutUse shortcutUse(SwissTournament t) throws NoValidPairingException {
        DutchRound round = new DutchRound(t, true, 0);
        round.compute();
        return round.use();
    }
}

package org.torneo.pairing.dutch;

import java.util.ArrayList;
import java.util.List;
import org.torneo.pairing.swiss.NoValidPairingException;
import org.torneo.pairing.swiss.Pairing;
import org.torneo.pairing.swiss.SwissPlayer;
import org.torneo.pairing.swiss.SwissTournament;
import org.torneo.trf.Colour;

/**
 * The pairing of one round, in its phases: the players in rank order ({@link PlayersToPair}); the weight layout for
 * their score groups ({@link WeightLayout}); the completion of the whole field and the PAB assignee's score
 * ({@link Completion}, C1–C5), with which C9 is ranked; the brackets from the top score group down
 * ({@link BracketProcedure}); the colours of each pair ({@link ColourAllocation}, 5.2).
 */
final class DutchRound {
    private final PlayersToPair players;
    private final boolean shortcuts;
    private final int forcedFallbackPeriod;
    private DutchPairer.ShortcutUse use;

    /**
     * @param shortcuts the simple completion and the brackets solved alone (false: every decision from the matching of
     *     all the unpaired players)
     * @param forcedFallbackPeriod for tests: every this many bracket-alone solves fall back to the whole field (0: never)
     */
    DutchRound(SwissTournament t, boolean shortcuts, int forcedFallbackPeriod) {
        this.players = new PlayersToPair(t);
        this.shortcuts = shortcuts;
        this.forcedFallbackPeriod = forcedFallbackPeriod;
    }

    List<Pairing> compute() throws NoValidPairingException {
        if (players.size() == 0) {
            return List.of();
        }
        WeightLayout layout = new WeightLayout(players);
        CriteriaWeights weights = new CriteriaWeights(players, layout);
        Completion completion = Completion.of(players, layout, weights, shortcuts);
        if ((players.size() & 1) != 0) {
            weights.rankUnplayedGames(completion.byeAssigneeScore());
        }
        // from here on, the weight of a pair of players not yet in a bracket is edgeWeight(.., false, false,
        // byeAssigneeScore, singleDownfloaterIsByeAssignee): the solver computes it from b(i) + b(j)
        BracketProcedure brackets = new BracketProcedure(players, layout, weights, completion, shortcuts,
                forcedFallbackPeriod);
        SwissPlayer[] matchById = brackets.pairBrackets();
        use = new DutchPairer.ShortcutUse(completion.simple(), brackets.bracketsAlone(), brackets.bracketFallbacks());
        return withColours(matchById);
    }

    /** The shortcuts the last {@link #compute} took. */
    DutchPairer.ShortcutUse use() {
        return use;
    }

    /** The pairs in rank order of their higher player, White first (5.2), and the PAB. */
    private List<Pairing> withColours(SwissPlayer[] matchById) {
        SwissTournament t = players.t;
        List<Pairing> result = new ArrayList<>();
        for (SwissPlayer p : players.sorted) {
            SwissPlayer m = matchById[p.id()];
            if (m != null) {
                if (p.id() < m.id()) {
                    Colour c = ColourAllocation.allocate(t.initialColour(), p, players.score[p.id()], m,
                            players.score[m.id()]);
                    result.add(c == Colour.WHITE ? new Pairing(p.startNumber(), m.startNumber())
                            : new Pairing(m.startNumber(), p.startNumber()));
                }
            } else {
                result.add(new Pairing(p.startNumber(), 0));
            }
        }
        return result;
    }
}

package org.torneo.pairing.dutch.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.torneo.pairing.dutch.DutchPairer;
import org.torneo.pairing.swiss.SwissMatch;
import org.torneo.pairing.swiss.SwissPlayer;
import org.torneo.pairing.swiss.SwissTournament;
import org.torneo.trf.Colour;

/**
 * What a round's boards do against the Dutch system (C.04.3, 2026 numbering), board by board, given the tournament as
 * it stood before the round ({@link SwissTournament}: scores, colour histories, floats). The absolute criteria C1 and
 * C2 are the pairing's to refuse (a change by hand that breaks them is refused); this lists the rest an arbiter is
 * warned of: the absolute colour rule C3 for non-topscorers, the colours 5.2 would give the pair, colour preferences
 * not met (C10-C13), players of different scores paired (C6-C7: a downfloater and his opponent) and floats repeated
 * from the last two rounds (C14-C17).
 *
 * <p>A pairing the Dutch engine made has findings too (a preference two players share cannot be met for both; an odd
 * score group sends a player down): what makes a round worse than the rules want is what a change <em>adds</em>
 * ({@link #added}), compared with the round before it. The engine never breaks C3 for a non-topscorer nor gives a pair
 * colours other than 5.2's, so those two appear only after a change by hand.
 */
public final class RoundCheck {

    private RoundCheck() {
    }

    /** What a finding is about; {@link #criterion} is the C.04.3 (2026) article. */
    public enum Kind {
        /** A non-topscorer's colour difference beyond +2 or -2 after this game. */
        COLOUR_DIFFERENCE("C3"),
        /** A non-topscorer given the same colour a third time in a row (played games). */
        SAME_COLOUR_THREE_TIMES("C3"),
        /** A topscorer (final round, over 50 %) or his opponent with a colour difference beyond +2 or -2. */
        TOPSCORER_COLOUR_DIFFERENCE("C10"),
        /** A topscorer or his opponent given the same colour a third time in a row. */
        TOPSCORER_SAME_COLOUR_THREE_TIMES("C11"),
        /** The board's colours are the other way round from what the colour allocation gives the pair. */
        COLOURS_NOT_AS_ALLOCATED("5.2"),
        /** A player without the colour he prefers (mild preference). */
        COLOUR_PREFERENCE_NOT_MET("C12"),
        /** A player without the colour he strongly (or absolutely) prefers. */
        STRONG_COLOUR_PREFERENCE_NOT_MET("C13"),
        /** Players of different scores paired: the higher floats down, the lower up; detail: the difference. */
        SCORE_DIFFERENCE("C6-C7"),
        /** A player floating down again after a downfloat in the previous round (C14) or the one before (C16). */
        REPEATED_DOWNFLOAT("C14/C16"),
        /** A player floating up again after an upfloat in the previous round (C15) or the one before (C17). */
        REPEATED_UPFLOAT("C15/C17");

        private final String criterion;

        Kind(String criterion) {
            this.criterion = criterion;
        }

        public String criterion() {
            return criterion;
        }
    }

    /** A board of the round by start numbers (1-based), White first. */
    public record Board(int number, int white, int black) {
    }

    /**
     * One thing a board does against the Dutch rules.
     *
     * @param criterion the C.04.3 article (for C14/C16 and C15/C17 the one that applies)
     * @param players   start numbers: the player concerned first (for a pair: the higher-ranked first)
     * @param detail    what, briefly: the colours in a row ("WWW"), the colour difference ("+3"), the preferred colour
     *                  ("WHITE"; for {@link Kind#COLOURS_NOT_AS_ALLOCATED} the colour 5.2 gives the first player), the
     *                  score difference in points ("1.5"), the round of the earlier float ("3")
     */
    public record Finding(Kind kind, String criterion, int board, List<Integer> players, String detail) {
        public Finding {
            players = List.copyOf(players);
        }

        /** What stays the same when the board it is on changes number: the kind and the players. */
        Object key() {
            return kind == Kind.SCORE_DIFFERENCE || kind == Kind.COLOURS_NOT_AS_ALLOCATED
                    ? List.of(kind, Set.copyOf(players), detail) : List.of(kind, players.get(0), detail);
        }
    }

    /** The findings of every board, board by board, in the order given. */
    public static List<Finding> check(SwissTournament before, List<Board> boards) {
        int topScore = (before.playedRounds() * Math.max(before.pointsForWin(), before.pointsForDraw())) >> 1;
        // C.04.3 1.7 (2017 A.7): topscorers exist only when the final round is paired
        boolean finalRound = before.playedRounds() >= before.expectedRounds() - 1;
        List<Finding> findings = new ArrayList<>();
        for (Board board : boards) {
            SwissPlayer white = before.players().get(board.white() - 1);
            SwissPlayer black = before.players().get(board.black() - 1);
            boolean topscorers = finalRound && (before.acceleratedScore(white, 0) > topScore
                    || before.acceleratedScore(black, 0) > topScore);
            colours(board, white, Colour.WHITE, topscorers, findings);
            colours(board, black, Colour.BLACK, topscorers, findings);
            // C.04.3 5.2 (2017 E.1-E.5): the colours the rules give this pair
            Colour allocated = DutchPairer.allocatedColour(before, white, black);
            if (allocated == Colour.BLACK) {
                findings.add(new Finding(Kind.COLOURS_NOT_AS_ALLOCATED, Kind.COLOURS_NOT_AS_ALLOCATED.criterion(),
                        board.number(), List.of(board.black(), board.white()), "WHITE"));
            }
            scores(before, board, white, black, findings);
        }
        return findings;
    }

    /** The findings of {@code after} that {@code before} did not have: what a change made worse. */
    public static List<Finding> added(List<Finding> before, List<Finding> after) {
        Set<Object> had = new HashSet<>();
        before.forEach(f -> had.add(f.key()));
        List<Finding> added = new ArrayList<>();
        for (Finding f : after) {
            if (!had.contains(f.key())) {
                added.add(f);
            }
        }
        return added;
    }

    // C.04.3 C3 (with 1.6.2: an absolute preference is a colour difference beyond +-1 or the same colour twice in a
    // row): a non-topscorer never gets a colour difference beyond +-2 nor the same colour three times in a row; for
    // topscorers and their opponents C10 and C11 only minimise it. C12-C13: preferences met as far as possible.
    private static void colours(Board board, SwissPlayer player, Colour given, boolean topscorers,
                                List<Finding> findings) {
        int difference = 0;
        List<Colour> played = new ArrayList<>();
        for (SwissMatch m : player.matches()) {
            if (m.played()) {
                played.add(m.colour());
                difference += m.colour() == Colour.WHITE ? 1 : -1;
            }
        }
        difference += given == Colour.WHITE ? 1 : -1;
        int n = played.size();
        boolean threeInARow = n >= 2 && played.get(n - 1) == given && played.get(n - 2) == given;
        List<Integer> who = List.of(player.startNumber());
        if (Math.abs(difference) > 2) {
            Kind kind = topscorers ? Kind.TOPSCORER_COLOUR_DIFFERENCE : Kind.COLOUR_DIFFERENCE;
            findings.add(new Finding(kind, kind.criterion(), board.number(), who,
                    (difference > 0 ? "+" : "") + difference));
        }
        if (threeInARow) {
            Kind kind = topscorers ? Kind.TOPSCORER_SAME_COLOUR_THREE_TIMES : Kind.SAME_COLOUR_THREE_TIMES;
            String c = given == Colour.WHITE ? "W" : "B";
            findings.add(new Finding(kind, kind.criterion(), board.number(), who, c + c + c));
        }
        if (player.colourPreference() != Colour.NONE && player.colourPreference() != given) {
            Kind kind = player.strongPreference() || player.absoluteColourPreference()
                    ? Kind.STRONG_COLOUR_PREFERENCE_NOT_MET : Kind.COLOUR_PREFERENCE_NOT_MET;
            findings.add(new Finding(kind, kind.criterion(), board.number(), who, player.colourPreference().name()));
        }
    }

    // C.04.3 1.4: after a game between different scores the higher-ranked player has floated down, the other up;
    // C6-C7 minimise the downfloaters and their scores, C14-C17 their repetition from the last two rounds
    private static void scores(SwissTournament t, Board board, SwissPlayer white, SwissPlayer black,
                               List<Finding> findings) {
        int ws = t.acceleratedScore(white, 0);
        int bs = t.acceleratedScore(black, 0);
        if (ws == bs) {
            return;
        }
        SwissPlayer higher = ws > bs ? white : black;
        SwissPlayer lower = ws > bs ? black : white;
        findings.add(new Finding(Kind.SCORE_DIFFERENCE, Kind.SCORE_DIFFERENCE.criterion(), board.number(),
                List.of(higher.startNumber(), lower.startNumber()), points(Math.abs(ws - bs))));
        for (int back = 1; back <= Math.min(2, t.playedRounds()); back++) {
            if (floated(t, higher, back) > 0) {
                findings.add(new Finding(Kind.REPEATED_DOWNFLOAT, back == 1 ? "C14" : "C16", board.number(),
                        List.of(higher.startNumber()), String.valueOf(t.playedRounds() + 1 - back)));
            }
            if (floated(t, lower, back) < 0) {
                findings.add(new Finding(Kind.REPEATED_UPFLOAT, back == 1 ? "C15" : "C17", board.number(),
                        List.of(lower.startNumber()), String.valueOf(t.playedRounds() + 1 - back)));
            }
        }
    }

    /** +1 when the player floated down {@code back} rounds ago, -1 up, 0 neither (C.04.3 1.4, as the engine reads it). */
    private static int floated(SwissTournament t, SwissPlayer p, int back) {
        SwissMatch m = p.matches().get(t.playedRounds() - back);
        if (!m.played()) {
            // 2026 1.4.3: more than a loss's points without playing is a downfloat
            return t.points(p, m) > t.pointsForLoss() ? 1 : 0;
        }
        int mine = t.acceleratedScore(p, back);
        int theirs = t.acceleratedScore(t.players().get(m.opponent()), back);
        return Integer.compare(mine, theirs);
    }

    /** Tenths of a point as points: "1", "1.5". */
    static String points(int tenths) {
        return tenths % 10 == 0 ? String.valueOf(tenths / 10) : (tenths / 10) + "." + (tenths % 10);
    }

    /** The start numbers the findings name, in order (for the caller's names). */
    public static Set<Integer> players(List<Finding> findings) {
        Set<Integer> all = new LinkedHashSet<>();
        findings.forEach(f -> all.addAll(f.players()));
        return all;
    }

    /** Findings by board number. */
    public static Map<Integer, List<Finding>> byBoard(List<Finding> findings) {
        Map<Integer, List<Finding>> map = new HashMap<>();
        findings.forEach(f -> map.computeIfAbsent(f.board(), b -> new ArrayList<>()).add(f));
        return map;
    }
}

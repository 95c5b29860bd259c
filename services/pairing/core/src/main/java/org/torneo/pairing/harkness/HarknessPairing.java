package org.torneo.pairing.harkness;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import org.torneo.pairing.tournament.Colour;
import org.torneo.pairing.tournament.Entrant;
import org.torneo.pairing.tournament.Pairing;
import org.torneo.pairing.tournament.PairingOutcome;
import org.torneo.pairing.tournament.PairingRequest;
import org.torneo.pairing.tournament.PairingSystem;

/**
 * The US Swiss system with the Harkness pairing procedure, as printed in the Code 1970 book
 * ("Reglas del sistema suizo" I-IX and "Sistema Harkness de pareo").
 *
 * <p>Ranking order is the order of {@link PairingRequest#entrants()} (pairing numbers by rating, unrated
 * players last alphabetically, late entrants inserted at their rating's place). Every drawing of lots
 * (colour of No. 1 in round 1, the bye from round 4 on, the colour of two players due the same colour
 * with equal histories) uses {@code java.util.Random} seeded with the request's seed, whose sequence is
 * fixed by its specification, so a pairing replays identically on any machine.
 *
 * <p>Where the book is silent or its OCR unclear we say so at the rule, marked [INF].
 */
public final class HarknessPairing implements PairingSystem {

    /** Search nodes one group may spend before it is declared unpairable as arranged. */
    private static final int GROUP_BUDGET = 200_000;
    /** Search nodes of the last-resort whole-field search. */
    private static final int GLOBAL_BUDGET = 2_000_000;

    @Override
    public PairingOutcome pair(PairingRequest request) {
        return new Run(request).pair();
    }

    private enum Direction { DOWN, UP, MIDDLE }

    /** A player's pairing card: what the procedure needs to know about him. */
    private static final class Card {
        final Entrant entrant;
        final int rank;
        final int number;
        final int score;
        final Colour due;
        final int whiteMinusBlack;
        final java.util.Set<Integer> met = new java.util.HashSet<>();

        Card(Entrant entrant, int rank) {
            this.entrant = entrant;
            this.rank = rank;
            this.number = entrant.number();
            this.score = entrant.score().halves();
            Colour last = null;
            int balance = 0;
            for (var past : entrant.history()) {
                if (past.hadOpponent()) {
                    met.add(past.opponent());
                }
                if (past.colour() != null) {
                    last = past.colour();
                    balance += past.colour() == Colour.WHITE ? 1 : -1;
                }
            }
            // Code 1970 US rule VIII: alternate colours (a bye or an unplayed game leaves no colour)
            this.due = last == null ? null : last.opposite();
            this.whiteMinusBlack = balance;
        }

        @Override
        public String toString() {
            return Integer.toString(number);
        }
    }

    private record Match(Card upper, Card lower) {
    }

    private record GroupResult(List<Match> matches, List<Card> leftovers) {
    }

    private static final class Run {
        private final PairingRequest request;
        private final Random lots;
        private int budget;

        Run(PairingRequest request) {
            this.request = request;
            this.lots = new Random(spread(request.seed()));
        }

        /**
         * Consecutive seeds give nearly equal first outputs of {@code java.util.Random}; a fixed mixing
         * step (the MurmurHash3 finaliser) spreads them so that seeds 1, 2, 3 ... draw independent lots.
         */
        private static long spread(long seed) {
            long z = seed + 0x9E3779B97F4A7C15L;
            z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
            z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
            return z ^ (z >>> 33);
        }

        PairingOutcome pair() {
            List<Card> cards = new ArrayList<>();
            List<Entrant> entrants = request.entrants();
            for (int rank = 0; rank < entrants.size(); rank++) {
                if (entrants.get(rank).available()) {
                    cards.add(new Card(entrants.get(rank), rank));
                }
            }
            if (cards.isEmpty()) {
                return new PairingOutcome.NoValidPairing("no player is available for round " + request.round());
            }
            // Round 1: the colour of No. 1 is drawn by lot (Code 1970, Harkness "Pareo en la primera ronda")
            Colour firstBoardColour = request.round() == 1 ? (lots.nextBoolean() ? Colour.WHITE : Colour.BLACK) : null;
            if (cards.size() % 2 == 0) {
                List<Match> matches = pairAll(cards);
                if (matches == null) {
                    return new PairingOutcome.NoValidPairing(noPairingReason(cards));
                }
                return paired(matches, List.of(), firstBoardColour);
            }
            for (Card bye : byeCandidates(cards)) {
                List<Card> rest = new ArrayList<>(cards);
                rest.remove(bye);
                List<Match> matches = pairAll(rest);
                if (matches != null) {
                    return paired(matches, List.of(bye.number), firstBoardColour);
                }
            }
            if (cards.stream().allMatch(c -> c.entrant.hadPairingBye())) {
                return new PairingOutcome.NoValidPairing("the field is odd and every available player has already"
                        + " had the bye (Code 1970 US rule III: nobody gets a second bye)");
            }
            return new PairingOutcome.NoValidPairing(noPairingReason(cards));
        }

        private String noPairingReason(List<Card> cards) {
            return "no pairing of the " + cards.size() + " available players for round " + request.round()
                    + " avoids every repeat and forbidden pairing (Code 1970 US rule IV)";
        }

        /**
         * Code 1970 US rule III: round 1 the lowest rated; rounds 2-3 the lowest rated of the lowest score;
         * from round 4 by lot among the lowest score; never a second bye. Later candidates are fallbacks
         * for when the chosen one leaves the rest unpairable [INF].
         */
        private List<Card> byeCandidates(List<Card> cards) {
            List<Card> eligible = new ArrayList<>(cards.stream().filter(c -> !c.entrant.hadPairingBye()).toList());
            Comparator<Card> lowestRatedFirst = Comparator.comparingInt((Card c) -> c.rank).reversed();
            if (request.round() == 1) {
                eligible.sort(lowestRatedFirst);
                return eligible;
            }
            eligible.sort(Comparator.comparingInt((Card c) -> c.score).thenComparing(lowestRatedFirst));
            if (request.round() >= 4 && !eligible.isEmpty()) {
                int lowest = eligible.get(0).score;
                List<Card> tied = new ArrayList<>(eligible.stream().filter(c -> c.score == lowest).toList());
                Collections.shuffle(tied, lots);
                List<Card> ordered = new ArrayList<>(tied);
                eligible.stream().filter(c -> c.score != lowest).forEach(ordered::add);
                return ordered;
            }
            return eligible;
        }

        private PairingOutcome paired(List<Match> matches, List<Integer> byes, Colour firstBoardColour) {
            List<Match> ordered = new ArrayList<>(matches);
            // FIDE board order: higher score of the pair, then sum of scores, then the higher-ranked player
            ordered.sort(Comparator.comparingInt((Match m) -> -Math.max(m.upper.score, m.lower.score))
                    .thenComparingInt(m -> -(m.upper.score + m.lower.score))
                    .thenComparingInt(m -> Math.min(m.upper.rank, m.lower.rank)));
            java.util.Map<Match, Pairing> pairs = new java.util.IdentityHashMap<>();
            List<Integer> upperRanks = matches.stream().map(m -> m.upper.rank).sorted().toList();
            for (Match match : matches) {
                // colours are drawn in the order the matches were made, so lots replay identically
                int position = Collections.binarySearch(upperRanks, match.upper.rank);
                pairs.put(match, colours(match, firstBoardColour, position));
            }
            List<Pairing> boardOrder = new ArrayList<>();
            for (Match match : ordered) {
                boardOrder.add(pairs.get(match));
            }
            return new PairingOutcome.Paired(boardOrder, byes);
        }

        /** Groups by score; top down to above the middle, zero up to below it, the middle last. */
        private List<Match> pairAll(List<Card> cards) {
            TreeMap<Integer, List<Card>> byScore = new TreeMap<>(Comparator.reverseOrder());
            for (Card card : cards) {
                byScore.computeIfAbsent(card.score, s -> new ArrayList<>()).add(card);
            }
            List<List<Card>> groups = new ArrayList<>(byScore.values());
            int count = groups.size();
            // Code 1970 Harkness, rounds 3 on: "se empieza por los de más alta puntuación ... hasta antes del
            // grupo medio, luego ... los de cero puntos ... hacia arriba ... y finalmente ... el grupo de enmedio"
            int middle = count / 2;
            List<List<Match>> matchesOf = new ArrayList<>();
            List<List<Card>> incoming = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                matchesOf.add(List.of());
                incoming.add(List.of());
            }
            List<Card> floating = List.of();
            for (int i = 0; i < middle; i++) {
                incoming.set(i, floating);
                GroupResult result = pairGroup(floating, groups.get(i), Direction.DOWN);
                matchesOf.set(i, result.matches);
                floating = result.leftovers;
            }
            List<Card> fromAbove = floating;
            floating = List.of();
            for (int i = count - 1; i > middle; i--) {
                incoming.set(i, floating);
                GroupResult result = pairGroup(floating, groups.get(i), Direction.UP);
                matchesOf.set(i, result.matches);
                floating = result.leftovers;
            }
            List<Card> intoMiddle = new ArrayList<>(fromAbove);
            intoMiddle.addAll(floating);
            GroupResult centre = pairGroup(intoMiddle, groups.get(middle), Direction.MIDDLE);
            if (centre != null) {
                matchesOf.set(middle, centre.matches);
                return flatten(matchesOf, -1, -1);
            }
            // "si esto no es posible se resuelve en los grupos adyacentes al central": the middle group is
            // re-paired together with its neighbours and what floated into them, as one group [INF]
            int from = Math.max(0, middle - 1);
            int to = Math.min(count - 1, middle + 1);
            if (to > from) {
                List<Card> block = new ArrayList<>();
                for (int i = from; i <= to; i++) {
                    block.addAll(groups.get(i));
                }
                block.addAll(incoming.get(from));
                if (to != middle) {
                    block.addAll(incoming.get(to));
                }
                List<Match> widened = closestScores(block, GROUP_BUDGET);
                if (widened != null) {
                    List<Match> matches = flatten(matchesOf, from, to);
                    matches.addAll(widened);
                    return matches;
                }
            }
            return closestScores(cards, GLOBAL_BUDGET);
        }

        private static List<Match> flatten(List<List<Match>> matchesOf, int skipFrom, int skipTo) {
            List<Match> all = new ArrayList<>();
            for (int i = 0; i < matchesOf.size(); i++) {
                if (i < skipFrom || i > skipTo) {
                    all.addAll(matchesOf.get(i));
                }
            }
            return all;
        }

        /**
         * Pairs one score group with the cards floated into it: sorted by number, split into halves, upper
         * against lower in order with the simplest transpositions for colours; an odd card floats on.
         * Returns null only for the middle group, which must absorb everything.
         */
        private GroupResult pairGroup(List<Card> floaters, List<Card> residents, Direction direction) {
            List<Card> pool = new ArrayList<>(residents);
            pool.addAll(floaters);
            pool.sort(Comparator.comparingInt(c -> c.rank));
            if (direction == Direction.MIDDLE) {
                budget = GROUP_BUDGET;
                List<Match> matches = matchByHalves(pool);
                return matches == null ? null : new GroupResult(matches, List.of());
            }
            List<Card> dropOrder = dropOrder(floaters, residents, direction);
            long spent = 0;
            for (int leftovers = pool.size() % 2; leftovers <= pool.size(); leftovers += 2) {
                for (List<Card> out : leftoverSets(dropOrder, leftovers)) {
                    List<Card> rest = new ArrayList<>(pool);
                    rest.removeAll(out);
                    if (spent > 10L * GROUP_BUDGET) {
                        return new GroupResult(List.of(), pool);
                    }
                    budget = GROUP_BUDGET;
                    List<Match> matches = matchByHalves(rest);
                    spent += GROUP_BUDGET - Math.max(budget, 0) + 1;
                    if (matches != null) {
                        List<Card> floating = new ArrayList<>(out);
                        if (direction == Direction.DOWN && out.size() == 1 && residents.contains(out.get(0))) {
                            heldBackCardFixesColours(matches, floating);
                        } else if (direction == Direction.UP && out.size() == 1 && clashes(matches) > 0) {
                            return movingUpAnotherCard(pool, dropOrder, residents, new GroupResult(matches, floating));
                        }
                        return new GroupResult(matches, floating);
                    }
                }
            }
            return new GroupResult(List.of(), pool);
        }

        /**
         * Losers moving up (Code 1970, round 2): "pásese la tarjeta del jugador más alto al grupo de medio
         * punto, a menos que esto provoque complicaciones en los colores, [en cuyo caso] se debe pasar una
         * tarjeta de más bajo número". When the highest card leaves the rest with colour clashes, the next
         * cards (up to three in all [INF]) are tried; the first that leaves fewer clashes moves up instead.
         */
        private GroupResult movingUpAnotherCard(List<Card> pool, List<Card> dropOrder, List<Card> residents,
                                                GroupResult highestMovesUp) {
            GroupResult best = highestMovesUp;
            int bestClashes = clashes(highestMovesUp.matches);
            for (int i = 1; i < Math.min(3, dropOrder.size()) && bestClashes > 0; i++) {
                Card mover = dropOrder.get(i);
                if (!residents.contains(mover)) {
                    break;
                }
                List<Card> rest = new ArrayList<>(pool);
                rest.remove(mover);
                budget = GROUP_BUDGET;
                List<Match> matches = matchByHalves(rest);
                if (matches != null && clashes(matches) < bestClashes) {
                    best = new GroupResult(matches, List.of(mover));
                    bestClashes = clashes(matches);
                }
            }
            return best;
        }

        /** Pairs in which neither player can get the alternating colour. */
        private static int clashes(List<Match> matches) {
            int clashes = 0;
            for (Match match : matches) {
                if (!compatible(match.upper, match.lower)) {
                    clashes++;
                }
            }
            return clashes;
        }

        /**
         * Which card leaves an odd group. Going down (Code 1970, round 2 winners) the lowest-ranked card is
         * held back; going up (losers) the highest-ranked card moves up. Floaters have priority to be paired:
         * going down the higher score ("el de 6 ... el de 5.5 pasa ... al de 4.5"), going up the lower score.
         */
        private List<Card> dropOrder(List<Card> floaters, List<Card> residents, Direction direction) {
            List<Card> order = new ArrayList<>(residents);
            List<Card> moving = new ArrayList<>(floaters);
            if (direction == Direction.DOWN) {
                order.sort(Comparator.comparingInt((Card c) -> c.rank).reversed());
                moving.sort(Comparator.comparingInt((Card c) -> c.score).thenComparing(Comparator.comparingInt((Card c) -> c.rank).reversed()));
            } else {
                order.sort(Comparator.comparingInt((Card c) -> c.rank));
                moving.sort(Comparator.comparingInt((Card c) -> -c.score).thenComparingInt(c -> c.rank));
            }
            order.addAll(moving);
            return order;
        }

        /** Sets of {@code size} cards to float, most preferred first (combinations in drop order). */
        private List<List<Card>> leftoverSets(List<Card> dropOrder, int size) {
            List<List<Card>> sets = new ArrayList<>();
            if (size == 0) {
                sets.add(List.of());
                return sets;
            }
            // bounded: beyond the first cards of the drop order the search gets no better, only longer
            int considered = Math.min(dropOrder.size(), size <= 1 ? dropOrder.size() : 10);
            combinations(dropOrder.subList(0, considered), size, 0, new ArrayList<>(), sets);
            if (size == dropOrder.size() && sets.isEmpty()) {
                sets.add(List.copyOf(dropOrder));
            }
            return sets;
        }

        private void combinations(List<Card> from, int size, int start, List<Card> chosen, List<List<Card>> out) {
            if (chosen.size() == size) {
                out.add(List.copyOf(chosen));
                return;
            }
            for (int i = start; i < from.size() && out.size() < 5_000; i++) {
                chosen.add(from.get(i));
                combinations(from, size, i + 1, chosen, out);
                chosen.remove(chosen.size() - 1);
            }
        }

        /**
         * The held-back card (Code 1970, round 2, winners): if a pair of the group could not alternate colours
         * and the held-back card can ("si este jugador llevó negras en la primera ronda o recibió BYE"), it
         * replaces the lower player of that pair, who floats instead. Pairs are tried from the last one up.
         */
        private void heldBackCardFixesColours(List<Match> matches, List<Card> floating) {
            Card held = floating.get(0);
            for (int i = matches.size() - 1; i >= 0; i--) {
                Match match = matches.get(i);
                boolean clash = match.upper.due != null && match.upper.due == match.lower.due;
                if (clash && held.rank > match.lower.rank && compatible(held, match.upper)
                        && legal(held, match.upper)) {
                    matches.set(i, new Match(match.upper, held));
                    floating.set(0, match.lower);
                    return;
                }
            }
        }

        /**
         * Upper half against lower half in order; when colours cannot alternate, the simplest transposition
         * (the nearest lower-half card that can); same-half pairings only when unavoidable. Depth-first, so
         * a dead end further down undoes an earlier choice. Null when no legal pairing of the cards exists.
         */
        private List<Match> matchByHalves(List<Card> cards) {
            if (cards.size() % 2 != 0) {
                return null;
            }
            for (Card card : cards) {
                boolean partner = false;
                for (Card other : cards) {
                    if (other != card && legal(card, other)) {
                        partner = true;
                        break;
                    }
                }
                if (!partner && cards.size() > 0) {
                    return null;
                }
            }
            int half = cards.size() / 2;
            boolean[] used = new boolean[cards.size()];
            List<Match> matches = new ArrayList<>();
            return search(cards, half, used, matches) ? matches : null;
        }

        private boolean search(List<Card> cards, int half, boolean[] used, List<Match> matches) {
            int first = -1;
            for (int i = 0; i < cards.size(); i++) {
                if (!used[i]) {
                    first = i;
                    break;
                }
            }
            if (first < 0) {
                return true;
            }
            if (--budget < 0) {
                return false;
            }
            Card card = cards.get(first);
            used[first] = true;
            boolean upperHalf = first < half;
            // lower half first, alternating colours, then repeating; same half only when unavoidable
            for (int pass = 0; pass < (upperHalf ? 4 : 2); pass++) {
                boolean wantFit = pass % 2 == 0;
                int from = pass < 2 ? (upperHalf ? half : first + 1) : first + 1;
                int to = pass < 2 ? cards.size() : half;
                for (int candidate = from; candidate < to; candidate++) {
                    if (used[candidate] || compatible(card, cards.get(candidate)) != wantFit
                            || !legal(card, cards.get(candidate))) {
                        continue;
                    }
                    used[candidate] = true;
                    matches.add(new Match(card, cards.get(candidate)));
                    if (search(cards, half, used, matches)) {
                        return true;
                    }
                    matches.remove(matches.size() - 1);
                    used[candidate] = false;
                    if (budget < 0) {
                        used[first] = false;
                        return false;
                    }
                }
            }
            used[first] = false;
            return false;
        }

        /**
         * When the middle group cannot absorb its floaters, and as the last resort over the whole field:
         * each card in score order meets the nearest score it legally can, alternating colours where
         * possible (Code 1970 US rule V: "con uno cuya puntuación sea lo más cercana posible") [INF].
         */
        private List<Match> closestScores(List<Card> cards, int nodes) {
            List<Card> sorted = new ArrayList<>(cards);
            sorted.sort(Comparator.comparingInt((Card c) -> -c.score).thenComparingInt(c -> c.rank));
            budget = nodes;
            boolean[] used = new boolean[sorted.size()];
            List<Match> matches = new ArrayList<>();
            return globalStep(sorted, used, matches) ? matches : null;
        }

        private boolean globalStep(List<Card> cards, boolean[] used, List<Match> matches) {
            int first = -1;
            for (int i = 0; i < cards.size(); i++) {
                if (!used[i]) {
                    first = i;
                    break;
                }
            }
            if (first < 0) {
                return true;
            }
            if (--budget < 0) {
                return false;
            }
            Card card = cards.get(first);
            used[first] = true;
            List<Integer> options = new ArrayList<>();
            for (int i = first + 1; i < cards.size(); i++) {
                if (!used[i] && legal(card, cards.get(i))) {
                    options.add(i);
                }
            }
            options.sort(Comparator.comparingInt((Integer i) -> Math.abs(cards.get(i).score - card.score))
                    .thenComparing(i -> compatible(card, cards.get(i)) ? 0 : 1)
                    .thenComparingInt(i -> cards.get(i).rank));
            for (int option : options) {
                used[option] = true;
                matches.add(new Match(card, cards.get(option)));
                if (globalStep(cards, used, matches)) {
                    return true;
                }
                matches.remove(matches.size() - 1);
                used[option] = false;
                if (budget < 0) {
                    break;
                }
            }
            used[first] = false;
            return false;
        }

        /** Code 1970 US rule IV: never the same opponent twice; and no pairing the event forbids. */
        private boolean legal(Card a, Card b) {
            return !a.met.contains(b.number) && !b.met.contains(a.number)
                    && (request.forbidden().isEmpty() || !request.isForbidden(a.number, b.number));
        }

        private static boolean compatible(Card a, Card b) {
            return a.due == null || b.due == null || a.due != b.due;
        }

        /**
         * Code 1970 US rule VIII: alternate; failing that, equalise the Whites and Blacks; failing that by
         * lot. Round 1: the top-half players in odd positions take No. 1's colour, the even ones the other.
         */
        /** {@code position}: 0-based place of the upper player among the upper players, in ranking order. */
        private Pairing colours(Match match, Colour firstBoardColour, int position) {
            Card upper = match.upper;
            Card lower = match.lower;
            if (firstBoardColour != null && upper.due == null && lower.due == null) {
                Colour upperColour = position % 2 == 0 ? firstBoardColour : firstBoardColour.opposite();
                return upperColour == Colour.WHITE ? new Pairing(upper.number, lower.number)
                        : new Pairing(lower.number, upper.number);
            }
            Colour upperColour;
            if (upper.due != null && lower.due != null && upper.due != lower.due) {
                upperColour = upper.due;
            } else if (upper.due != null && lower.due == null) {
                upperColour = upper.due;
            } else if (upper.due == null && lower.due != null) {
                upperColour = lower.due.opposite();
            } else if (upper.due == null) {
                upperColour = lots.nextBoolean() ? Colour.WHITE : Colour.BLACK;
            } else {
                // both due the same colour: the one further from even gets it, else by lot
                int upperNeed = upper.due == Colour.WHITE ? -upper.whiteMinusBlack : upper.whiteMinusBlack;
                int lowerNeed = lower.due == Colour.WHITE ? -lower.whiteMinusBlack : lower.whiteMinusBlack;
                if (upperNeed != lowerNeed) {
                    upperColour = upperNeed > lowerNeed ? upper.due : upper.due.opposite();
                } else {
                    upperColour = lots.nextBoolean() ? upper.due : upper.due.opposite();
                }
            }
            return upperColour == Colour.WHITE ? new Pairing(upper.number, lower.number)
                    : new Pairing(lower.number, upper.number);
        }
    }
}

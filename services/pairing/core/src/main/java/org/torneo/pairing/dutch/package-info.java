/**
 * The FIDE Dutch system, C.04.3 as effective from 1 February 2026, giving the same pairings and colours as
 * bbpPairings v6.0.0 (the engine the conformance corpus was made with).
 *
 * <h2>How</h2>
 * {@link org.torneo.pairing.dutch.DutchPairer} computes a maximum-weight matching over all players to pair.
 * Each edge weight is a wide integer whose fields, from the most significant, encode: compatibility (C1, C3)
 * and completion/PAB eligibility (C2, C4, C5); pairs (C6) and paired scores (C7) in the current bracket; the
 * same for the next bracket (C8); unplayed games of the PAB assignee (C9); colour criteria C10–C13; repeated
 * floats C14–C17 and their scores C18–C21; and low bits for the order of transpositions and exchanges
 * (section 4). Brackets are processed from the top score group down; in each, the decisions are taken one by
 * one (which moved-down players are paired and with whom, which S1 players and S2 players are exchanged, the
 * opponent of each S1 player, highest first) and each is frozen by re-weighting before the next, so the
 * result depends only on the optimum values, not on which optimal matching the solver returns.
 * The matching ({@link org.torneo.pairing.dutch.matching.WeightedMatcher}) is Edmonds' weighted blossom
 * algorithm with incremental re-solving after a vertex's edges change, on 64-bit-limb integers
 * ({@link org.torneo.pairing.dutch.matching.Wide}). Board order as bbp/JaVaFo in
 * {@link org.torneo.pairing.dutch.BoardOrder}.
 *
 * <p>A round's phases, a class each (package-private):
 * <ul>
 *   <li>{@code DutchRound}: the round from start to end, in the order below;</li>
 *   <li>{@code PlayersToPair}: the players in rank order, their scores, floats (1.4), opponents met and who may meet
 *       whom (C1, C3);</li>
 *   <li>{@code WeightLayout}: where each criterion's field lies in a weight, laid out per bracket;
 *       {@code CriteriaWeights}: the criteria C2–C21 written into it (the base weights of a bracket, once per class
 *       of players);</li>
 *   <li>{@code Completion}: can the whole field be paired, and the PAB assignee's score (C1–C5; {@code SimplePairing}
 *       proves it without the matching when it can);</li>
 *   <li>{@code BracketProcedure}: the brackets, top down, each in named phases (moved-down players to pair and their
 *       opponents, S1 and S2 players to exchange, S1's opponents, the unpaired moved down);
 *       {@code BracketSolver}: the matching those phases re-weight and solve (a bracket alone or the whole field,
 *       below), with its tables {@code BracketWeights}, {@code DroppedWeights} and {@code AddendMemo};</li>
 *   <li>{@code ColourAllocation}: the colours of each pair, C.04.3 5.2.1–5.2.5.</li>
 * </ul>
 *
 * <h2>Shortcuts (same pairings, much less work)</h2>
 * <ul>
 *   <li>The first whole-field matching only proves that everybody can be paired and, in an odd field, gives the
 *       PAB assignee's score (the least-valued bye-eligible player's): a greedy complete pairing repaired by
 *       swaps proves it without the matching; when none is found the matching runs as before.</li>
 *   <li>A bracket (moved-down, resident and next-bracket players) is solved alone. The players below it still
 *       carry their initial weights, which are additive (w(i, j) = b(i) + b(j)), so the bracket solved on
 *       w − b(i) − b(j) bounds the whole problem from above; after every solve a pairing of the lower players
 *       that takes in the bracket's leftovers (each pair of leftovers replaces one lower pair) proves the bound
 *       is reached, so the bracket-alone optimum is an optimum of the whole problem and every decision read
 *       from it is the whole problem's. The PAB must then go to a lower player of least b. When the proof
 *       fails, the unpaired players are solved together (as before) for the rest of the bracket.</li>
 *   <li>No n × n weight matrix: a pair's weight is b(i) + b(j) until a bracket sets it, and the bracket's
 *       matcher is the only store of set weights (one matcher alive at a time).</li>
 *   <li>A freed vertex's dual drops to its least feasible value and it is matched at once with a single exposed
 *       vertex on one of its tightest edges; an opponent choice whose optimum is already in hand is not
 *       re-solved.</li>
 *   <li>When many vertices are freed at once (the remainder re-weighted with the exchange bits), each is lowered
 *       against the duals its freed neighbours had before, not against 2 × max weight: the duals stay near the
 *       previous optimum and the search repairs only what changed (that solve went from ~100 stages to ~2).</li>
 *   <li>An S1 player's opponent is read from the optimum in hand when its duals prove it
 *       ({@code WeightedMatcher.partnerByAddends}): a candidate whose slack exceeds twice the addend it could win
 *       is out; when the first candidate not out is on a tight edge and a short alternating path of tight edges
 *       joins the two mates it frees, the matching is swapped along it, and every solve with the addends would
 *       give that opponent too. Blossoms and anything unproved are left to the solve. About two thirds of the
 *       opponent choices of a big bracket are settled this way.</li>
 *   <li>Each bracket lays out the fields with a part per score group (C7, C8 scores, C18–C21) for its own
 *       players' score groups only (same part widths, same order, every other field unchanged, so any two
 *       matchings compare as before); the saved weights of moved-down pairs are rewritten into it. With 5,000
 *       players this makes the matcher's numbers about three times shorter (and its memory with them).</li>
 * </ul>
 * {@code DutchShortcutsTest} pairs every round of generated events with and without the shortcuts (and with
 * forced fallbacks in mid-bracket) and requires identical results, besides the corpus.
 *
 * <h2>Conformance</h2>
 * All 1,217 non-large cases of the corpus (1,214 generated rounds, the real 2010 event, 2 "no valid
 * pairing" rounds) give bbp's pairs, colours and PAB; the real event also gives bbp's board order line by line.
 * 300 random tournaments from {@link org.torneo.pairing.dutch.RandomTournamentGenerator} (forfeits,
 * half-point byes, withdrawals) were also accepted by bbp's own checker during development.
 * The default test run checks every case but the two 1,000-player ones, which {@code -Pslow} adds.
 *
 * <h2>Acceleration and forbidden pairs</h2>
 * Baku acceleration (C.04.5.1, TRF26 {@code 192 FIDE_DUTCH_2025_BAKU}) as bbp applies it: virtual points for
 * the first ⌈n/2⌉ players by pairing number, a win in the first half of the accelerated rounds (the first
 * half of the event) and a draw in the rest. Forbidden pairs from {@code XXP} and {@code 260}. Both were
 * compared with bbp on random inputs (120 Baku and 149 + 38 forbidden-pair rounds, all identical);
 * fixtures are in the tests.
 *
 * <h2>Manual accelerations and XXC rank</h2>
 * As bbp v6.0.0 reads them ({@code SwissTournament.fromTrf}, {@code TrfDocument.accelerations()}):
 * <ul>
 *   <li>{@code XXA NNNN pp.p ...} gives player NNNN virtual points per round (round r in columns 10+5(r−1));
 *       TRF26 {@code 250} gives the same points to a range of start numbers for a range of rounds (match points
 *       empty or zero, game points non-zero). Records are applied in file order: a {@code 250} overwrites its
 *       rounds, an {@code XXA} appends after the rounds already set. Like Baku's, the points of the round to pair
 *       are added to the score for the score brackets and to past scores for the float history (C14–C21 compare
 *       the accelerated scores of each past round); the score itself, the board order and anything reported stay
 *       unaccelerated.</li>
 *   <li>Any {@code 250}/{@code XXA} record replaces Baku acceleration (a {@code 192 ..._BAKU} type is then ignored).
 *       More acceleration entries than rounds is an error (bbp's message), as is a blank {@code XXA} field before
 *       the last one.</li>
 *   <li>The points column may include the acceleration of the round to pair (bbp accepts both); the score is
 *       then the sum of the results.</li>
 *   <li>{@code XXC rank}: the pairing numbers are the positions of the player records in the file, not the start
 *       numbers (which only name the players in the output). Everything ordered by pairing number follows: ties
 *       within a score, colour rule 5.2.5 (odd/even pairing number), board order, which half of the field gets
 *       Baku acceleration, and the player whose first colour gives the initial colour when XXC has no
 *       white1/black1. Start numbers may then have gaps.</li>
 * </ul>
 * Compared with bbp on 44 inputs ({@code src/test/resources/dutch-accel}: 14 XXA, 14 250, 16 rank, some with Baku
 * or XXA), all identical including board order. Differences from bbp kept on purpose: a {@code 250} range that
 * names start numbers not in the file is applied to those present (bbp reports a missing pairing number unless
 * XXC rank is given); {@code XXA} is also accepted in lower case.
 *
 * <h2>Speed</h2>
 * {@code torneo bench pair} and {@code PairBench --matrix} print the figures; their history, with the load average
 * of each measurement, is in docs/benchmarks.md.
 */
package org.torneo.pairing.dutch;

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
 * ({@link org.torneo.pairing.dutch.matching.Wide}). Colours: C.04.3 5.2.1–5.2.5 in
 * {@code choosePlayerColour}; board order as bbp/JaVaFo in {@link org.torneo.pairing.dutch.BoardOrder}.
 *
 * <h2>Conformance</h2>
 * All 1,217 non-large cases of the corpus (1,214 generated rounds, the real 2010 event, 2 "no valid
 * pairing" rounds) give bbp's pairs, colours and PAB; the real event also gives bbp's board order line by line.
 * 300 random tournaments from {@link org.torneo.pairing.dutch.RandomTournamentGenerator} (forfeits,
 * half-point byes, withdrawals) were also accepted by bbp's own checker during development.
 * The default test run checks a sample; {@code -Pslow} runs every case.
 *
 * <h2>Acceleration and forbidden pairs</h2>
 * Baku acceleration (C.04.5.1, TRF26 {@code 192 FIDE_DUTCH_2025_BAKU}) as bbp applies it: virtual points for
 * the first ⌈n/2⌉ players by pairing number, a win in the first half of the accelerated rounds (the first
 * half of the event) and a draw in the rest. Forbidden pairs from {@code XXP} and {@code 260}. Both were
 * compared with bbp on random inputs (120 Baku and 149 + 38 forbidden-pair rounds, all identical);
 * fixtures are in the tests.
 *
 * <h2>Not implemented</h2>
 * Manual accelerations ({@code 250}, {@code XXA}) are ignored; XXC "rank" (pairing by file position) is
 * ignored.
 *
 * <h2>Speed</h2>
 * Measured with {@code PairBench} (CPU time of the pairing thread; a 2-vCPU machine shared with other jobs,
 * load average about 20, so wall times were several times higher):
 * <ul>
 *   <li>193–276 players (corpus rounds): 0.5–0.9 s CPU per round (bbp: 1.2–2.9 s wall on the corpus
 *       machine);</li>
 *   <li>500 players, round 7 of a generated event ({@code PairBench --generate 500 7 2}): 2.0 s CPU;</li>
 *   <li>1,000 players, round 6 of a generated event ({@code PairBench --generate 1000 6 1}): 13.3 s CPU;</li>
 *   <li>1,000 players (corpus large cases): round 3 19.8 s CPU, round 6 23.9 s CPU, heap under 160 MB
 *       (bbp: 35.9 s and 42.0 s user);</li>
 *   <li>the whole corpus (1,217 cases) in about 6 minutes wall under that load.</li>
 * </ul>
 * The targets (1,000 players in 1 s, 5,000 in 30 s within 1 GB) are not met: the incremental matching is
 * O(n²) per re-solve and about n re-solves are needed, so a round is roughly cubic in the field; the weight
 * matrix holds n² × limbs longs, about 3 GB for 5,000 players.
 */
package org.torneo.pairing.dutch;

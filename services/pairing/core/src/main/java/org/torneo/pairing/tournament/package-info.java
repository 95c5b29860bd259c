/**
 * The tournament aggregate and the pairing-system API.
 *
 * <h2>Pairing-system API (for the CLI, the pairing app and other engines)</h2>
 * <pre>{@code
 * PairingSystem system = new HarknessPairing();          // or RoundRobinPairing.single() / .doubleRoundRobin()
 * PairingRequest request = new PairingRequest(round, plannedRounds, entrants, forbiddenPairs, seed);
 * switch (system.pair(request)) {
 *     case PairingOutcome.Paired p -> ...               // p.pairs(): Pairing(white, black) by pairing number;
 *                                                        // p.byes(): the pairing-allocated bye (Swiss: 0 or 1);
 *                                                        // p.idle(): round robin, table opponent absent
 *     case PairingOutcome.NoValidPairing n -> ...       // n.reason(): a sentence for the user (exit code 1)
 * }
 * }</pre>
 * An {@link org.torneo.pairing.tournament.Entrant} carries its frozen pairing number, rating, score before
 * the round (half-points), its {@link org.torneo.pairing.tournament.PastRound history} (opponent number,
 * colour if played, bye) and whether it is available this round. The request's entrant list is in
 * ranking order. Engines are pure and deterministic: lots come from the seed only. The FIDE Dutch
 * engine plugs in as one more {@code PairingSystem}:
 * {@code TournamentDecider.withBuiltInSystems().with(PairingSystemKind.DUTCH, dutch)}.
 *
 * <h2>The decider</h2>
 * {@link org.torneo.pairing.tournament.TournamentDecider} is the platform's {@code org.torneo.contracts.Decider}, in
 * the game core's shape: {@link org.torneo.pairing.tournament.TournamentDecider#decide} takes a
 * {@link org.torneo.contracts.tournament.TournamentCommand} and the
 * {@link org.torneo.pairing.tournament.TournamentState} and returns the
 * {@link org.torneo.contracts.tournament.TournamentEvent}s; a refusal is one {@code tournament.CommandRejected}
 * event with the {@link org.torneo.pairing.tournament.RefusalReason} and a sentence (decision 19), never an
 * exception. {@link org.torneo.pairing.tournament.TournamentEvolution#evolve} folds one event into the state (one
 * exhaustive switch over the sealed event root) and
 * {@link org.torneo.pairing.tournament.TournamentDecider#replay} a whole log. A command id already seen gives
 * no events.
 * {@link org.torneo.pairing.tournament.ResultsIntake} maps a {@code results.GameEnded} to RecordResult.
 *
 * <h2>Decisions where the seed is silent</h2>
 * <ul>
 * <li>Pairing numbers are given when a player is first paired and never change: a Swiss numbers by
 *     rating (unrated last, alphabetically; Code 1970), a round robin by lot from the command's seed
 *     (FIDE C.05). A late entrant gets the next free number; Harkness still ranks him at his rating.</li>
 * <li>Boards of a Swiss are in FIDE order (higher score of the pair, then the sum of scores, then the
 *     lower pairing number); a round robin keeps its Berger table's board order. Boards go to halls by
 *     the halls' board ranges; a board no hall holds is a rejection.</li>
 * <li>A round robin's field is fixed at round 1: no late entries, requested byes or forbidden pairs.
 *     A withdrawn player's table opponent has no game and no point (the seed never gives a point
 *     against a known withdrawal, US rule VI).</li>
 * <li>Published pairings change only through CorrectPairing (the whole round) or ChangePairing (one change
 *     by hand: a swap, a board's colours, two players without a game paired; {@link
 *     org.torneo.pairing.tournament.HandChanges}), by an arbiter, with a reason, and only while the round has no
 *     result; a change by hand never seats players who met or a forbidden pair (C.04.1.b).</li>
 * <li>Forbidden pairs (ForbidPairing, lifted by AllowPairing) hold from the next round paired: the Dutch engine
 *     treats them as players who already met (C1).</li>
 * <li>A game without a result counts nothing in the score; the round cannot close until every board
 *     has a result.</li>
 * </ul>
 */
package org.torneo.pairing.tournament;

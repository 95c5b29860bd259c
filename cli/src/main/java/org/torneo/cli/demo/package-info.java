/**
 * {@code ./torneo demo}: a whole simulated open on the local stack, through the services, with the demo as the edge.
 *
 * <h2>What it does</h2>
 * <ol>
 * <li>Starts the stack as {@code ./torneo up} does ({@code StackControl.up()}: broker, PostgreSQL, every built
 * service app); an already running stack is reused (and then left running even with {@code --exit}).</li>
 * <li>Creates a FIDE Dutch Swiss ({@code tournament.CreateTournament}, ruleset {@code FIDE_2018_STANDARD} or, with
 * {@code --rapid}, {@code FIDE_2018_RAPID}) with {@code --halls} halls splitting the boards into ranges, registers
 * the players with seeded ratings (the last one as a late entry for round 2), asks two half-point byes for rounds
 * 2 and 3 in advance, and withdraws one player after the middle round.</li>
 * <li>Each round: {@code PairNextRound} (seeded) → the pairing service publishes {@code RoundPaired} → the game
 * service starts one game per board ({@code GameStarted}) → the demo sends each board's planned steps to
 * {@code torneo.game.commands} (moves in SAN entered by the board operator, draw offers, claims, an arbiter's
 * sighting of an illegal move, resignations), board after board one step at a time like a hall playing
 * together → the game service ends the games ({@code GameEnded}) → the pairing service records the results →
 * the demo closes the round once every result is recorded.</li>
 * <li>At the end: the final standings with tie-breaks from the rating service ({@code StandingsComputed} on
 * {@code torneo.ratings}), the export of every event of the tournament and its games to
 * {@code .torneo/demo/<tournament>.jsonl} (each chain in sequence order), and the audit core's verdict on it (what it
 * could not re-derive, e.g. Dutch pairings whose engine lives in the pairing app, is listed); the
 * last line is the audit's last line.</li>
 * </ol>
 *
 * <h2>Games</h2>
 * {@link org.torneo.cli.demo.GamePlanner} decides a board's game from (seed, round, board) alone: about 8% replay
 * one of five master games (resources {@code demo/*.pgn}: Torre–Lasker 1925, the Immortal, the Evergreen, the
 * Opera game, Réti–Tartakower), the rest is seeded engine-free random legal play that ends in mate, stalemate or
 * a dead position on the board, a valid threefold or fifty-move claim, a resignation or an agreed draw; some games
 * carry a draw offer declined by the next move, a wrong threefold claim (FIDE 2018 9.5.3; also an offer, 9.1.2.3)
 * or an illegal move seen by the arbiter (FIDE 2018 7.5, twice by the same player: a loss, 7.5.5). Same seed →
 * same field, byes, pairings, moves and results; the tournament id carries a run stamp because the stack keeps
 * earlier demos.
 *
 * <h2>Time</h2>
 * Every command carries the wall-clock instant at which the demo sent it, so the services' times and the
 * clock app's scheduler can never disagree. {@code --speed X} paces the hall: one step per board every
 * 30 s / X (default: no pause, as fast as the services go). The game service starts tournament games without a
 * time control (its RoundStarter sends none), so no clock runs in the demo: a flag fall is the arbiter reporting the flag of the player to move
 * ({@code game.ReportFlagFall}, final period); the game service rules loss or draw (FIDE 2018 6.9).
 *
 * <h2>Measured (2-core machine shared with other builds, load average 15-37)</h2>
 * <ul>
 * <li>{@code demo --players 60 --rounds 5 --exit} (the end-to-end test): 119 s cold, of which the stack and five
 * services took 98 s; about 12,500 moves, 145 games; audit: 195 decisions checked, 0 discrepant, chain intact
 * (the five Dutch pairings listed as not re-derived). 35-53 s on a running stack.</li>
 * <li>Default {@code demo} (300 players, 7 rounds) on a running stack: 7 rounds in 326 s (1,043 games, about
 * 87,000 moves, 150-370 moves/s), 349 s with the audit (256 decisions). A second cold run stalled in round 1:
 * the game service stopped deciding after 892 events, having replayed 158,000 events of earlier demos that the
 * stack keeps ({@code ./torneo down} keeps .torneo/kafka).</li>
 * <li>Same seed, same tournament: two runs of seed 9 (60 x 5) gave identical pairings, moves and results
 * (12,671 items compared).</li>
 * </ul>
 */
package org.torneo.cli.demo;

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
 * <li>Fills the tournament's offices (issue 16, {@link org.torneo.cli.demo.Staff}) and waits until they are in
 * force: the organiser appoints the chief arbiter ({@code demo-chief-arbiter}), the chief appoints one arbiter per
 * hall ({@code demo-arbiter-hall-a}, ...) and links every registered player's account (the late entry's too; the
 * account is the player id, which the game core requires of a player's actor). From then on every command is sent
 * by the one whose office allows it: the chief pairs, closes rounds and withdraws; the hall's arbiter records
 * arrivals, illegal moves he saw and the resignation of a silent game; the players enter their moves, press their
 * clocks, offer, accept and claim draws, resign and ask their byes. The audit then finds no
 * decision without authority.</li>
 * <li>Each round: {@code PairNextRound} (seeded) → the pairing service publishes {@code RoundPaired} → the arbiter
 * records both players of every board present at the round's start on its clock ({@code clock.RecordArrival}) → the
 * game service starts one game per board ({@code GameStarted}, under the tournament's time control) and the clock
 * service starts its clock ({@code ClockStarted}: White's clock runs from the round's start) → the simulated players
 * play their board's planned steps in real time on {@code torneo.game.commands} (moves in SAN entered by the player
 * and completed by the player's clock press, draw offers, claims, the hall arbiter's sighting of an illegal
 * move, resignations) → the game service ends the games ({@code GameEnded}; a player who stops moving loses on time when the
 * clock service sees his flag fall) → the pairing service records the results → the demo closes the round once every
 * result is recorded.</li>
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
 * a dead position on the board, a valid threefold or fifty-move claim, a resignation, an agreed draw or a player who
 * stops moving and loses on time (against a lone king: drawn); some games
 * carry a draw offer declined by the next move, a wrong threefold claim (FIDE 2018 9.5.3; also an offer, 9.1.2.3)
 * or an illegal move seen by the arbiter (FIDE 2018 7.5, twice by the same player: a loss, 7.5.5). Same seed →
 * same field, byes, pairings, moves and results; the tournament id carries a run stamp because the stack keeps
 * earlier demos.
 *
 * <h2>Clocks</h2>
 * The tournament is created with a time control ({@link org.torneo.cli.demo.ThinkTime}): 6 s + 0.06 s per move,
 * sudden death (a 3 min + 2 s blitz scaled down 30 times), for fields of up to 40 boards; bigger fields get
 * proportionally more (22.5 s + 0.23 s for the default 150 boards) so that the hall's move rate stays within what
 * the services digest on a small machine; {@code --speed X} divides it. Every command carries the wall-clock
 * instant at which the demo sent it (the services take time only from commands), so the clock service charges each
 * player the real time between the presses. Each step is sent after a think time drawn from the board's seeded
 * generator: quick prepared moves in the opening, about 1/40 of the time left per middlegame move and 1/55 in the
 * endgame (log-normally spread), moves on the increment in time trouble, and a reserve never spent (12% of the base,
 * at least 1.2 s, more when the services lag: twice the time a press takes to reach the clock service). The players
 * whose plan ends on the clock spend lavishly and then stop moving: the clock service's scheduler sees the flag fall
 * (3 s after the deadline: the demo starts the stack with that flag grace so that presses made in time but read late
 * on a busy machine land first; the flag is recorded at the deadline all the same)
 * and the game service rules loss, or draw when the opponent cannot mate by any series of legal moves (FIDE 2018
 * 6.9: the capture-hungry games end against a lone king). The arbiter's arrival records carry the round's start,
 * the instant the game service gives the clock as its start (FIDE 2018 6.7.1, default time 0).
 *
 * <h2>Same seed, same tournament</h2>
 * The field, byes, pairings, each board's plan (moves, offers, claims, illegal moves, endings) and the think-time
 * draws follow from the seed. What timing can change: the exact instants and clock readings; whether a claim pauses
 * the clock (only when the clock service has seen every move before the claim: the claims and moves topics are read
 * in no common order); and, on a machine loaded far beyond the services' pace, a player whose move reaches the clock
 * service after his deadline loses on time, which changes that result and every later pairing.
 * {@code ./torneo chaos} removes that last dependence ({@code DemoCommand.plannedInstants}): each step carries the
 * instant it was planned for (the round's start plus the seeded think times, no reserve for the services' lag), and
 * the clock service's flag grace (PT180S by default) outlasts a restart, so a press held up by a dead service or a
 * late edge is still in time. Seen in an undisturbed run at load average 45: the clock service read a game's end
 * (results topic) before the game's last moves (moves topic) and recorded a flag fall after the resignation (the game
 * rejected it, the result stood): the clock's events then differ from another run's.
 *
 * <h2>Measured (2-core machine shared with other builds, load average 13-20)</h2>
 * <ul>
 * <li>{@code demo --players 60 --rounds 5 --seed 9 --exit}: the 5 rounds in 77 s (15 s a round: the longest game,
 * 6+0.06 clocks), 198 s in all of which the stack and five services took 115 s; 145 games, about 8,600 moves, 17
 * flag falls seen by the clock service (13 lost, 4 drawn against a lone king: exactly the planned ones), 4 claims
 * paused the clocks; audit: 264 decisions checked, 0 discrepant, chain intact. Same seed, same tournament: a run at
 * 10+0.1 clocks gave the same 5 pairings and the same 145 results. Under a heavier load (the services 2-7 s behind)
 * players lost on time unplanned.</li>
 * <li>The end-to-end test at load average 5-8: 134 s (stack 50 s, 5 rounds 76 s, audit 264 decisions, 0 discrepant);
 * a press reached the clock service within 1.5 s in round 1 (services still cold) and 0.2-0.5 s later; the same 17
 * flag falls; 11 of the 12 claims paused the clocks.</li>
 * <li>Default {@code demo} (300 players, 7 rounds, seed 2026, 22.5+0.23 clocks), cold: 585 s in all, of which the
 * stack took 105 s, the 7 rounds 421 s (60 s a round, 122-170 moves/s) and the standings, export and audit the rest;
 * 1,043 games, about 64,600 moves, 123 flag falls seen by the clock service (83 lost, 40 drawn against a lone king:
 * exactly the planned ones), 24 claims paused the clocks, 1 command refused; audit: 1,907 decisions checked, 0
 * discrepant, chain intact.</li>
 * </ul>
 */
package org.torneo.cli.demo;

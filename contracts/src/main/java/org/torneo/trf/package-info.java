/**
 * TRF (FIDE Tournament Report File) reading and writing, TRF16 and TRF26 with the JaVaFo/bbp extensions.
 *
 * <p>Usage:
 * <pre>{@code
 * TrfDocument doc = TrfReader.read(Path.of("event.trf"));   // parses and validates, or TrfFormatException
 * PointSystem ps = doc.pointSystem();                        // 162 / BBx / XXS, tenths of a point
 * for (TrfPlayer p : doc.players()) {                        // file order; playersById() for a map
 *     for (int r = 1; r <= p.games().size(); r++) {
 *         TrfGame g = p.game(r);       // opponent (0 = none), colour, ResultCode
 *         boolean overTheBoard = g.played();                 // forfeits and byes are not played games
 *         int points = ps.pointsFor(g.result());
 *     }
 * }
 * String text = TrfWriter.write(doc);                        // byte-identical when unchanged
 * }</pre>
 *
 * <ul>
 *   <li>{@link org.torneo.trf.TrfReader#read(String)} accepts CR, LF and CRLF; it rejects with line and column:
 *       fields out of place, unknown result codes, duplicate start numbers, unknown opponents, asymmetric
 *       pairings or colours, a player twice in a round, and points that are not the sum of the results
 *       (the points may include or exclude a pre-assigned bye in the last round: both conventions are used).
 *       {@link org.torneo.trf.TrfReader#parse(String)} checks the syntax only.</li>
 *   <li>Unknown records are kept verbatim; every line keeps its terminator, so read + write round-trips.</li>
 *   <li>Headers: {@code header("012")} and friends, {@code totalRounds()} (142/XXR), {@code initialColour()}
 *       (152/XXC), {@code tournamentType()} (192), {@code forbiddenPairs()} (260/XXP),
 *       {@code requestedByes()} (240), {@code accelerations()} (250/XXA, virtual points per start number and
 *       round), {@code pairByRank()} (XXC rank), {@code roundsPaired()}.</li>
 *   <li>Result codes: {@code 1 = 0 + - W D L H F U Z} and blank (≡ Z); {@link org.torneo.trf.ResultCode}
 *       says which are played games, forfeits and byes.</li>
 * </ul>
 */
package org.torneo.trf;

/**
 * The Swiss model shared by the Swiss pairing systems: a tournament before pairing a round
 * ({@link org.torneo.pairing.swiss.SwissTournament}, built from a TRF), its players with score, history and the
 * derived colour data of C.04.3 1.6 ({@link org.torneo.pairing.swiss.SwissPlayer}), and the result of pairing
 * ({@link org.torneo.pairing.swiss.Pairing}: white/black start numbers, black 0 for the PAB).
 *
 * <p>Conventions follow bbpPairings v6.0.0, the reference for the FIDE Dutch conformance corpus:
 * only games played over the board count for colours and for C1 (forfeits may be paired again);
 * the round to pair is the one after the last round in which anybody was paired; entries in that round
 * without an opponent (H, Z, F) are pre-assigned absences and those players are not paired; the points
 * column is the score used for pairing (the corpus writes it without the round's bye, the JaVaFo sample with it;
 * with an acceleration it may also include the round's virtual points, which are then taken off).
 * Virtual points (Baku, or manual {@code 250}/{@code XXA}, which replace Baku) are kept per player and round and
 * added only by {@link org.torneo.pairing.swiss.SwissTournament#acceleratedScore}. With {@code XXC rank} the
 * pairing numbers ({@code rankIndex}) follow the order of the player records in the file.
 */
package org.torneo.pairing.swiss;

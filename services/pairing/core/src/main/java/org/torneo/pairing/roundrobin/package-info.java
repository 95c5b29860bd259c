/**
 * Round robin from the Berger tables of the Code 1970 book (identical to FIDE C.05 Annex 1, colours and
 * board order included). {@link org.torneo.pairing.roundrobin.BergerTable} gives any round of any field;
 * {@link org.torneo.pairing.roundrobin.RoundRobinPairing} is the {@code PairingSystem} (single or double).
 * An odd field uses the next even table and the player drawn against the phantom number rests.
 * Double round robin (absent from the seed): FIDE C.05 Annex 1 practice, the second cycle repeats the table
 * with colours reversed and the last two rounds of the first cycle are swapped.
 */
package org.torneo.pairing.roundrobin;

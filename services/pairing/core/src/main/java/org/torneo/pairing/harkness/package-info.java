/**
 * The US Swiss system with the Harkness pairing procedure as printed in the Code 1970 book.
 * <ul>
 * <li>Round 1: ranking list halved, top half against bottom half in order; No. 1's colour by lot, odd
 *     positions of the top half take it, even positions the other.</li>
 * <li>Later rounds: score groups paired from the top down to above the middle group, from the bottom up
 *     to below it, the middle group last; each group (with the cards floated into it) sorted, halved and
 *     paired upper against lower with the simplest transpositions for colours; same-half pairings only
 *     when unavoidable. An odd group floats its lowest card down (held back to fix a colour clash) or,
 *     going up, its highest card (or, if that leaves colour clashes, one of the next two cards); floaters going down with the higher score, going up with the lower
 *     score, have priority.</li>
 * <li>Bye (one point): round 1 the lowest rated; rounds 2-3 the lowest rated of the lowest score; then by
 *     lot among the lowest score; never twice.</li>
 * <li>Never a repeat (rule IV) nor a forbidden pair. If the middle group cannot absorb the floaters, it
 *     is re-paired with its neighbours by nearest score [INF]; last resort, the whole field by nearest
 *     score; if nothing legal exists the answer is "no valid pairing".</li>
 * </ul>
 * From a TRF file: {@code new HarknessPairing().pair(HarknessTrf.request(trfDocument, seed))} pairs the
 * round after the last one in the file (start numbers are pairing numbers; XXR gives the rounds).
 * Not modelled: provisional adjudication of unfinished games (rule VII: the caller records a provisional
 * result), estimated ratings for unrated players.
 */
package org.torneo.pairing.harkness;

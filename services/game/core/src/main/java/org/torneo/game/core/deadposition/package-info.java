/**
 * Can a side still checkmate? (FIDE 2018 1.5, 5.2.2, 6.9, 7.5.5; FIDE 1997 and 2001 6.9/6.10, 9.6.)
 *
 * <ul>
 *   <li>{@link org.torneo.game.core.deadposition.CanMate#canMate(org.torneo.game.core.board.Position,
 *       org.torneo.game.core.board.Side)}: a helpmate question answered {@link org.torneo.game.core.deadposition.Verdict}
 *       WINNABLE (with a replayable UCI witness line), UNWINNABLE (proved) or UNDETERMINED (bounded search gave up).
 *       SOUND: never UNWINNABLE where a mate exists. Deterministic node budget ({@code canMate(p, side, nodes)}).
 *       {@link org.torneo.game.core.deadposition.CanMate#isDead} = neither side can mate.</li>
 *   <li>{@link org.torneo.game.core.deadposition.HelpmateDeadPositionOracle}: the
 *       {@link org.torneo.game.core.draw.DeadPositionOracle} backed by it, cheap enough for ply-by-ply replay;
 *       registered as the service implementation (META-INF/services), so callers that use {@code ServiceLoader}
 *       get it by default.</li>
 * </ul>
 *
 * <p>The method is an own implementation of the structure of Ambrona's Chess Unwinnability Analyzer (CHA): material
 * lemmas, forced moves, an exhaustive bounded helpmate search steered toward mating corners, and a static
 * reachability test for locked pawn fortresses ({@code Fortress}). On the 311 rows of the corpus it gives CHA's
 * verdict on 309 and "undetermined" on 2 (one stalemate-motif fortress, both sides), never a different definite
 * answer.
 */
package org.torneo.game.core.deadposition;

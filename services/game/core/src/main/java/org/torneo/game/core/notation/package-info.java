/**
 * Move notation (FIDE 2018 App. C; FIDE 1997 notation appendix).
 *
 * <ul>
 *   <li>{@link org.torneo.game.core.notation.San}: writes SAN as the PGN standard (e8=Q, O-O, +, #, minimal
 *       disambiguation), English or Spanish letters ({@link org.torneo.game.core.notation.PieceLetters}).</li>
 *   <li>{@link org.torneo.game.core.notation.MoveParser}: reads SAN, long algebraic and UCI, English and/or
 *       Spanish letters, 1997 and 2018 forms; returns {@link org.torneo.game.core.notation.ParsedMove}
 *       (Ok(move) or Error(token, reason)), never throws on bad input.</li>
 * </ul>
 */
package org.torneo.game.core.notation;

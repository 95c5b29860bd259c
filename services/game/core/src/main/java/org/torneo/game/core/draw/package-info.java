/**
 * End of game and draws (FIDE 2018 Art. 5 and 9; 1997/2001 numbers in the method comments).
 *
 * <ul>
 *   <li>{@link org.torneo.game.core.draw.GameRecord}: immutable, persistent record of a game: positions per ply,
 *       repetition counts under the 9.2.3 identity (Zobrist keys; e.p. only when really legal; castling rights),
 *       first ply of threefold / fivefold / 50-move / 75-move conditions.</li>
 *   <li>{@link org.torneo.game.core.draw.DrawRules}: threefold (9.2), fivefold (9.6.1), fifty moves (9.3),
 *       seventy-five moves (9.6.2, mate takes precedence), checkmate, stalemate, and
 *       {@code automaticEnding} with the 2018 precedence.</li>
 *   <li>{@link org.torneo.game.core.draw.DrawClaims}: claims on the current position or on a written intended
 *       move (the position after it is judged).</li>
 *   <li>{@link org.torneo.game.core.draw.DeadPositionOracle}: where {@code canMate} plugs in;
 *       {@code BARE_MATERIAL} is the sound partial default.
 *       {@link org.torneo.game.core.draw.InsufficientMaterial#chessJsRule} is chess.js's predicate, NOT FIDE's.</li>
 * </ul>
 * Edition-specific identities (1997: castling "immediately or in the future"; 2001 "temporarily or
 * permanently") are for the rulesets layer; this package implements the 2018 identity.
 */
package org.torneo.game.core.draw;

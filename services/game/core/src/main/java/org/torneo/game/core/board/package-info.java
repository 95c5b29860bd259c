/**
 * The board and the moves of the Laws of Chess (FIDE 2018 Arts. 2-3, Chess960 per Guidelines II).
 *
 * <ul>
 *   <li>{@link org.torneo.game.core.board.Position}: immutable position; {@code fromFen}, {@code toFen},
 *       {@code legalMoves}, {@code legalMove(from, to, promotion)}, {@code legalMovesFrom} (touch-move),
 *       {@code play}, {@code playIrregular} (an illegal move that stands, 2018 A.4.2), {@code inCheck},
 *       {@code isCheckmate}, {@code isStalemate}, {@code repetitionKey} (FIDE 9.2.3 identity), {@code perft}.</li>
 *   <li>{@link org.torneo.game.core.board.Move}: a move packed in an int, {@code uci()}; castling's
 *       {@code to} is the king's final square.</li>
 *   <li>{@link org.torneo.game.core.board.Board}: the mutable fast board behind it (bitboards, legal
 *       generation with pins/checks, make/unmake); use {@link org.torneo.game.core.board.Position#toBoard()}
 *       for search (e.g. dead-position analysis).</li>
 *   <li>{@link org.torneo.game.core.board.Fen}: FEN reading/validation ({@link
 *       org.torneo.game.core.board.InvalidFenException} names the field and the reason) and writing.</li>
 *   <li>{@link org.torneo.game.core.board.Chess960}: start positions 0-959.</li>
 *   <li>{@link org.torneo.game.core.board.Square}: squares are ints, a1 = 0 ... h8 = 63.</li>
 * </ul>
 */
package org.torneo.game.core.board;

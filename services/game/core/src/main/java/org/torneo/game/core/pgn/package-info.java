/**
 * PGN (Portable Game Notation, S. J. Edwards 1994) for the Laws engine.
 *
 * <ul>
 *   <li>{@link org.torneo.game.core.pgn.PgnReader#read(String)}: every game of a text as
 *       {@link org.torneo.game.core.pgn.PgnGame} (tags in order, main-line {@link org.torneo.game.core.pgn.PgnMove}s
 *       with NAGs, comments and {@code [%clk]}/{@code [%emt]} per move, result); variations skipped.</li>
 *   <li>{@link org.torneo.game.core.pgn.PgnReplay#replay(org.torneo.game.core.pgn.PgnGame)}: plays the moves from
 *       the FEN tag or the initial position into a {@link org.torneo.game.core.draw.GameRecord} (English letters, else
 *       the seeds' Spanish letters).</li>
 *   <li>{@link org.torneo.game.core.pgn.PgnWriter}: export format (Seven Tag Roster, 80 columns, optional clocks).</li>
 *   <li>{@link org.torneo.game.core.pgn.GameSummary}: the corpus columns (plies, final FEN, ending, first plies of
 *       threefold / fivefold / 50 / 75 / dead position) under FIDE 2018 standard rules.</li>
 *   <li>Every error is a {@link org.torneo.game.core.pgn.PgnException} naming game, line, column, token and reason.</li>
 * </ul>
 */
package org.torneo.game.core.pgn;

/**
 * Touch-move (FIDE 2018 4.3-4.5, 2001 and 1997 4.3-4.5, Code 1970 art. VIII): which moves the pieces the player
 * having the move touched oblige him to make, with each edition's king-and-rook (castling) rules.
 * {@link org.torneo.game.core.touchmove.TouchMove#obligation} is pure; the game decider applies it to SubmitMove.
 */
package org.torneo.game.core.touchmove;

/**
 * The game aggregate: {@link org.torneo.game.core.game.GameDecider} decides commands to one game under its
 * edition of the Laws (FIDE Code ~1970, FIDE 1997, 2001, 2018 x standard/rapid/blitz) and folds the events into
 * {@link org.torneo.game.core.game.GameState}. Every edition difference is a field of
 * {@link org.torneo.game.core.game.EditionRules}; see services/game/core/README.md for the API, the
 * events each command produces and the decisions taken where the seeds are silent.
 */
package org.torneo.game.core.game;

/**
 * The players' electronic scoresheets of a game compared (FIDE 2018 8.1; 2023 8.1.1.2): a decider that alerts the
 * arbiter when the two records differ or a line is no legal move, and never corrects the player.
 */
package org.torneo.game.core.scoresheet;

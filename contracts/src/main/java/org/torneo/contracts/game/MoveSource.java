package org.torneo.contracts.game;

/** Where a move was observed: the physical board (via the arbiter's app), an electronic board, or the arbiter. */
public enum MoveSource { BOARD, EBOARD, ARBITER }

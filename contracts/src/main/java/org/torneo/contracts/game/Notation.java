package org.torneo.contracts.game;

/**
 * How the text of a submitted move is written. SAN (short algebraic, FIDE Appendix C), LAN (long
 * algebraic, acceptable since FIDE 2018 C.13) or UCI (e2e4, e7e8q). AUTO lets the game service detect it.
 */
public enum Notation { AUTO, SAN, LAN, UCI }

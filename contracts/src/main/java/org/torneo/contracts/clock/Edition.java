package org.torneo.contracts.clock;

/** The edition of the Laws a game is played under (clock-relevant rules differ per edition). */
public enum Edition {
    /** The FIDE Code as printed in 1970 (arts. I-XX). */
    CODE_1970,
    /** FIDE Laws of Chess in force from 1 July 1997. */
    FIDE_1997,
    /** FIDE Laws of Chess in force from 1 July 2001. */
    FIDE_2001,
    /** FIDE Laws of Chess in force from 1 January 2018 (the default). */
    FIDE_2018
}

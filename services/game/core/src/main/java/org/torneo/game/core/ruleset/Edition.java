package org.torneo.game.core.ruleset;

/** The editions of the Laws of Chess the seeds contain. */
public enum Edition {
    /** The FIDE Code as printed in the 1970 book (seed 001): Arts. I-XVIII, Roman numerals. */
    CODE_1970,
    /** FIDE Laws of Chess, 1997 (seed 000), with App. B rapid, C blitz, D quickplay finish without arbiter. */
    FIDE_1997,
    /** FIDE Laws of Chess, 2001 (in force from 1 July 2001); its rapid/blitz appendices are not in the seeds. */
    FIDE_2001,
    /** FIDE Laws of Chess, 2018 (in force 1 January 2018), with Appendices A rapid, B blitz and Guidelines I-III. */
    FIDE_2018
}

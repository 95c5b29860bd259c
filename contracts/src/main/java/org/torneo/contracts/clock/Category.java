package org.torneo.contracts.clock;

/** Standard, rapid or blitz: decides penalties and which appendix applies. */
public enum Category {
    STANDARD, RAPID, BLITZ
}

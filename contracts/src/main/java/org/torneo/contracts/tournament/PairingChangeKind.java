package org.torneo.contracts.tournament;

/**
 * What a recorded change to a published round's pairing did (C.04.2; FIDE practice, C.04.3 of 2017 F.6-F.7: a change
 * is recorded with who made it and why): one of the chief arbiter's changes by hand ({@link HandChangeKind}), or a
 * correction replacing the round's boards and byes.
 */
public enum PairingChangeKind {
    /** Two players changed places: between two boards, or one on a board and the other in the pairing-allocated bye. */
    SWAP_PLAYERS,
    /** White and Black of one board exchanged colours. */
    EXCHANGE_COLOURS,
    /** Two players without a game in the round (a bye, a late arrival absent from the pairing) paired on a new board. */
    PAIR_UNPAIRED,
    /** The round's boards and byes replaced as the arbiter wrote them (CorrectPairing). */
    CORRECTION;

    /** The kind of a change by hand. */
    public static PairingChangeKind of(HandChangeKind kind) {
        return switch (kind) {
            case SWAP_PLAYERS -> SWAP_PLAYERS;
            case EXCHANGE_COLOURS -> EXCHANGE_COLOURS;
            case PAIR_UNPAIRED -> PAIR_UNPAIRED;
        };
    }
}

package org.torneo.contracts.game;

/** What an arbiter decided (FIDE 2018 Article 12: the role of the arbiter). */
public enum RulingKind {
    /** Declare the result of the game (e.g. a dead position the detector missed, a refusal to comply). */
    DECLARE_RESULT,
    /** Restore the position before an irregularity (FIDE 2018 7.1, 7.5.1). */
    RESTORE_POSITION,
    /** Add time to a player's clock (FIDE 2018 12.9.2, 7.5.5). */
    ADD_TIME,
    /** Deduct time from a player's clock (FIDE 2018 12.9.3). */
    DEDUCT_TIME,
    /** A warning (FIDE 2018 12.9.1). */
    WARNING,
    /** Uphold a draw claim after checking it (FIDE 2018 9.5). */
    UPHOLD_CLAIM,
    /** Reject a draw claim after checking it (FIDE 2018 9.5.2). */
    REJECT_CLAIM,
    /** Annul the game so it is replayed (e.g. wrong initial position found after 10 moves each, FIDE 2018 7.2). */
    ANNUL_GAME,
    /** Any other decision under the arbiter's discretion (FIDE 2018 preface, 12.1); details say what. */
    OTHER,
    /** Loss of the game for {@code side} (FIDE 2018 12.9.6, 11.7; 1997/2001 13.4d). */
    LOSS_OF_GAME,
    /** Adjudication of an unfinished game (Code 1970 art. XVII-XVIII): the result is given. */
    ADJUDICATE,
    /** Exclusion of {@code side} from one or more rounds (FIDE 2018 12.9.8); details say which. */
    EXCLUDE_FROM_ROUNDS,
    /** Expulsion of {@code side} from the competition (FIDE 2018 12.9.9, 1997 13.4e, 2001 13.4g). */
    EXPEL,
    /** A fine announced in advance (FIDE 2018 12.9.7); details say how much. */
    FINE
}

package org.torneo.pairing.tournament;

/**
 * Why the tournament refuses a command: the {@code reason} of the {@code tournament.CommandRejected} event that
 * {@link TournamentDecider#decide} returns (its name, for programs; the event's message is the sentence for people).
 */
public enum RefusalReason {
    NOT_CREATED,
    ALREADY_CREATED,
    WRONG_TOURNAMENT,
    INVALID,
    SYSTEM_UNAVAILABLE,
    UNKNOWN_PLAYER,
    DUPLICATE_REGISTRATION,
    PLAYER_WITHDRAWN,
    ROUND_ALREADY_PAIRED,
    ROUND_NOT_PAIRED,
    ROUND_NOT_CLOSED,
    ROUND_CLOSED,
    NO_SUCH_GAME,
    RESULT_ALREADY_RECORDED,
    NO_RESULT_TO_CORRECT,
    RESULTS_MISSING,
    TOURNAMENT_FINISHED,
    NO_VALID_PAIRING,
    NOT_AN_ARBITER,
    /** The actor does not hold the permission in the tournament's replayed offices (org.torneo.identity). */
    NOT_AUTHORISED,
    NOT_FOR_ROUND_ROBIN,
    /** A forbidden pairing to lift that is not forbidden. */
    NOT_FORBIDDEN,
    /** A change by hand would pair two players forbidden to meet (C.04.1.b). */
    FORBIDDEN_PAIR,
    /** A change by hand would pair two players a second time (C.04.1.b). */
    ALREADY_MET,
    /** A late entry after the organiser's entry deadline (the last round a player may join). */
    ENTRY_CLOSED,
    /** A half-point bye beyond the organiser's maximum per player (FIDE C.04.1 d; the regulations' limit). */
    HALF_POINT_BYE_LIMIT,
    /** A half-point bye in one of the last rounds the organiser closed to them. */
    NO_HALF_POINT_BYE_ROUND,
    /** A check-in of a player already checked in. */
    ALREADY_CHECKED_IN,
    /** A check-in to cancel that was never made (or already cancelled). */
    NOT_CHECKED_IN
}

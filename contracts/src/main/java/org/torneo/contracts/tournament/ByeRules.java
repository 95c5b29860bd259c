package org.torneo.contracts.tournament;

/**
 * The organiser's rules for half-point byes a player requests (the tournament's regulations; FIDE C.04.1 d names the
 * half-point bye, and current FIDE practice, as Swiss-Manager and Sharly Chess ask the organiser, sets a maximum per
 * player and the last rounds in which none may be requested: the seeds are silent).
 *
 * @param maxHalfPointByes      the most half-point byes one player may request over the event (0 = none at all), or
 *                              null for no limit
 * @param noHalfPointByeLastRounds the number of last rounds in which no half-point bye may be requested (0 = none
 *                              such rounds)
 */
public record ByeRules(Integer maxHalfPointByes, int noHalfPointByeLastRounds) {

    /** No limit: a tournament created before version 2, or one whose organiser set none. */
    public static final ByeRules NONE = new ByeRules(null, 0);

    public boolean limitsCount() {
        return maxHalfPointByes != null;
    }
}

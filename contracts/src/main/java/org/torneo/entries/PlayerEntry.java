package org.torneo.entries;

/**
 * One player to register, as a line of an entry file gives him.
 *
 * @param line       the line of the file (1-based)
 * @param playerId   the id to register him under: the file's player id, else his FIDE id, else one made of his name
 * @param name       as written ("Surname, Given" in the FIDE lists)
 * @param rating     0 when unrated
 * @param fideId     digits, "" when none
 * @param title      GM, IM, FM, CM, WGM, WIM, WFM, WCM, or "" when none
 * @param federation three capital letters (FIDE's codes), "" when none
 * @param birthYear  0 when not given
 */
public record PlayerEntry(int line, String playerId, String name, int rating, String fideId, String title,
                          String federation, int birthYear) {
}

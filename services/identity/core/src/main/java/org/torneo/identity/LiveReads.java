package org.torneo.identity;

import java.time.Instant;

/**
 * Who may read a game's live state (its moves, position, clocks and result) before the public broadcast releases it.
 * While the organiser has set a broadcast delay ({@link BroadcastDelay}), a spectator must not see a move before the
 * feed shows it (issue 20: "applied by the feed and never bypassable by a public route"), so the game and clock
 * services' public reads of such a game are answered only to those who see the game anyway: its two players, the
 * board's devices (the electronic scoresheets, FIDE 2023 8.1.1.2; the e-board), the arbiters of its hall (FIDE 2018
 * 12.2), the tournament's organiser and the services. Everyone else reads the game on the feed, delayed; once the
 * whole game is public (ended, and the delay past its end), everyone reads it everywhere.
 * <p>
 * Pure: the tournament's offices, the caller (null when anonymous), the game's scope and end and the instant to judge at
 * are passed in.
 */
public final class LiveReads {

    private LiveReads() {
    }

    /** The answer: allowed, or refused with the reason and where the public reads the game instead. */
    public record Decision(boolean allowed, String reason) {
        public boolean refused() {
            return !allowed;
        }
    }

    /**
     * May {@code account} (null: no token) read the live state of the game in {@code game} at {@code now}?
     *
     * @param authority   the tournament's offices and broadcast delay, or null when the tournament is unknown (no
     *                    delay known: nothing to hold back)
     * @param gameEndedAt when the game ended, or null while it is on
     * @param feedPath    the feed's public address of the same thing, named in a refusal (e.g. "/api/games/g-1")
     */
    public static Decision decide(TournamentAuthority authority, Account account, Scope game, Instant gameEndedAt,
                                  Instant now, String feedPath) {
        BroadcastDelay delay = authority == null ? BroadcastDelay.NONE : authority.broadcastDelay();
        if (!delay.delays()) {
            return new Decision(true, "no broadcast delay");
        }
        if (delay.gamePublic(gameEndedAt, now)) {
            return new Decision(true, "the whole game is public (" + delay.describe() + ", ended " + gameEndedAt + ")");
        }
        if (account != null) {
            if (account.has(AccountRole.SERVICE)) {
                return new Decision(true, account.id() + " is a service");
            }
            if (account.has(AccountRole.ORGANISER) && account.id().equals(authority.organiser())) {
                return new Decision(true, account.id() + " is the tournament's organiser");
            }
            // the game's players, the board's devices and its hall's arbiters: those who read the game's own file
            Verdict insider = authority.may(account, Permission.CONFIRM_RESULT, game);
            if (insider.allowed()) {
                return new Decision(true, insider.reason());
            }
        }
        return new Decision(false, "tournament " + game.tournamentId() + " is broadcast with " + delay.describe()
                + " (set by its organiser against cheating): this game is public on the feed"
                + (feedPath == null ? "" : " (" + feedPath + ")") + " as the delay releases it; live reads are for the"
                + " game's players, the board's devices, the arbiters of its hall, the organiser and the services"
                + (account == null ? " (no token was sent)" : ", and " + account.id() + " is none of them"));
    }
}

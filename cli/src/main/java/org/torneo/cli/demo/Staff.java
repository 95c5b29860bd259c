package org.torneo.cli.demo;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentCommand.AppointArbiter;
import org.torneo.contracts.tournament.TournamentCommand.LinkPlayerAccount;

/**
 * Who acts for the demo tournament, and the commands that put them in office (issue 16): the organiser appoints the
 * chief arbiter, the chief arbiter appoints one arbiter per hall and links each registered player's account. Each later
 * command of the demo is sent as the one whose office allows it (see {@code org.torneo.identity.Permission}), so that the audit, judging
 * every decision on the tournament's offices at that moment, finds none without authority:
 * <ul>
 * <li>pairing, closing rounds, withdrawals: the chief arbiter (C.04.2, C.05);</li>
 * <li>arrivals on the clock, an illegal move seen on the board, resigning a silent game: the arbiter of the board's
 * hall (FIDE 2018 Article 12);</li>
 * <li>moves, clock presses, draw offers, claims, resignations, byes: the player himself (a move entered by a device
 * would be his too, but a move that declines a draw offer is recorded as the decline, FIDE 2018 9.1.2.2, which only a
 * player or an arbiter may make).</li>
 * </ul>
 */
record Staff(Actor organiser, Actor chief, Map<String, Actor> hallArbiters) {

    static final String CHIEF_ARBITER_ACCOUNT = "demo-chief-arbiter";

    Staff {
        hallArbiters = Map.copyOf(hallArbiters);
    }

    /** The chief arbiter and an arbiter per hall ({@code demo-arbiter-<hall>}). */
    static Staff of(Actor organiser, List<Hall> halls) {
        Map<String, Actor> arbiters = new LinkedHashMap<>();
        for (Hall hall : halls) {
            arbiters.put(hall.name(), new Actor(Actor.Role.ARBITER, "demo-arbiter-" + slug(hall.name())));
        }
        return new Staff(organiser, new Actor(Actor.Role.ARBITER, CHIEF_ARBITER_ACCOUNT), arbiters);
    }

    /**
     * The arbiter who acts on a board of {@code hall}: its hall arbiter; the chief arbiter, who serves every hall,
     * for a board without a hall.
     */
    Actor arbiterOf(String hall) {
        return hall == null ? chief : hallArbiters.getOrDefault(hall, chief);
    }

    /**
     * A registered player acts under his own account. Its id is the player id: the game core accepts a PLAYER actor
     * for a side only when the actor's id is that side's player id (GameDecider: "player X is not the white player"),
     * so the account linked to a player must carry his player id.
     */
    static Actor player(String playerId) {
        return new Actor(Actor.Role.PLAYER, playerId);
    }

    /**
     * The offices, in the order they can be granted: the chief arbiter (by the organiser), the hall arbiters (by the
     * chief arbiter).
     */
    List<TournamentCommand> appointments(String tournamentId, Supplier<String> commandIds, Instant at) {
        List<TournamentCommand> commands = new ArrayList<>();
        commands.add(new AppointArbiter(tournamentId, commandIds.get(), organiser, at, chief.id(), true, List.of()));
        hallArbiters.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> commands.add(
                new AppointArbiter(tournamentId, commandIds.get(), chief, at, e.getValue().id(), false,
                        List.of(e.getKey()))));
        return commands;
    }

    /** The chief arbiter links a registered player's account (its id: the player id, see {@link #player}). */
    LinkPlayerAccount link(String tournamentId, String commandId, Instant at, String playerId) {
        return new LinkPlayerAccount(tournamentId, commandId, chief, at, player(playerId).id(), playerId);
    }

    private static String slug(String hallName) {
        return hallName.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
    }
}

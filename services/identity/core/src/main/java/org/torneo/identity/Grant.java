package org.torneo.identity;

import java.util.Objects;
import java.util.Set;

/**
 * One way to hold a {@link Permission}: an account role plus the fact of the tournament stream that must hold for the
 * checked {@link Scope}. A permission lists its grants in the order they are tried; the first that holds decides the
 * role recorded in the actor.
 *
 * @param role     the realm role the token must carry
 * @param who      what the replayed tournament state must say about the account
 * @param services for {@link Who#NAMED_SERVICE}: the services that may react this way; empty otherwise
 */
public record Grant(AccountRole role, Who who, Set<String> services) {

    /** What the tournament state must say about the account, for the checked scope. */
    public enum Who {
        /** Any account with the role (no tournament needed, e.g. creating one). */
        ANY,
        /** The account that created the tournament (the actor of TournamentCreated). */
        ORGANISER_OF_TOURNAMENT,
        /** An arbiter appointed chief arbiter of the tournament. */
        CHIEF_ARBITER,
        /** An arbiter appointed to the hall of the scope's board (a chief arbiter serves every hall). */
        ARBITER_OF_HALL,
        /** Any arbiter appointed to the tournament, chief or of any hall (work before halls matter: check-in). */
        ARBITER_OF_TOURNAMENT,
        /** The account linked to the player of the scope's side (the side that moves, offers, claims...). */
        PLAYER_OF_SIDE,
        /** The account linked to the White or the Black player of the scope's game. */
        PLAYER_OF_GAME,
        /** The account linked to the scope's player (his own bye or withdrawal). */
        PLAYER_HIMSELF,
        /** A device assigned to the scope's board. */
        DEVICE_OF_BOARD,
        /** One of the named services. */
        NAMED_SERVICE
    }

    public Grant {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(who, "who");
        services = services == null ? Set.of() : Set.copyOf(services);
        boolean named = who == Who.NAMED_SERVICE;
        if (named == services.isEmpty() || (named && role != AccountRole.SERVICE)) {
            throw new IllegalArgumentException("a service grant names its services, and only a service grant does: "
                    + role + " " + who + " " + services);
        }
    }

    public static Grant organiserRole() {
        return new Grant(AccountRole.ORGANISER, Who.ANY, Set.of());
    }

    public static Grant organiser() {
        return new Grant(AccountRole.ORGANISER, Who.ORGANISER_OF_TOURNAMENT, Set.of());
    }

    public static Grant chiefArbiter() {
        return new Grant(AccountRole.ARBITER, Who.CHIEF_ARBITER, Set.of());
    }

    public static Grant hallArbiter() {
        return new Grant(AccountRole.ARBITER, Who.ARBITER_OF_HALL, Set.of());
    }

    public static Grant anyArbiterOfTournament() {
        return new Grant(AccountRole.ARBITER, Who.ARBITER_OF_TOURNAMENT, Set.of());
    }

    public static Grant playerOfSide() {
        return new Grant(AccountRole.PLAYER, Who.PLAYER_OF_SIDE, Set.of());
    }

    public static Grant playerOfGame() {
        return new Grant(AccountRole.PLAYER, Who.PLAYER_OF_GAME, Set.of());
    }

    public static Grant playerHimself() {
        return new Grant(AccountRole.PLAYER, Who.PLAYER_HIMSELF, Set.of());
    }

    public static Grant deviceOfBoard() {
        return new Grant(AccountRole.DEVICE, Who.DEVICE_OF_BOARD, Set.of());
    }

    public static Grant anyService() {
        return new Grant(AccountRole.SERVICE, Who.ANY, Set.of());
    }

    public static Grant services(String... names) {
        return new Grant(AccountRole.SERVICE, Who.NAMED_SERVICE, Set.of(names));
    }

    /** Whether this grant can hold without a tournament (creating one, a service's reaction). */
    public boolean needsNoTournament() {
        return who == Who.ANY || who == Who.NAMED_SERVICE;
    }

    /** For people: "the organiser of the tournament", "an arbiter of the board's hall", "service game or clock". */
    public String describe() {
        return switch (who) {
            case ANY -> "any account with role " + role.claimName();
            case ORGANISER_OF_TOURNAMENT -> "the tournament's organiser";
            case CHIEF_ARBITER -> "the tournament's chief arbiter";
            case ARBITER_OF_HALL -> "an arbiter of the board's hall";
            case ARBITER_OF_TOURNAMENT -> "an arbiter of the tournament";
            case PLAYER_OF_SIDE -> "the player of that side";
            case PLAYER_OF_GAME -> "a player of the game";
            case PLAYER_HIMSELF -> "the player himself";
            case DEVICE_OF_BOARD -> "a device assigned to the board";
            case NAMED_SERVICE -> "service " + String.join(" or ", services.stream().sorted().toList());
        };
    }
}

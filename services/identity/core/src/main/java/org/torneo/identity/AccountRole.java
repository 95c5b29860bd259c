package org.torneo.identity;

import java.util.Locale;
import java.util.Optional;

import org.torneo.contracts.Actor;

/**
 * The coarse realm roles a verified token carries (claim {@code realm_access.roles} in Keycloak, or whatever claim
 * the deployment configures). A role alone grants little: which tournament and hall an arbiter serves, which player
 * an account is and which boards a device serves are events of the tournament stream ({@link TournamentAuthority}).
 */
public enum AccountRole {
    /** Creates tournaments; of the tournaments he created: registers players, appoints arbiters. */
    ORGANISER(Actor.Role.ORGANISER),
    /** Acts only where an ArbiterAppointed of the tournament put him (chief: every hall). */
    ARBITER(Actor.Role.ARBITER),
    /** Acts only in the games and requests of the registered player his account is linked to. */
    PLAYER(Actor.Role.PLAYER),
    /** An e-board or hall terminal: moves and clock presses of the boards it is assigned. */
    DEVICE(Actor.Role.EBOARD),
    /** A service signed in with client credentials, for reactions between services. */
    SERVICE(Actor.Role.SYSTEM);

    private final Actor.Role actorRole;

    AccountRole(Actor.Role actorRole) {
        this.actorRole = actorRole;
    }

    /** The role recorded in the {@link Actor} of what this account does under this role. */
    public Actor.Role actorRole() {
        return actorRole;
    }

    /** The realm role's name in a token: "organiser", "arbiter", "player", "device", "service". */
    public String claimName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The role a token's realm role names (case-insensitive), or empty for roles Torneo does not use. */
    public static Optional<AccountRole> fromClaim(String realmRole) {
        if (realmRole == null) {
            return Optional.empty();
        }
        for (AccountRole role : values()) {
            if (role.claimName().equalsIgnoreCase(realmRole.trim())) {
                return Optional.of(role);
            }
        }
        return Optional.empty();
    }

    /**
     * The account role under which a recorded actor acted, for re-checking the log: empty for
     * {@link Actor.Role#BOARD}, the unauthenticated board entry of logs written before sign-in existed.
     */
    public static Optional<AccountRole> of(Actor.Role recorded) {
        return switch (recorded) {
            case ORGANISER -> Optional.of(ORGANISER);
            case ARBITER -> Optional.of(ARBITER);
            case PLAYER -> Optional.of(PLAYER);
            case EBOARD -> Optional.of(DEVICE);
            case SYSTEM -> Optional.of(SERVICE);
            case BOARD -> Optional.empty();
        };
    }
}

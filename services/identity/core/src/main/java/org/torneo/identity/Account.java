package org.torneo.identity;

import java.util.Collection;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import org.torneo.contracts.Actor;

/**
 * Who a verified token says the caller is: {@code id} is the token's {@code preferred_username}, {@code roles} its
 * Torneo realm roles. Nothing here says what the account may do in a tournament: ask {@link TournamentAuthority}.
 */
public record Account(String id, Set<AccountRole> roles) {

    /** Keycloak names the user behind a client's credentials "service-account-" + the client id. */
    public static final String SERVICE_ACCOUNT_PREFIX = "service-account-";

    public Account {
        Objects.requireNonNull(id, "id");
        if (id.isBlank()) {
            throw new IllegalArgumentException("an account id (the token's preferred_username) must not be blank");
        }
        roles = roles == null || roles.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(roles));
    }

    public static Account of(String id, AccountRole... roles) {
        return new Account(id, Set.of(roles));
    }

    /** An account from a token's realm roles; names Torneo does not use (e.g. "offline_access") are left out. */
    public static Account fromClaims(String preferredUsername, Collection<String> realmRoles) {
        EnumSet<AccountRole> roles = EnumSet.noneOf(AccountRole.class);
        if (realmRoles != null) {
            realmRoles.forEach(name -> AccountRole.fromClaim(name).ifPresent(roles::add));
        }
        return new Account(preferredUsername, roles);
    }

    /**
     * The account a recorded actor stands for, with the one role it acted under (none for the legacy BOARD role),
     * so that the audit asks the same question of the log as the edge asked of the token.
     */
    public static Account actingAs(Actor actor) {
        Optional<AccountRole> role = AccountRole.of(actor.role());
        return new Account(actor.id(), role.map(Set::of).orElse(Set.of()));
    }

    public boolean has(AccountRole role) {
        return roles.contains(role);
    }

    /**
     * The service a SERVICE account is: its id without Keycloak's "service-account-" prefix ("game", "clock",
     * "pairing", "results", "rating", "clock-scheduler", as the services record themselves in {@link Actor#system}).
     */
    public String serviceName() {
        return id.startsWith(SERVICE_ACCOUNT_PREFIX) ? id.substring(SERVICE_ACCOUNT_PREFIX.length()) : id;
    }

    /**
     * The actor to record for what this account does under {@code role}: the account id, except a service, which
     * is recorded by its service name as the services always recorded themselves.
     */
    public Actor actorAs(AccountRole role) {
        return new Actor(role.actorRole(), role == AccountRole.SERVICE ? serviceName() : id);
    }
}

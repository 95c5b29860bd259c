package org.torneo.contracts;

import java.util.Objects;

/** Who caused a command or event: the role decides what they may do (only arbiters rule). */
public record Actor(Role role, String id) {

    public enum Role { PLAYER, ARBITER, ORGANISER, BOARD, EBOARD, SYSTEM }

    public Actor {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(id, "id");
    }

    public static Actor system(String service) {
        return new Actor(Role.SYSTEM, service);
    }
}

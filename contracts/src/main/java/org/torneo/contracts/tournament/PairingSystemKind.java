package org.torneo.contracts.tournament;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The pairing systems a tournament may choose; the wire name is what commands and the CLI use. */
public enum PairingSystemKind {
    ROUND_ROBIN("roundrobin"),
    DOUBLE_ROUND_ROBIN("double-roundrobin"),
    HARKNESS("harkness"),
    DUTCH("dutch");

    private final String wireName;

    PairingSystemKind(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static PairingSystemKind fromWireName(String name) {
        for (PairingSystemKind kind : values()) {
            if (kind.wireName.equals(name)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown pairing system '" + name + "' (expected one of "
                + Arrays.stream(values()).map(PairingSystemKind::wireName).collect(Collectors.joining(", ")) + ")");
    }

    public boolean isRoundRobin() {
        return this == ROUND_ROBIN || this == DOUBLE_ROUND_ROBIN;
    }
}

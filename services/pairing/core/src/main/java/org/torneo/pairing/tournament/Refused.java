package org.torneo.pairing.tournament;

import java.util.Objects;

/**
 * A use case's early exit when it refuses a command, deep in a check (an unknown player, a closed round). It never
 * leaves the package: {@link TournamentDecider#decide} catches it in one place and returns the refusal as the
 * {@code tournament.CommandRejected} event, so to every caller a refusal is an event of the log (decision 19).
 * No stack trace: it is an answer, not a fault.
 */
final class Refused extends RuntimeException {

    private final RefusalReason reason;

    Refused(RefusalReason reason, String message) {
        super(message, null, false, false);
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    RefusalReason reason() {
        return reason;
    }
}

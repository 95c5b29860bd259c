package org.torneo.cli;

import java.io.PrintStream;
import java.util.List;

/**
 * One `torneo` subcommand. Implementations live in a package per concept
 * (org.torneo.cli.laws, .pairing, .rating, .stack, ...) and are listed in {@link Main}.
 */
public interface Command {

    /** Runs the command; returns the process exit code (0 ok, 1 no result such as "no valid pairing", 2 bad usage or input). */
    int run(List<String> args, PrintStream out, PrintStream err) throws Exception;

    /** One line for `torneo help`. */
    String summary();

    /** What `torneo help NAME` prints: the command's usage; by default its summary, which names its arguments. */
    default String usage() {
        return summary();
    }

    /** Thrown for bad usage or bad input: the message is shown to the user, never a stack trace. */
    final class UsageException extends RuntimeException {
        public UsageException(String message) {
            super(message);
        }
    }
}

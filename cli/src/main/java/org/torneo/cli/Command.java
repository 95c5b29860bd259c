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

    /** The text the command prints for {@code --help}: the usage of a command that has a help text of its own. */
    default String helpText() {
        java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
        try {
            run(List.of("--help"), new PrintStream(text, true, java.nio.charset.StandardCharsets.UTF_8),
                    new PrintStream(java.io.OutputStream.nullOutputStream()));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return text.toString(java.nio.charset.StandardCharsets.UTF_8).strip();
    }

    /** Thrown for bad usage or bad input: the message is shown to the user, never a stack trace. */
    final class UsageException extends RuntimeException {
        public UsageException(String message) {
            super(message);
        }
    }
}

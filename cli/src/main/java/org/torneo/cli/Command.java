package org.torneo.cli;

import java.io.PrintStream;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * One `torneo` subcommand: a picocli {@code @CommandLine.Command} class whose {@code @Option} and {@code @Parameters}
 * fields picocli sets (the usage, {@code help CMD}, {@code --help} and the bash completion come from them); then
 * {@link #execute} does the work. The classes live in a package per concept (org.torneo.cli.laws, .pairing,
 * .rating, .stack, ...) and are listed in {@link Torneo}.
 */
public abstract class Command {

    /** This command as picocli built it (its options, its usage); set by picocli when it builds the command line. */
    @CommandLine.Spec
    protected CommandSpec spec;

    /**
     * Does the work with the options already parsed into the fields; returns the process exit code (0 ok, 1 no
     * result such as "no valid pairing", 2 bad usage or input). Bad input is a {@link UsageException} (its message
     * alone is printed); options that do not fit together are a {@link #usageError} (the message and the usage).
     */
    public abstract int execute(PrintStream out, PrintStream err) throws Exception;

    /**
     * Parses {@code args} into this command's fields, then {@linkplain #execute executes} it (or prints its usage
     * for {@code --help}). Bad usage is thrown as a {@link UsageException}, which {@code torneo} prints on stderr
     * with exit 2; tests and other commands drive a command this way, {@link Main#run} goes through the whole tree.
     */
    public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
        return Cli.run(this, args, out, err);
    }

    /** Options that parse but do not fit together: {@code torneo} prints the message and this command's usage. */
    protected CommandLine.ParameterException usageError(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    /** Thrown for bad usage or bad input: the message is shown to the user, never a stack trace. */
    public static final class UsageException extends RuntimeException {
        public UsageException(String message) {
            super(message);
        }
    }
}

package org.torneo.cli;

import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Entry point of `./torneo`: the arguments through picocli over {@link Torneo} and its subcommands, then the
 * command they name. Exit codes: 0 done, 1 no result (e.g. no valid pairing), 2 bad usage or input; every error
 * is a message on stderr (with the usage for bad usage), never a stack trace.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] argv) {
        System.exit(run(Arrays.asList(argv), System.out, System.err));
    }

    public static int run(List<String> argv, PrintStream out, PrintStream err) {
        CommandLine root = Cli.commandLine(new Torneo());
        try {
            ParseResult parsed;
            try {
                parsed = Cli.parse(root, argv);
            } catch (ParameterException e) {
                return usageError(e, root, argv, err);
            }
            CommandSpec named = Cli.named(parsed);
            try {
                return Cli.execute(parsed, out, err);
            } catch (ParameterException e) {
                return usageError(e, root, argv, err);
            } catch (Command.UsageException e) {
                err.println(named.qualifiedName() + ": " + e.getMessage());
                return 2;
            } catch (Exception e) {
                err.println(named.qualifiedName() + ": " + e.getClass().getSimpleName() + ": " + e.getMessage());
                return 2;
            }
        } finally {
            out.flush();
            err.flush();
        }
    }

    private static int usageError(ParameterException e, CommandLine root, List<String> argv, PrintStream err) {
        if (e instanceof UnmatchedArgumentException && e.getCommandLine() == root && !argv.isEmpty()
                && !argv.get(0).startsWith("-")) {
            err.println("torneo: unknown command '" + argv.get(0) + "' (try ./torneo help)");
            UnmatchedArgumentException.printSuggestions(e, err);
            return 2;
        }
        return Cli.printUsageError(e, err);
    }

    /**
     * A new instance of the command of that name (a subcommand of {@link Torneo}), to drive it alone with
     * {@link Command#run} as the fuzz tests do.
     */
    public static Command command(String name) {
        for (Class<?> type : Torneo.class.getAnnotation(CommandLine.Command.class).subcommands()) {
            if (type.getAnnotation(CommandLine.Command.class).name().equals(name)) {
                try {
                    return (Command) type.getDeclaredConstructor().newInstance();
                } catch (InstantiationException | IllegalAccessException | NoSuchMethodException
                         | InvocationTargetException e) {
                    throw new IllegalStateException("cannot create " + type.getName(), e);
                }
            }
        }
        throw new IllegalArgumentException("no command '" + name + "' in this build");
    }
}

package org.torneo.cli;

import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Entry point of `./torneo`. The table maps each subcommand to the class that implements it;
 * a class that is not built yet is reported as "not available in this build".
 */
public final class Main {

    private static final Map<String, String> COMMANDS = new LinkedHashMap<>();

    static {
        // the local stack (issue: foundation)
        COMMANDS.put("up", "org.torneo.cli.stack.UpCommand");
        COMMANDS.put("status", "org.torneo.cli.stack.StatusCommand");
        COMMANDS.put("down", "org.torneo.cli.stack.DownCommand");
        // identity
        COMMANDS.put("login", "org.torneo.cli.identity.LoginCommand");
        COMMANDS.put("token", "org.torneo.cli.identity.TokenCommand");
        COMMANDS.put("logout", "org.torneo.cli.identity.LogoutCommand");
        // the Laws of Chess engine
        COMMANDS.put("perft", "org.torneo.cli.laws.PerftCommand");
        COMMANDS.put("moves", "org.torneo.cli.laws.MovesCommand");
        COMMANDS.put("replay", "org.torneo.cli.laws.ReplayCommand");
        COMMANDS.put("canmate", "org.torneo.cli.laws.CanMateCommand");
        COMMANDS.put("adjudicate", "org.torneo.cli.adjudicate.AdjudicateCommand");
        COMMANDS.put("bench", "org.torneo.cli.bench.BenchCommand");
        // clocks
        COMMANDS.put("timecontrol", "org.torneo.cli.clock.TimeControlCommand");
        // pairing
        COMMANDS.put("pair", "org.torneo.cli.pairing.PairCommand");
        COMMANDS.put("check", "org.torneo.cli.pairing.CheckCommand");
        COMMANDS.put("generate", "org.torneo.cli.pairing.GenerateCommand");
        // rating
        COMMANDS.put("standings", "org.torneo.cli.rating.StandingsCommand");
        COMMANDS.put("rating", "org.torneo.cli.rating.RatingCommand");
        // whole system
        COMMANDS.put("demo", "org.torneo.cli.demo.DemoCommand");
        COMMANDS.put("chaos", "org.torneo.cli.demo.ChaosCommand");
        COMMANDS.put("export", "org.torneo.cli.audit.ExportCommand");
        COMMANDS.put("audit", "org.torneo.cli.audit.AuditCommand");
        // devices
        COMMANDS.put("eboard", "org.torneo.cli.eboard.EboardCommand");
    }

    private Main() {
    }

    public static void main(String[] argv) {
        System.exit(run(Arrays.asList(argv), System.out, System.err));
    }

    public static int run(List<String> argv, PrintStream out, PrintStream err) {
        if (argv.size() == 2 && argv.get(0).equals("help")) {
            return helpFor(argv.get(1), out, err);
        }
        if (argv.isEmpty() || argv.get(0).equals("help") || argv.get(0).equals("--help") || argv.get(0).equals("-h")) {
            help(out);
            return argv.isEmpty() ? 2 : 0;
        }
        String name = argv.get(0);
        String className = COMMANDS.get(name);
        if (className == null) {
            err.println("torneo: unknown command '" + name + "' (try ./torneo help)");
            return 2;
        }
        Command command = load(className);
        if (command == null) {
            err.println("torneo: command '" + name + "' is not available in this build");
            return 2;
        }
        try {
            return command.run(argv.subList(1, argv.size()), out, err);
        } catch (Command.UsageException e) {
            err.println("torneo " + name + ": " + e.getMessage());
            return 2;
        } catch (Exception e) {
            err.println("torneo " + name + ": " + e.getClass().getSimpleName() + ": " + e.getMessage());
            return 2;
        } finally {
            out.flush();
        }
    }

    /** The command of that name, as {@link #run} finds it (the fuzz tests drive commands this way). */
    public static Command command(String name) {
        String className = COMMANDS.get(name);
        Command command = className == null ? null : load(className);
        if (command == null) {
            throw new IllegalArgumentException("no command '" + name + "' in this build");
        }
        return command;
    }

    private static Command load(String className) {
        try {
            return (Command) Class.forName(className).getDeclaredConstructor().newInstance();
        } catch (ClassNotFoundException e) {
            return null;
        } catch (InstantiationException | IllegalAccessException | NoSuchMethodException | InvocationTargetException e) {
            throw new IllegalStateException("cannot create " + className, e);
        }
    }

    /** {@code torneo help NAME}: that command's usage. */
    private static int helpFor(String name, PrintStream out, PrintStream err) {
        String className = COMMANDS.get(name);
        Command command = className == null ? null : load(className);
        if (command == null) {
            err.println("torneo: " + (className == null ? "unknown command '" + name + "'"
                    : "command '" + name + "' is not available in this build") + " (try ./torneo help)");
            return 2;
        }
        String usage = command.usage();
        out.println(usage.startsWith("usage:") ? usage : "torneo " + name + ": " + usage);
        return 0;
    }

    private static void help(PrintStream out) {
        out.println("usage: ./torneo <command> [args]");
        COMMANDS.forEach((name, className) -> {
            Command command = load(className);
            if (command != null) {
                out.printf("  %-12s %s%n", name, command.summary());
            }
        });
    }
}

package org.torneo.cli;

import java.io.PrintStream;
import java.util.List;
import picocli.CommandLine;

/** {@code torneo help [COMMAND [SUBCOMMAND]]}: the list of commands, or that command's usage (exit 0). */
@CommandLine.Command(name = "help", description = "print the list of commands, or one command's usage")
public final class HelpCommand extends Command {

    @CommandLine.Parameters(arity = "0..2", paramLabel = "COMMAND", completionCandidates = CommandNames.class,
            description = "the command, e.g. pair or bench pair")
    List<String> command = List.of();

    /** The names of the commands, for the completion of {@code help <TAB>}. */
    public static final class CommandNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return java.util.Arrays.stream(Torneo.class.getAnnotation(CommandLine.Command.class).subcommands())
                    .map(type -> type.getAnnotation(CommandLine.Command.class).name()).iterator();
        }
    }

    @Override
    public int execute(PrintStream out, PrintStream err) {
        CommandLine line = spec.root().commandLine();
        for (String name : command) {
            CommandLine sub = line.getSubcommands().get(name);
            if (sub == null) {
                err.println(line.getCommandSpec().qualifiedName() + ": unknown command '" + String.join(" ", command)
                        + "' (try ./torneo help)");
                return 2;
            }
            line = sub;
        }
        line.usage(out);
        return 0;
    }
}

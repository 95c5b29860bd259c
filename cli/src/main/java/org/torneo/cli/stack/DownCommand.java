package org.torneo.cli.stack;

import java.io.PrintStream;

import org.torneo.cli.Command;
import org.torneo.stack.supervisor.StackControl;
import org.torneo.stack.supervisor.StackHome;
import picocli.CommandLine;

/** {@code ./torneo down}: stop everything ./torneo up started, leaving no process behind. */
@CommandLine.Command(name = "down", description = "stop everything ./torneo up started, leaving no process behind")
public final class DownCommand extends Command {

    @Override
    public int execute(PrintStream out, PrintStream err) throws Exception {
        return new StackControl(StackHome.fromSystem(), out, err).down();
    }
}

package org.torneo.cli.stack;

import java.io.PrintStream;

import org.torneo.cli.Command;
import org.torneo.stack.supervisor.StackControl;
import org.torneo.stack.supervisor.StackHome;
import picocli.CommandLine;

/** {@code ./torneo status}: show each component of the local stack and its health. */
@CommandLine.Command(name = "status", description = "show each component of the local stack and its health")
public final class StatusCommand extends Command {

    @Override
    public int execute(PrintStream out, PrintStream err) throws Exception {
        return new StackControl(StackHome.fromSystem(), out, err).status();
    }
}

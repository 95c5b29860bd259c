package org.torneo.cli.stack;

import java.io.PrintStream;
import java.util.List;

import org.torneo.cli.Command;
import org.torneo.stack.supervisor.StackControl;
import org.torneo.stack.supervisor.StackHome;

/** {@code ./torneo status}: show each component of the local stack and its health. */
public final class StatusCommand implements Command {

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
        if (!args.isEmpty()) {
            throw new UsageException("'status' takes no arguments (got " + String.join(" ", args) + ")");
        }
        return new StackControl(StackHome.fromSystem(), out, err).status();
    }

    @Override
    public String summary() {
        return "show each component of the local stack and its health";
    }
}

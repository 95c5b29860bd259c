package org.torneo.cli.stack;

import java.io.PrintStream;
import java.util.List;

import org.torneo.cli.Command;
import org.torneo.stack.supervisor.StackControl;
import org.torneo.stack.supervisor.StackHome;

/** {@code ./torneo down}: stop everything ./torneo up started, leaving no process behind. */
public final class DownCommand implements Command {

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
        if (!args.isEmpty()) {
            throw new UsageException("'down' takes no arguments (got " + String.join(" ", args) + ")");
        }
        return new StackControl(StackHome.fromSystem(), out, err).down();
    }

    @Override
    public String summary() {
        return "stop everything ./torneo up started, leaving no process behind";
    }
}

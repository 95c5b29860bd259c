package org.torneo.cli.stack;

import java.io.PrintStream;
import java.util.List;

import org.torneo.cli.Command;
import org.torneo.stack.supervisor.StackControl;
import org.torneo.stack.supervisor.StackHome;

/** {@code ./torneo up}: start Kafka, PostgreSQL, Keycloak and every built service in the background. */
public final class UpCommand implements Command {

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
        if (!args.isEmpty()) {
            throw new UsageException("'up' takes no arguments (got " + String.join(" ", args) + ")");
        }
        return new StackControl(StackHome.fromSystem(), out, err).up();
    }

    @Override
    public String summary() {
        return "start Kafka, PostgreSQL, Keycloak and every built service in the background";
    }
}

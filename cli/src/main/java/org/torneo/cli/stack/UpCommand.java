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
        java.util.Map<String, String> environment = new java.util.LinkedHashMap<>();
        for (int i = 0; i < args.size(); i++) {
            String option = args.get(i);
            if (!option.equals("--brokers") && !option.equals("--instances")) {
                throw new UsageException("unknown argument '" + option + "'; " + usage());
            }
            if (i + 1 >= args.size()) {
                throw new UsageException(option + " needs a number; " + usage());
            }
            String value = args.get(++i);
            if (option.equals("--brokers")) {
                if (!value.equals("1") && !value.equals("3")) {
                    throw new UsageException("--brokers must be 1 or 3 (a KRaft quorum of three combined nodes), not '"
                            + value + "'");
                }
                environment.put("TORNEO_BROKERS", value);
            } else if (!value.equals("1")) {
                throw new UsageException("--instances " + value + ": this build starts one instance of each service");
            }
        }
        return new StackControl(StackHome.fromSystem(), out, err).up(environment);
    }

    @Override
    public String usage() {
        return "usage: up [--brokers 1|3] (3: three KRaft nodes, replication 3, min.insync.replicas 2)";
    }

    @Override
    public String summary() {
        return "start Kafka, PostgreSQL, Keycloak and every built service in the background";
    }
}

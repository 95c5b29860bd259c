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
            } else {
                environment.put("TORNEO_INSTANCES", Integer.toString(instances(value)));
            }
        }
        return new StackControl(StackHome.fromSystem(), out, err).up(environment);
    }

    /** The instances of each service asked for: 1 to {@link #MAX_INSTANCES}. */
    public static int instances(String value) {
        int n;
        try {
            n = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new UsageException("--instances must be a number from 1 to " + MAX_INSTANCES + ", not '" + value + "'");
        }
        if (n < 1 || n > MAX_INSTANCES) {
            throw new UsageException("--instances must be from 1 to " + MAX_INSTANCES + " (one JVM each, on this machine),"
                    + " not " + n);
        }
        return n;
    }

    /** More JVMs than this on one machine only slow each other down. */
    public static final int MAX_INSTANCES = 4;

    @Override
    public String usage() {
        return "usage: up [--brokers 1|3] [--instances N] (3 brokers: three KRaft nodes, replication 3,"
                + " min.insync.replicas 2; N instances of every service but the feed and the console, 1 to "
                + MAX_INSTANCES + ")";
    }

    @Override
    public String summary() {
        return "start Kafka, PostgreSQL, Keycloak and every built service in the background";
    }
}

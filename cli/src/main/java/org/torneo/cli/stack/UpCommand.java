package org.torneo.cli.stack;

import java.io.PrintStream;

import org.torneo.cli.Command;
import org.torneo.stack.supervisor.StackControl;
import org.torneo.stack.supervisor.StackHome;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** {@code ./torneo up}: start Kafka, PostgreSQL, Keycloak and every built service in the background. */
@CommandLine.Command(name = "up",
        description = "start Kafka, PostgreSQL, Keycloak and every built service in the background")
public final class UpCommand extends Command {

    @Option(names = "--brokers", paramLabel = "1|3",
            description = "Kafka brokers: 1 (default), or 3: three KRaft nodes, replication 3, min.insync.replicas 2")
    Integer brokers;

    @Option(names = "--instances", paramLabel = "N",
            description = "instances of every service but the feed and the console, 1 to 4 (default 1)")
    Integer instances;

    @Override
    public int execute(PrintStream out, PrintStream err) throws Exception {
        java.util.Map<String, String> environment = new java.util.LinkedHashMap<>();
        if (brokers != null) {
            if (brokers != 1 && brokers != 3) {
                throw usageError("--brokers must be 1 or 3 (a KRaft quorum of three combined nodes), not " + brokers);
            }
            environment.put("TORNEO_BROKERS", brokers.toString());
        }
        if (instances != null) {
            environment.put("TORNEO_INSTANCES", Integer.toString(instances(instances)));
        }
        return new StackControl(StackHome.fromSystem(), out, err).up(environment);
    }

    /** The instances of each service asked for, 1 to {@link #MAX_INSTANCES}; else a usage error saying why. */
    public static int instances(int n) {
        if (n < 1 || n > MAX_INSTANCES) {
            throw new UsageException("--instances must be from 1 to " + MAX_INSTANCES + " (one JVM each, on this machine),"
                    + " not " + n);
        }
        return n;
    }

    /** More JVMs than this on one machine only slow each other down. */
    public static final int MAX_INSTANCES = 4;
}

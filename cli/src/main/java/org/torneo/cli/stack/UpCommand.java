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

    @Option(names = "--instances", paramLabel = "1", description = "instances of each service: this build starts 1")
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
        if (instances != null && instances != 1) {
            throw usageError("--instances " + instances + ": this build starts one instance of each service");
        }
        return new StackControl(StackHome.fromSystem(), out, err).up(environment);
    }
}

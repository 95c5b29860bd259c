package org.torneo.stack.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.stream.Collectors;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.torneo.stack.Ports;

/**
 * Three combined KRaft nodes (broker + controller, static quorum of the three) on this host, each its own process with
 * its own log in {@code workDir/node-N}: node N listens on {@code basePort + N - 1} (SASL) and a free controller port
 * (kept in {@code workDir/cluster.properties} with the cluster id, so a restart finds the same quorum). All nodes share
 * one password file. Replication 3, {@code min.insync.replicas=2}, offsets and transaction state log on 3 replicas with
 * 2 in sync ({@link BrokerSettings#clusterNode}): one node may die at a time and nothing acknowledged is lost.
 */
public final class KafkaCluster {

    private final Path workDir;
    private final List<KafkaBroker> nodes;

    private KafkaCluster(Path workDir, List<KafkaBroker> nodes) {
        this.workDir = workDir;
        this.nodes = List.copyOf(nodes);
    }

    /** The cluster in {@code workDir}; {@code basePort} 0 = free ports. Nothing is started yet. */
    public static KafkaCluster at(Path workDir, int basePort, int size) {
        try {
            Path dir = workDir.toAbsolutePath();
            Files.createDirectories(dir);
            Path file = dir.resolve("cluster.properties");
            Properties layout = new Properties();
            if (Files.exists(file)) {
                try (var reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                    layout.load(reader);
                }
            }
            if (Integer.parseInt(layout.getProperty("size", Integer.toString(size))) != size) {
                throw new IllegalStateException(dir + " holds a cluster of " + layout.getProperty("size")
                        + " nodes, not " + size + ": remove it (./torneo down, then delete it) to change the size");
            }
            layout.putIfAbsent("size", Integer.toString(size));
            layout.putIfAbsent("cluster.id", Uuid.randomUuid().toString());
            for (int n = 1; n <= size; n++) {
                int wanted = basePort > 0 ? basePort + n - 1 : 0;
                layout.putIfAbsent("node." + n + ".port",
                        Integer.toString(wanted > 0 && Ports.isFree(wanted) ? wanted : Ports.free()));
                layout.putIfAbsent("node." + n + ".controller.port", Integer.toString(Ports.free()));
            }
            try (var writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                layout.store(writer, "the local Kafka cluster: ports and cluster id (org.torneo.stack.kafka.KafkaCluster)");
            }
            List<String> voters = new ArrayList<>();
            for (int n = 1; n <= size; n++) {
                voters.add(n + "@127.0.0.1:" + layout.getProperty("node." + n + ".controller.port"));
            }
            Path credentials = dir.resolve(KafkaCredentials.FILE_NAME);
            List<KafkaBroker> nodes = new ArrayList<>();
            for (int n = 1; n <= size; n++) {
                nodes.add(KafkaBroker.clusterNode(dir.resolve("node-" + n),
                        Integer.parseInt(layout.getProperty("node." + n + ".port")),
                        Integer.parseInt(layout.getProperty("node." + n + ".controller.port")),
                        new KafkaBroker.ClusterRole(n, String.join(",", voters), layout.getProperty("cluster.id"),
                                credentials)));
            }
            return new KafkaCluster(dir, nodes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the Kafka cluster in " + workDir, e);
        }
    }

    /**
     * Starts every node at once (each waits for the quorum the others complete). When any node fails, every node's
     * outcome is awaited and reported (one failure may be the cause of the others': a node that exits leaves the rest
     * without their quorum), then the cluster is stopped.
     */
    public void start() {
        nodes.getFirst().credentials(); // the shared passwords exist before any node formats
        List<CompletableFuture<Void>> starts = nodes.stream()
                .map(node -> CompletableFuture.runAsync(node::start)).toList();
        List<String> names = nodes.stream().map(node -> "node " + node.nodeId() + " (port " + node.port()
                + ", controller " + node.controllerPort() + ", log " + node.logFile() + ")").toList();
        String failures = failures(names, starts);
        if (failures != null) {
            stop();
            throw new IllegalStateException(failures);
        }
    }

    /**
     * Waits for every start and describes each one that failed, with its own reason, or returns null when all started:
     * "2 of 3 Kafka nodes failed to start: node 1 (...): reason; node 3 (...): reason; node 2 (...) started".
     */
    static String failures(List<String> names, List<CompletableFuture<Void>> starts) {
        List<String> failed = new ArrayList<>();
        List<String> started = new ArrayList<>();
        for (int i = 0; i < starts.size(); i++) {
            try {
                starts.get(i).join();
                started.add(names.get(i));
            } catch (CompletionException | java.util.concurrent.CancellationException e) {
                Throwable cause = e.getCause() != null ? e.getCause() : e;
                failed.add(names.get(i) + ": " + cause);
            }
        }
        if (failed.isEmpty()) {
            return null;
        }
        return failed.size() + " of " + starts.size() + " Kafka nodes failed to start:\n- " + String.join("\n- ", failed)
                + (started.isEmpty() ? "" : "\nstarted: " + String.join(", ", started));
    }

    public void stop() {
        // the last node without a quorum takes long to stop: stop them side by side
        CompletableFuture.allOf(nodes.stream().map(node -> CompletableFuture.runAsync(node::stop))
                .toArray(CompletableFuture[]::new)).join();
    }

    public List<KafkaBroker> nodes() {
        return nodes;
    }

    public Path workDir() {
        return workDir;
    }

    public String bootstrapServers() {
        return nodes.stream().map(KafkaBroker::bootstrapServers).collect(Collectors.joining(","));
    }

    public KafkaCredentials credentials() {
        return nodes.getFirst().credentials();
    }

    /** An admin client on all nodes as the stack's super user; the caller closes it. */
    public Admin admin() {
        Properties props = new Properties();
        props.putAll(credentials().adminProperties());
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000");
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "30000");
        return Admin.create(props);
    }
}

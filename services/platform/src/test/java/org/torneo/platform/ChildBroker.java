package org.torneo.platform;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;
import org.torneo.contracts.topics.TopicSpec;

/**
 * A real single-node KRaft broker in a child JVM for the runtime's integration tests, on fixed
 * loopback ports so it can be killed and started again on the same storage. Test-only: the apps
 * use the local stack of deploy/local.
 */
final class ChildBroker implements AutoCloseable {

    private final Path dir;
    private final int port;
    private final int controllerPort;
    private final Path config;
    private Process process;

    ChildBroker() throws IOException {
        dir = Files.createTempDirectory("torneo-platform-broker");
        port = freePort();
        controllerPort = freePort();
        config = dir.resolve("server.properties");
        Files.writeString(config, String.join("\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                "controller.listener.names=CONTROLLER",
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                "inter.broker.listener.name=PLAINTEXT",
                "log.dirs=" + dir.resolve("data"),
                "offsets.topic.replication.factor=1",
                "offsets.topic.num.partitions=3",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "transaction.state.log.num.partitions=3",
                "group.initial.rebalance.delay.ms=0",
                "auto.create.topics.enable=false",
                "num.partitions=1",
                "") );
        run(List.of("kafka.tools.StorageTool", "format", "--cluster-id", Uuid.randomUuid().toString(), "--config",
                config.toString(), "--ignore-formatted"), true);
    }

    String bootstrap() {
        return "127.0.0.1:" + port;
    }

    void start() throws IOException, InterruptedException {
        process = run(List.of("kafka.Kafka", config.toString()), false);
        Process started = process;
        Runtime.getRuntime().addShutdownHook(new Thread(started::destroyForcibly));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the broker exited; see " + dir.resolve("broker.log"));
            }
            try (Admin admin = admin()) {
                admin.describeCluster().nodes().get(2, TimeUnit.SECONDS);
                return;
            } catch (Exception notYet) {
                Thread.sleep(200);
            }
        }
        throw new IllegalStateException("the broker did not start within 90 s; see " + dir.resolve("broker.log"));
    }

    /** SIGKILL: no clean shutdown, like a crashed machine. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap(),
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5_000, AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 3_000));
    }

    void createTopics(List<TopicSpec> topics, int partitions) throws Exception {
        try (Admin admin = admin()) {
            admin.createTopics(topics.stream()
                    .map(t -> new NewTopic(t.name(), partitions, (short) 1).configs(t.configs())).toList())
                    .all().get(30, TimeUnit.SECONDS);
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    private Process run(List<String> mainAndArgs, boolean wait) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new java.util.ArrayList<>(List.of(java, "-Xms128m", "-Xmx512m", "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path")));
        command.addAll(mainAndArgs);
        Process started = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("broker.log").toFile())).start();
        if (wait) {
            try {
                if (!started.waitFor(90, TimeUnit.SECONDS) || started.exitValue() != 0) {
                    throw new IllegalStateException("formatting the broker storage failed; see "
                            + dir.resolve("broker.log") + File.separator);
                }
            } catch (InterruptedException e) {
                started.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        return started;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    static Duration since(long startNanos) {
        return Duration.ofNanos(System.nanoTime() - startNanos);
    }
}

package org.torneo.stack.kafka;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.torneo.contracts.topics.KafkaAccess;

/**
 * server.properties of the local KRaft nodes: the single broker with its own controller process, the legacy combined
 * single node, the three combined nodes of {@link KafkaCluster}.
 */
final class BrokerSettings {

    /**
     * The node id of the single broker's controller. KRaft wants controller and broker ids apart; the broker keeps 1,
     * the id its log was formatted with.
     */
    static final int CONTROLLER_NODE_ID = 3000;

    /** How long the controller waits for a silent broker's heartbeat before it fences it. */
    static final java.time.Duration BROKER_SESSION = java.time.Duration.ofSeconds(3);

    private BrokerSettings() {
    }

    /**
     * A combined single node (broker and controller in one process): how the local broker ran before it had a
     * controller process of its own; kept for a data directory formatted that way. Its kill -9 restarts the controller
     * with it: the restarted node replays a metadata log in which it still leads every partition, leads
     * {@code __consumer_offsets} for a moment at the old leader epoch, loses it when the controller fences the old
     * incarnation and gains it again. Kafka 4.1's group coordinator can let the first, stale load complete into the
     * last context (log: "Ignored load completion ... because context is in ACTIVE state"): groups then keep members of
     * dead processes that never expire, and their partitions are never consumed again (session 17's 300-board chaos
     * run). {@link #isolatedBroker} and {@link #controller} avoid it.
     */
    static Map<String, String> singleNode(int port, int controllerPort, Path dataDir, KafkaCredentials credentials) {
        return node(1, "1@127.0.0.1:" + controllerPort, 1, port, controllerPort, dataDir, credentials);
    }

    /**
     * The single broker (node 1, broker role only) whose controller runs in a process of its own
     * ({@link #controller}). A kill -9 of the broker leaves the controller up: one broker session after the last
     * heartbeat it fences the old incarnation (partitions leaderless, leader epoch raised). {@link KafkaBroker#start()}
     * starts the broker again only after that: the restarted broker publishes no metadata before it has caught up with
     * the controller's log, which then holds the fence, so it gains each partition once, at the new epoch. (Started
     * within the session it publishes its own log first, still leading at the old epoch, and loses and gains every
     * partition again 2 s later, as the combined node did.)
     */
    static Map<String, String> isolatedBroker(int port, int controllerPort, Path dataDir, KafkaCredentials credentials) {
        Map<String, String> p = node(1, CONTROLLER_NODE_ID + "@127.0.0.1:" + controllerPort, 1, port, controllerPort,
                dataDir, credentials);
        p.put("process.roles", "broker");
        p.put("listeners", "SASL://127.0.0.1:" + port);
        return p;
    }

    /** The single broker's controller: controller role only, one voter, the broker's users and authoriser. */
    static Map<String, String> controller(int controllerPort, Path dataDir, KafkaCredentials credentials) {
        Map<String, String> all = node(CONTROLLER_NODE_ID, CONTROLLER_NODE_ID + "@127.0.0.1:" + controllerPort, 1, 0,
                controllerPort, dataDir, credentials);
        Map<String, String> p = new LinkedHashMap<>();
        p.put("process.roles", "controller");
        p.put("node.id", Integer.toString(CONTROLLER_NODE_ID));
        p.put("listeners", "CONTROLLER://127.0.0.1:" + controllerPort);
        p.put("listener.security.protocol.map", "CONTROLLER:SASL_PLAINTEXT");
        // what a controller reads of the common settings: its quorum and listener, SASL on it, the authoriser, the
        // defaults of topics created through it, and the broker session it fences after (broker.session.timeout.ms)
        for (String key : new String[] {"controller.quorum.voters", "controller.listener.names",
                "listener.name.controller.sasl.enabled.mechanisms", "sasl.mechanism.controller.protocol",
                "listener.name.controller.plain.sasl.jaas.config", "authorizer.class.name", "super.users",
                "allow.everyone.if.no.acl.found", "log.dirs", "default.replication.factor", "min.insync.replicas",
                "num.partitions", "broker.session.timeout.ms", "log.retention.ms", "num.network.threads",
                "num.io.threads"}) {
            p.put(key, all.get(key));
        }
        return p;
    }

    /**
     * One of three combined (broker + controller) KRaft nodes with a static quorum: every partition, the offsets and
     * the transaction state log on three replicas, and a write needs two in sync, so one node can die at a time.
     */
    static Map<String, String> clusterNode(int nodeId, String voters, int port, int controllerPort, Path dataDir,
                                           KafkaCredentials credentials) {
        return node(nodeId, voters, 3, port, controllerPort, dataDir, credentials);
    }

    private static Map<String, String> node(int nodeId, String voters, int replicas, int port, int controllerPort,
                                            Path dataDir, KafkaCredentials credentials) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("process.roles", "broker,controller");
        p.put("node.id", Integer.toString(nodeId));
        p.put("controller.quorum.voters", voters);
        p.put("listeners", "SASL://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        p.put("advertised.listeners", "SASL://127.0.0.1:" + port);
        p.put("controller.listener.names", "CONTROLLER");
        p.put("inter.broker.listener.name", "SASL");
        // Authentication on both listeners (SASL without TLS: the broker listens on the loopback interface only;
        // a cluster uses SASL_SSL, see deploy/k8s). Clients and the broker itself: SCRAM-SHA-512, users seeded at
        // format time (KIP-900). The controller listener: PLAIN with its user in this file, because SCRAM users live
        // in the metadata log the controller serves.
        p.put("listener.security.protocol.map", "SASL:SASL_PLAINTEXT,CONTROLLER:SASL_PLAINTEXT");
        p.put("sasl.enabled.mechanisms", KafkaCredentials.MECHANISM);
        p.put("sasl.mechanism.inter.broker.protocol", KafkaCredentials.MECHANISM);
        p.put("listener.name.sasl.scram-sha-512.sasl.jaas.config",
                KafkaCredentials.jaasLine(KafkaAccess.ADMIN_USER, credentials.password(KafkaAccess.ADMIN_USER)));
        String controller = KafkaCredentials.CONTROLLER_USER;
        String controllerPassword = credentials.password(controller);
        p.put("listener.name.controller.sasl.enabled.mechanisms", "PLAIN");
        p.put("sasl.mechanism.controller.protocol", "PLAIN");
        p.put("listener.name.controller.plain.sasl.jaas.config",
                "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"" + controller
                        + "\" password=\"" + controllerPassword + "\" user_" + controller + "=\"" + controllerPassword
                        + "\";");
        // Authorisation: KRaft's StandardAuthorizer, nothing allowed without an ACL (KafkaAccess is the table).
        p.put("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer");
        p.put("super.users", "User:" + KafkaAccess.ADMIN_USER + ";User:" + controller);
        p.put("allow.everyone.if.no.acl.found", "false");
        p.put("log.dirs", dataDir.toString().replace('\\', '/'));
        // One broker: every internal topic must live with a single replica, or transactions and
        // consumer groups never become available. Three: three replicas, two in sync for a write.
        String replication = Integer.toString(replicas);
        String minInSync = replicas >= 3 ? "2" : "1";
        p.put("offsets.topic.replication.factor", replication);
        p.put("offsets.topic.num.partitions", "4");
        p.put("transaction.state.log.replication.factor", replication);
        p.put("transaction.state.log.min.isr", minInSync);
        p.put("transaction.state.log.num.partitions", "4");
        p.put("share.coordinator.state.topic.replication.factor", replication);
        p.put("share.coordinator.state.topic.min.isr", minInSync);
        p.put("default.replication.factor", replication);
        p.put("min.insync.replicas", minInSync);
        p.put("group.initial.rebalance.delay.ms", "0");
        // A service killed with SIGKILL sends no leave: its partitions wait for its session to expire before the
        // group gives them to another instance (or to its own restart). The consumer protocol's session is the
        // broker's (45 s by default, also its minimum): 10 s, heartbeats every 2 s (sent by the consumer's background
        // thread, so a long decision does not miss one), bounds the wait after a kill -9 to about 10 s.
        p.put("group.consumer.min.session.timeout.ms", "6000");
        p.put("group.consumer.session.timeout.ms", "10000");
        p.put("group.consumer.min.heartbeat.interval.ms", "1000");
        p.put("group.consumer.heartbeat.interval.ms", "2000");
        // After a SIGKILL the restarted broker cannot register until the controller has fenced the
        // old incarnation, i.e. after this session timeout (default 9 s). 3 s keeps restarts quick
        // and still tolerates a loaded 2-core machine.
        p.put("broker.session.timeout.ms", Long.toString(BROKER_SESSION.toMillis()));
        p.put("broker.heartbeat.interval.ms", "500");
        // Event topics keep everything; topics created by name (tests' unique topics) too.
        p.put("log.retention.ms", "-1");
        p.put("log.cleanup.policy", "delete");
        p.put("num.partitions", "1");
        p.put("auto.create.topics.enable", "true");
        p.put("num.network.threads", "2");
        p.put("num.io.threads", "4");
        p.put("num.recovery.threads.per.data.dir", "1");
        p.put("log.segment.bytes", Integer.toString(64 * 1024 * 1024));
        p.put("log.flush.interval.messages", Long.toString(Long.MAX_VALUE));
        // Every transaction commits consumer offsets, so __consumer_offsets grows by tens of thousands of records a
        // round; a coordinator that gains a partition reads all of it before it answers (4 s for 41,698 records
        // on 2 loaded cores). Small segments let the cleaner compact all but the newest megabyte.
        p.put("offsets.topic.segment.bytes", Integer.toString(1024 * 1024));
        return p;
    }
}

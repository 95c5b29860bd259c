package org.torneo.stack.kafka;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** server.properties of the single-node KRaft broker. */
final class BrokerSettings {

    private BrokerSettings() {
    }

    static Map<String, String> singleNode(int port, int controllerPort, Path dataDir) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("process.roles", "broker,controller");
        p.put("node.id", "1");
        p.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        p.put("listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
        p.put("controller.listener.names", "CONTROLLER");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.put("log.dirs", dataDir.toString().replace('\\', '/'));
        // One broker: every internal topic must live with a single replica, or transactions and
        // consumer groups never become available.
        p.put("offsets.topic.replication.factor", "1");
        p.put("offsets.topic.num.partitions", "4");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("transaction.state.log.num.partitions", "4");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        p.put("default.replication.factor", "1");
        p.put("min.insync.replicas", "1");
        p.put("group.initial.rebalance.delay.ms", "0");
        // After a SIGKILL the restarted broker cannot register until the controller has fenced the
        // old incarnation, i.e. after this session timeout (default 9 s). 3 s keeps restarts quick
        // and still tolerates a loaded 2-core machine.
        p.put("broker.session.timeout.ms", "3000");
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
        return p;
    }
}

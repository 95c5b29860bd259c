package org.torneo.stack.supervisor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.torneo.stack.kafka.KafkaCredentials;

/** Whose Kafka passwords the command line signs in with: the running stack's, one broker or three. */
class StackHomeCredentialsTest {

    @TempDir
    Path repo;

    private final String edge = org.torneo.contracts.topics.KafkaAccess.byRole("edge").orElseThrow().user();

    @Test
    void a_three_broker_stack_is_signed_in_to_with_the_cluster_s_passwords_not_an_old_single_broker_s() throws Exception {
        StackHome home = new StackHome(repo);
        // given an earlier single-broker stack's file, and a running three-broker stack whose state names its own
        KafkaCredentials single = KafkaCredentials.generate();
        single.write(home.kafkaDir().resolve(KafkaCredentials.FILE_NAME));
        KafkaCredentials cluster = KafkaCredentials.generate();
        Path clusterFile = home.dir().resolve("kafka-cluster").resolve(KafkaCredentials.FILE_NAME);
        cluster.write(clusterFile);
        Properties state = new Properties();
        state.setProperty("kafka.brokers", "3");
        state.setProperty("kafka.credentials", clusterFile.toString());
        home.writeState(state);
        // then the edge signs in with the cluster's password
        assertEquals(cluster.password(edge), home.kafkaCredentials().orElseThrow().password(edge));
    }

    @Test
    void without_a_running_stack_s_state_the_single_broker_s_file_is_read() throws Exception {
        StackHome home = new StackHome(repo);
        KafkaCredentials single = KafkaCredentials.generate();
        single.write(home.kafkaDir().resolve(KafkaCredentials.FILE_NAME));
        assertEquals(single.password(edge), home.kafkaCredentials().orElseThrow().password(edge));
        Files.writeString(home.stateFile(), "kafka.credentials=" + repo.resolve("gone.properties").toString()
                .replace("\\", "/") + "\n");
        assertEquals(single.password(edge), home.kafkaCredentials().orElseThrow().password(edge),
                "a state naming a file that is gone falls back to kafka/");
    }
}

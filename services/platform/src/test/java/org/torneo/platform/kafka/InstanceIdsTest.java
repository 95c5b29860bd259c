package org.torneo.platform.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where an instance's id comes from, and that two instances never share one (issue 21). */
class InstanceIdsTest {

    @TempDir
    Path data;

    @Test
    void anExplicitIdWinsThenThePodNameThenAKeptFile() {
        Map<String, String> pod = Map.of("KUBERNETES_SERVICE_HOST", "10.0.0.1", "HOSTNAME", "torneo-game-0");
        assertEquals("game-test", InstanceIds.resolve("torneo-game", Optional.of("game-test"), data, pod).id());
        assertEquals("torneo-game-0", InstanceIds.resolve("torneo-game", Optional.empty(), data, pod).id());
        assertEquals("torneo-game-7", InstanceIds.resolve("torneo-game", Optional.empty(), data,
                Map.of("POD_NAME", "torneo-game-7", "HOSTNAME", "x")).id());
        // outside a pod the host name is every process's: not an instance id
        InstanceIds.Claim local = InstanceIds.resolve("torneo-game", Optional.empty(), data, Map.of("HOSTNAME", "laptop"));
        assertNotEquals("laptop", local.id());
        assertTrue(local.source().contains("instances"), local.source());
    }

    @Test
    void twoInstancesOnOneMachineGetTwoIdsAndARestartedOneTakesItsOwnBack() throws Exception {
        Path dir = data.resolve("instances").resolve("torneo-clock");
        // a process that died (kill -9 releases its lock) left its id file behind
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("a1b2c3d4.instance"), "a1b2c3d4\n");

        String first = InstanceIds.claimFile(dir);
        String second = InstanceIds.claimFile(dir); // the first still holds its file (locked for the process's life)

        assertEquals("a1b2c3d4", first, "the restarted process takes the id it had");
        assertNotEquals(first, second);
        assertTrue(Files.exists(dir.resolve(second + ".instance")), "the new id is kept for the next start");
        assertTrue(second.matches("[A-Za-z0-9._-]+"), second);
    }

    @Test
    void anIdKafkaCannotTakeIsRefusedWithTheReason() {
        var refused = assertThrows(IllegalArgumentException.class,
                () -> InstanceIds.resolve("torneo-game", Optional.of("game 1/a"), data, Map.of()));
        assertTrue(refused.getMessage().contains("torneo.instance-id"), refused.getMessage());
        assertEquals("torneo-game-0-x", InstanceIds.sanitised("torneo/game:0 x"));
    }
}

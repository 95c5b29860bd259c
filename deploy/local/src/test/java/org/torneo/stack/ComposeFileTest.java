package org.torneo.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.topics.TopicSpec;
import org.torneo.contracts.topics.Topics;
import org.torneo.stack.supervisor.StackHome;

/** docker-compose.yml must describe the same stack as the library: same topics, same services. */
class ComposeFileTest {

    private static final Path COMPOSE = Path.of("../../docker-compose.yml");

    @Test
    void composeCreatesExactlyTheCatalogueTopicsWithTheirPartitions() throws Exception {
        String compose = Files.readString(COMPOSE);
        Matcher create = Pattern.compile("(?m)^\\s+create (\\S+) (\\d+)\\s*$").matcher(compose);
        Map<String, Integer> created = new LinkedHashMap<>();
        while (create.find()) {
            created.put(create.group(1), Integer.parseInt(create.group(2)));
        }
        Map<String, Integer> catalogue = new LinkedHashMap<>();
        for (TopicSpec spec : Topics.ALL) {
            catalogue.put(spec.name(), spec.partitions());
            assertEquals("delete", spec.cleanup(), spec.name() + ": compose creates every topic with cleanup delete");
            assertEquals(-1L, spec.retentionMs(), spec.name() + ": compose creates every topic with retention -1");
        }
        assertEquals(catalogue, created, "topics in docker-compose.yml vs Topics.ALL");
    }

    @Test
    void composeRunsEveryServiceFromItsQuarkusApp() throws Exception {
        String compose = Files.readString(COMPOSE);
        for (String service : StackHome.SERVICE_ORDER) {
            if (service.equals("console")) {
                // a module of its own, and no database: it holds no truth
                assertTrue(compose.contains("./services/console/target/quarkus-app:/app:ro"), "console mounted");
                assertFalse(compose.contains("torneo_console"), "the console has no database");
                continue;
            }
            assertTrue(compose.contains("./services/" + service + "/app/target/quarkus-app:/app:ro"), service + " mounted");
            assertTrue(compose.contains("postgresql://postgres:5432/torneo_" + service), service + " has its database");
        }
    }
}

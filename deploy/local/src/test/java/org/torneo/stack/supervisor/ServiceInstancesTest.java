package org.torneo.stack.supervisor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** {@code ./torneo up --instances N}: which processes the supervisor starts, and under which names (issue 21). */
class ServiceInstancesTest {

    private static List<String> started(int wanted) {
        List<String> names = new ArrayList<>();
        for (String app : StackHome.SERVICE_ORDER) {
            for (int n = 1; n <= Supervisor.instancesOf(app, wanted); n++) {
                names.add(Supervisor.instanceName(app, n));
            }
        }
        return names;
    }

    @Test
    void givenTwoInstances_thenEveryServiceButTheFeedAndTheConsoleRunsTwiceTheFirstUnderItsOwnName() {
        assertEquals(List.of("game", "game-2", "clock", "clock-2", "pairing", "pairing-2", "rating", "rating-2", "feed",
                "console"), started(2));
    }

    @Test
    void givenOneInstance_thenTheNamesAreThoseOfBefore() {
        assertEquals(StackHome.SERVICE_ORDER, started(1));
    }
}

package org.torneo.clock.core.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DeadlineIndexTest {

    @Test
    void keepsOneDeadlinePerGameInTimeOrder() {
        DeadlineIndex index = new DeadlineIndex();
        index.update("a", Optional.of(300L));
        index.update("b", Optional.of(100L));
        index.update("c", Optional.of(100L));
        index.update("a", Optional.of(50L));
        assertEquals(Optional.of(50L), index.next());
        assertEquals(List.of("a"), index.due(99));
        index.update("c", Optional.empty());
        assertEquals(1, index.size());
        assertEquals(List.of(), index.due(99));
        assertEquals(List.of("b"), index.due(100));
        assertEquals(Optional.empty(), index.next());
        assertEquals(Optional.empty(), index.deadlineOf("b"));
    }
}

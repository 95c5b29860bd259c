package org.torneo.pairing.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The state's collections: copied once, in order, immutable; handled command ids shared between the fold's states. */
class FrozenTest {

    @Test
    void aFrozenMapIsKeptAsItIsAndAnyOtherCopiedInOrder() {
        Map<String, Integer> given = new LinkedHashMap<>();
        given.put("p2", 2);
        given.put("p1", 1);
        Map<String, Integer> frozen = Frozen.map(given);

        given.put("p3", 3); // the caller's map changes afterwards: the state's does not
        assertEquals(List.of("p2", "p1"), new ArrayList<>(frozen.keySet()));
        assertSame(frozen, Frozen.map(frozen), "a frozen map is not copied again");
        assertThrows(UnsupportedOperationException.class, () -> frozen.put("p4", 4));
        assertThrows(UnsupportedOperationException.class, () -> frozen.entrySet().iterator().next().setValue(9));
        assertEquals(Map.of("p1", 1, "p2", 2), frozen);
    }

    @Test
    void aFrozenSetIsKeptAsItIsAndAnyOtherCopiedInOrder() {
        Set<String> given = new LinkedHashSet<>(List.of("b", "a"));
        Set<String> frozen = Frozen.set(given);
        given.add("c");

        assertEquals(List.of("b", "a"), new ArrayList<>(frozen));
        assertSame(frozen, Frozen.set(frozen));
        assertThrows(UnsupportedOperationException.class, () -> frozen.add("d"));
    }

    @Test
    void eachStateOfTheFoldSeesOnlyTheCommandsHandledUpToIt() {
        // given the handled ids of three states in a row
        Frozen.Handled first = Frozen.handled(List.of("c1"));
        Frozen.Handled second = first.with("c2");
        Frozen.Handled third = second.with("c3");

        // then each sees its own ids only, in order, though they share one store
        assertEquals(List.of("c1"), new ArrayList<>(first));
        assertFalse(first.contains("c2"));
        assertEquals(List.of("c1", "c2"), new ArrayList<>(second));
        assertFalse(second.contains("c3"));
        assertEquals(List.of("c1", "c2", "c3"), new ArrayList<>(third));
        assertEquals(Set.of("c1", "c2", "c3"), third);
        assertSame(third, third.with("c2"), "an id already handled changes nothing");
        assertSame(third, Frozen.handled(third));
    }

    @Test
    void extendingAnOlderStateDoesNotSeeWhatAnotherStateAdded() {
        // given a batch's state that was thrown away (its transaction failed) and the committed one before it
        Frozen.Handled committed = Frozen.handled(List.of("c1", "c2"));
        Frozen.Handled discarded = committed.with("c3");

        // when the committed state is extended again, by another command
        Frozen.Handled again = committed.with("c4");

        // then neither sees the other's
        assertEquals(List.of("c1", "c2", "c4"), new ArrayList<>(again));
        assertFalse(again.contains("c3"));
        assertEquals(List.of("c1", "c2", "c3"), new ArrayList<>(discarded));
        assertFalse(discarded.contains("c4"));
        assertTrue(again.with("c5").contains("c5"));
        assertEquals(List.of("c1", "c2", "c3"), new ArrayList<>(discarded), "the discarded state is unchanged");
    }
}

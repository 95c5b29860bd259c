package org.torneo.contracts.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.codec.fixtures.BrokenEvent;
import org.torneo.contracts.codec.fixtures.ClashingEvent;
import org.torneo.contracts.codec.fixtures.SampleEvent;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.topics.Topics;

class CatalogTest {

    @Test
    void registersEveryPermittedRecordOfEachRoot() {
        MessageCatalog catalog = MessageCatalog.standard();
        assertEquals(GameCommand.class.getPermittedSubclasses().length, catalog.onTopic(Topics.GAME_COMMANDS).size());
        assertEquals(MoveEvent.class.getPermittedSubclasses().length, catalog.onTopic(Topics.MOVES).size());
        assertEquals(ClaimEvent.class.getPermittedSubclasses().length, catalog.onTopic(Topics.CLAIMS).size());
        Set<String> names = new HashSet<>();
        catalog.entries().forEach(e -> assertTrue(names.add(e.type()), "duplicate " + e.type()));
        assertEquals(MoveEvent.MovePlayed.class, catalog.byType("game.MovePlayed").orElseThrow().javaType());
    }

    @Test
    void recordWithoutMessageTypeIsRefused() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> MessageCatalog.builder().stream(BrokenEvent.class, Topics.MOVES).build());
        assertTrue(e.getMessage().contains("Unnamed lacks @MessageType"), e.getMessage());
    }

    @Test
    void duplicateTypeNameIsRefused() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> MessageCatalog.builder()
                .stream(MoveEvent.class, Topics.MOVES).stream(ClashingEvent.class, Topics.CLAIMS).build());
        assertTrue(e.getMessage().contains("game.MovePlayed is used by both"), e.getMessage());
    }

    @Test
    void upcasterMustTargetAKnownOlderVersion() {
        assertThrows(IllegalStateException.class, () -> MessageCatalog.builder()
                .stream(SampleEvent.class, Topics.MOVES).upcaster("sample.Renamed", 2, p -> p).build());
        assertThrows(IllegalStateException.class, () -> MessageCatalog.builder()
                .stream(SampleEvent.class, Topics.MOVES).upcaster("sample.Nope", 1, p -> p).build());
    }

    @Test
    void unregisteredClassIsNamedInTheError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MessageCatalog.standard().entryOf(SampleEvent.Renamed.class));
        assertTrue(e.getMessage().contains("not a registered message type"), e.getMessage());
    }
}

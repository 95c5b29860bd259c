package org.torneo.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.GameCommand;
import org.torneo.platform.snapshot.SnapshotCodec;

class SnapshotTest {

    private final JsonCodec codec = JsonCodec.standard();
    private final SnapshotCodec<ToyGame.State> snapshots = new SnapshotCodec<>(ToyGame.State.class);

    private static List<Envelope> run(AggregateStore<GameCommand, EventMessage, ToyGame.State> store,
                                      Envelope... commands) {
        List<Envelope> events = new ArrayList<>();
        for (Envelope command : commands) {
            var batch = store.begin();
            events.addAll(batch.decide(command).events());
            batch.commit();
        }
        return events;
    }

    @Test
    void aRestoredStoreContinuesExactlyLikeTheOriginal() {
        var original = new AggregateStore<>(ToyGame.DEFINITION, codec);
        run(original, ToyGame.start("g-1", "c1"), ToyGame.move("g-1", "c2", "e4", 10), ToyGame.start("g-2", "c3"));

        String json = snapshots.write(original.snapshotContent());
        var restored = AggregateStore.restore(ToyGame.DEFINITION, codec, snapshots.read(json), 0);

        assertEquals(original.states(), restored.states());
        assertEquals(StateDigest.of(original.states()), StateDigest.of(restored.states()));
        assertEquals(original.snapshotContent().processedInputs(), restored.snapshotContent().processedInputs());
        assertEquals(3, restored.foldedEvents());
        // the same next command gives the same sealed events: sequence and hash chain continue
        assertEquals(run(original, ToyGame.move("g-1", "c4", "e5", 20)),
                run(restored, ToyGame.move("g-1", "c4", "e5", 20)));
        // and an input processed before the snapshot is still a duplicate
        assertEquals(List.of(), run(restored, ToyGame.move("g-1", "c2", "e4", 10)));
    }

    @Test
    void aStoreWithAGapIsNotSnapshotted() {
        List<Envelope> log = run(new AggregateStore<>(ToyGame.DEFINITION, codec), ToyGame.start("g-1", "c1"),
                ToyGame.move("g-1", "c2", "e4", 10), ToyGame.move("g-1", "c3", "e5", 20));
        var withGap = new AggregateStore<>(ToyGame.DEFINITION, codec);
        withGap.replay(log.get(0));
        withGap.replay(log.get(2));
        assertThrows(IllegalStateException.class, withGap::snapshotContent);
    }
}

package org.torneo.rating.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.rating.app.runtime.RatingDefinition;
import org.torneo.rating.core.sheet.RatingDecider;
import org.torneo.rating.core.sheet.RatingSheet;

/** The app's wiring of the core decider: what it writes travels through the service's codec to its topics. */
class RatingDefinitionTest {

    private static final String T = "t-unit";
    private final RatingDecider decider = new RatingDecider(List.of("PTS", "BH/C1", "BH", "SB"));

    @Test
    void sheetFactsTravelThroughTheServiceCodec() {
        List<EventMessage> inputs = new ArrayList<>();
        inputs.add(Fixtures.created(T));
        inputs.addAll(Fixtures.registrations(T));
        inputs.add(Fixtures.round1(T));
        RatingSheet state = decider.initialState();
        for (EventMessage input : inputs) {
            for (EventMessage e : decider.decide(new RatingDecider.Input(input, Fixtures.at(input)), state)) {
                state = decider.evolve(state, e);
            }
        }
        EventMessage fact = decider.decide(new RatingDecider.Input(Fixtures.round1Results(T).get(0),
                Fixtures.CREATED), state).get(0);
        Envelope sealed = RatingDefinition.CODEC.seal(Fixtures.envelope(fact, T, Fixtures.CREATED), Envelope.GENESIS_HASH);
        assertEquals(fact, RatingDefinition.CODEC.decode(RatingDefinition.CODEC.encode(sealed)).payload());
        assertEquals("torneo.rating.sheet", RatingDefinition.CODEC.catalog().entryOf(fact).topic().name());
    }
}

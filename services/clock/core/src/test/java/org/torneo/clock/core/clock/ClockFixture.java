package org.torneo.clock.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.torneo.clock.core.timecontrol.Classification;
import org.torneo.clock.core.timecontrol.TimeControlParser;
import org.torneo.contracts.Actor;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockCommand.PressClock;
import org.torneo.contracts.clock.ClockCommand.StartClock;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.TimeControl;

/** Given events / when command / then events, for one game's clock. */
final class ClockFixture {

    static final String GAME = "game-1";
    static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "arbiter-1");
    static final Actor BOARD = new Actor(Actor.Role.BOARD, "board-1");
    static final long T0 = 1_700_000_000_000L;
    static final long SEC = 1000;
    static final long MIN = 60_000;

    private final List<ClockEvent> history = new ArrayList<>();
    private ClockState state = ClockState.initial(GAME);
    private int ids;

    static ClockFixture started(String control, Edition edition) {
        return new ClockFixture().run(start(control, edition, T0));
    }

    static StartClock start(String control, Edition edition, long at) {
        TimeControl c = TimeControlParser.parse(control);
        ClockRules rules = new ClockRules(new Ruleset(edition, Classification.classify(c, edition)), edition.defaultTime().toMillis(), false);
        return new StartClock(GAME, "start", ARBITER, at, c, rules);
    }

    /** A game whose event announced the FIDE 2018 Guidelines III (quickplay finish, III.2.1). */
    static ClockFixture startedWithGuidelinesIII(String control, Edition edition) {
        StartClock plain = start(control, edition, T0);
        ClockRules announced = new ClockRules(plain.rules().ruleset(), plain.rules().defaultTimeMillis(), true);
        return new ClockFixture().run(new StartClock(GAME, "start", ARBITER, T0, plain.control(), announced));
    }

    String id() {
        return "cmd-" + (++ids);
    }

    /** Decides and applies a command as the app would (refusals throw). */
    ClockFixture run(ClockCommand command) {
        List<ClockEvent> events = ClockDecider.decide(command, state);
        for (ClockEvent e : events) {
            history.add(e);
            state = ClockDecider.evolve(state, e);
        }
        return this;
    }

    /** Records events decided outside the clock decider (a new game, a held press), as the app would. */
    List<ClockEvent> record(List<ClockEvent> events) {
        for (ClockEvent e : events) {
            history.add(e);
            state = ClockDecider.evolve(state, e);
        }
        return events;
    }

    /** The events the command produces on the current state, without applying them. */
    List<ClockEvent> when(ClockCommand command) {
        return ClockDecider.decide(command, state);
    }

    /** Applies the command and returns its events. */
    List<ClockEvent> apply(ClockCommand command) {
        int before = history.size();
        run(command);
        return List.copyOf(history.subList(before, history.size()));
    }

    String rejected(ClockCommand command, String reasonPart) {
        ClockCommandRejected r = assertThrows(ClockCommandRejected.class, () -> ClockDecider.decide(command, state));
        assertTrue(r.getMessage().contains(reasonPart), r.getMessage());
        List<ClockEvent> asEvents = ClockDecider.handle(command, state);
        assertTrue(asEvents.get(asEvents.size() - 1) instanceof ClockEvent.CommandRejected, asEvents.toString());
        assertEquals(state, ClockDecider.fold(GAME, concat(history, asEvents)),
                "a refusal leaves the state unchanged");
        return r.getMessage();
    }

    private static List<ClockEvent> concat(List<ClockEvent> a, List<ClockEvent> b) {
        List<ClockEvent> all = new ArrayList<>(a);
        all.addAll(b.stream().filter(e -> e instanceof ClockEvent.CommandRejected).toList());
        return all;
    }

    ClockFixture press(long at, Side side) {
        return run(new PressClock(GAME, id(), BOARD, at, side));
    }

    /** Plays {@code moves} full moves (White then Black), each thinking {@code whiteMillis} / {@code blackMillis}. */
    ClockFixture play(int moves, long whiteMillis, long blackMillis) {
        long t = now();
        for (int i = 0; i < moves; i++) {
            t += whiteMillis;
            press(t, Side.WHITE);
            t += blackMillis;
            press(t, Side.BLACK);
        }
        return this;
    }

    long now() {
        return Math.max(state.lastEventAt(), state.segmentStart());
    }

    ClockState state() {
        return state;
    }

    List<ClockEvent> history() {
        return history;
    }
}

package org.torneo.clock.core.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.clock.ClockStatus;
import org.torneo.clock.core.timecontrol.TimeControlParser;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.contracts.clock.ClockEvent.TimeAdded;
import org.torneo.contracts.clock.ClockEvent.TimeDeducted;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.Penalty;

/** Game events as clock inputs, given recorded clock events / when the input / then the clock's events. */
class ClockInputTest {

    private static final Actor GAME = Actor.system("game");
    private static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "a-1");
    private static final long T0 = 1_780_000_000_000L;
    private static final ClockRules RULES = new ClockRules(new Ruleset(Ruleset.Edition.FIDE_2018, Ruleset.Category.STANDARD),
            3_600_000, false);

    private final ClockInputDecider decider = new ClockInputDecider();

    private ClockState given(ClockCommand... commands) {
        ClockState s = decider.initialState();
        for (ClockCommand c : commands) {
            for (ClockEvent e : decider.decide(new ClockInput.Command(c), s)) {
                s = decider.evolve(s, e);
            }
        }
        return s;
    }

    private static ClockCommand.StartClock start() {
        return new ClockCommand.StartClock("g-1", "c-start", ARBITER, T0, TimeControlParser.parse("40/90+30, 30+30"), RULES);
    }

    private static Envelope event(String game, EventMessage payload) {
        return Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, game, 1, GAME, Instant.ofEpochMilli(T0), payload);
    }

    @Test
    void aCompletedMovePressesTheClockAtTheTimeTheGameRecorded() {
        ClockState s = given(start());
        ClockInput.FromGame input = GameEventCommands.of(event("g-1",
                new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(T0 + 12_345))));
        List<ClockEvent> events = decider.decide(input, s);
        assertEquals(1, events.size());
        ClockSwitched press = assertInstanceOf(ClockSwitched.class, events.get(0));
        assertEquals(Side.WHITE, press.mover());
        assertEquals(12_345, press.elapsedMillis());
        assertEquals(5_400_000 - 12_345 + 30_000, press.remainingMillis());
        assertEquals(T0 + 12_345, press.at());
    }

    @Test
    void aPenaltyWithBothPartsAddsToTheOpponentThenDeductsFromTheOffender() {
        ClockState s = given(start());
        Penalty penalty = new Penalty(120_000, 60_000, "FIDE 2001 9.5", "incorrect claim");
        ClockInput.FromGame input = GameEventCommands.of(event("g-1", new ClaimEvent.ClaimRejected(Side.WHITE,
                DrawClaimKind.THREEFOLD, "not a repetition", "FIDE 2001 9.5", penalty, true, null,
                Instant.ofEpochMilli(T0 + 30_000))));
        assertEquals(3, input.commands().size(), "add, deduct, restart the clocks");
        List<ClockEvent> events = decider.decide(input, s);
        assertEquals(2, events.size(), "the clock was not paused (the claim was read after its ruling): no restart");
        TimeAdded added = assertInstanceOf(TimeAdded.class, events.get(0));
        assertEquals(Side.BLACK, added.side());
        assertEquals(5_400_000 + 120_000, added.remainingMillis());
        TimeDeducted deducted = assertInstanceOf(TimeDeducted.class, events.get(1));
        assertEquals(Side.WHITE, deducted.side());
        // recorded at the clock's latest instant (the start): a press made before the ruling may still be on its way
        assertEquals(T0, deducted.at());
        assertEquals(5_400_000 - 60_000, deducted.remainingMillis());
        assertTrue(!deducted.commandId().equals(added.commandId()), "each command has its own id");
        // White's clock has run 30 s at the ruling: 90 min - 30 s - 60 s penalty
        ClockState after = s;
        for (ClockEvent e : events) {
            after = decider.evolve(after, e);
        }
        assertEquals(5_400_000 - 30_000 - 60_000, after.remaining(Side.WHITE, T0 + 30_000));
    }

    @Test
    void aClaimTheGameRuledAtOnceImpliesNoPauseItsPenaltyStillReachesTheClock() {
        // given a running clock after White's first move, and a wrong claim by Black the game rejected in the filing's
        // decision (FIDE 2018 9.5.1 and 6.11.3: the clocks stopped and restarted at one instant)
        ClockState s = given(start());
        List<ClockEvent> events = new java.util.ArrayList<>();
        s = decideAll(s, events, new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(T0 + 10_000)));
        ClaimEvent.ClaimFiled filed = claim(Side.BLACK, 1, false, T0 + 20_000).ruledAtOnce(true);
        // when the clock reads the filing and the ruling
        assertNull(GameEventCommands.of(event("g-1", filed)), "a filing ruled at once asks nothing of the clock");
        s = decideAll(s, events, filed, wrongClaim(Side.BLACK, T0 + 20_000));
        // then no pause and no restart: Black's clock ran on; White got the two minutes of 9.5.3
        assertEquals(List.of(ClockSwitched.class, TimeAdded.class),
                events.stream().<Class<?>>map(Object::getClass).toList());
        assertEquals(Side.WHITE, ((TimeAdded) events.get(1)).side());
        assertEquals(ClockStatus.RUNNING, s.status());
        assertEquals(5_400_000 - 30_000, s.remaining(Side.BLACK, T0 + 40_000));
        // and the same filing, ruled later (a version 1 record), still pauses the clocks until its ruling
        assertEquals(List.of("PauseClock"), GameEventCommands.of(event("g-1", claim(Side.BLACK, 1, false,
                T0 + 20_000))).commands().stream().map(c -> c.getClass().getSimpleName()).toList());
    }

    private static ClaimEvent.ClaimFiled claim(Side by, int ply, boolean claimantClockRuns, long at) {
        return new ClaimEvent.ClaimFiled(by, DrawClaimKind.THREEFOLD, null, ply, claimantClockRuns, Instant.ofEpochMilli(at));
    }

    private static ClaimEvent.ClaimRejected wrongClaim(Side by, long at) {
        return new ClaimEvent.ClaimRejected(by, DrawClaimKind.THREEFOLD, "not a repetition", "FIDE 2018 9.5.3",
                new Penalty(120_000, 0, "FIDE 2018 9.5.3", "incorrect claim"), true, null, Instant.ofEpochMilli(at));
    }

    private ClockState decideAll(ClockState s, List<ClockEvent> into, EventMessage... events) {
        for (EventMessage payload : events) {
            ClockInput.FromGame input = GameEventCommands.of(event("g-1", payload));
            if (input == null) {
                continue; // nothing for the clock
            }
            for (ClockEvent e : decider.decide(input, s)) {
                into.add(e);
                s = decider.evolve(s, e);
            }
        }
        return s;
    }

    @Test
    void aClaimStopsTheClocksUntilTheRulingAndTheTimeTheArbiterTookIsNobodys() {
        ClockState s = given(start());
        List<ClockEvent> events = new java.util.ArrayList<>();
        s = decideAll(s, events, new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(T0 + 10_000)));
        // Black claims 20 s into his turn; the arbiter rules 40 s later: wrong, White gets 2 minutes
        s = decideAll(s, events, claim(Side.BLACK, 1, false, T0 + 30_000), wrongClaim(Side.BLACK, T0 + 70_000));
        List<Class<?>> kinds = events.stream().<Class<?>>map(Object::getClass).toList();
        assertEquals(List.of(ClockSwitched.class, ClockEvent.ClockPaused.class, TimeAdded.class,
                ClockEvent.ClockResumed.class), kinds);
        assertEquals(T0 + 30_000, events.get(1).at());
        assertEquals(T0 + 70_000, events.get(3).at());
        s = decideAll(s, events, new MoveEvent.MoveCompleted(2, Side.BLACK, Instant.ofEpochMilli(T0 + 80_000)));
        ClockSwitched black = assertInstanceOf(ClockSwitched.class, events.getLast());
        assertEquals(30_000, black.elapsedMillis(), "20 s before the claim, 10 s after the ruling");
    }

    @Test
    void underTheCode1970TheClaimantsClockRunsAndNothingIsPaused() {
        ClockState s = given(start());
        List<ClockEvent> events = new java.util.ArrayList<>();
        assertNull(GameEventCommands.of(event("g-1", claim(Side.WHITE, 0, true, T0 + 5_000))));
        decideAll(s, events, claim(Side.WHITE, 0, true, T0 + 5_000), wrongClaim(Side.WHITE, T0 + 9_000));
        assertEquals(List.of(TimeAdded.class), events.stream().<Class<?>>map(Object::getClass).toList());
    }

    @Test
    void aClaimReadBeforeThePressThatPrecededItWaitsForItThenPausesAsInOrder() {
        List<ClockEvent> inOrder = new java.util.ArrayList<>();
        ClockState ordered = decideAll(given(start()), inOrder,
                new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(T0 + 10_000)),
                claim(Side.BLACK, 1, false, T0 + 30_000), wrongClaim(Side.BLACK, T0 + 30_000));
        List<ClockEvent> events = new java.util.ArrayList<>();
        // Black claimed after White's first move, but the claims topic is read before the moves topic
        ClockState s = decideAll(given(start()), events, claim(Side.BLACK, 1, false, T0 + 30_000),
                wrongClaim(Side.BLACK, T0 + 30_000),
                new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(T0 + 10_000)));
        assertEquals(List.of(ClockEvent.PauseHeld.class, ClockEvent.ResumeHeld.class, ClockSwitched.class,
                ClockEvent.ClockPaused.class, TimeAdded.class, ClockEvent.ClockResumed.class),
                events.stream().<Class<?>>map(Object::getClass).toList());
        ClockSwitched white = assertInstanceOf(ClockSwitched.class, events.get(2));
        assertEquals(10_000, white.elapsedMillis());
        assertEquals(T0 + 30_000, events.get(3).at(), "paused at the claim's instant");
        assertEquals(5_400_000 - 10_000 + 30_000 + 120_000, assertInstanceOf(TimeAdded.class, events.get(4))
                .remainingMillis(), "the penalty's 2 minutes, after the pause");
        // the command ids are the game events' ids, random here: the rest must be equal
        assertEquals(withoutIds(inOrder), withoutIds(events.subList(2, events.size())),
                "the same events as when read in order");
        assertEquals(ordered, s);
    }

    private static List<String> withoutIds(List<ClockEvent> events) {
        return events.stream().map(e -> e.toString().replaceAll("commandId=[^,]*, ", "")).toList();
    }

    @Test
    void aMoveReadWhileTheClockIsPausedForAClaimRestartsItFirst() {
        ClockState s = given(start());
        List<ClockEvent> events = new java.util.ArrayList<>();
        // White claims at once; his move after the ruling is read before the ruling itself
        s = decideAll(s, events, claim(Side.WHITE, 0, false, T0 + 5_000),
                new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(T0 + 8_000)),
                wrongClaim(Side.WHITE, T0 + 5_000));
        assertEquals(List.of(ClockEvent.ClockPaused.class, ClockEvent.ClockResumed.class, ClockSwitched.class,
                TimeAdded.class), events.stream().<Class<?>>map(Object::getClass).toList());
        assertEquals(T0 + 5_000, events.get(1).at(), "restarted at the pause's instant");
        assertEquals(8_000, assertInstanceOf(ClockSwitched.class, events.get(2)).elapsedMillis());
        assertEquals(ClockStatus.RUNNING, s.status());
    }

    @Test
    void aPostponedQuickplayFinishClaimGivesTheOpponentHisMinutesAndTheGameGoesOn() {
        ClockState s = given(start());
        List<ClockEvent> events = new java.util.ArrayList<>();
        s = decideAll(s, events, new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(T0 + 10_000)),
                new ClaimEvent.ClaimFiled(Side.BLACK, DrawClaimKind.QUICKPLAY_FINISH, null, 1, false,
                        Instant.ofEpochMilli(T0 + 20_000), null, "FIDE 2018 III.5"),
                new ClaimEvent.ClaimPostponed(Side.BLACK, DrawClaimKind.QUICKPLAY_FINISH, "FIDE 2018 III.5.2", "watch",
                        new Penalty(120_000, 0, "FIDE 2018 III.5.2", "opponent +2 min"), Instant.ofEpochMilli(T0 + 50_000)));
        assertEquals(List.of(ClockSwitched.class, ClockEvent.ClockPaused.class, TimeAdded.class,
                ClockEvent.ClockResumed.class), events.stream().<Class<?>>map(Object::getClass).toList());
        assertEquals(Side.WHITE, ((TimeAdded) events.get(2)).side());
        assertEquals(T0 + 50_000, events.get(3).at());
        assertEquals(ClockStatus.RUNNING, s.status());
    }

    @Test
    void aGrantedQuickplayIncrementIsIntroducedAndTheClocksRestart() {
        ClockRules announced = new ClockRules(new Ruleset(Ruleset.Edition.FIDE_2018, Ruleset.Category.STANDARD), 0, true);
        ClockState s = given(new ClockCommand.StartClock("g-1", "c-start", ARBITER, T0, TimeControlParser.parse("G/3"),
                announced));
        List<ClockEvent> events = new java.util.ArrayList<>();
        // White, to move with 1:50 left, asks for the increment; the arbiter grants it 10 s later
        s = decideAll(s, events, new ClaimEvent.ClaimFiled(Side.WHITE, DrawClaimKind.QUICKPLAY_INCREMENT, null, 0, false,
                        Instant.ofEpochMilli(T0 + 70_000), null, "FIDE 2018 III.4"),
                new ClaimEvent.QuickplayIncrementGranted(Side.WHITE, 5_000,
                        new Penalty(120_000, 0, "FIDE 2018 III.4", "opponent +2 min"), "FIDE 2018 III.4",
                        Instant.ofEpochMilli(T0 + 80_000)));
        assertEquals(List.of(ClockEvent.ClockPaused.class, ClockEvent.QuickplayIncrementIntroduced.class,
                ClockEvent.ClockResumed.class), events.stream().<Class<?>>map(Object::getClass).toList());
        assertEquals(180_000 - 70_000, s.remaining(Side.WHITE, T0 + 80_000), "the ten seconds of the ruling are nobody's");
        assertEquals(180_000 + 120_000, s.remaining(Side.BLACK, T0 + 80_000));
    }

    @Test
    void aPenaltyReadAfterTheResultThatFollowedItIsStillApplied() {
        ClockState s = given(start());
        List<ClockEvent> events = new java.util.ArrayList<>();
        decideAll(s, events, new org.torneo.contracts.results.ResultEvent.GameEnded("g-1", "t", 1, 1, "w", "b",
                        org.torneo.contracts.results.GameResult.BLACK_WINS, 0, 2,
                        org.torneo.contracts.results.EndReason.FLAG_FALL, "FIDE 2018 6.9", true,
                        Instant.ofEpochMilli(T0 + 9_000)),
                new MoveEvent.IllegalMoveRecorded(1, Side.WHITE, "Ke2", "check", 1, false, "FIDE 2018 7.5.5",
                        new Penalty(120_000, 0, "FIDE 2018 7.5.5", "illegal move"), Instant.ofEpochMilli(T0 + 4_000)));
        assertEquals(List.of(ClockEvent.ClockStopped.class, TimeAdded.class),
                events.stream().<Class<?>>map(Object::getClass).toList());
        assertEquals(Side.BLACK, ((TimeAdded) events.get(1)).side());
    }

    @Test
    void gameEventsBeforeTheClockStartsOrAfterItStoppedChangeNothing() {
        ClockInput.FromGame press = GameEventCommands.of(event("g-1",
                new MoveEvent.MoveCompleted(1, Side.WHITE, Instant.ofEpochMilli(T0 + 1_000))));
        assertEquals(List.of(), decider.decide(press, decider.initialState()));
        ClockState stopped = given(start(), new ClockCommand.StopClock("g-1", "c-stop", ARBITER, T0 + 500, "resigned"));
        assertEquals(List.of(), decider.decide(press, stopped));
    }

    @Test
    void eventsTheClockDoesNotCareAboutAreIgnored() {
        assertNull(GameEventCommands.of(event("g-1", new MoveEvent.PieceTouched(1, Side.WHITE, "e2", Instant.ofEpochMilli(T0)))));
        assertNull(GameEventCommands.of(event("g-1", new MoveEvent.IllegalMoveRecorded(1, Side.WHITE, "Ke3", "check", 1,
                false, "FIDE 2018 7.5.5", Penalty.NONE, Instant.ofEpochMilli(T0)))));
    }

    @Test
    void aPenaltyDecidedBeforeAFlagFallTheClockRecordedFirstWithdrawsTheFlag() {
        // given: White's flag fell at 90:00 and was recorded (the scheduler's check at 90:02)
        long fall = T0 + 90 * 60_000;
        ClockState s = given(start(), new ClockCommand.CheckFlag("g-1", "tick", ARBITER, fall + 2_000));
        assertEquals(Long.valueOf(fall), s.face(Side.WHITE).flagFellAt());
        // when: Black's wrong claim, ruled at 89:59 with +2 min for White (FIDE 2018 9.5.3), is read after it
        List<ClockEvent> events = new java.util.ArrayList<>();
        s = decideAll(s, events, wrongClaim(Side.BLACK, fall - 1_000));
        // then: the time is added as of its decision (not refused as after the flag), and the flag withdrawn
        TimeAdded added = assertInstanceOf(TimeAdded.class, events.get(0));
        assertEquals(120_000, added.remainingMillis());
        assertNull(s.face(Side.WHITE).flagFellAt());
        assertEquals(java.util.Optional.of(fall + 120_000), s.deadline());
    }
}

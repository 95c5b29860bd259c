package org.torneo.clock.core.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import java.util.ArrayList;
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
import org.torneo.contracts.clock.ClockCommand.AddTime;
import org.torneo.contracts.clock.ClockCommand.DeductTime;
import org.torneo.contracts.clock.ClockCommand.ResumeSession;
import org.torneo.contracts.clock.ClockCommand.SetTimes;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.ClockSwitched;
import org.torneo.contracts.clock.ClockEvent.GameAdjourned;
import org.torneo.contracts.clock.ClockEvent.NewGameStarted;
import org.torneo.contracts.clock.ClockEvent.PressHeld;
import org.torneo.contracts.clock.ClockEvent.SessionResumed;
import org.torneo.contracts.clock.ClockEvent.TimeAdded;
import org.torneo.contracts.clock.ClockEvent.TimeDeducted;
import org.torneo.contracts.clock.ClockEvent.TimesSet;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.game.ClaimEvent.RulingIssued;
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.RulingKind;

/**
 * The arbiter's time rulings and the resumption's clock changes as clock inputs: given the clock's recorded events /
 * when the game event / then the clock's events.
 */
class RulingAndResumptionInputTest {

    private static final Actor GAME = Actor.system("game");
    private static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "a-1");
    private static final long T0 = 1_780_000_000_000L;
    private static final long MIN = 60_000;
    private static final long DAY = 24 * 3_600_000L;
    private static final ClockRules RULES = new ClockRules(new Ruleset(Ruleset.Edition.FIDE_2018,
            Ruleset.Category.STANDARD), 3_600_000, false);
    /** 40/90+30, 30+30: 90 minutes and 30 s a move. */
    private static final long BASE = 90 * MIN;
    private static final long INC = 30_000;

    private final ClockInputDecider decider = new ClockInputDecider();
    private final RecordedClock clock = new RecordedClock();

    private RulingAndResumptionInputTest started() {
        clock.apply(new ClockInput.Command(new ClockCommand.StartClock("g-1", "c-start", ARBITER, T0,
                TimeControlParser.parse("40/90+30, 30+30"), RULES)));
        return this;
    }

    private static Envelope event(EventMessage payload) {
        return Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, "g-1", 1, GAME, Instant.ofEpochMilli(T0),
                payload);
    }

    /** The game event as the clock reader turns it into an input, decided and applied. */
    private List<ClockEvent> when(EventMessage payload) {
        return clock.apply(GameEventCommands.input(event(payload)));
    }

    private static Instant at(long millis) {
        return Instant.ofEpochMilli(millis);
    }

    private static RulingIssued ruling(RulingKind kind, Side side, long millis, long at, String article) {
        return new RulingIssued(kind, article, "clock set wrongly", side, null, -1, -1, -1, millis, at(at));
    }

    /** White moves after 1 minute, Black after 2; then White seals at +10 minutes: the game is adjourned. */
    private long adjournedWithWhiteSealing() {
        started();
        when(new MoveEvent.MoveCompleted(1, Side.WHITE, at(T0 + MIN)));
        when(new MoveEvent.MoveCompleted(2, Side.BLACK, at(T0 + 3 * MIN)));
        assertInstanceOf(GameAdjourned.class, when(new MoveEvent.MoveSealed(3, Side.WHITE, "Nf3", at(T0 + 13 * MIN)))
                .get(0));
        return T0 + 13 * MIN;
    }

    @Test
    void anAddTimeRulingAddsTheTimeOnceWithTheEventsIdAndTheGamesTime() {
        started();
        Envelope env = event(ruling(RulingKind.ADD_TIME, Side.BLACK, 2 * MIN, T0 + 40_000, "FIDE 2018 12.9.2"));
        ClockInput.FromGame input = GameEventCommands.of(env);
        assertEquals(List.of(new AddTime("g-1", env.eventId().toString(), GAME, T0 + 40_000, Side.BLACK, 2 * MIN,
                "FIDE 2018 12.9.2", "arbiter's ruling: clock set wrongly")), input.commands());
        assertEquals(input, GameEventCommands.input(env), "the same event always gives the same command");
        List<ClockEvent> events = clock.apply(input);
        assertEquals(1, events.size());
        TimeAdded added = assertInstanceOf(TimeAdded.class, events.get(0));
        assertEquals(BASE + 2 * MIN, added.remainingMillis());
        assertEquals(env.eventId().toString(), added.commandId());
    }

    @Test
    void aDeductTimeRulingDeductsFromTheSideNamed() {
        started();
        when(new MoveEvent.MoveCompleted(1, Side.WHITE, at(T0 + MIN)));
        List<ClockEvent> events = when(ruling(RulingKind.DEDUCT_TIME, Side.WHITE, 5 * MIN, T0 + 2 * MIN, ""));
        TimeDeducted deducted = assertInstanceOf(TimeDeducted.class, events.get(0));
        assertEquals(Side.WHITE, deducted.side());
        assertEquals(BASE - MIN + INC - 5 * MIN, deducted.remainingMillis());
        assertEquals("FIDE 2018 12.9.3", deducted.article(), "the Laws' article when the ruling gives none");
    }

    @Test
    void otherRulingsDoNotTouchTheClock() {
        assertNull(GameEventCommands.input(event(ruling(RulingKind.WARNING, Side.WHITE, 0, T0, "FIDE 2018 12.9.1"))));
        assertNull(GameEventCommands.input(event(ruling(RulingKind.RESTORE_POSITION, null, 0, T0, "FIDE 2018 7.1"))));
    }

    @Test
    void aClockCorrectionAtTheResumptionIsAppliedWhileTheGameIsAdjourned() {
        long sealed = adjournedWithWhiteSealing();
        // FIDE 2018 I.13: Black's clock was set 3 minutes short; the arbiter corrects it before the session
        List<ClockEvent> events = when(ruling(RulingKind.ADD_TIME, Side.BLACK, 3 * MIN, sealed + DAY, "FIDE 2018 I.13"));
        TimeAdded added = assertInstanceOf(TimeAdded.class, events.get(0));
        assertEquals(BASE - 2 * MIN + INC + 3 * MIN, added.remainingMillis());
        assertEquals(ClockStatus.ADJOURNED, clock.state().status());
        when(new MoveEvent.GameResumed(at(sealed + DAY + MIN)));
        assertEquals(BASE - 2 * MIN + INC + 3 * MIN - 10_000,
                clock.state().remaining(Side.BLACK, sealed + DAY + MIN + 10_000));
    }

    @Test
    void aLostEnvelopesTimesSetBothClocksAndTheReplyingPlayerIsToMove() {
        long sealed = adjournedWithWhiteSealing();
        Envelope env = event(new MoveEvent.EnvelopeLost(3, Side.WHITE, "Nf3", new ClockReading(70 * MIN, 80 * MIN),
                "FIDE 2018 I.12.1", at(sealed + DAY)));
        assertEquals(List.of(new SetTimes("g-1", env.eventId().toString(), GAME, sealed + DAY, 70 * MIN, 80 * MIN,
                null, null, Side.BLACK, "FIDE 2018 I.12.1", "envelope lost: the arbiter sets the clocks")),
                GameEventCommands.of(env).commands());
        TimesSet set = assertInstanceOf(TimesSet.class, clock.apply(GameEventCommands.input(env)).get(0));
        assertEquals(2, set.whiteMoves(), "the sealed move counts, as at the adjournment");
        assertEquals(1, set.blackMoves());
        assertEquals(ClockStatus.ADJOURNED, clock.state().status());
        List<ClockEvent> resumed = when(new MoveEvent.GameResumed(at(sealed + DAY + 2 * MIN)));
        assertEquals(Side.BLACK, assertInstanceOf(SessionResumed.class, resumed.get(0)).running());
        assertEquals(80 * MIN - MIN, clock.state().remaining(Side.BLACK, sealed + DAY + 3 * MIN));
        assertEquals(70 * MIN, clock.state().remaining(Side.WHITE, sealed + DAY + 3 * MIN));
    }

    @Test
    void aLostEnvelopeWithoutTimesKeepsTheAdjournmentsTimes() {
        assertNull(GameEventCommands.input(event(new MoveEvent.EnvelopeLost(3, Side.WHITE, "Nf3", null,
                "FIDE 2018 I.12.1", at(T0)))));
    }

    @Test
    void anAbsentRepliersClockRunsFromTheResumptionAndOpeningTheEnvelopeLaterDoesNotRestartIt() {
        long sealed = adjournedWithWhiteSealing();
        long session = sealed + DAY;
        // FIDE 2018 I.9.2: Black, the replying player, is absent at the resumption: his clock is started
        List<ClockEvent> started = when(new MoveEvent.PlayerAbsentAtResumption(3, Side.BLACK, true, "FIDE 2018 I.9.2",
                at(session)));
        assertEquals(List.of(SessionResumed.class), kinds(started));
        assertEquals(Side.BLACK, ((SessionResumed) started.get(0)).running());
        assertEquals(ClockStatus.RUNNING, clock.state().status());
        // he arrives 20 minutes late; the envelope is opened: the clock changes nothing
        assertEquals(List.of(), when(new MoveEvent.GameResumed(at(session + 20 * MIN))));
        ClockSwitched reply = assertInstanceOf(ClockSwitched.class,
                when(new MoveEvent.MoveCompleted(4, Side.BLACK, at(session + 21 * MIN))).get(0));
        assertEquals(21 * MIN, reply.elapsedMillis(), "his time ran from the resumption");
        assertEquals(2, clock.state().session());
    }

    @Test
    void anAbsentSealersClockIsStartedWhenHisOpponentSealsHisReplyAndRunsUntilTheNewEnvelopeIsOpened() {
        long sealed = adjournedWithWhiteSealing();
        long session = sealed + DAY;
        // FIDE 2018 I.9.3: White, the sealer, is absent: the envelope is opened, Black's clock runs
        when(new MoveEvent.GameResumed(at(session)));
        when(new MoveEvent.PlayerAbsentAtResumption(4, Side.WHITE, false, "FIDE 2018 I.9.3", at(session)));
        assertEquals(ClockStatus.RUNNING, clock.state().status());
        assertEquals(Side.BLACK, clock.state().toMove());
        // Black seals his reply after 4 minutes: his clock stops and White's starts
        long reply = session + 4 * MIN;
        List<ClockEvent> events = new ArrayList<>(when(new MoveEvent.MoveSealed(4, Side.BLACK, "Nf6", at(reply))));
        events.addAll(when(new MoveEvent.PlayerAbsentAtResumption(4, Side.WHITE, true, "FIDE 2018 I.9.3", at(reply))));
        assertEquals(List.of(GameAdjourned.class, SessionResumed.class), kinds(events));
        assertEquals(Side.WHITE, ((SessionResumed) events.get(1)).running());
        assertEquals(BASE - 2 * MIN + INC - 4 * MIN + INC, clock.state().face(Side.BLACK).remainingMillis());
        // White arrives 30 minutes later: the new envelope is opened; his clock already ran
        assertEquals(List.of(), when(new MoveEvent.GameResumed(at(reply + 30 * MIN))));
        ClockSwitched white = assertInstanceOf(ClockSwitched.class,
                when(new MoveEvent.MoveCompleted(5, Side.WHITE, at(reply + 31 * MIN))).get(0));
        assertEquals(31 * MIN, white.elapsedMillis());
    }

    @Test
    void aLostEnvelopesTimesSetWhileTheAbsentRepliersClockRunsAreKeptWhenHeArrives() {
        long sealed = adjournedWithWhiteSealing();
        long session = sealed + DAY;
        when(new MoveEvent.PlayerAbsentAtResumption(3, Side.BLACK, true, "FIDE 2018 I.9.2", at(session)));
        // Black arrives after 10 minutes; the envelope is found lost and the arbiter sets the clocks
        List<ClockEvent> set = when(new MoveEvent.EnvelopeLost(3, Side.WHITE, "Nf3",
                new ClockReading(70 * MIN, 75 * MIN), "FIDE 2018 I.12.1", at(session + 10 * MIN)));
        assertEquals(List.of(TimesSet.class), kinds(set));
        assertEquals(List.of(), when(new MoveEvent.GameResumed(at(session + 11 * MIN))), "the clock goes on as set");
        assertEquals(75 * MIN - 2 * MIN, clock.state().remaining(Side.BLACK, session + 12 * MIN));
        assertEquals(ClockStatus.RUNNING, clock.state().status());
        assertEquals(List.of(), clock.recorded().stream().filter(e -> e instanceof ClockEvent.CommandRejected)
                .toList());
    }

    @Test
    void anAbsenceThatStartsNoClockChangesNothing() {
        assertNull(GameEventCommands.input(event(new MoveEvent.PlayerAbsentAtResumption(4, Side.WHITE, false,
                "FIDE 2018 I.9.3", at(T0)))));
    }

    @Test
    void anAnnulledAdjournedGameIsPlayedAgainWithTheStartingTimesAndWhitesClockRunning() {
        long sealed = adjournedWithWhiteSealing();
        long ruled = sealed + DAY;
        Envelope env = event(ruling(RulingKind.ANNUL_GAME, null, 0, ruled, "FIDE 2018 I.12.2"));
        ClockInput.NewGame input = assertInstanceOf(ClockInput.NewGame.class, GameEventCommands.input(env));
        List<ClockEvent> events = clock.apply(input);
        assertEquals(List.of(SessionResumed.class, NewGameStarted.class, TimesSet.class), kinds(events));
        String id = env.eventId().toString();
        assertEquals(id, events.get(0).commandId());
        assertEquals(id + "/new-game", events.get(2).commandId());
        TimesSet set = (TimesSet) events.get(2);
        assertEquals(List.of(BASE, BASE, 0L, 0L), List.of(set.whiteMillis(), set.blackMillis(), (long) set.whiteMoves(),
                (long) set.blackMoves()));
        assertEquals("FIDE 2018 I.12.2", set.article());
        assertEquals(ruled, set.at());
        // the new game's first move
        ClockSwitched first = assertInstanceOf(ClockSwitched.class,
                when(new MoveEvent.MoveCompleted(1, Side.WHITE, at(ruled + 15_000))).get(0));
        assertEquals(BASE - 15_000 + INC, first.remainingMillis());
        assertEquals(1, first.moveNumber());
    }

    /** The clock of the adjourned game annulled at {@code ruled}, given the game's events in the order read. */
    private static ClockState readInOrder(List<Envelope> events) {
        RulingAndResumptionInputTest t = new RulingAndResumptionInputTest();
        t.adjournedWithWhiteSealing();
        for (Envelope e : events) {
            t.clock.apply(GameEventCommands.input(e));
        }
        assertEquals(List.of(), t.clock.recorded().stream().filter(e -> e instanceof ClockEvent.CommandRejected)
                .toList());
        assertEquals(t.clock.state(), t.clock.replay(), "a replay rebuilds it");
        return t.clock.state();
    }

    @Test
    void anAnnulmentReadAfterTheNewGamesFirstMovesGivesTheSameClockAsReadBefore() {
        // FIDE 2018 I.12.2: the envelope is lost and the position cannot be re-established; the ruling travels on the
        // claims topic, the new game's moves on the moves topic: the clock may read either first
        long ruled = T0 + 13 * MIN + DAY;
        Envelope annul = event(ruling(RulingKind.ANNUL_GAME, null, 0, ruled, "FIDE 2018 I.12.2"));
        Envelope white = event(new MoveEvent.MoveCompleted(1, Side.WHITE, at(ruled + 15_000)));
        Envelope black = event(new MoveEvent.MoveCompleted(2, Side.BLACK, at(ruled + 40_000)));
        ClockState inOrder = readInOrder(List.of(annul, white, black));
        assertEquals(inOrder, readInOrder(List.of(white, annul, black)));
        assertEquals(inOrder, readInOrder(List.of(white, black, annul)));
        assertEquals(BASE - 15_000 + INC, inOrder.white().remainingMillis());
        assertEquals(BASE - 25_000 + INC, inOrder.black().remainingMillis());
        assertEquals(Side.WHITE, inOrder.toMove());
        assertEquals(ClockStatus.RUNNING, inOrder.status());
    }

    @Test
    void theNewGamesFirstMoveReadWhileAdjournedIsHeldNotRefused() {
        long sealed = adjournedWithWhiteSealing();
        List<ClockEvent> events = when(new MoveEvent.MoveCompleted(1, Side.WHITE, at(sealed + DAY + 15_000)));
        PressHeld held = assertInstanceOf(PressHeld.class, events.get(0));
        assertEquals(List.of(Side.WHITE, 1), List.of(held.side(), held.ply()));
        assertEquals(ClockStatus.ADJOURNED, clock.state().status());
    }

    @Test
    void coloursReversedEarlyStartANewGameOnTheClockButNotLate() {
        started();
        when(new MoveEvent.MoveCompleted(1, Side.WHITE, at(T0 + MIN)));
        assertNull(GameEventCommands.input(event(new MoveEvent.ColoursReversedFound(12, false, "FIDE 2018 7.3",
                at(T0 + 2 * MIN)))));
        List<ClockEvent> events = when(new MoveEvent.ColoursReversedFound(0, true, "FIDE 2018 7.3", at(T0 + 2 * MIN)));
        TimesSet set = assertInstanceOf(TimesSet.class, events.get(1));
        assertEquals(BASE, set.whiteMillis());
        assertEquals(0, set.whiteMoves());
        assertEquals(Side.WHITE, set.sideToMove());
        assertEquals(BASE - MIN, clock.state().remaining(Side.WHITE, T0 + 3 * MIN));
    }

    @Test
    void aNewGameIsIgnoredWithoutAClockOrOnceItStopped() {
        ClockInput input = GameEventCommands.input(event(ruling(RulingKind.ANNUL_GAME, null, 0, T0 + MIN,
                "FIDE 2018 7.2.1")));
        assertEquals(List.of(), decider.decide(input, decider.initialState()));
        started();
        clock.apply(new ClockInput.Command(new ClockCommand.StopClock("g-1", "stop", ARBITER, T0 + 30_000,
                "resigned")));
        assertEquals(List.of(), decider.decide(input, clock.state()));
    }

    @Test
    void theResumptionCommandsAreTimedByTheGame() {
        Envelope env = event(new MoveEvent.PlayerAbsentAtResumption(3, Side.BLACK, true, "FIDE 2018 I.11",
                at(T0 + 5 * MIN)));
        assertEquals(List.of(new ResumeSession("g-1", env.eventId().toString(), GAME, T0 + 5 * MIN)),
                GameEventCommands.of(env).commands());
        Envelope deduct = event(ruling(RulingKind.DEDUCT_TIME, Side.BLACK, MIN, T0 + 7 * MIN, "FIDE 1997 A.12"));
        assertEquals(List.of(new DeductTime("g-1", deduct.eventId().toString(), GAME, T0 + 7 * MIN, Side.BLACK, MIN,
                "FIDE 1997 A.12", "arbiter's ruling: clock set wrongly")), GameEventCommands.of(deduct).commands());
    }

    private static List<Class<?>> kinds(List<ClockEvent> events) {
        return events.stream().<Class<?>>map(Object::getClass).toList();
    }
}

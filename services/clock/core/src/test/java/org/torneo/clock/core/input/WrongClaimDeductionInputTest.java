package org.torneo.clock.core.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.clock.core.clock.ClockStatus;
import org.torneo.clock.core.timecontrol.TimeControlParser;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.TimeAdded;
import org.torneo.contracts.clock.ClockEvent.TimeDeducted;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.game.ClaimEvent.ClaimFiled;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.contracts.game.ClaimEvidence;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.Penalty;

/**
 * FIDE 1997/2001 9.5b when the game knew no clock reading at a wrong draw claim: given a clock stopped at the claim,
 * when the game's ClaimRejected says the clock computes the claimant's deduction, then the edition's rule is applied to
 * the time on the claimant's clock.
 */
class WrongClaimDeductionInputTest {

    private static final Actor GAME = Actor.system("game");
    private static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "a-1");
    private static final long T0 = 1_780_000_000_000L;
    private static final long MIN = 60_000;

    private final RecordedClock clock = new RecordedClock();

    private void started(Ruleset.Edition edition) {
        clock.apply(new ClockInput.Command(new ClockCommand.StartClock("g-1", "c-start", ARBITER, T0,
                TimeControlParser.parse("60"), new ClockRules(new Ruleset(edition, Ruleset.Category.STANDARD),
                3_600_000, false))));
    }

    private List<ClockEvent> when(EventMessage payload) {
        return clock.apply(GameEventCommands.input(Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, "g-1", 1,
                GAME, Instant.ofEpochMilli(T0), payload)));
    }

    private static ClaimRejected wrongClaim(String article, long at, Penalty penalty) {
        return new ClaimRejected(Side.WHITE, DrawClaimKind.THREEFOLD, "the position occurred 1 time(s), not three",
                article, penalty, false, new ClaimEvidence("8/8/8/8/8/8/8/8 w - - 0 1", List.of(0), -1, 0),
                Instant.ofEpochMilli(at));
    }

    @Test
    void fide1997TheClaimantsTimeIsHalvedFromHisClockWhenTheGameHadNoReading() {
        started(Ruleset.Edition.FIDE_1997);
        // White claims after 54 minutes on his clock: 6:00 left, the clock stops (FIDE 1997 9.5)
        when(new ClaimFiled(Side.WHITE, DrawClaimKind.THREEFOLD, null, 0, false, Instant.ofEpochMilli(T0 + 54 * MIN)));
        assertEquals(ClockStatus.PAUSED, clock.state().status());
        List<ClockEvent> events = when(wrongClaim("FIDE 1997 9.5b", T0 + 55 * MIN, new Penalty(180_000, 0,
                "FIDE 1997 9.5b", "opponent +180 s; the claimant's remaining time is halved", true)));
        // FIDE 1997 9.5b: half of 6:00, at most 3 minutes: 3:00 taken; the opponent +3:00
        TimeDeducted deducted = (TimeDeducted) events.stream().filter(TimeDeducted.class::isInstance).findFirst()
                .orElseThrow(() -> new AssertionError("no deduction in " + events));
        assertEquals(Side.WHITE, deducted.side());
        assertEquals(3 * MIN, deducted.millis());
        assertEquals(3 * MIN, clock.state().remaining(Side.WHITE, T0 + 55 * MIN)); // restarted at the decision
        assertEquals(1, events.stream().filter(TimeAdded.class::isInstance).count());
        assertEquals(ClockStatus.RUNNING, clock.state().status());
    }

    @Test
    void fide2001BetweenOneAndTwoMinutesTheClaimantIsLeftOneMinuteAndAGameDecidedDeductionIsNotRepeated() {
        started(Ruleset.Edition.FIDE_2001);
        when(new ClaimFiled(Side.WHITE, DrawClaimKind.THREEFOLD, null, 0, false,
                Instant.ofEpochMilli(T0 + 58 * MIN + 30_000)));
        when(wrongClaim("FIDE 2001 9.5b", T0 + 59 * MIN, new Penalty(180_000, 0, "FIDE 2001 9.5b",
                "opponent +180 s; claimant by the clock", true)));
        assertEquals(MIN, clock.state().remaining(Side.WHITE, T0 + 59 * MIN)); // FIDE 2001 9.5b: 1:30 set to 1:00

        RecordedClock known = new RecordedClock();
        known.apply(new ClockInput.Command(new ClockCommand.StartClock("g-1", "c-start", ARBITER, T0,
                TimeControlParser.parse("60"), new ClockRules(new Ruleset(Ruleset.Edition.FIDE_2001,
                Ruleset.Category.STANDARD), 3_600_000, false))));
        known.apply(GameEventCommands.input(Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, "g-1", 1, GAME,
                Instant.ofEpochMilli(T0), new ClaimFiled(Side.WHITE, DrawClaimKind.THREEFOLD, null, 0, false,
                        Instant.ofEpochMilli(T0 + 58 * MIN + 30_000)))));
        // the game computed it from a reading (30 s): applied as decided, nothing computed again
        known.apply(GameEventCommands.input(Envelope.event(UUID.randomUUID(), UUID.randomUUID(), null, "g-1", 2, GAME,
                Instant.ofEpochMilli(T0), wrongClaim("FIDE 2001 9.5b", T0 + 59 * MIN, new Penalty(180_000, 30_000,
                        "FIDE 2001 9.5b", "opponent +180 s; claimant -30 s")))));
        assertEquals(MIN, known.state().remaining(Side.WHITE, T0 + 59 * MIN));
    }
}

package org.torneo.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.audit.verify.Decision;
import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.EventRegulations;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.RulingKind;

/**
 * Time the arbiter gave White at T1 (FIDE 2018 12.9.2), read by the clock after it recorded White's flag fall at
 * T2 > T1: the clock adds it as of T1 and withdraws the flag (FIDE 2018 6.9). The audit confirms the adjustment, still
 * finds one the clock ignored, and finds a result given on the withdrawn flag.
 */
class PenaltyBeforeFlagAuditTest {

    private static final long MIN = 60_000;
    private static final TimeControl FIVE_MINUTES = TimeControl.of(Period.suddenDeath(5 * MIN));
    private static final Actor CLOCK = Actor.system("clock");

    private record Given(TournamentLogFixture log, ClaimEvent.RulingIssued ruling) {
    }

    /** White's clock runs; the arbiter gives White 2 minutes; White's flag falls later and the clock records it. */
    private static Given timeGivenThenFlagRecorded(String game) {
        TournamentLogFixture log = TournamentLogFixture.empty();
        log.startTimed(game, TournamentLogFixture.RULESET, null, FIVE_MINUTES, EventRegulations.DEFAULT);
        log.clockStarts(game, FIVE_MINUTES);
        List<EventMessage> ruled = log.game(game, TournamentLogFixture.ARBITER, new GameCommand.ArbiterRuling(
                RulingKind.ADD_TIME, "FIDE 2018 12.9.2", "distracted by the opponent", Side.WHITE, null, -1, -1, -1,
                2 * MIN, log.at()));
        ClaimEvent.RulingIssued ruling = assertInstanceOf(ClaimEvent.RulingIssued.class, ruled.get(0));
        // the scheduler notices the fall late; the clock records it at its deadline, after the ruling
        log.clockDoes(game, at -> new ClockCommand.CheckFlag(game, "tick", CLOCK, at + 5 * MIN));
        return new Given(log, ruling);
    }

    private static List<Decision> decisions(TournamentLogFixture log, String kind) {
        return new Audit().ofLines(log.lines).decisions().stream().filter(d -> d.kind().equals(kind)).toList();
    }

    @Test
    void timeAddedAsDecidedBeforeTheFallIsConfirmed() {
        Given g = timeGivenThenFlagRecorded("g-added");
        // the clock reads the ruling late and adds the time as of its instant (withdrawing the flag)
        g.log().clockReacts("g-added", CLOCK, at -> new ClockCommand.AddTime("g-added", "add", CLOCK,
                g.ruling().issuedAt().toEpochMilli(), Side.WHITE, 2 * MIN, g.ruling().article(), "ruling"));
        List<Decision> adjustments = decisions(g.log(), "clock adjustment");
        assertEquals(1, adjustments.size(), adjustments::toString);
        assertTrue(adjustments.get(0).confirmed(), adjustments::toString);
    }

    @Test
    void timeTheClockIgnoredIsStillReported() {
        Given g = timeGivenThenFlagRecorded("g-ignored");
        List<Decision> adjustments = decisions(g.log(), "clock adjustment");
        assertEquals(1, adjustments.size(), adjustments::toString);
        assertFalse(adjustments.get(0).confirmed());
        assertTrue(adjustments.get(0).finding().contains("never applied"), adjustments.get(0).finding());
    }

    @Test
    void aResultGivenOnTheWithdrawnFlagIsReported() {
        Given g = timeGivenThenFlagRecorded("g-lost");
        g.log().clockReacts("g-lost", CLOCK, at -> new ClockCommand.AddTime("g-lost", "add", CLOCK,
                g.ruling().issuedAt().toEpochMilli(), Side.WHITE, 2 * MIN, g.ruling().article(), "ruling"));
        // the game had already read the first fall and ended the game on it
        g.log().game("g-lost", CLOCK, new GameCommand.ReportFlagFall(Side.WHITE, false, true,
                Instant.ofEpochMilli(g.ruling().issuedAt().toEpochMilli() + 5 * MIN)));
        List<Decision> flags = decisions(g.log(), "flag fall");
        assertEquals(1, flags.size(), flags::toString);
        assertFalse(flags.get(0).confirmed(), flags::toString);
        assertTrue(flags.get(0).finding().contains("withdrew"), flags.get(0).finding());
    }

    @Test
    void timeRefusedBecauseTheGameHadEndedOnThatFlagIsReportedAsAResultToCorrect() {
        Given g = timeGivenThenFlagRecorded("g-ended");
        long fall = g.ruling().issuedAt().toEpochMilli() + 5 * MIN;
        // the game read the fall first and ended; the clock stopped; then the ruling reached the clock
        g.log().game("g-ended", CLOCK, new GameCommand.ReportFlagFall(Side.WHITE, false, true,
                Instant.ofEpochMilli(fall)));
        g.log().clockReacts("g-ended", CLOCK, at -> new ClockCommand.StopClock("g-ended", "stop", CLOCK, fall + 10_000,
                "game over"));
        g.log().clockRefuses("g-ended", CLOCK, at -> new ClockCommand.AddTime("g-ended", "add", CLOCK,
                g.ruling().issuedAt().toEpochMilli(), Side.WHITE, 2 * MIN, g.ruling().article(), "ruling"));
        List<Decision> adjustments = decisions(g.log(), "clock adjustment");
        assertEquals(1, adjustments.size(), adjustments::toString);
        assertFalse(adjustments.get(0).confirmed());
        assertTrue(adjustments.get(0).finding().contains("after the game had ended on that flag")
                && adjustments.get(0).finding().contains("12.9"), adjustments.get(0).finding());
        assertTrue(adjustments.get(0).evidence().contains("the clock's refusal"), adjustments.get(0).evidence());
    }
}

package org.torneo.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.game.EventRegulations;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.RulingKind;

/**
 * The clock changes of a resumption as the audit sees them: a lost envelope's times (FIDE 2018 I.12.1), an annulled
 * game (I.12.2) and a clock correction (I.13) must each be on the clock, once.
 */
class ResumptionClockAuditTest {

    private static final long MIN = 60_000;
    private static final TimeControl SUDDEN_DEATH_90 = TimeControl.of(Period.suddenDeath(90 * MIN));

    /** e4, then Black seals e5: the game is adjourned, its clock started. */
    private static TournamentLogFixture adjourned(String game) {
        TournamentLogFixture log = TournamentLogFixture.empty();
        log.startTimed(game, TournamentLogFixture.RULESET, null, SUDDEN_DEATH_90, EventRegulations.DEFAULT);
        log.clockStarts(game, SUDDEN_DEATH_90);
        log.move(game, "e2e4");
        assertInstanceOf(MoveEvent.MoveSealed.class, log.game(game, new Actor(Actor.Role.PLAYER, "p2"),
                new GameCommand.SealMove(Side.BLACK, "e7e5", log.at())).get(0));
        return log;
    }

    private static List<Decision> settings(TournamentLogFixture log) {
        return new Audit().ofLines(log.lines).decisions().stream().filter(d -> d.kind().equals("clock setting"))
                .toList();
    }

    private static void envelopeLost(TournamentLogFixture log, String game, boolean restorable) {
        log.game(game, TournamentLogFixture.ARBITER, new GameCommand.DeclareEnvelopeLost("e7e5",
                restorable ? new ClockReading(80 * MIN, 85 * MIN) : null, restorable, log.at()));
    }

    @Test
    void theLostEnvelopesTimesSetOnTheClockAreConfirmed() {
        TournamentLogFixture log = adjourned("g-lost");
        envelopeLost(log, "g-lost", true);
        log.clockDoes("g-lost", at -> new ClockCommand.SetTimes("g-lost", "set", TournamentLogFixture.SYSTEM, at,
                80 * MIN, 85 * MIN, null, null, Side.WHITE, "FIDE 2018 I.12.1", "envelope lost"));
        List<Decision> settings = settings(log);
        assertEquals(1, settings.size(), settings::toString);
        assertTrue(settings.get(0).confirmed(), settings::toString);
        assertTrue(settings.get(0).evidence().contains("I.12.1"), settings.get(0).evidence());
    }

    @Test
    void aLostEnvelopesTimesNeverSetOrSetOtherwiseAreFound() {
        TournamentLogFixture log = adjourned("g-unset");
        envelopeLost(log, "g-unset", true);
        List<Decision> unset = settings(log);
        assertEquals(1, unset.size(), unset::toString);
        assertFalse(unset.get(0).confirmed());
        assertTrue(unset.get(0).finding().contains("never applied"), unset.get(0).finding());

        // the clock set, but to other times: the decision is still unanswered, and an arbiter's own setting is no fault
        log.clockDoes("g-unset", at -> new ClockCommand.SetTimes("g-unset", "set", TournamentLogFixture.SYSTEM, at,
                85 * MIN, 80 * MIN, null, null, Side.WHITE, "FIDE 2018 6.10.2", "the arbiter's own setting"));
        List<Decision> other = settings(log);
        assertEquals(1, other.size(), other::toString);
        assertFalse(other.get(0).confirmed());
    }

    @Test
    void anAnnulledGamesClockMustBeSetAsAtTheStart() {
        TournamentLogFixture log = adjourned("g-annul");
        envelopeLost(log, "g-annul", false);
        assertTrue(log.lines.get(log.lines.size() - 1).contains("ANNUL_GAME"), "the game is annulled");
        assertFalse(settings(log).get(0).confirmed(), "the new game is not on the clock yet");
        // the clock sets the starting times (the clock app's NewGame; this log's clock follows no adjournment)
        log.clockDoes("g-annul", at -> new ClockCommand.SetTimes("g-annul", "new", TournamentLogFixture.SYSTEM, at,
                90 * MIN, 90 * MIN, 0, 0, Side.WHITE, "FIDE 2018 I.12.2", "game annulled"));
        List<Decision> settings = settings(log);
        assertEquals(1, settings.size(), settings::toString);
        assertTrue(settings.get(0).confirmed(), settings::toString);
    }

    @Test
    void anAnnulledGamesClockSetWithMovesLeftIsNotANewGame() {
        TournamentLogFixture log = adjourned("g-half");
        envelopeLost(log, "g-half", false);
        log.clockDoes("g-half", at -> new ClockCommand.SetTimes("g-half", "set", TournamentLogFixture.SYSTEM, at,
                90 * MIN, 90 * MIN, 1, 1, Side.WHITE, "FIDE 2018 I.12.2", "game annulled"));
        assertFalse(settings(log).get(0).confirmed());
    }

    @Test
    void aClockCorrectionAtTheResumptionIsAnsweredByTheClocksAdjustment() {
        TournamentLogFixture log = adjourned("g-correct");
        List<EventMessage> ruled = log.game("g-correct", TournamentLogFixture.ARBITER,
                new GameCommand.CorrectClockAtResumption(Side.WHITE, 60 * MIN, 63 * MIN, Side.WHITE, log.at()));
        ClaimEvent.RulingIssued ruling = assertInstanceOf(ClaimEvent.RulingIssued.class, ruled.get(0));
        assertEquals(RulingKind.ADD_TIME, ruling.kind());
        List<Decision> missing = new Audit().ofLines(log.lines).decisions().stream()
                .filter(d -> d.kind().equals("clock adjustment")).toList();
        assertFalse(missing.get(0).confirmed(), missing::toString);
        log.clockAdds("g-correct", Side.WHITE, 3 * MIN, ruling.article());
        List<Decision> answered = new Audit().ofLines(log.lines).decisions().stream()
                .filter(d -> d.kind().equals("clock adjustment")).toList();
        assertEquals(1, answered.size(), answered::toString);
        assertTrue(answered.get(0).confirmed(), answered::toString);
    }
}

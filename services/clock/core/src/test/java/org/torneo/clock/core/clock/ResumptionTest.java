package org.torneo.clock.core.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.torneo.clock.core.clock.ClockFixture.ARBITER;
import static org.torneo.clock.core.clock.ClockFixture.GAME;
import static org.torneo.clock.core.clock.ClockFixture.MIN;
import static org.torneo.clock.core.clock.ClockFixture.SEC;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand.AdjournGame;
import org.torneo.contracts.clock.ClockCommand.PauseClock;
import org.torneo.contracts.clock.ClockCommand.ResumeClock;
import org.torneo.contracts.clock.ClockCommand.ResumeSession;
import org.torneo.contracts.clock.ClockCommand.SetTimes;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.SessionResumed;
import org.torneo.contracts.clock.ClockEvent.TimesSet;

/** The resumption of an adjourned game with an absent player and a lost envelope (FIDE 2018 I.9-I.12, 1997 A.9-A.11). */
class ResumptionTest {

    /** 40/120, 20/60: White and Black play 40 moves, 2 and 1 minutes a move, White seals his 41st. */
    private static ClockFixture adjournedWithWhiteSealing() {
        ClockFixture f = ClockFixture.started("40/120, 20/60", Edition.FIDE_2018).play(40, 2 * MIN, MIN);
        f.run(new AdjournGame(GAME, "adj", ARBITER, f.now() + 5 * MIN, null));
        return f;
    }

    private static final long WHITE_AFTER_SEAL = 120 * MIN - 40 * 2 * MIN + 60 * MIN - 5 * MIN;
    private static final long BLACK_AT_SEAL = 120 * MIN - 40 * MIN + 60 * MIN;

    @Test
    void theAbsentRepliersClockStartedAtTheResumptionIsNeitherRestartedNorDoubledWhenTheEnvelopeIsOpened() {
        ClockFixture f = adjournedWithWhiteSealing();
        long resumption = f.now() + 24 * 3600_000L;
        // FIDE 2018 I.9.2: Black, the replying player, is absent: his clock is started (the game app's ResumeSession)
        assertEquals(List.of(new SessionResumed(GAME, "absent", ARBITER, resumption, Side.BLACK)),
                f.apply(new ResumeSession(GAME, "absent", ARBITER, resumption)));
        ClockState running = f.state();
        // Black arrives 25 minutes late; the envelope is opened (GameResumed): nothing more happens on the clock
        long opened = resumption + 25 * MIN;
        assertEquals(List.of(), f.apply(new ResumeSession(GAME, "opened", ARBITER, opened)));
        assertEquals(running, f.state(), "no new session, no restart");
        assertEquals(2, f.state().session());
        assertEquals(BLACK_AT_SEAL - 25 * MIN, f.state().remaining(Side.BLACK, opened), "his clock ran since the start");
        assertEquals(Optional.of(resumption + BLACK_AT_SEAL), f.state().deadline());
        assertEquals(Optional.of(resumption + 60 * MIN), f.state().defaultDeadline(), "FIDE 2018 I.10: from the resumption");
    }

    @Test
    void onceAMoveWasMadeInTheSessionAResumptionIsRefusedAgain() {
        ClockFixture f = adjournedWithWhiteSealing();
        long resumption = f.now() + 24 * 3600_000L;
        f.run(new ResumeSession(GAME, "rs", ARBITER, resumption));
        f.press(resumption + 3 * MIN, Side.BLACK);
        f.rejected(new ResumeSession(GAME, "again", ARBITER, resumption + 4 * MIN), "not adjourned (running)");
    }

    @Test
    void aClockPausedAndRestartedSinceTheResumptionIsNotTakenForOneJustStarted() {
        ClockFixture f = adjournedWithWhiteSealing();
        long resumption = f.now() + 24 * 3600_000L;
        f.run(new ResumeSession(GAME, "rs", ARBITER, resumption));
        f.run(new PauseClock(GAME, "p", ARBITER, resumption + MIN, "dispute"));
        f.run(new ResumeClock(GAME, "r", ARBITER, resumption + 2 * MIN));
        f.rejected(new ResumeSession(GAME, "again", ARBITER, resumption + 3 * MIN), "not adjourned (running)");
    }

    @Test
    void theFirstSessionIsNeverTakenForAResumption() {
        ClockFixture f = ClockFixture.started("90+30", Edition.FIDE_2018);
        f.rejected(new ResumeSession(GAME, "rs", ARBITER, ClockFixture.T0 + SEC), "not adjourned (running)");
    }

    @Test
    void theTimesTheArbiterSetsForALostEnvelopeReplaceTheAdjournmentsAndTheGameStaysAdjourned() {
        ClockFixture f = adjournedWithWhiteSealing();
        long declared = f.now() + 3600_000L;
        assertEquals(WHITE_AFTER_SEAL, f.state().remaining(Side.WHITE, declared), "the times recorded at adjournment");
        assertEquals(BLACK_AT_SEAL, f.state().remaining(Side.BLACK, declared));
        // FIDE 2018 I.12.1: the times recorded at adjournment are unknown; the arbiter sets them
        SetTimes set = new SetTimes(GAME, "lost", ARBITER, declared, 60 * MIN, 90 * MIN, null, null, Side.BLACK,
                "FIDE 2018 I.12.1", "envelope lost: the arbiter sets the clocks");
        List<ClockEvent> events = f.apply(set);
        assertEquals(List.of(new TimesSet(GAME, "lost", ARBITER, declared, 60 * MIN, 90 * MIN, 41, 40, Side.BLACK,
                "FIDE 2018 I.12.1", "envelope lost: the arbiter sets the clocks")), events);
        assertEquals(ClockStatus.ADJOURNED, f.state().status());
        assertEquals(Optional.empty(), f.state().deadline());
        long resumption = declared + 3600_000L;
        f.run(new ResumeSession(GAME, "rs", ARBITER, resumption));
        assertEquals(90 * MIN - 10 * SEC, f.state().remaining(Side.BLACK, resumption + 10 * SEC));
        assertEquals(60 * MIN, f.state().remaining(Side.WHITE, resumption + 10 * SEC));
    }
}

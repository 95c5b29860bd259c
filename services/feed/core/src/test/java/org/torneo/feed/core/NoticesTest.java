package org.torneo.feed.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.ClaimEvidence;
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.Penalty;

/** The incident lines for quickplay-finish claims (FIDE 1997/2001 10.2, 2018 Guidelines III.4-III.5). */
class NoticesTest {

    private static final Instant AT = Instant.parse("2026-05-01T18:00:00Z");

    private static ClaimEvent.ClaimFiled filed(DrawClaimKind kind) {
        return new ClaimEvent.ClaimFiled(Side.WHITE, kind, null, 80, false, AT, new ClockReading(95_000, 300_000),
                "period 1: all remaining moves, no increment");
    }

    @Test
    void aQuickplayClaimIsNamedAsSuchNotAsTheFiftyMoveRule() {
        Views.Notice quickplay = Notices.claim(filed(DrawClaimKind.QUICKPLAY_FINISH));
        assertEquals("claimFiled", quickplay.kind());
        assertTrue(quickplay.en().contains("White claims a draw by the quickplay-finish rule"), quickplay.en());
        assertTrue(quickplay.es().contains("Las blancas reclaman tablas por la regla del final a ritmo rápido"),
                quickplay.es());
        assertFalse(quickplay.en().contains("fifty"), quickplay.en());
        assertFalse(quickplay.es().contains("cincuenta"), quickplay.es());
        // the fifty-move claim keeps its own text
        Views.Notice fifty = Notices.claim(filed(DrawClaimKind.FIFTY_MOVES));
        assertTrue(fifty.en().contains("the fifty-move rule"), fifty.en());
        assertNotEquals(fifty.en(), quickplay.en());
    }

    @Test
    void theIncrementRequestIsARequestNotAClaim() {
        Views.Notice request = Notices.claim(filed(DrawClaimKind.QUICKPLAY_INCREMENT));
        assertTrue(request.en().startsWith("White asks for a 5-second increment"), request.en());
        assertTrue(request.es().startsWith("Las blancas piden un incremento de 5 segundos"), request.es());
    }

    @Test
    void upheldAndRejectedQuickplayClaimsNameTheQuickplayFinish() {
        ClaimEvidence evidence = new ClaimEvidence("8/8/8/8/8/4k3/8/4K3 w - - 0 1", java.util.List.of(), 0, 0);
        Views.Notice upheld = Notices.claim(new ClaimEvent.ClaimUpheld(Side.BLACK, DrawClaimKind.QUICKPLAY_FINISH,
                "FIDE 2018 III.5.1", evidence, AT));
        assertTrue(upheld.en().contains("Claim by Black (the quickplay-finish rule"), upheld.en());
        assertTrue(upheld.es().contains("final a ritmo rápido"), upheld.es());
        Views.Notice rejected = Notices.claim(new ClaimEvent.ClaimRejected(Side.BLACK, DrawClaimKind.QUICKPLAY_FINISH,
                "the opponent is making an effort to win", "FIDE 2018 III.5.3", new Penalty(120_000, 0,
                "FIDE 2018 III.5.3", "opponent +120 s"), false, evidence, AT));
        assertTrue(rejected.en().contains("rejected: the opponent is making an effort to win; 2 min added to White"),
                rejected.en());
        assertTrue(rejected.es().contains("2 min más para las blancas"), rejected.es());
    }

    @Test
    void aPostponementHasItsOwnLineWithTheTwoMinutesWhenGiven() {
        Views.Notice withBonus = Notices.claim(new ClaimEvent.ClaimPostponed(Side.WHITE, DrawClaimKind.QUICKPLAY_FINISH,
                "FIDE 2018 III.5.2", "watching the game", new Penalty(120_000, 0, "FIDE 2018 III.5.2", ""), AT));
        assertEquals("claimPostponed", withBonus.kind());
        assertEquals("Arbiter postpones the decision on the claim by White (the quickplay-finish rule (the opponent "
                + "cannot win by normal means)): play on; 2 min added to Black: watching the game — FIDE 2018 III.5.2",
                withBonus.en());
        assertTrue(withBonus.es().startsWith("El árbitro aplaza su decisión sobre la reclamación de las blancas"),
                withBonus.es());
        assertTrue(withBonus.es().contains("2 min más para las negras"), withBonus.es());
        Views.Notice without = Notices.claim(new ClaimEvent.ClaimPostponed(Side.WHITE, DrawClaimKind.QUICKPLAY_FINISH,
                "FIDE 1997 10.2b", "", Penalty.NONE, AT));
        assertFalse(without.en().contains("added"), without.en());
        assertFalse(without.es().contains("más para"), without.es());
    }

    @Test
    void aGrantedIncrementAndAFlagDuringAPostponedClaimHaveTheirOwnLines() {
        Views.Notice granted = Notices.claim(ClaimEvent.QuickplayIncrementGranted.example());
        assertEquals("incrementGranted", granted.kind());
        assertEquals("Arbiter grants the request by White: 5 s increment a move for both; 2 min added to Black — "
                + "FIDE 2018 III.4", granted.en());
        assertEquals("El árbitro concede la petición de las blancas: incremento de 5 s por jugada para ambos; 2 min "
                + "más para las negras — FIDE 2018 III.4", granted.es());
        Views.Notice flag = Notices.claim(new ClaimEvent.FlagFellDuringPostponedClaim(Side.BLACK, "FIDE 2001 10.2b",
                AT));
        assertEquals("flagDuringClaim", flag.kind());
        assertTrue(flag.en().contains("Flag fell: Black, whose claim is pending: the arbiter decides the result"),
                flag.en());
        assertTrue(flag.es().contains("Cae la bandera de las negras"), flag.es());
    }
}

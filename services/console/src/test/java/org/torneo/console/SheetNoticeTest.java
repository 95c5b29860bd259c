package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.contracts.game.ClaimEvidence;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.Penalty;

/** The arbiter's decisions as a board's scoresheet shows them: in the players' words, never the services' names. */
class SheetNoticeTest {

    @Test
    void a_rejected_threefold_claim_reads_in_english_and_spanish() {
        assertEquals("Claim rejected: threefold repetition (Black), art. 9.5.2: the position did not occur three"
                        + " times; penalty: 2 minutes added to White",
                SheetNotice.text(Words.EN, "game.ClaimRejected", "THREEFOLD_REJECTED", "BLACK", "9.5.2",
                        "the position did not occur three times", "2 minutes added to White"));
        assertEquals("Reclamación rechazada: triple repetición (Negras), art. 9.5.2",
                SheetNotice.text(Words.ES, "game.ClaimRejected", "THREEFOLD_REJECTED", "BLACK", "9.5.2", "", ""));
    }

    @Test
    void upheld_claims_and_rulings_lose_their_raw_names() {
        String upheld = SheetNotice.text(Words.EN, "game.ClaimUpheld", "FIFTY_MOVES_UPHELD", "WHITE", "9.3", "", "");
        assertEquals("Claim upheld: 50-move rule (White), art. 9.3", upheld);
        String ruling = SheetNotice.text(Words.ES, "game.RulingIssued", "ADD_TIME", "", "7.5.5", "", "");
        assertEquals("Decisión del árbitro: tiempo añadido al adversario, art. 7.5.5", ruling);
        for (String text : new String[] {upheld, ruling}) {
            assertFalse(text.matches(".*\\b[A-Z]+_[A-Z_]+\\b.*"), "no enum name left: " + text);
            assertFalse(text.contains("ClaimUpheld") || text.contains("RulingIssued"), text);
        }
    }

    private static final Instant AT = Instant.parse("2026-05-01T18:00:00Z");
    private static final String FEN = "8/8/8/4k3/8/8/4K3/8 w - - 0 60";

    /** A rejected claim as the game service writes it (DrawClaimDecisions: its English reason and description). */
    private static ClaimRejected rejected(Side by, DrawClaimKind kind, String reason, Penalty penalty,
                                          List<Integer> repetitions, int pliesWithoutCaptureOrPawnMove) {
        return new ClaimRejected(by, kind, reason, "FIDE 2018 9.5.2", penalty, true,
                new ClaimEvidence(FEN, repetitions, 20, pliesWithoutCaptureOrPawnMove), AT);
    }

    private static String notice(Words words, ClaimRejected event) {
        return SheetNotice.text(words, "game.ClaimRejected", event.kind().name() + "_REJECTED", event.by().name(),
                event.article(), SheetNotice.reason(words, event), SheetNotice.penalty(words, event.by(),
                        event.penalty()));
    }

    @Test
    void a_wrong_threefold_claim_reads_its_reason_and_penalty_in_the_sheets_language() {
        // given Black's threefold claim on a position that occurred twice, the opponent getting two minutes
        ClaimRejected event = rejected(Side.BLACK, DrawClaimKind.THREEFOLD, "the position occurred 2 time(s), not three",
                new Penalty(120_000, 0, "FIDE 2018 9.5.2.2", "opponent +120 s"), List.of(8, 12), 4);
        // then each sheet reads it in its own words
        assertEquals("Claim rejected: threefold repetition (Black), art. FIDE 2018 9.5.2: the position occurred"
                + " 2 times, not three times; penalty: 120 s added to White's time", notice(Words.EN, event));
        String spanish = notice(Words.ES, event);
        assertEquals("Reclamación rechazada: triple repetición (Negras), art. FIDE 2018 9.5.2: la posición se ha"
                + " producido 2 veces, no tres; sanción: 120 s añadidos al tiempo de Blancas", spanish);
        for (String english : new String[] {"occurred", "time(s)", "opponent", "+120"}) {
            assertFalse(spanish.contains(english), "English left on the Spanish sheet: " + spanish);
        }
        // a position that occurred once
        ClaimRejected once = rejected(Side.WHITE, DrawClaimKind.THREEFOLD, "the position occurred 1 time(s), not three",
                Penalty.NONE, List.of(30), 0);
        assertEquals("la posición se ha producido una vez, no tres", SheetNotice.reason(Words.ES, once));
        assertEquals("", SheetNotice.penalty(Words.ES, once.by(), once.penalty()), "no penalty, no penalty clause");
    }

    @Test
    void a_wrong_fifty_move_claim_under_1997_halving_names_both_players_times() {
        // given White's 50-move claim after 60 plies, FIDE 1997 9.5b: Black +180 s, White loses half (45.5 s)
        ClaimRejected event = rejected(Side.WHITE, DrawClaimKind.FIFTY_MOVES,
                "only 60 plies without a capture or pawn move, not 100",
                new Penalty(180_000, 45_500, "FIDE 1997 9.5b", "opponent +180 s; claimant -45.5 s (half, at most 3 min)"),
                List.of(), 60);
        assertEquals("solo 60 medias jugadas sin captura ni movimiento de peón, no 100",
                SheetNotice.reason(Words.ES, event));
        assertEquals("180 s añadidos al tiempo de Negras, 45,5 s descontados del tiempo de Blancas",
                SheetNotice.penalty(Words.ES, event.by(), event.penalty()));
        assertEquals("180 s added to Black's time, 45.5 s taken from White's time",
                SheetNotice.penalty(Words.EN, event.by(), event.penalty()));
        // a count raised before the start (Code 1970 XII-4) keeps its note, in words
        ClaimRejected raised = rejected(Side.BLACK, DrawClaimKind.FIFTY_MOVES, "only 110 plies without a capture or"
                + " pawn move, not 150 (the number of moves raised for this position before the start, Code 1970 art."
                + " XII-4)", Penalty.NONE, List.of(), 110);
        assertEquals("solo 110 medias jugadas sin captura ni movimiento de peón, no 150 (el número de jugadas aumentado"
                + " para esta posición antes del comienzo, Código de 1970 art. XII-4)", SheetNotice.reason(Words.ES,
                raised));
        // the clock cuts the claimant's time itself when the game had no reading (FIDE 2001 9.5b)
        Penalty byTheClock = new Penalty(180_000, 0, "FIDE 2001 9.5b", "opponent +180 s; claimant: ...", true);
        assertEquals("180 s añadidos al tiempo de Negras, el tiempo restante de Blancas se reduce según el art."
                + " FIDE 2001 9.5b (lo aplica el reloj)", SheetNotice.penalty(Words.ES, Side.WHITE, byTheClock));
    }

    @Test
    void a_reason_the_console_does_not_know_is_shown_as_the_game_gave_it() {
        // the arbiter's own words on a quickplay-finish claim stay his
        ClaimRejected own = rejected(Side.WHITE, DrawClaimKind.QUICKPLAY_FINISH, "Black is still pressing on the queenside",
                new Penalty(120_000, 0, "FIDE 2018 III.5", "opponent +120 s: quickplay-finish claim rejected"),
                List.of(), 0);
        assertEquals("Black is still pressing on the queenside", SheetNotice.reason(Words.ES, own));
        // the game service's default sentence is known: in words
        ClaimRejected standard = rejected(Side.WHITE, DrawClaimKind.QUICKPLAY_FINISH, "the arbiter does not agree that"
                + " the opponent cannot win, or is making no effort to win, by normal means", own.penalty(), List.of(), 0);
        assertEquals("el árbitro no considera que el adversario no pueda ganar, o no se esfuerce por ganar, por medios"
                + " normales", SheetNotice.reason(Words.ES, standard));
        // a 50-move sentence of another shape (a later game service) is not guessed at
        ClaimRejected other = rejected(Side.WHITE, DrawClaimKind.FIFTY_MOVES, "only 60 half-moves since the last"
                + " capture", Penalty.NONE, List.of(), 60);
        assertEquals("only 60 half-moves since the last capture", SheetNotice.reason(Words.ES, other));
    }

    @Test
    void the_sheet_reads_the_rejected_claim_from_the_incidents_stored_event() {
        // given the incident's details as the game service stores them (the sealed event as on the game topic)
        ClaimRejected event = rejected(Side.BLACK, DrawClaimKind.THREEFOLD, "the position occurred 2 time(s), not three",
                new Penalty(120_000, 0, "FIDE 2018 9.5.2.2", "opponent +120 s"), List.of(8, 12), 4);
        String details = SheetJournal.CODEC.toJson(SheetJournal.CODEC.seal(Envelope.event(java.util.UUID.randomUUID(),
                java.util.UUID.randomUUID(), null, "g-1", 7, Actor.system("game"), AT, event), Envelope.GENESIS_HASH));
        // then the console reads the event back with its fields
        assertEquals(event, Scoresheets.rejectedClaim(details));
        // and shows the row's own reason for anything else
        assertNull(Scoresheets.rejectedClaim(""));
        assertNull(Scoresheets.rejectedClaim("{\"not\": \"an event\"}"));
    }
}

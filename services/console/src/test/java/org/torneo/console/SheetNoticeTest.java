package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/** The arbiter's decisions as a board's scoresheet shows them: in the players' words, never the services' names. */
class SheetNoticeTest {

    @Test
    void a_rejected_threefold_claim_reads_in_english_and_spanish() {
        assertEquals("claim rejected: threefold repetition (Black), art. 9.5.2: the position did not occur three"
                        + " times; penalty: 2 minutes added to White",
                SheetNotice.text(Words.EN, "game.ClaimRejected", "THREEFOLD_REJECTED", "BLACK", "9.5.2",
                        "the position did not occur three times", "2 minutes added to White"));
        assertEquals("reclamación rechazada: triple repetición (Negras), art. 9.5.2",
                SheetNotice.text(Words.ES, "game.ClaimRejected", "THREEFOLD_REJECTED", "BLACK", "9.5.2", "", ""));
    }

    @Test
    void upheld_claims_and_rulings_lose_their_raw_names() {
        String upheld = SheetNotice.text(Words.EN, "game.ClaimUpheld", "FIFTY_MOVES_UPHELD", "WHITE", "9.3", "", "");
        assertEquals("claim upheld: 50-move rule (White), art. 9.3", upheld);
        String ruling = SheetNotice.text(Words.ES, "game.RulingIssued", "ADD_TIME", "", "7.5.5", "", "");
        assertEquals("decisión del árbitro: tiempo añadido al adversario, art. 7.5.5", ruling);
        for (String text : new String[] {upheld, ruling}) {
            assertFalse(text.matches(".*\\b[A-Z]+_[A-Z_]+\\b.*"), "no enum name left: " + text);
            assertFalse(text.contains("ClaimUpheld") || text.contains("RulingIssued"), text);
        }
    }
}

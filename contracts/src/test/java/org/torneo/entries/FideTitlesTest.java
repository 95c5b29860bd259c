package org.torneo.entries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Titles and federations as registration keeps them, whatever spelling a file used. */
class FideTitlesTest {

    @Test
    void titlesAreReadInAnyCaseAndFromTheShortCodesOfOlderTrfs() {
        assertEquals("GM", EntryFiles.fideTitle("gm"));
        assertEquals("GM", EntryFiles.fideTitle("g"));
        assertEquals("IM", EntryFiles.fideTitle("m"));
        assertEquals("WGM", EntryFiles.fideTitle(" wg "));
        assertEquals("WCM", EntryFiles.fideTitle("wc"));
        assertEquals("", EntryFiles.fideTitle(""));
        assertEquals("", EntryFiles.fideTitle(null));
    }

    @Test
    void aValueThatIsNoFideTitleHasNone() {
        assertNull(EntryFiles.fideTitle("Dr"));
        assertNull(EntryFiles.fideTitle("NM"));
    }

    @Test
    void aFederationIsThreeCapitalLettersOrNone() {
        assertTrue(EntryFiles.isFederation("ESP"));
        assertTrue(EntryFiles.isFederation(""));
        assertFalse(EntryFiles.isFederation("esp"));
        assertFalse(EntryFiles.isFederation("ES"));
        assertFalse(EntryFiles.isFederation("E1P"));
        assertFalse(EntryFiles.isFederation(null));
    }
}

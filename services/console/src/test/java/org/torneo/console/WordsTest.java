package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.RulingKind;

/** The claims page shows the services' names in words: every name it can be given has a word in each language. */
class WordsTest {

    /** The game service's game phases (GameState.Phase, which the console reads as text). */
    private static final List<String> PHASES = List.of("NOT_STARTED", "IN_PROGRESS", "ADJOURNED", "ENDED", "CANCELLED");
    /** The game file's entries the claims page lists (Console.FILED categories). */
    private static final List<String> FILE_ENTRIES = List.of("ClaimFiled", "ClaimPostponed", "ClaimUpheld",
            "ClaimRejected", "QuickplayIncrementGranted", "FlagFellDuringPostponedClaim", "RulingIssued",
            "IllegalMoveRecorded", "IllegalMoveNotCompleted", "MovesTakenBack");

    @Test
    void everyNameTheClaimsPageShowsHasAWordInEnglishAndSpanish() {
        List<String> names = new ArrayList<>(Console.CLAIM_KINDS);
        Stream.of(RulingKind.values()).map(Enum::name).forEach(names::add);
        Stream.of(DrawClaimKind.values()).map(Enum::name).forEach(names::add);
        Stream.of(Side.values()).map(Enum::name).forEach(names::add);
        names.addAll(PHASES);
        names.addAll(FILE_ENTRIES);
        List<String> missing = new ArrayList<>();
        for (String name : names) {
            for (Words language : Words.values()) {
                String word = language.map().get(name);
                if (word == null || word.equals(name)) {
                    missing.add(language.code() + " " + name);
                }
            }
        }
        assertTrue(missing.isEmpty(), "no word for " + missing);
        assertEquals("en juego", Words.ES.map().get("IN_PROGRESS"));
        assertEquals("threefold repetition", Words.EN.map().get("THREEFOLD"));
    }

    /** The words a scoresheet builds a rejected claim's reason and penalty from (SheetNotice): none left in English. */
    @Test
    void everyWordOfARejectedClaimsReasonAndPenaltyIsInBothLanguages() {
        List<String> keys = List.of("reasonThreefold", "reasonOnce", "reasonTimes", "reasonFifty", "reasonFiftyRaised",
                "reasonQuickplayFinish", "reasonQuickplayIncrement", "penaltyAdded", "penaltyDeducted",
                "penaltyByTheClock");
        assertSentencesInBothLanguages(keys);
    }

    /** Every warning the Dutch checker records on a change by hand has its sentence in both languages. */
    @Test
    void everyWarningOfTheDutchCheckerHasASentenceInEnglishAndSpanish() {
        List<String> kinds = Stream.of(org.torneo.pairing.dutch.check.RoundCheck.Kind.values()).map(Enum::name).toList();
        assertEquals(kinds, HandChangeWarnings.KINDS, "the console's list of kinds is the checker's");
        List<String> keys = new ArrayList<>(List.of("warnAt", "checkerWarnings"));
        kinds.forEach(k -> keys.add("warn" + k));
        assertSentencesInBothLanguages(keys);
        // a swap's warnings in Spanish, with the players' names and the colour in words
        org.torneo.contracts.tournament.PairingWarning c3 = new org.torneo.contracts.tournament.PairingWarning("C3",
                "SAME_COLOUR_THREE_TIMES", 4, List.of("p1"), "WWW");
        assertEquals("Tablero 4, C.04.3 C3: Ana recibe el mismo color por tercera vez seguida (WWW), lo que la regla"
                + " absoluta de colores prohíbe a quien no es puntero", HandChangeWarnings.describe(Words.ES, c3,
                id -> id.equals("p1") ? "Ana" : id));
        org.torneo.contracts.tournament.PairingWarning preference = new org.torneo.contracts.tournament.PairingWarning(
                "C13", "STRONG_COLOUR_PREFERENCE_NOT_MET", 2, List.of("p2"), "WHITE");
        assertEquals("Board 2, C.04.3 C13: Bea does not get the colour he strongly prefers (white)",
                HandChangeWarnings.describe(Words.EN, preference, id -> "Bea"));
    }

    /** The create form's event and rules, the event page, the bye form and its kinds: each in both languages. */
    @Test
    void everyWordOfTheOrganisersSettingsIsInBothLanguages() {
        List<String> keys = List.of("event", "events", "eventTournaments", "eventId", "eventName", "eventHelp",
                "byeRules", "maxHalfPointByes", "noByeLastRounds", "lastEntryRound", "maxByesShort", "noByeRoundsShort",
                "entryDeadline", "noLimit", "noneRounds", "noDeadline", "requestBye", "requestedByes", "noRequestedByes",
                "byeKind", "byeRequested", "enteredBy", "HALF_POINT", "ZERO_POINT", "joinsRound");
        List<String> missing = new ArrayList<>();
        for (String key : keys) {
            String english = Words.EN.map().get(key);
            String spanish = Words.ES.map().get(key);
            if (english == null || spanish == null || english.equals(spanish)) {
                missing.add(key + " (" + english + " / " + spanish + ")");
            }
        }
        assertTrue(missing.isEmpty(), "not in both languages: " + missing);
        assertEquals("descanso de medio punto", Words.ES.get("HALF_POINT"));
    }

    /**
     * Every kind of bye, every word of a change recorded to a round (HandChangeText) and the kinds and details of a
     * scoresheet alert (SheetAlertText) are in both languages.
     */
    @Test
    void everyKindOfByeAndEveryWordOfARecordedChangeIsInBothLanguages() {
        List<String> keys = new ArrayList<>(HandChangeText.BYE_KINDS);
        keys.addAll(List.of("changeSwapped", "changeColours", "changePaired", "changeCorrected", "changeReason",
                "seatWhite", "seatBlack", "seatNone", "playerNumbered", "dateTimePattern", "discrepancy", "illegal",
                "alertDiscrepancy", "alertIllegal", "alertCorrected", "moverWHITE", "moverBLACK", "sheetOfWHITE",
                "sheetOfBLACK"));
        assertSentencesInBothLanguages(keys);
        assertEquals("descanso asignado por el emparejamiento", HandChangeText.byeKind(Words.ES, "PAIRING_BYE"));
        assertEquals("pairing-allocated bye", HandChangeText.byeKind(Words.EN, "PAIRING_BYE"));
    }

    /** Each key has its Spanish and its English, different, with the same placeholders (no number or side lost). */
    private static void assertSentencesInBothLanguages(List<String> keys) {
        for (String key : keys) {
            String english = Words.EN.map().get(key);
            String spanish = Words.ES.map().get(key);
            assertTrue(english != null && spanish != null, "no word for " + key);
            assertTrue(!english.equals(spanish), key + " is not in Spanish: " + spanish);
            assertEquals(placeholders(english), placeholders(spanish), key);
        }
    }

    private static List<String> placeholders(String text) {
        return java.util.regex.Pattern.compile("%\\d\\$[sd]").matcher(text).results()
                .map(java.util.regex.MatchResult::group).sorted().toList();
    }
}

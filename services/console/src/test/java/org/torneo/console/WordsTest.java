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
        for (String key : keys) {
            String english = Words.EN.map().get(key);
            String spanish = Words.ES.map().get(key);
            assertTrue(english != null && spanish != null, "no word for " + key);
            assertTrue(!english.equals(spanish), key + " is not in Spanish: " + spanish);
            // the same placeholders in both, so a sentence never loses a number or a side
            assertEquals(placeholders(english), placeholders(spanish), key);
        }
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

    private static List<String> placeholders(String text) {
        return java.util.regex.Pattern.compile("%\\d\\$[sd]").matcher(text).results()
                .map(java.util.regex.MatchResult::group).sorted().toList();
    }
}

package org.torneo.console;

import java.util.List;
import java.util.function.UnaryOperator;

import org.torneo.contracts.tournament.PairingWarning;

/**
 * A warning of the Dutch checker on a change by hand (recorded by the pairing service with the change) in the user's
 * words: the board, the C.04.3 criterion and a sentence naming the players. The sentence of each kind is the word
 * {@code "warn" + kind} with %1$s the first player, %2$s the second (pairs) and %3$s the detail.
 */
final class HandChangeWarnings {

    /** The kinds the pairing core's RoundCheck finds (WordsTest requires a sentence for each in both languages). */
    static final List<String> KINDS = List.of("COLOUR_DIFFERENCE", "SAME_COLOUR_THREE_TIMES",
            "TOPSCORER_COLOUR_DIFFERENCE", "TOPSCORER_SAME_COLOUR_THREE_TIMES", "COLOURS_NOT_AS_ALLOCATED",
            "COLOUR_PREFERENCE_NOT_MET", "STRONG_COLOUR_PREFERENCE_NOT_MET", "SCORE_DIFFERENCE", "REPEATED_DOWNFLOAT",
            "REPEATED_UPFLOAT");

    private HandChangeWarnings() {
    }

    static String describe(Words words, PairingWarning warning, UnaryOperator<String> name) {
        List<String> players = warning.playerIds();
        String first = players.isEmpty() ? "" : name.apply(players.get(0));
        String second = players.size() < 2 ? "" : name.apply(players.get(1));
        String detail = switch (warning.detail()) {
            case "WHITE", "BLACK" -> words.get(warning.detail()).toLowerCase(java.util.Locale.ROOT);
            default -> warning.detail();
        };
        String key = "warn" + warning.kind();
        String sentence = words.get(key);
        if (sentence.equals(key)) {
            // a kind newer than this console: its name and the players, still in the record
            sentence = warning.kind() + ": %1$s %2$s %3$s";
        }
        return String.format(words.get("warnAt"), warning.board(), warning.criterion())
                + String.format(sentence, first, second, detail).strip();
    }
}

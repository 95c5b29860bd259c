package org.torneo.console;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.contracts.game.ClaimEvidence;
import org.torneo.contracts.game.Penalty;

/**
 * An arbiter's decision on a board as the board's electronic scoresheet shows it to the players, in their language:
 * "claim rejected: threefold repetition (Black), art. 9.5.2: the position has not appeared three times; penalty: two
 * minutes added to White's time" rather than the services' names ({@code ClaimRejected THREEFOLD_REJECTED BLACK}).
 */
final class SheetNotice {

    private SheetNotice() {
    }

    /**
     * @param type    the incident's event type (game.ClaimUpheld, game.ClaimRejected, game.RulingIssued)
     * @param kind    the claim's kind with its outcome (THREEFOLD_REJECTED) or the ruling's kind (ADD_TIME)
     * @param side    WHITE, BLACK or empty
     * @param article the article the decision rests on, or empty
     * @param reason  the decision's reason, or empty
     * @param penalty the penalty's description, or empty
     */
    static String text(Words words, String type, String kind, String side, String article, String reason,
                       String penalty) {
        String name = type.startsWith("game.") ? type.substring(5) : type;
        String what = kind == null ? "" : kind.replaceFirst("_(UPHELD|REJECTED)$", "");
        StringBuilder out = new StringBuilder(words.get(name));
        if (!what.isBlank()) {
            out.append(": ").append(words.get(what));
        }
        if (side != null && !side.isBlank()) {
            out.append(" (").append(words.get(side)).append(")");
        }
        if (article != null && !article.isBlank()) {
            out.append(", ").append(words.get("sheetArticle")).append(" ").append(article.strip());
        }
        if (reason != null && !reason.isBlank()) {
            out.append(": ").append(reason.strip());
        }
        if (penalty != null && !penalty.isBlank()) {
            out.append("; ").append(words.get("sheetPenalty")).append(": ").append(penalty.strip());
        }
        String sentence = out.toString().replaceAll("\\s+", " ").strip();
        // a note on the sheet is a sentence of its own: "Claim rejected: ...", "Reclamación rechazada: ..."
        return sentence.isEmpty() ? sentence
                : sentence.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + sentence.substring(1);
    }

    /** The game service's sentence for a wrong 50-move claim (DrawClaimDecisions): the plies needed are only there. */
    private static final Pattern FIFTY_REASON = Pattern.compile(
            "only (\\d+) plies without a capture or pawn move, not (\\d+)( \\(the number of moves raised .*)?");
    /** The game service's reasons when the arbiter rejects a quickplay claim and writes none of his own. */
    private static final String QUICKPLAY_FINISH_REASON = "the arbiter does not agree that the opponent cannot win, or"
            + " is making no effort to win, by normal means";
    private static final String QUICKPLAY_INCREMENT_REASON = "the arbiter does not agree to the request for an increment";

    /**
     * Why the claim was rejected, in the sheet's language, built from the event's fields (the claim's kind, the
     * evidence's repetitions and moves without capture or pawn move); the game service's own text only for a reason
     * the console does not know (an arbiter's own words, a sentence of a later version of the game service).
     */
    static String reason(Words words, ClaimRejected rejected) {
        ClaimEvidence evidence = rejected.evidence();
        String given = rejected.reason().strip();
        return switch (rejected.kind()) {
            // FIDE 2018 9.2: the position must occur at least three times
            case THREEFOLD -> evidence == null ? given : String.format(words.get("reasonThreefold"),
                    times(words, evidence.repetitionPlies().size()));
            // FIDE 2018 9.3: 50 moves by each player (100 plies), or the number a 1970 event raised (Code 1970 XII-4)
            case FIFTY_MOVES -> {
                Matcher m = FIFTY_REASON.matcher(given);
                if (evidence == null || !m.matches()
                        || Integer.parseInt(m.group(1)) != evidence.pliesWithoutCaptureOrPawnMove()) {
                    yield given;
                }
                yield String.format(words.get("reasonFifty"), evidence.pliesWithoutCaptureOrPawnMove(),
                        Integer.parseInt(m.group(2))) + (m.group(3) == null ? "" : words.get("reasonFiftyRaised"));
            }
            case QUICKPLAY_FINISH -> given.equals(QUICKPLAY_FINISH_REASON) ? words.get("reasonQuickplayFinish") : given;
            case QUICKPLAY_INCREMENT -> given.equals(QUICKPLAY_INCREMENT_REASON) ? words.get("reasonQuickplayIncrement")
                    : given;
        };
    }

    /**
     * The penalty of a wrong claim in the sheet's language, from its fields: the seconds added to the claimant's
     * opponent, those taken from the claimant, or the cut the clock computes (FIDE 2018 9.5.2.2; 2001 and 1997 9.5b);
     * empty when there is none.
     */
    static String penalty(Words words, Side claimant, Penalty penalty) {
        if (penalty == null) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        if (penalty.addedToOpponentMillis() > 0) {
            parts.add(String.format(words.get("penaltyAdded"), seconds(words, penalty.addedToOpponentMillis()),
                    words.get(claimant.opponent().name())));
        }
        if (penalty.deductedFromOffenderMillis() > 0) {
            parts.add(String.format(words.get("penaltyDeducted"), seconds(words, penalty.deductedFromOffenderMillis()),
                    words.get(claimant.name())));
        }
        if (penalty.deductionByTheClock()) {
            parts.add(String.format(words.get("penaltyByTheClock"), words.get(claimant.name()), penalty.article()));
        }
        return String.join(", ", parts);
    }

    private static String times(Words words, int count) {
        return count == 1 ? words.get("reasonOnce") : String.format(words.get("reasonTimes"), count);
    }

    /** Whole seconds as such, else with their decimals (a decimal comma in Spanish). */
    private static String seconds(Words words, long millis) {
        String text = BigDecimal.valueOf(millis, 3).stripTrailingZeros().toPlainString();
        return words == Words.ES ? text.replace('.', ',') : text;
    }
}

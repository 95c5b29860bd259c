package org.torneo.console;

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
        return out.toString().replaceAll("\\s+", " ").strip();
    }
}

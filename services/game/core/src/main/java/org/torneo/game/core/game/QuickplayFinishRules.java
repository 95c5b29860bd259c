package org.torneo.game.core.game;

import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Ruleset.Category;

/**
 * The quickplay-finish draw claim of an edition: a player with under two minutes in the period where all remaining
 * moves must be made claims that the opponent cannot win, or is making no effort to win, by normal means; the
 * arbiter judges it. What differs between editions is who may claim, whether the arbiter may reject, and whether the
 * event must announce the rule.
 *
 * @param exists                  false when the edition or category has no such claim
 * @param absentBecause           why there is none (with the article), when {@code exists} is false
 * @param onlyThePlayerToMove     FIDE 2001 10.2, 2018 III.5: "the player having the move"; 1997 10.2: any player
 * @param arbiterMayReject        FIDE 2001 10.2a/c, 2018 III.5.1/3; 1997 10.2a: he declares a draw or postpones only
 * @param needsAnnouncedGuidelines FIDE 2018 III.2.1: the Guidelines apply only when announced in advance
 * @param claimCountsAsOffer      FIDE 2001 9.1c: a claim under 10.2 also counts as a draw offer
 * @param claimArticle            the article of the claim
 * @param postponeArticle         the article of a postponement (and of the two minutes it may give)
 * @param rejectArticle           the article of a rejection (two minutes to the opponent), or "" when none
 * @param afterFlagArticle        the article for the arbiter's decision once the claimant's flag has fallen
 */
public record QuickplayFinishRules(boolean exists, String absentBecause, boolean onlyThePlayerToMove,
                                   boolean arbiterMayReject, boolean needsAnnouncedGuidelines,
                                   boolean claimCountsAsOffer, String claimArticle, String postponeArticle,
                                   String rejectArticle, String afterFlagArticle) {

    /** Less than two minutes left (FIDE 1997/2001 10.2, 2018 III.4, III.5: "menos de dos minutos"). */
    public static final long CLAIM_THRESHOLD_MILLIS = 120_000;

    /** FIDE 2018 III.4: the increment per move introduced for both players on an accepted request. */
    public static final long REQUESTED_INCREMENT_MILLIS = 5_000;

    /** The extra time the arbiter gives (or may give) the claimant's opponent (1997/2001 10.2b-c, 2018 III.5.2-3). */
    public static final long OPPONENT_BONUS_MILLIS = 120_000;

    public static QuickplayFinishRules of(Ruleset ruleset) {
        boolean blitz = ruleset.category() == Category.BLITZ;
        return switch (ruleset.edition()) {
            // Guidelines III apply to standard and rapid games without increment, never to blitz (III.2.2)
            case FIDE_2018 -> blitz ? none("the Guidelines III do not apply to blitz games (FIDE 2018 III.2.2)")
                    : new QuickplayFinishRules(true, "", true, true, true, false, "FIDE 2018 III.5",
                    "FIDE 2018 III.5.2", "FIDE 2018 III.5.3", "FIDE 2018 III.5.2");
            // the 2001 seed lacks its appendices; the blitz exclusion of 1997 C.5 and 2018 III.2.2 is FIDE practice
            case FIDE_2001 -> blitz ? none("Article 10.2 does not apply to blitz games (FIDE 2001 appendix, not in the "
                    + "seed: the practice of FIDE 1997 C.5 and 2018 III.2.2)")
                    : new QuickplayFinishRules(true, "", true, true, false, true, "FIDE 2001 10.2",
                    "FIDE 2001 10.2b", "FIDE 2001 10.2c", "FIDE 2001 10.2b");
            case FIDE_1997 -> blitz ? none("Article 10.2 does not apply to blitz games (FIDE 1997 C.5)")
                    : new QuickplayFinishRules(true, "", false, false, false, false, "FIDE 1997 10.2",
                    "FIDE 1997 10.2b", "", "FIDE 1997 10.2c");
            case CODE_1970 -> none("the Code 1970 has no quickplay-finish claim: a flag fall loses (Code 1970 art. XIV)");
        };
    }

    private static QuickplayFinishRules none(String why) {
        return new QuickplayFinishRules(false, why, false, false, false, false, "", "", "", "");
    }
}

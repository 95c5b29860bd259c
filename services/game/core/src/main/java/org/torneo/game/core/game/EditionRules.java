package org.torneo.game.core.game;

import java.util.Objects;

import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.game.DeclineMode;
import org.torneo.contracts.game.EventRegulations;
import org.torneo.game.core.ruleset.RepetitionIdentity;

/**
 * Every rule of the game decider that differs between editions and categories, in one value built from the
 * {@link Ruleset} reference. The decider reads these fields and never tests the edition itself. (When the shared
 * per-edition Ruleset of org.torneo.game.core.ruleset lands, this record is the one place to map from it.)
 *
 * <p>Articles are written per edition, e.g. "FIDE 2018 7.5.5", "FIDE 1997 C.3", "Code 1970 art. XII-3".
 */
public record EditionRules(
        Ruleset ruleset,
        /* illegal moves */
        long illegalMovePenaltyMillis, int illegalMovesToLose, boolean illegalMoveLossDrawnIfOpponentCannotMate,
        boolean illegalMoveOpponentMayClaimWin, boolean illegalMovesStandUnlessClaimedUnsupervised,
        boolean illegalActionsCount, String illegalMoveArticle, String illegalMoveLossArticle,
        /* endings */
        boolean deadPositionEndsGame, boolean automaticFivefoldAnd75, String checkmateArticle, String stalemateArticle,
        String deadPositionArticle, String resignationArticle,
        /* offers and claims */
        boolean agreementNeedsBothMoved, DeclineMode offerDeclinedByAction, boolean claimCountsAsOffer,
        boolean claimRightLostByTouch, boolean claimantClockRuns, WrongClaimPenalty wrongClaimPenalty,
        long wrongClaimOpponentBonusMillis, String agreementArticle, String offerArticle, String threefoldArticle,
        String fiftyMovesArticle, String wrongClaimArticle,
        /* time */
        FlagFallRule flagFallRule, boolean bothFlagsAlwaysDraw, String flagFallArticle, String bothFlagsArticle,
        String defaultArticle,
        /* set-up and adjournment */
        int coloursReversedNewGameBelowMovesEach, String coloursReversedArticle, String sealedMoveArticle,
        /* arbiter */
        boolean adjudicationAllowed, boolean adjournmentAllowed, boolean bothFlagsArbiterDecides,
        /* repetition: which positions are "the same" (Code 1970 XII-3, 1997/2001 9.2, 2018 9.2.3) */
        RepetitionIdentity repetitionIdentity,
        /* FIDE 1997 B.5 (rapid, and blitz by C.2): the arbiter acts on illegal moves only when a player asks */
        boolean arbiterActsOnIllegalMovesOnlyOnClaim) {

    /** How a flag fall is turned into a result. */
    public enum FlagFallRule {
        /** Code 1970 art. XIV: the player who oversteps loses, whatever the opponent has left. */
        LOSES_REGARDLESS,
        /** FIDE 1997 C.4 (blitz): a win needs mating potential (a stricter test: K+N+N vs K is not enough). */
        MATING_POTENTIAL,
        /** FIDE 1997 6.9, 2001 6.10, 2018 6.9: a draw if the opponent cannot mate by any series of legal moves. */
        HELPMATE
    }

    /** What an incorrect draw claim costs. */
    public enum WrongClaimPenalty {
        /** Code 1970 art. XII-3: no time penalty; the announced move must be played. */
        NONE,
        /** FIDE 1997 9.5b: the claimant's remaining time is halved, at most 3 minutes; opponent +3 minutes. */
        HALVING_1997,
        /** FIDE 2001 9.5b: opponent +3 min; claimant over 2 min loses half (at most 3), 1-2 min set to 1 min. */
        PIECEWISE_2001,
        /** FIDE 2018 9.5.3 (B.2 in blitz): opponent +2 minutes (+1 in blitz), the claimant's time unchanged. */
        OPPONENT_BONUS
    }

    public EditionRules {
        Objects.requireNonNull(ruleset, "ruleset");
    }

    private static final long MINUTE = 60_000;

    /**
     * The rules of an edition and category: the parameters come from the shared per-edition ruleset
     * ({@link org.torneo.game.core.ruleset.Ruleset#of}); this record adds the articles the decider cites and the
     * few items the shared value does not hold (the claimant's running clock in 1970, adjudication).
     *
     * @throws IllegalArgumentException when the edition has no rules for the category (the 1970 Code and rapid/blitz)
     */
    public static EditionRules of(Ruleset ruleset) {
        org.torneo.game.core.ruleset.Ruleset laws = org.torneo.game.core.ruleset.Ruleset.of(
                org.torneo.game.core.ruleset.Edition.valueOf(ruleset.edition().name()),
                org.torneo.game.core.ruleset.Category.valueOf(ruleset.category().name()));
        var illegal = laws.illegalMoves();
        var wrongClaim = laws.wrongClaimPenalty();
        EditionRules articles = articles(ruleset);
        return new EditionRules(ruleset,
                illegal.opponentBonus().toMillis(), illegal.losingCount(), illegal.drawIfOpponentCannotMate(),
                illegal.opponentMayClaimWin(), illegal.standsOnceOpponentMoved() && !illegal.opponentMayClaimWin(),
                articles.illegalActionsCount(), articles.illegalMoveArticle(), articles.illegalMoveLossArticle(),
                laws.deadPositionEndsGame(), laws.fivefoldRepetitionAutomatic() && laws.seventyFiveMoveRuleAutomatic(),
                articles.checkmateArticle(), articles.stalemateArticle(), articles.deadPositionArticle(),
                articles.resignationArticle(),
                laws.movesEachBeforeAgreement() >= 1,
                laws.drawOfferRejectedBy() == org.torneo.game.core.ruleset.Ruleset.DrawOfferRejectedBy.MOVE
                        ? DeclineMode.BY_MOVE : DeclineMode.BY_TOUCHING_A_PIECE,
                laws.claimIsDrawOffer(),
                laws.claimRightLost() == org.torneo.game.core.ruleset.Ruleset.ClaimRightLostWhen.PIECE_TOUCHED,
                articles.claimantClockRuns(),
                switch (wrongClaim.claimant()) {
                    case NONE -> WrongClaimPenalty.OPPONENT_BONUS;
                    case NO_TIME_PENALTY -> WrongClaimPenalty.NONE;
                    case HALF_AT_MOST_THREE_MINUTES -> WrongClaimPenalty.HALVING_1997;
                    case HALF_AT_MOST_THREE_OR_DOWN_TO_ONE_MINUTE -> WrongClaimPenalty.PIECEWISE_2001;
                },
                wrongClaim.opponentBonus().toMillis(), articles.agreementArticle(), articles.offerArticle(),
                articles.threefoldArticle(), articles.fiftyMovesArticle(), articles.wrongClaimArticle(),
                switch (laws.flagFall()) {
                    case LOSES_REGARDLESS -> FlagFallRule.LOSES_REGARDLESS;
                    case DRAW_IF_OPPONENT_LACKS_MATING_POTENTIAL -> FlagFallRule.MATING_POTENTIAL;
                    case DRAW_IF_OPPONENT_CANNOT_MATE -> FlagFallRule.HELPMATE;
                },
                laws.bothFlags() == org.torneo.game.core.ruleset.Ruleset.BothFlagsRule.DRAW,
                articles.flagFallArticle(), articles.bothFlagsArticle(), articles.defaultArticle(),
                laws.coloursReversed() == org.torneo.game.core.ruleset.Ruleset.ColoursReversedRule
                        .NEW_GAME_IF_FEWER_THAN_TEN_MOVES_EACH ? 10 : 0,
                articles.coloursReversedArticle(), articles.sealedMoveArticle(), articles.adjudicationAllowed(),
                laws.adjournmentAllowed(),
                laws.bothFlags() == org.torneo.game.core.ruleset.Ruleset.BothFlagsRule.ARBITER_DECIDES,
                laws.repetitionIdentity(), articles.arbiterActsOnIllegalMovesOnlyOnClaim());
    }

    /** The articles per edition and the items the shared ruleset does not hold (its parameters are ignored here). */
    private static EditionRules articles(Ruleset ruleset) {
        Category category = ruleset.category();
        boolean blitz = category == Category.BLITZ;
        boolean rapid = category == Category.RAPID;
        return switch (ruleset.edition()) {
            case FIDE_2018 -> new EditionRules(ruleset,
                    blitz ? MINUTE : 2 * MINUTE, 2, true, false, rapid || blitz, true,
                    blitz ? "FIDE 2018 7.5.5, B.2" : "FIDE 2018 7.5.5",
                    blitz ? "FIDE 2018 7.5.5, B.2" : "FIDE 2018 7.5.5",
                    true, true, "FIDE 2018 5.1.1", "FIDE 2018 5.2.1", "FIDE 2018 5.2.2", "FIDE 2018 5.1.2",
                    true, DeclineMode.BY_TOUCHING_A_PIECE, true, true, false, WrongClaimPenalty.OPPONENT_BONUS,
                    blitz ? MINUTE : 2 * MINUTE, "FIDE 2018 9.1.1, 5.2.3", "FIDE 2018 9.1.2", "FIDE 2018 9.2",
                    "FIDE 2018 9.3", blitz ? "FIDE 2018 9.5.3, B.2" : "FIDE 2018 9.5.3",
                    FlagFallRule.HELPMATE, false, "FIDE 2018 6.9", "FIDE 2018 III.3.1", "FIDE 2018 6.7.1",
                    10, "FIDE 2018 7.3", "FIDE 2018 I.8", false, true, false, null, false);
            case FIDE_2001 -> new EditionRules(ruleset,
                    2 * MINUTE, 3, false, false, false, false, "FIDE 2001 7.4b", "FIDE 2001 7.4b",
                    true, false, "FIDE 2001 5.1a", "FIDE 2001 5.2a", "FIDE 2001 5.2b", "FIDE 2001 5.1b",
                    false, DeclineMode.BY_TOUCHING_A_PIECE, true, false, false, WrongClaimPenalty.PIECEWISE_2001,
                    3 * MINUTE, "FIDE 2001 5.2c, 9.1", "FIDE 2001 9.1", "FIDE 2001 9.2", "FIDE 2001 9.3",
                    "FIDE 2001 9.5b",
                    FlagFallRule.HELPMATE, false, "FIDE 2001 6.10", "FIDE 2001 6.12, 10.3", "FIDE 2001 6.7",
                    0, "FIDE 2001 7.2", "FIDE 2001 App. A (not in the seed; FIDE practice)", false, true, false, null, false);
            case FIDE_1997 -> new EditionRules(ruleset,
                    0, 0, false, blitz, blitz, false, blitz ? "FIDE 1997 C.3" : "FIDE 1997 7.4",
                    "FIDE 1997 C.3",
                    true, false, "FIDE 1997 5.1a", "FIDE 1997 5.2", "FIDE 1997 9.6", "FIDE 1997 5.1b",
                    false, DeclineMode.BY_MOVE, false, false, false, WrongClaimPenalty.HALVING_1997,
                    3 * MINUTE, "FIDE 1997 5.3, 9.1", "FIDE 1997 9.1", "FIDE 1997 9.2", "FIDE 1997 9.3",
                    "FIDE 1997 9.5b",
                    blitz ? FlagFallRule.MATING_POTENTIAL : FlagFallRule.HELPMATE, rapid || blitz,
                    blitz ? "FIDE 1997 6.9, C.4" : "FIDE 1997 6.9", rapid || blitz ? "FIDE 1997 B.8" : "FIDE 1997 6.11, 10.4",
                    "FIDE 1997 6.6", 0, "FIDE 1997 7.2", "FIDE 1997 A.8", false, true, false, null, rapid || blitz);
            case CODE_1970 -> new EditionRules(ruleset,
                    0, 0, false, false, false, false, "Code 1970 art. IX", "Code 1970 art. IX",
                    // the Code knows no dead-position rule: only mate, stalemate, agreement and claims end a game
                    false, false, "Code 1970 art. XI-1", "Code 1970 art. XII-1", "", "Code 1970 art. XI-2",
                    false, DeclineMode.BY_MOVE, false, false, true, WrongClaimPenalty.NONE,
                    0, "Code 1970 art. XII-2", "Code 1970 art. XII-2", "Code 1970 art. XII-3",
                    "Code 1970 art. XII-4", "Code 1970 art. XII-3",
                    FlagFallRule.LOSES_REGARDLESS, false, "Code 1970 art. XIV", "Code 1970 art. XIV",
                    "Code 1970 art. XVII", 0, "Code 1970 art. IX", "Code 1970 art. XV",
                    // adjudication of unfinished games by the director (Code 1970, Swiss rule VII)
                    true, true, false, null, false);
        };
    }

    /** FIDE 2018 A.4.2 / B.4, 1997 C.3: an illegal move stands once the opponent has moved without claiming. */
    public boolean illegalMovesStandUnlessClaimed(EventRegulations regulations) {
        return illegalMoveOpponentMayClaimWin
                || illegalMovesStandUnlessClaimedUnsupervised && !regulations.adequateSupervision();
    }

    /**
     * FIDE 2018 A.4.4 (rapid; blitz by B.4): without adequate supervision, an illegal position the arbiter sees is
     * drawn if it is still illegal once the next move is completed. The article, or "" where there is no such rule
     * (standard games, supervised play, and the earlier editions).
     */
    public String illegalPositionDrawArticle(EventRegulations regulations) {
        if (ruleset.edition() != org.torneo.contracts.Ruleset.Edition.FIDE_2018 || regulations.adequateSupervision()) {
            return "";
        }
        return switch (ruleset.category()) {
            case RAPID -> "FIDE 2018 A.4.4";
            case BLITZ -> "FIDE 2018 A.4.4, B.4";
            case STANDARD -> "";
        };
    }

    /**
     * FIDE 1997 B.6 (rapid; blitz by C.2): a flag is considered fallen only when a player makes a valid claim to that
     * effect, and the arbiter refrains from pointing it out; B.7: the claimant stops both clocks and notifies the
     * arbiter. The shared ruleset says it as "the arbiter does not call flag falls" ({@code arbiterCallsFlagFall}).
     */
    public boolean flagCountsOnlyWhenClaimed() {
        return !org.torneo.game.core.ruleset.Ruleset.of(
                org.torneo.game.core.ruleset.Edition.valueOf(ruleset.edition().name()),
                org.torneo.game.core.ruleset.Category.valueOf(ruleset.category().name())).arbiterCallsFlagFall();
    }

    /**
     * Where touch-move is the opponent's claim, which he loses once he touches a piece himself: Code 1970 art. VIII
     * ("si el adversario no reclama esta falta antes de a su vez haber tocado alguna pieza ... queda sin castigo"),
     * FIDE 1997 4.6, FIDE 2001 4.6. The article, or "" where the obligation is enforced when the move is entered:
     * FIDE 2018, whose seed breaks off at 4.4.4 (before 4.8); the behaviour is kept there.
     */
    public String touchMoveClaimArticle() {
        return switch (ruleset.edition()) {
            case CODE_1970 -> "Code 1970 art. VIII";
            case FIDE_1997 -> "FIDE 1997 4.6";
            case FIDE_2001 -> "FIDE 2001 4.6";
            case FIDE_2018 -> "";
        };
    }

    /** A move breaking touch-move stands unless the opponent claims it ({@link #touchMoveClaimArticle()}). */
    public boolean touchMoveIsAClaim() {
        return !touchMoveClaimArticle().isEmpty();
    }

    /**
     * Whether a fifty-move claim may rest on a move the claimant writes and declares (FIDE 1997 9.3b, 2001 9.3a,
     * 2018 9.3.1). Code 1970 art. XII-4 counts only moves made: the player "demuestra que ... se han ejecutado por lo
     * menos 50 jugadas".
     */
    public boolean fiftyMoveClaimOnAnIntendedMove() {
        return ruleset.edition() != org.torneo.contracts.Ruleset.Edition.CODE_1970;
    }

    /**
     * The sanctions of the edition's closed catalogue (FIDE 1997 13.4 a-e: warning, time to the opponent, time from
     * the offender, loss of the game, expulsion; 2001 13.4 a-g adds lowering the offender's and raising the
     * opponent's points; 2018 12.9.1-12.9.9 adds a fine announced in advance and exclusion from rounds). The Code 1970
     * gives the director's powers (art. XIX) without a closed list of sanctions: nothing is refused there.
     *
     * @param article        the catalogue's article
     * @param notInCatalogue the ruling kinds that are sanctions the edition does not have
     * @param scoresMayChange whether the arbiter may give a game scores other than a result's (1997: no, 13.4d
     *                       declares a game lost; 2001 13.4e-f, 2018 12.9.4-12.9.5: yes, up to the game's maximum)
     */
    public record SanctionCatalogue(String article, java.util.Set<org.torneo.contracts.game.RulingKind> notInCatalogue,
                                    boolean scoresMayChange) {
    }

    public SanctionCatalogue sanctions() {
        var none = java.util.EnumSet.noneOf(org.torneo.contracts.game.RulingKind.class);
        var fineOrExclusion = java.util.EnumSet.of(org.torneo.contracts.game.RulingKind.FINE,
                org.torneo.contracts.game.RulingKind.EXCLUDE_FROM_ROUNDS);
        return switch (ruleset.edition()) {
            case FIDE_1997 -> new SanctionCatalogue("FIDE 1997 13.4", fineOrExclusion, false);
            case FIDE_2001 -> new SanctionCatalogue("FIDE 2001 13.4", fineOrExclusion, true);
            case FIDE_2018 -> new SanctionCatalogue("FIDE 2018 12.9", none, true);
            case CODE_1970 -> new SanctionCatalogue("Code 1970 art. XIX", none, true);
        };
    }

    /**
     * The quickplay-finish claim where no arbiter is present (the regulations say so): FIDE 1997 Appendix D ("La
     * caída de la aguja finaliza la partida ... El reclamo se someterá a la decisión de un árbitro independiente, la
     * que será definitiva"), 2018 Guidelines III.6 (III.6.1 "Esto pone fin a la partida", III.6.2 the claim goes to
     * the designated arbiter). The 2001 appendices are not in the seed: the same practice is followed there. The
     * claim ends the game: the arbiter upholds it (a draw) or declares the result; nothing is postponed.
     */
    public String noArbiterClaimArticle() {
        return switch (ruleset.edition()) {
            case FIDE_1997 -> "FIDE 1997 D";
            case FIDE_2001 -> "FIDE 2001 (appendix not in the seed: as FIDE 1997 D, 2018 III.6)";
            case FIDE_2018 -> "FIDE 2018 III.6";
            case CODE_1970 -> "";
        };
    }

    /** The quickplay-finish claim of this edition and category (FIDE 1997/2001 10.2, 2018 III.5). */
    public QuickplayFinishRules quickplayFinish() {
        return QuickplayFinishRules.of(ruleset);
    }

    public boolean isBlitz() {
        return ruleset.category() == Category.BLITZ;
    }
}

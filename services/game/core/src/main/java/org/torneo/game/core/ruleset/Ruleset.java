package org.torneo.game.core.ruleset;

import java.time.Duration;
import java.util.Objects;

/**
 * Every rule parameter that differs between the editions of the Laws (FIDE Code ~1970, 1997, 2001, 2018) and the
 * categories of play (standard, rapid, blitz). The game service consults only this value: {@code Ruleset.of(edition,
 * category)}; event regulations are layered on top with {@link EventRules}. Each component names its articles.
 *
 * <p>Where the seeds are silent the value follows current FIDE practice and says so: the 2001 rapid and blitz
 * appendices are not in the seeds (their values are the 2001 body with the 2018 appendices' category rules), and the
 * 1970 Code has no rapid or blitz rules ({@link #of} refuses them).
 */
public record Ruleset(
        Edition edition,
        Category category,
        /* End of game. */
        boolean deadPositionEndsGame,
        boolean fivefoldRepetitionAutomatic,
        boolean seventyFiveMoveRuleAutomatic,
        RepetitionIdentity repetitionIdentity,
        /* Claims of threefold repetition and fifty moves. */
        ClaimRightLostWhen claimRightLost,
        boolean claimIsDrawOffer,
        WrongClaimPenalty wrongClaimPenalty,
        /* Draw offers and agreement. */
        DrawOfferRejectedBy drawOfferRejectedBy,
        int movesEachBeforeAgreement,
        /* Illegal moves. */
        IllegalMovePenalty illegalMoves,
        /* The clock. */
        FlagFallRule flagFall,
        BothFlagsRule bothFlags,
        boolean arbiterCallsFlagFall,
        Duration defaultTime,
        /* Irregularities and conduct of the game. */
        ColoursReversedRule coloursReversed,
        int setUpClaimsBarredAfterMovesEach,
        boolean scoresheetRequired,
        boolean adjournmentAllowed) {

    public Ruleset {
        Objects.requireNonNull(edition, "edition");
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(repetitionIdentity, "repetitionIdentity");
        Objects.requireNonNull(claimRightLost, "claimRightLost");
        Objects.requireNonNull(wrongClaimPenalty, "wrongClaimPenalty");
        Objects.requireNonNull(drawOfferRejectedBy, "drawOfferRejectedBy");
        Objects.requireNonNull(illegalMoves, "illegalMoves");
        Objects.requireNonNull(flagFall, "flagFall");
        Objects.requireNonNull(bothFlags, "bothFlags");
        Objects.requireNonNull(defaultTime, "defaultTime");
        Objects.requireNonNull(coloursReversed, "coloursReversed");
    }

    /** When the right to claim a draw on the current position is lost (it can come back if the position recurs). */
    public enum ClaimRightLostWhen {
        /** Code 1970 art. XII.3(b); FIDE 1997 and 2001 9.4: by making a move without claiming. */
        MOVE_MADE,
        /** FIDE 2018 9.4: by touching a piece with intent (4.3). */
        PIECE_TOUCHED
    }

    /** How an offer of a draw is rejected by action (besides orally). */
    public enum DrawOfferRejectedBy {
        /** FIDE 1997 9.1: by making a move (and in the 1970 Code, which only speaks of mutual agreement, XII.2). */
        MOVE,
        /** FIDE 2001 9.1c, FIDE 2018 9.1.2.3: by touching a piece with the intention of moving or capturing it. */
        TOUCHING_A_PIECE
    }

    /** What happens when a player's flag falls. */
    public enum FlagFallRule {
        /** Code 1970 art. XVII (FIDE interpretation in the book): he loses, even if no mate is possible. */
        LOSES_REGARDLESS,
        /** FIDE 2018 6.9, 1997 6.9, 2001 6.10: loss, but a draw if the opponent cannot mate by any legal series. */
        DRAW_IF_OPPONENT_CANNOT_MATE,
        /**
         * FIDE 1997 C.4 (blitz): the opponent wins only with "mating potential" (a legal position where the side to
         * move cannot avoid mate in one, possibly by helpmate): K+N+N v K is insufficient, a rook v a knight is
         * sufficient. Stricter than the standard test.
         */
        DRAW_IF_OPPONENT_LACKS_MATING_POTENTIAL
    }

    /** Both flags down and it cannot be established which fell first. */
    public enum BothFlagsRule {
        /** FIDE 1997 6.11, 2001 6.12: the game continues (the move-count check decides at the next control). */
        GAME_CONTINUES,
        /** FIDE 1997 B.8 (rapid, and blitz by C.2): the game is drawn. */
        DRAW,
        /** FIDE 2018 Guidelines III.3.1 (6.11 in the main text): continues except in the last period, where it is drawn. */
        CONTINUES_EXCEPT_LAST_PERIOD_DRAW,
        /** Code 1970: no rule in the seed; the arbiter (director) decides. */
        ARBITER_DECIDES
    }

    /** The players were found playing with the colours reversed. */
    public enum ColoursReversedRule {
        /** FIDE 1997 7.2, 2001 7.2 (and the 1970 Code, silent, by the same practice): the game continues. */
        CONTINUE,
        /** FIDE 2018 7.3: fewer than 10 moves by each player: a new game with the right colours; else continue. */
        NEW_GAME_IF_FEWER_THAN_TEN_MOVES_EACH
    }

    /** Who is sanctioned how for a wrong claim of a draw by repetition or fifty moves. */
    public enum ClaimantDeduction {
        /** FIDE 2018 9.5.3: nothing is taken from the claimant. */
        NONE,
        /** FIDE 1997 9.5b: the claimant's remaining time is halved, at most 3 minutes taken. */
        HALF_AT_MOST_THREE_MINUTES,
        /**
         * FIDE 2001 9.5b: more than 2 minutes left: half is taken, at most 3 minutes; between 1 and 2 minutes: set to
         * one minute; less than one minute: unchanged.
         */
        HALF_AT_MOST_THREE_OR_DOWN_TO_ONE_MINUTE,
        /** Code 1970 art. XII.3: no time penalty; the announced move must be played. */
        NO_TIME_PENALTY
    }

    /** The time sanction of a wrong draw claim; the announced move must be played in every edition. */
    public record WrongClaimPenalty(Duration opponentBonus, ClaimantDeduction claimant) {
        public WrongClaimPenalty {
            Objects.requireNonNull(opponentBonus, "opponentBonus");
            Objects.requireNonNull(claimant, "claimant");
        }

        /** The claimant's remaining time after the penalty. */
        public Duration claimantTimeAfter(Duration remaining) {
            return switch (claimant) {
                case NONE, NO_TIME_PENALTY -> remaining;
                case HALF_AT_MOST_THREE_MINUTES -> remaining.minus(min(remaining.dividedBy(2), Duration.ofMinutes(3)));
                case HALF_AT_MOST_THREE_OR_DOWN_TO_ONE_MINUTE -> {
                    if (remaining.compareTo(Duration.ofMinutes(2)) > 0) {
                        yield remaining.minus(min(remaining.dividedBy(2), Duration.ofMinutes(3)));
                    }
                    yield remaining.compareTo(Duration.ofMinutes(1)) >= 0 ? Duration.ofMinutes(1) : remaining;
                }
            };
        }

        private static Duration min(Duration a, Duration b) {
            return a.compareTo(b) <= 0 ? a : b;
        }
    }

    /**
     * Illegal moves: time added to the opponent for each one, the number that loses the game (0: never), whether that
     * loss becomes a draw when the opponent cannot mate, whether instead the opponent may claim the win at once, and
     * whether the move stands once the opponent has moved (inadequate supervision in rapid/blitz).
     */
    public record IllegalMovePenalty(Duration opponentBonus, int losingCount, boolean drawIfOpponentCannotMate,
                                     boolean opponentMayClaimWin, boolean standsOnceOpponentMoved) {
        public IllegalMovePenalty {
            Objects.requireNonNull(opponentBonus, "opponentBonus");
            if (losingCount < 0) {
                throw new IllegalArgumentException("losingCount must be 0 (never) or positive: " + losingCount);
            }
        }

        /** The consequence of the {@code n}-th completed illegal move of a player (1-based). */
        public Consequence consequenceOf(int n) {
            if (opponentMayClaimWin) {
                return Consequence.OPPONENT_MAY_CLAIM_WIN;
            }
            if (losingCount > 0 && n >= losingCount) {
                return drawIfOpponentCannotMate ? Consequence.LOSS_OR_DRAW_IF_OPPONENT_CANNOT_MATE : Consequence.LOSS;
            }
            return opponentBonus.isZero() ? Consequence.POSITION_RESTORED : Consequence.TIME_TO_OPPONENT;
        }

        public enum Consequence { POSITION_RESTORED, TIME_TO_OPPONENT, LOSS, LOSS_OR_DRAW_IF_OPPONENT_CANNOT_MATE, OPPONENT_MAY_CLAIM_WIN }
    }

    /**
     * The rules of an edition for a category.
     *
     * @throws IllegalArgumentException for the 1970 Code with rapid or blitz: it has no such rules
     */
    public static Ruleset of(Edition edition, Category category) {
        Objects.requireNonNull(edition, "edition");
        Objects.requireNonNull(category, "category");
        boolean fast = category != Category.STANDARD;
        return switch (edition) {
            case CODE_1970 -> code1970(category, fast);
            case FIDE_1997 -> fide1997(category, fast);
            case FIDE_2001 -> fide2001(category, fast);
            case FIDE_2018 -> fide2018(category, fast);
        };
    }

    /** The FIDE Laws of Chess of 1970 (the "Code"): standard play only. */
    private static Ruleset code1970(Category category, boolean fast) {
        if (fast) {
            throw new IllegalArgumentException("the 1970 Code has no " + category.name().toLowerCase(java.util.Locale.ROOT)
                    + " rules: choose STANDARD or a later edition");
        }
        return new Ruleset(Edition.CODE_1970, category,
                false, // Code 1970 art. XII: draws only by stalemate, agreement, claim of repetition or 50 moves
                false, false,
                RepetitionIdentity.PLACEMENT_AND_TURN, // Code 1970 art. XII.3
                ClaimRightLostWhen.MOVE_MADE, // Code 1970 art. XII.3(b)
                false,
                new WrongClaimPenalty(Duration.ZERO, ClaimantDeduction.NO_TIME_PENALTY), // art. XII.3: the announced move is played
                DrawOfferRejectedBy.MOVE, // Code 1970 art. XII.2 (mutual agreement only); by the practice of the time
                0,
                new IllegalMovePenalty(Duration.ZERO, 0, false, false, false), // Code 1970 art. IX.1: restore, no penalty
                FlagFallRule.LOSES_REGARDLESS, // Code 1970 art. XVII and the FIDE interpretation in the book
                BothFlagsRule.ARBITER_DECIDES,
                true,
                org.torneo.contracts.Ruleset.Edition.CODE_1970.defaultTime(), // Code 1970 art. XVII comment: more than one hour late loses
                ColoursReversedRule.CONTINUE,
                -1,
                true, // Code 1970 art. XIII
                true); // Code 1970 art. XV (adjournment, sealed move)
    }

    /** The FIDE Laws of Chess of 1997 (Appendix B rapid, C blitz). */
    private static Ruleset fide1997(Category category, boolean fast) {
        return new Ruleset(Edition.FIDE_1997, category,
                true, // FIDE 1997 9.6
                false, false,
                RepetitionIdentity.POSSIBLE_MOVES_INCLUDING_CASTLING_NOW, // FIDE 1997 9.2
                ClaimRightLostWhen.MOVE_MADE, // FIDE 1997 9.4
                false,
                new WrongClaimPenalty(Duration.ofMinutes(3), ClaimantDeduction.HALF_AT_MOST_THREE_MINUTES), // FIDE 1997 9.5b
                DrawOfferRejectedBy.MOVE, // FIDE 1997 9.1
                0,
                switch (category) {
                    case STANDARD -> new IllegalMovePenalty(Duration.ZERO, 0, false, false, false); // FIDE 1997 7.4
                    case RAPID -> new IllegalMovePenalty(Duration.ZERO, 0, false, false, false); // FIDE 1997 B.5: only on request
                    case BLITZ -> new IllegalMovePenalty(Duration.ZERO, 0, false, true, true); // FIDE 1997 C.3
                },
                category == Category.BLITZ ? FlagFallRule.DRAW_IF_OPPONENT_LACKS_MATING_POTENTIAL // FIDE 1997 C.4
                        : FlagFallRule.DRAW_IF_OPPONENT_CANNOT_MATE, // FIDE 1997 6.9
                fast ? BothFlagsRule.DRAW : BothFlagsRule.GAME_CONTINUES, // FIDE 1997 B.8 (C.2) / 6.11
                !fast, // FIDE 1997 B.6: in rapid (and blitz, C.2) the arbiter does not point out a flag fall
                org.torneo.contracts.Ruleset.Edition.FIDE_1997.defaultTime(), // FIDE 1997 6.6
                ColoursReversedRule.CONTINUE, // FIDE 1997 7.2
                fast ? 3 : -1, // FIDE 1997 B.4
                !fast, // FIDE 1997 8.1; B.3
                !fast); // FIDE 1997 App. A
    }

    /** The FIDE Laws of Chess of 2001. */
    private static Ruleset fide2001(Category category, boolean fast) {
        return new Ruleset(Edition.FIDE_2001, category,
                true, // FIDE 2001 5.2b, 9.6
                false, false,
                RepetitionIdentity.POSSIBLE_MOVES_INCLUDING_CASTLING_NOW, // FIDE 2001 9.2
                ClaimRightLostWhen.MOVE_MADE, // FIDE 2001 9.4
                true, // FIDE 2001 9.1b: a claim under 9.2, 9.3 or 10.2 counts as a draw offer
                new WrongClaimPenalty(Duration.ofMinutes(3), ClaimantDeduction.HALF_AT_MOST_THREE_OR_DOWN_TO_ONE_MINUTE), // FIDE 2001 9.5b
                DrawOfferRejectedBy.TOUCHING_A_PIECE, // FIDE 2001 9.1c
                0,
                // FIDE 2001 7.4b: +2 min for the 1st and 2nd, the 3rd loses; rapid/blitz appendices not in the seeds:
                // the 2018 A.4.2 practice (the move stands once the opponent has moved) is assumed there
                new IllegalMovePenalty(Duration.ofMinutes(2), 3, false, false, fast),
                FlagFallRule.DRAW_IF_OPPONENT_CANNOT_MATE, // FIDE 2001 6.10
                BothFlagsRule.GAME_CONTINUES, // FIDE 2001 6.12 (10.3 quickplay finish: draw)
                true,
                org.torneo.contracts.Ruleset.Edition.FIDE_2001.defaultTime(), // FIDE 2001 6.7
                ColoursReversedRule.CONTINUE, // FIDE 2001 7.2
                fast ? 10 : -1, // not in the seeds: 2018 A.4.1 practice
                !fast, // FIDE 2001 8.1
                !fast); // FIDE 2001 App. A (adjourned games)
    }

    /** The FIDE Laws of Chess of 2018 (Appendix A rapid, B blitz, Guidelines III quickplay finish). */
    private static Ruleset fide2018(Category category, boolean fast) {
        return new Ruleset(Edition.FIDE_2018, category,
                true, // FIDE 2018 5.2.2
                true, // FIDE 2018 9.6.1
                true, // FIDE 2018 9.6.2
                RepetitionIdentity.CASTLING_RIGHTS_AND_LEGAL_EN_PASSANT, // FIDE 2018 9.2.3
                ClaimRightLostWhen.PIECE_TOUCHED, // FIDE 2018 9.4
                true, // FIDE 2018 9.1.2.4 (a claim under 9.2 or 9.3 is a draw offer)
                new WrongClaimPenalty(category == Category.BLITZ ? Duration.ofMinutes(1) : Duration.ofMinutes(2), // FIDE 2018 B.2
                        ClaimantDeduction.NONE), // FIDE 2018 9.5.3
                DrawOfferRejectedBy.TOUCHING_A_PIECE, // FIDE 2018 9.1.2.3
                1, // FIDE 2018 5.2.3 / 9.1.2: agreement only after both players have made at least one move
                new IllegalMovePenalty(category == Category.BLITZ ? Duration.ofMinutes(1) : Duration.ofMinutes(2), // FIDE 2018 7.5.5, B.2
                        2, true, false, fast), // FIDE 2018 7.5.5; A.4.2 / B.4 (inadequate supervision)
                FlagFallRule.DRAW_IF_OPPONENT_CANNOT_MATE, // FIDE 2018 6.9
                BothFlagsRule.CONTINUES_EXCEPT_LAST_PERIOD_DRAW, // FIDE 2018 III.3.1
                true, // FIDE 2018 6.8; A.4.5 (rapid/blitz under A.4: the arbiter calls flag falls he sees)
                org.torneo.contracts.Ruleset.Edition.FIDE_2018.defaultTime(), // FIDE 2018 6.7.1: the regulations set it; if not, zero
                ColoursReversedRule.NEW_GAME_IF_FEWER_THAN_TEN_MOVES_EACH, // FIDE 2018 7.3
                fast ? 10 : -1, // FIDE 2018 A.4.1
                !fast, // FIDE 2018 8.1.1; A.2
                !fast); // FIDE 2018 Guidelines I
    }

    /** Draws that end the game by themselves in this edition (5.2.2 / 9.6), as a readable list. */
    public java.util.List<String> automaticDraws() {
        java.util.List<String> list = new java.util.ArrayList<>();
        list.add("stalemate");
        if (deadPositionEndsGame) {
            list.add("dead position");
        }
        if (fivefoldRepetitionAutomatic) {
            list.add("fivefold repetition");
        }
        if (seventyFiveMoveRuleAutomatic) {
            list.add("75-move rule");
        }
        return list;
    }
}

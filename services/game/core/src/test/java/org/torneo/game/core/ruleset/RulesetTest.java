package org.torneo.game.core.ruleset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.torneo.game.core.board.Move;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.ruleset.Ruleset.BothFlagsRule;
import org.torneo.game.core.ruleset.Ruleset.ClaimRightLostWhen;
import org.torneo.game.core.ruleset.Ruleset.ClaimantDeduction;
import org.torneo.game.core.ruleset.Ruleset.ColoursReversedRule;
import org.torneo.game.core.ruleset.Ruleset.DrawOfferRejectedBy;
import org.torneo.game.core.ruleset.Ruleset.FlagFallRule;
import org.torneo.game.core.ruleset.Ruleset.IllegalMovePenalty.Consequence;

/** Each edition x category value against the articles of the spec (sections 3-5, 8 and 11). */
class RulesetTest {

    /**
     * edition, category | dead position ends game, fivefold auto, 75 auto | claim right lost | claim is offer |
     * wrong claim: opponent bonus s, claimant | offer rejected by | moves each before agreement |
     * illegal: bonus s, losing count, draw if cannot mate, opponent claims win, stands | flag fall | both flags |
     * arbiter calls flag | default time s | colours reversed | set-up claims barred after | scoresheet | adjournment
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            CODE_1970 | STANDARD | false | false | false | MOVE_MADE     | false | 0   | NO_TIME_PENALTY                           | MOVE             | 0 | 0   | 0 | false | false | false | LOSES_REGARDLESS                        | ARBITER_DECIDES                   | true  | 3600 | CONTINUE                              | -1 | true  | true
            FIDE_1997 | STANDARD | true  | false | false | MOVE_MADE     | false | 180 | HALF_AT_MOST_THREE_MINUTES                | MOVE             | 0 | 0   | 0 | false | false | false | DRAW_IF_OPPONENT_CANNOT_MATE            | GAME_CONTINUES                    | true  | 3600 | CONTINUE                              | -1 | true  | true
            FIDE_1997 | RAPID    | true  | false | false | MOVE_MADE     | false | 180 | HALF_AT_MOST_THREE_MINUTES                | MOVE             | 0 | 0   | 0 | false | false | false | DRAW_IF_OPPONENT_CANNOT_MATE            | DRAW                              | false | 3600 | CONTINUE                              | 3  | false | false
            FIDE_1997 | BLITZ    | true  | false | false | MOVE_MADE     | false | 180 | HALF_AT_MOST_THREE_MINUTES                | MOVE             | 0 | 0   | 0 | false | true  | true  | DRAW_IF_OPPONENT_LACKS_MATING_POTENTIAL | DRAW                              | false | 3600 | CONTINUE                              | 3  | false | false
            FIDE_2001 | STANDARD | true  | false | false | MOVE_MADE     | true  | 180 | HALF_AT_MOST_THREE_OR_DOWN_TO_ONE_MINUTE  | TOUCHING_A_PIECE | 0 | 120 | 3 | false | false | false | DRAW_IF_OPPONENT_CANNOT_MATE            | GAME_CONTINUES                    | true  | 3600 | CONTINUE                              | -1 | true  | true
            FIDE_2001 | RAPID    | true  | false | false | MOVE_MADE     | true  | 180 | HALF_AT_MOST_THREE_OR_DOWN_TO_ONE_MINUTE  | TOUCHING_A_PIECE | 0 | 120 | 3 | false | false | true  | DRAW_IF_OPPONENT_CANNOT_MATE            | GAME_CONTINUES                    | true  | 3600 | CONTINUE                              | 10 | false | false
            FIDE_2018 | STANDARD | true  | true  | true  | PIECE_TOUCHED | true  | 120 | NONE                                      | TOUCHING_A_PIECE | 1 | 120 | 2 | true  | false | false | DRAW_IF_OPPONENT_CANNOT_MATE            | CONTINUES_EXCEPT_LAST_PERIOD_DRAW | true  | 0    | NEW_GAME_IF_FEWER_THAN_TEN_MOVES_EACH | -1 | true  | true
            FIDE_2018 | RAPID    | true  | true  | true  | PIECE_TOUCHED | true  | 120 | NONE                                      | TOUCHING_A_PIECE | 1 | 120 | 2 | true  | false | true  | DRAW_IF_OPPONENT_CANNOT_MATE            | CONTINUES_EXCEPT_LAST_PERIOD_DRAW | true  | 0    | NEW_GAME_IF_FEWER_THAN_TEN_MOVES_EACH | 10 | false | false
            FIDE_2018 | BLITZ    | true  | true  | true  | PIECE_TOUCHED | true  | 60  | NONE                                      | TOUCHING_A_PIECE | 1 | 60  | 2 | true  | false | true  | DRAW_IF_OPPONENT_CANNOT_MATE            | CONTINUES_EXCEPT_LAST_PERIOD_DRAW | true  | 0    | NEW_GAME_IF_FEWER_THAN_TEN_MOVES_EACH | 10 | false | false
            """)
    void everyParameterMatchesTheArticlesOfItsEdition(Edition edition, Category category, boolean dead, boolean fivefold,
            boolean seventyFive, ClaimRightLostWhen claimLost, boolean claimIsOffer, long wrongClaimBonus,
            ClaimantDeduction claimant, DrawOfferRejectedBy rejectedBy, int movesBeforeAgreement, long illegalBonus,
            int losingCount, boolean drawIfCannotMate, boolean claimWin, boolean stands, FlagFallRule flagFall,
            BothFlagsRule bothFlags, boolean arbiterCalls, long defaultSeconds, ColoursReversedRule colours,
            int setUpBarred, boolean scoresheet, boolean adjournment) {
        Ruleset r = Ruleset.of(edition, category);
        assertEquals(edition, r.edition());
        assertEquals(category, r.category());
        assertEquals(dead, r.deadPositionEndsGame(), "dead position");
        assertEquals(fivefold, r.fivefoldRepetitionAutomatic(), "fivefold");
        assertEquals(seventyFive, r.seventyFiveMoveRuleAutomatic(), "75 moves");
        assertEquals(claimLost, r.claimRightLost(), "claim right lost");
        assertEquals(claimIsOffer, r.claimIsDrawOffer(), "claim is a draw offer");
        assertEquals(Duration.ofSeconds(wrongClaimBonus), r.wrongClaimPenalty().opponentBonus(), "wrong claim bonus");
        assertEquals(claimant, r.wrongClaimPenalty().claimant(), "wrong claim claimant");
        assertEquals(rejectedBy, r.drawOfferRejectedBy(), "offer rejected by");
        assertEquals(movesBeforeAgreement, r.movesEachBeforeAgreement(), "agreement");
        assertEquals(Duration.ofSeconds(illegalBonus), r.illegalMoves().opponentBonus(), "illegal move bonus");
        assertEquals(losingCount, r.illegalMoves().losingCount(), "illegal moves that lose");
        assertEquals(drawIfCannotMate, r.illegalMoves().drawIfOpponentCannotMate(), "illegal: draw if cannot mate");
        assertEquals(claimWin, r.illegalMoves().opponentMayClaimWin(), "illegal: opponent claims win");
        assertEquals(stands, r.illegalMoves().standsOnceOpponentMoved(), "illegal move stands");
        assertEquals(flagFall, r.flagFall(), "flag fall");
        assertEquals(bothFlags, r.bothFlags(), "both flags");
        assertEquals(arbiterCalls, r.arbiterCallsFlagFall(), "arbiter calls flag fall");
        assertEquals(Duration.ofSeconds(defaultSeconds), r.defaultTime(), "default time");
        assertEquals(colours, r.coloursReversed(), "colours reversed");
        assertEquals(setUpBarred, r.setUpClaimsBarredAfterMovesEach(), "set-up claims barred");
        assertEquals(scoresheet, r.scoresheetRequired(), "scoresheet");
        assertEquals(adjournment, r.adjournmentAllowed(), "adjournment");
    }

    @Test
    void theCode1970HasNoRapidOrBlitzRules() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Ruleset.of(Edition.CODE_1970, Category.BLITZ));
        assertTrue(e.getMessage().contains("1970 Code has no blitz rules"), e.getMessage());
    }

    @Test
    void automaticDrawsPerEdition() {
        assertEquals(java.util.List.of("stalemate"), Ruleset.of(Edition.CODE_1970, Category.STANDARD).automaticDraws());
        assertEquals(java.util.List.of("stalemate", "dead position"), Ruleset.of(Edition.FIDE_1997, Category.STANDARD).automaticDraws());
        assertEquals(java.util.List.of("stalemate", "dead position", "fivefold repetition", "75-move rule"),
                Ruleset.of(Edition.FIDE_2018, Category.STANDARD).automaticDraws());
    }

    @Test
    void illegalMoveConsequencesCountPerEdition() {
        Ruleset.IllegalMovePenalty e2001 = Ruleset.of(Edition.FIDE_2001, Category.STANDARD).illegalMoves();
        assertEquals(Consequence.TIME_TO_OPPONENT, e2001.consequenceOf(1)); // FIDE 2001 7.4b
        assertEquals(Consequence.TIME_TO_OPPONENT, e2001.consequenceOf(2));
        assertEquals(Consequence.LOSS, e2001.consequenceOf(3));
        Ruleset.IllegalMovePenalty e2018 = Ruleset.of(Edition.FIDE_2018, Category.BLITZ).illegalMoves();
        assertEquals(Consequence.TIME_TO_OPPONENT, e2018.consequenceOf(1)); // FIDE 2018 7.5.5, B.2: +1 min
        assertEquals(Consequence.LOSS_OR_DRAW_IF_OPPONENT_CANNOT_MATE, e2018.consequenceOf(2));
        assertEquals(Consequence.OPPONENT_MAY_CLAIM_WIN, Ruleset.of(Edition.FIDE_1997, Category.BLITZ).illegalMoves().consequenceOf(1)); // C.3
        assertEquals(Consequence.POSITION_RESTORED, Ruleset.of(Edition.FIDE_1997, Category.STANDARD).illegalMoves().consequenceOf(5)); // 7.4
        assertEquals(Consequence.POSITION_RESTORED, Ruleset.of(Edition.CODE_1970, Category.STANDARD).illegalMoves().consequenceOf(2)); // IX
    }

    @ParameterizedTest(name = "{0} with {1}s left -> {2}s")
    @CsvSource({
            "FIDE_1997, 600, 420", "FIDE_1997, 240, 120", "FIDE_1997, 30, 15",
            "FIDE_2001, 600, 420", "FIDE_2001, 240, 120", "FIDE_2001, 150, 75", "FIDE_2001, 100, 60", "FIDE_2001, 45, 45",
            "FIDE_2018, 100, 100", "CODE_1970, 100, 100"})
    void wrongClaimDeductionFromTheClaimant(Edition edition, long remaining, long after) {
        assertEquals(Duration.ofSeconds(after),
                Ruleset.of(edition, Category.STANDARD).wrongClaimPenalty().claimantTimeAfter(Duration.ofSeconds(remaining)));
    }

    @Test
    void eventRulesLayerDefaultTimeDrawOfferBanAndSupervision() {
        Ruleset r2018 = Ruleset.of(Edition.FIDE_2018, Category.RAPID);
        EventRules event = new EventRules(Optional.of(Duration.ofMinutes(30)), 30, EventRules.Scoring.CLASSIC, true);
        assertEquals(Duration.ofMinutes(30), event.effectiveDefaultTime(r2018));
        assertEquals(Duration.ZERO, EventRules.NONE.effectiveDefaultTime(r2018)); // 6.7.1: zero unless the regulations say
        assertFalse(event.drawOfferAllowedAt(29, r2018));
        assertTrue(event.drawOfferAllowedAt(30, r2018));
        assertTrue(event.drawOfferAllowedAt(5, Ruleset.of(Edition.FIDE_1997, Category.STANDARD))); // no such power before 2018
        assertFalse(event.apply(r2018).illegalMoves().standsOnceOpponentMoved()); // A.3: full rules
        assertTrue(EventRules.NONE.apply(r2018).illegalMoves().standsOnceOpponentMoved()); // A.4.2
        assertThrows(IllegalArgumentException.class, () -> new EventRules.Scoring(1, 2, 0));
    }

    // ---------------------------------------------------------------- repetition identity per edition

    private static Position play(String fen, String... uci) {
        Position p = Position.fromFen(fen);
        for (String u : uci) {
            Move move = p.legalMoves().stream().filter(m -> m.uci().equals(u)).findFirst()
                    .orElseThrow(() -> new AssertionError(u + " not legal in " + fen));
            p = p.play(move);
        }
        return p;
    }

    @Test
    void aCastlingRightLostByAKingMoveMakesADifferentPositionExceptInThe1970Text() {
        // The same placement twice, castling impossible for the moment in both (the black bishop on c5 guards g1):
        // once with the right kept, once after the king went f1 and back (right lost).
        Position rightKept = Position.fromFen("4k3/8/8/2b5/8/8/8/4K2R w K - 0 1");
        Position rightLost = play("4k3/8/8/2b5/8/8/8/4K2R w K - 0 1", "e1f1", "e8d8", "f1e1", "d8e8");
        assertEquals(rightKept.toFen().split(" ")[0], rightLost.toFen().split(" ")[0]);
        assertFalse(rightKept.legalMoves().stream().anyMatch(Move::isCastling));
        // Code 1970 XII.3: only the placement and the turn
        assertEquals(RepetitionIdentity.PLACEMENT_AND_TURN.key(rightKept), RepetitionIdentity.PLACEMENT_AND_TURN.key(rightLost));
        // FIDE 1997 9.2 "immediately or in the future", 2001 "temporarily or permanently", 2018 9.2.3 rights lost by a king move
        assertNotEquals(RepetitionIdentity.POSSIBLE_MOVES_INCLUDING_CASTLING_NOW.key(rightKept),
                RepetitionIdentity.POSSIBLE_MOVES_INCLUDING_CASTLING_NOW.key(rightLost));
        assertNotEquals(RepetitionIdentity.CASTLING_RIGHTS_AND_LEGAL_EN_PASSANT.key(rightKept),
                RepetitionIdentity.CASTLING_RIGHTS_AND_LEGAL_EN_PASSANT.key(rightLost));
        // a right kept through a temporary impossibility stays the same right: the bishop leaves and comes back
        Position bishopAway = play("4k3/8/8/2b5/8/8/8/4K2R w K - 0 1", "e1d1", "c5b6", "d1e1", "b6c5");
        assertEquals("4k3/8/8/2b5/8/8/8/4K2R w - - 4 3", bishopAway.toFen()); // but a king move loses it for good
        Position rookShuffle = play("4k3/8/8/2b5/8/8/8/4K2R w K - 0 1", "h1g1", "c5b6", "g1h1", "b6c5");
        assertEquals(RepetitionIdentity.CASTLING_RIGHTS_AND_LEGAL_EN_PASSANT.key(bishopAway),
                RepetitionIdentity.CASTLING_RIGHTS_AND_LEGAL_EN_PASSANT.key(rookShuffle)); // both lost the right
        assertTrue(Ruleset.of(Edition.FIDE_1997, Category.STANDARD).repetitionIdentity() == RepetitionIdentity.POSSIBLE_MOVES_INCLUDING_CASTLING_NOW);
        assertTrue(Ruleset.of(Edition.FIDE_2001, Category.STANDARD).repetitionIdentity() == RepetitionIdentity.POSSIBLE_MOVES_INCLUDING_CASTLING_NOW);
        assertTrue(Ruleset.of(Edition.FIDE_2018, Category.BLITZ).repetitionIdentity() == RepetitionIdentity.CASTLING_RIGHTS_AND_LEGAL_EN_PASSANT);
        assertTrue(Ruleset.of(Edition.CODE_1970, Category.STANDARD).repetitionIdentity() == RepetitionIdentity.PLACEMENT_AND_TURN);
    }

    @Test
    void theCastlingPossibleNowIsPartOfThe1997And2001Key() {
        Position guarded = Position.fromFen("4k3/8/8/2b5/8/8/8/4K2R w K - 0 1");
        Position free = Position.fromFen("4k3/8/8/8/8/8/2b5/4K2R w K - 0 1");
        assertTrue(RepetitionIdentity.POSSIBLE_MOVES_INCLUDING_CASTLING_NOW.key(guarded).endsWith("castle-now:"));
        assertTrue(RepetitionIdentity.POSSIBLE_MOVES_INCLUDING_CASTLING_NOW.key(free).endsWith("castle-now:e1g1"));
    }

    @Test
    void enPassantPossibleButIllegalDoesNotMakeADifferentPositionFrom1997On() {
        // white king a5, pawn d5, black rook h5: after ...e7-e5 the capture d5xe6 would expose the king along the rank
        Position afterDoubleStep = play("4k3/4p3/8/K2P3r/8/8/8/8 b - - 0 1", "e7e5");
        Position withoutEp = Position.fromFen("4k3/8/8/K2Pp2r/8/8/8/8 w - - 0 2");
        assertFalse(afterDoubleStep.hasLegalEnPassant());
        for (RepetitionIdentity identity : RepetitionIdentity.values()) {
            assertEquals(identity.key(withoutEp), identity.key(afterDoubleStep), identity.name());
        }
        // and a legal e.p. capture does make the positions differ (except in the 1970 text)
        Position legalEp = play("4k3/4p3/8/3P4/8/8/8/K7 b - - 0 1", "e7e5");
        Position noEp = Position.fromFen("4k3/8/8/3Pp3/8/8/8/K7 w - - 0 2");
        assertTrue(legalEp.hasLegalEnPassant());
        assertNotEquals(RepetitionIdentity.CASTLING_RIGHTS_AND_LEGAL_EN_PASSANT.key(noEp), RepetitionIdentity.CASTLING_RIGHTS_AND_LEGAL_EN_PASSANT.key(legalEp));
        assertNotEquals(RepetitionIdentity.POSSIBLE_MOVES_INCLUDING_CASTLING_NOW.key(noEp), RepetitionIdentity.POSSIBLE_MOVES_INCLUDING_CASTLING_NOW.key(legalEp));
        assertEquals(RepetitionIdentity.PLACEMENT_AND_TURN.key(noEp), RepetitionIdentity.PLACEMENT_AND_TURN.key(legalEp));
    }
}

package org.torneo.eboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Given a board's game so far, when LiveChess sends a feed message, then the follower decides what to submit. */
class BoardFollowerTest {

    private static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    private static final String AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
    private static final EboardEvent.Clock CLOCK = new EboardEvent.Clock(5676, 7190, true, 1503845105357L);

    private final BoardFollower follower = new BoardFollower();

    private static EboardEvent feed(List<String> san) {
        return new EboardEvent("7425", false, null, null, START, san, true);
    }

    private static List<String> sans(List<BoardDecision> decisions) {
        return decisions.stream().filter(BoardDecision.SubmitMove.class::isInstance)
                .map(d -> ((BoardDecision.SubmitMove) d).san()).toList();
    }

    @Test
    void newMovesBeyondTheSubmittedOnesAreSubmittedTwoInOneMessageToo() {
        assertEquals(List.of("e4"), sans(follower.decide(feed(List.of("e4")))));
        assertEquals(List.of("e5", "Nf3"), sans(follower.decide(feed(List.of("e4", "e5", "Nf3")))));
        assertEquals(List.of("e4", "e5", "Nf3"), follower.submitted());
    }

    @Test
    void aRepeatedMessageOrCastlingReportedAgainSubmitsNothing() {
        follower.alreadyRecorded(List.of("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"));
        List<String> castled = List.of("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O");
        assertEquals(List.of("O-O"), sans(follower.decide(feed(castled))));
        assertEquals(List.of(), follower.decide(feed(castled)));
        assertEquals(List.of(), follower.decide(feed(List.of("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "0-0"))),
                "0-0 is the O-O already submitted");
    }

    @Test
    void aMoveThatIsNotLegalIsHeldAndTheLegalOneOfTheNextMessageSubmitted() {
        follower.alreadyRecorded(List.of("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"));
        List<BoardDecision> kingFirst = follower.decide(feed(List.of("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "Kg1")));
        BoardDecision.NotLegal held = assertInstanceOf(BoardDecision.NotLegal.class, kingFirst.get(0));
        assertEquals(7, held.ply());
        assertEquals("Kg1", held.move());
        assertEquals(6, follower.submitted().size());
        assertEquals(List.of("O-O"), sans(follower.decide(feed(List.of("e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5",
                "O-O")))));
    }

    @Test
    void piecesOutOfPlaceSubmitNothingUntilTheBoardMatchesAgain() {
        List<BoardDecision> misplaced = follower.decide(new EboardEvent("7425", false,
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R", null, START, List.of("e4"), false));
        BoardDecision.Misplaced wait = assertInstanceOf(BoardDecision.Misplaced.class, misplaced.get(0));
        assertEquals(1, wait.ply());
        assertEquals(List.of(), follower.submitted());
        assertEquals(List.of("e4"), sans(follower.decide(feed(List.of("e4")))));
    }

    @Test
    void aTakebackOnTheBoardIsReportedAndNothingIsTakenBack() {
        follower.decide(feed(List.of("e4", "e5", "Nf3")));
        BoardDecision.Diverged takeback = assertInstanceOf(BoardDecision.Diverged.class,
                follower.decide(feed(List.of("e4", "e5"))).get(0));
        assertEquals(3, takeback.ply());
        assertEquals("Nf3", takeback.submitted());
        BoardDecision.Diverged other = assertInstanceOf(BoardDecision.Diverged.class,
                follower.decide(feed(List.of("e4", "e5", "Nc3"))).get(0));
        assertEquals("Nc3", other.onBoard());
        assertEquals(List.of("e4", "e5", "Nf3"), follower.submitted(), "a completed move stands (FIDE 2018 4.7)");
        assertEquals(List.of("Nc6"), sans(follower.decide(feed(List.of("e4", "e5", "Nf3", "Nc6")))));
    }

    @Test
    void withoutSanTheMoveIsTheOneLegalMoveThatGivesThePlacementRead() {
        List<BoardDecision> diff = follower.decide(new EboardEvent("7425", false, AFTER_E4, CLOCK, null, null, true));
        BoardDecision.SubmitMove move = assertInstanceOf(BoardDecision.SubmitMove.class, diff.get(0));
        assertEquals("e4", move.san());
        assertEquals("e2e4", move.uci());
        // a placement no legal move gives (a pawn lifted off the board) is pieces out of place
        assertInstanceOf(BoardDecision.Misplaced.class, follower.decide(new EboardEvent("7425", false,
                "rnbqkbnr/pppp1ppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", null, null, null, true)).get(0));
    }

    @Test
    void theClockAfterAMoveIsTheDgtClocksLatestReadingInMilliseconds() {
        follower.decide(new EboardEvent("7425", false, null, CLOCK, START, List.of(), true));
        BoardDecision.SubmitMove move = assertInstanceOf(BoardDecision.SubmitMove.class,
                follower.decide(feed(List.of("e4"))).get(0));
        assertEquals(5_676_000L, move.whiteMillis());
        assertEquals(7_190_000L, move.blackMillis());
        // a stopped clock (run null) is still a reading
        follower.decide(new EboardEvent("7425", false, null, new EboardEvent.Clock(5600, 7100, null, 1L), START,
                List.of("e4"), true));
        assertEquals(5_600_000L, ((BoardDecision.SubmitMove) follower.decide(feed(List.of("e4", "e5"))).get(0))
                .whiteMillis());
    }

    @Test
    void bothKingsInTheCentreAreReportedAsTheResultSignalAndAKingMoveIntoCheckIsNotSubmitted() {
        follower.alreadyRecorded(List.of("e4", "e5"));
        List<BoardDecision> signal = follower.decide(new EboardEvent("7425", false,
                "rnbq1bnr/pppp1ppp/8/3kp3/3KP3/8/PPPP1PPP/RNBQ1BNR", null, START, List.of("e4", "e5", "Kd4"), true));
        assertTrue(signal.stream().anyMatch(BoardDecision.KingsInCentre.class::isInstance), signal.toString());
        assertTrue(signal.stream().anyMatch(BoardDecision.NotLegal.class::isInstance), signal.toString());
        assertEquals(List.of("e4", "e5"), follower.submitted());
    }

    @Test
    void aFlippedBoardsPlacementIsTurnedRoundBeforeItIsCompared() {
        String flipped = BoardFollower.rotated(AFTER_E4);
        assertEquals("RNBKQBNR/PPP1PPPP/8/3P4/8/8/pppppppp/rnbkqbnr", flipped);
        assertEquals("e4", ((BoardDecision.SubmitMove) follower.decide(new EboardEvent("7425", true, flipped, null,
                null, null, true)).get(0)).san());
    }

    @Test
    void aRecordedMoveThatIsNotLegalIsRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> follower.alreadyRecorded(List.of("e4", "e4")));
        assertTrue(e.getMessage().startsWith("recorded move 2 'e4' is not legal"), e.getMessage());
    }
}

package org.torneo.game.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.core.game.GameSpec.ARBITER;
import static org.torneo.game.core.game.GameSpec.BLACK_PLAYER;
import static org.torneo.game.core.game.GameSpec.EBOARD;
import static org.torneo.game.core.game.GameSpec.T0;
import static org.torneo.game.core.game.GameSpec.WHITE_PLAYER;
import static org.torneo.game.core.game.GameSpec.at;
import static org.torneo.game.core.game.GameSpec.move;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.DrawOffered;
import org.torneo.contracts.game.EventRegulations;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.contracts.game.MoveEvent.IllegalMoveRecorded;
import org.torneo.contracts.game.MoveEvent.MoveCompleted;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;

/** Start, moves made and completed, and the endings a move brings at once (FIDE 2018 Art. 5, 6.2, 9.6). */
class StartAndMoveTest {

    private static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    @Test
    void startSetsUpTheStandardPositionAndCarriesTheEventData() {
        GameSpec spec = GameSpec.notStarted().when(GameSpec.ORGANISER, new GameCommand.StartGame("t-9", 4, 7, "a",
                "b", Ruleset.DEFAULT, null, null, "hall B", null, new EventRegulations(30, true), T0));
        GameStarted started = spec.event(GameStarted.class);
        assertEquals(START, started.initialFen()); // FIDE 2018 2.3
        assertEquals("hall B", started.hall());
        assertEquals(30, started.regulations().drawOffersFromMove());
        assertEquals(GameState.Phase.IN_PROGRESS, spec.state.phase());
        assertEquals(Side.WHITE, spec.state.sideToMove());
    }

    @Test
    void aChess960StartPositionIsAccepted() {
        String sp = "bnrbqkrn/pppppppp/8/8/8/8/PPPPPPPP/BNRBQKRN w GCgc - 0 1";
        GameSpec spec = GameSpec.game(Ruleset.DEFAULT, sp, EventRegulations.DEFAULT);
        assertTrue(spec.state.position().isChess960());
        spec.when(move("O-O")).then(MovePlayed.class); // FIDE 2018 Guidelines II.3: castling on move 1
    }

    @Test
    void aChess960StartPositionNumberSetsUpThatPosition() {
        GameSpec spec = GameSpec.notStarted().when(GameSpec.ORGANISER, new GameCommand.StartGame("t", 1, 1, "a", "b",
                Ruleset.DEFAULT, null, 0, null, null, null, T0));
        assertEquals("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", // X-FEN
                spec.event(GameStarted.class).initialFen()); // SP 0 (FIDE 2018 Guidelines II)
        GameSpec.notStarted().when(GameSpec.ORGANISER, new GameCommand.StartGame("t", 1, 1, "a", "b", Ruleset.DEFAULT,
                null, 960, null, null, null, T0)).rejected("0 to 959");
        GameSpec.notStarted().when(GameSpec.ORGANISER, new GameCommand.StartGame("t", 1, 1, "a", "b", Ruleset.DEFAULT,
                START, 518, null, null, null, T0)).rejected("not both");
    }

    @Test
    void startIsRefusedTwiceFromPlayersAndWithABadFen() {
        GameSpec.fide2018().when(GameSpec.ORGANISER, new GameCommand.StartGame("t", 1, 1, "a", "b", Ruleset.DEFAULT,
                null, T0)).rejected("already started");
        GameSpec.notStarted().when(WHITE_PLAYER, new GameCommand.StartGame("t", 1, 1, "a", "b", Ruleset.DEFAULT,
                null, T0)).rejected("only the organiser");
        GameSpec.notStarted().when(GameSpec.ORGANISER, new GameCommand.StartGame("t", 1, 1, "a", "b", Ruleset.DEFAULT,
                "8/8/8/8 w - - 0 1", T0)).rejected("not valid FEN");
    }

    @Test
    void commandsToAnUnknownGameAreRefused() {
        GameSpec.notStarted().when(move("e4")).rejected("has not been started");
    }

    @Test
    void aLegalMoveIsRecordedWithSanUciFenAndPly() {
        GameSpec spec = GameSpec.fide2018().moves("e4").when(move("g8f6"));
        MovePlayed played = spec.event(MovePlayed.class);
        assertEquals(2, played.ply());
        assertEquals(Side.BLACK, played.by());
        assertEquals("Nf6", played.san());
        assertEquals("g8f6", played.uci());
        assertEquals("rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2", played.fenAfter());
    }

    @Test
    void spanishLettersAndLongAlgebraicAreRead() {
        GameSpec.fide2018().moves("e4", "e5").when(move("Cg1-f3")).then(MovePlayed.class);
    }

    @Test
    void unreadableOrIllegalInputFromTheBoardTerminalIsRefusedWithTheReasonAndNotCounted() {
        GameSpec spec = GameSpec.fide2018().when(move("e5"));
        spec.rejected("e5");
        spec.when(move("Zz9")).then(org.torneo.contracts.game.ClaimEvent.CommandRejected.class);
        assertEquals(0, spec.state.ply());
        assertEquals(0, spec.state.whiteIllegalMoves());
    }

    @Test
    void aPlayerMayNotMoveForTheOpponent() {
        GameSpec.fide2018().when(BLACK_PLAYER, move("e4")).rejected("not the white player");
        GameSpec.fide2018().when(WHITE_PLAYER, move("e4")).then(MovePlayed.class);
    }

    @Test
    void theClockPressCompletesTheMove2018_6_2_1() {
        GameSpec spec = GameSpec.fide2018().moves("e4");
        assertFalse(spec.state.lastMoveCompleted());
        // an offer between making the move and pressing the clock is the proper moment (FIDE 2018 9.1.2.1)
        spec.when(new GameCommand.OfferDraw(Side.WHITE, at()));
        assertTrue(spec.event(DrawOffered.class).properTime());
        spec.when(new GameCommand.PressClock(Side.WHITE, at())).then(MoveCompleted.class);
        assertTrue(spec.state.lastMoveCompleted());
        spec.when(new GameCommand.PressClock(Side.WHITE, at())).then(); // a second press changes nothing
    }

    @Test
    void anOfferAfterThePressIsValidButNoted() {
        GameSpec spec = GameSpec.fide2018().moves("e4").given(GameSpec.BOARD, new GameCommand.PressClock(Side.WHITE, at()));
        spec.when(new GameCommand.OfferDraw(Side.WHITE, at()));
        assertFalse(spec.event(DrawOffered.class).properTime());
        assertEquals(Side.WHITE, spec.state.offerBy());
    }

    @Test
    void aMoveWithAClockReadingIsCompletedAndKeepsTheReading() {
        GameSpec spec = GameSpec.fide2018().when(new GameCommand.SubmitMove("e4", null, MoveSource.EBOARD,
                GameSpec.clocks(5390, 5400), at()));
        assertEquals(GameSpec.clocks(5390, 5400), spec.event(MovePlayed.class).clock());
        assertTrue(spec.state.lastMoveCompleted());
    }

    @Test
    void pressingTheClockWithoutMovingIsAnIllegalMoveIn2018Only() {
        GameSpec spec = GameSpec.fide2018().moves("e4").when(new GameCommand.PressClock(Side.BLACK, at()));
        IllegalMoveRecorded illegal = spec.event(IllegalMoveRecorded.class);
        assertTrue(illegal.article().contains("FIDE 2018 7.5.3"), illegal.article());
        assertEquals(120_000, illegal.penalty().addedToOpponentMillis());
        GameSpec.game(Edition.FIDE_1997, Category.STANDARD).moves("e4")
                .when(new GameCommand.PressClock(Side.BLACK, at())).rejected("not an illegal move under this edition");
    }

    @Test
    void checkmateEndsTheGameAtOnceUnderEachEdition() {
        for (Edition edition : Edition.values()) {
            GameSpec spec = GameSpec.game(edition, Category.STANDARD).moves("f3", "e5", "g4").when(move("Qh4#"));
            spec.then(MovePlayed.class, GameEnded.class);
            GameEnded ended = spec.ended();
            assertEquals(GameResult.BLACK_WINS, ended.result());
            assertEquals(EndReason.CHECKMATE, ended.reason());
            assertEquals(GameSpec.WHITE, ended.whitePlayerId());
            assertEquals("g-1", ended.gameId());
            assertEquals(3, ended.round());
            assertEquals(12, ended.board());
            assertTrue(ended.played());
            assertEquals(switch (edition) {
                case FIDE_2018 -> "FIDE 2018 5.1.1";
                case FIDE_2001 -> "FIDE 2001 5.1a";
                case FIDE_1997 -> "FIDE 1997 5.1a";
                case CODE_1970 -> "Code 1970 art. XI-1";
            }, ended.article());
            spec.when(move("a3")).rejected("the game is over");
            // a flag fall after the mate changes nothing (FIDE 2018 6.9: mate came first)
            spec.when(new GameCommand.ReportFlagFall(Side.BLACK, false, true, at())).rejected("the game is over");
        }
    }

    @Test
    void stalemateIsADraw() {
        GameSpec stale = GameSpec.fromFen(Edition.FIDE_2018, Category.STANDARD, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1")
                .when(move("Qf7"));
        assertEquals(EndReason.STALEMATE, stale.ended().reason());
        assertEquals(GameResult.DRAW, stale.ended().result());
        assertEquals("FIDE 2018 5.2.1", stale.ended().article());
    }

    @Test
    void aDeadPositionEndsTheGameFrom1997ButNotUnderTheCode1970() {
        String fen = "8/8/4k3/8/3n4/8/2B5/4K3 w - - 0 1"; // Bxd... leaves K+B v K
        GameSpec dead = GameSpec.fromFen(Edition.FIDE_1997, Category.STANDARD, "8/8/4k3/8/8/8/3n4/3BK3 w - - 0 1")
                .when(move("Kxd2"));
        assertEquals(EndReason.DEAD_POSITION, dead.ended().reason());
        assertEquals("FIDE 1997 9.6", dead.ended().article());
        GameSpec.fromFen(Edition.CODE_1970, Category.STANDARD, "8/8/4k3/8/8/8/3n4/3BK3 w - - 0 1")
                .when(move("Kxd2")).noEnding();
        assertTrue(fen.length() > 0);
    }

    @Test
    void fivefoldRepetitionEndsTheGameIn2018Only() {
        String[] shuffle = {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3",
            "Nf6", "Ng1"};
        GameSpec spec = GameSpec.fide2018().moves(shuffle).when(move("Ng8"));
        assertEquals(EndReason.FIVEFOLD_REPETITION, spec.ended().reason());
        assertEquals("FIDE 2018 9.6.1", spec.ended().article());
        GameSpec.game(Edition.FIDE_2001, Category.STANDARD).moves(shuffle).when(move("Ng8")).noEnding();
    }

    @Test
    void seventyFiveMovesEndTheGameIn2018ButMateOnThatMoveWins() {
        GameSpec spec = GameSpec.fromFen(Edition.FIDE_2018, Category.STANDARD,
                "8/8/8/4k3/8/8/R7/4K3 w - - 149 120").when(move("Ra3"));
        assertEquals(EndReason.SEVENTY_FIVE_MOVES, spec.ended().reason());
        GameSpec.fromFen(Edition.FIDE_1997, Category.STANDARD, "8/8/8/4k3/8/8/R7/4K3 w - - 149 120")
                .when(move("Ra3")).noEnding();
        // FIDE 2018 9.6.2: the checkmate on the 75th move takes precedence
        GameSpec mate = GameSpec.fromFen(Edition.FIDE_2018, Category.STANDARD, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120")
                .when(move("Ra8#"));
        assertEquals(EndReason.CHECKMATE, mate.ended().reason());
        assertEquals(GameResult.WHITE_WINS, mate.ended().result());
    }
}

package org.torneo.game.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.game.core.game.GameSpec.ARBITER;
import static org.torneo.game.core.game.GameSpec.BLACK;
import static org.torneo.game.core.game.GameSpec.BOARD;
import static org.torneo.game.core.game.GameSpec.ORGANISER;
import static org.torneo.game.core.game.GameSpec.WHITE;
import static org.torneo.game.core.game.GameSpec.WHITE_PLAYER;
import static org.torneo.game.core.game.GameSpec.at;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.ClaimEvent.RulingIssued;
import org.torneo.contracts.game.GameCommand.ArbiterRuling;
import org.torneo.contracts.game.GameCommand.CorrectPlayers;
import org.torneo.contracts.game.GameCommand.ReportColoursReversed;
import org.torneo.contracts.game.GameCommand.ReportDefault;
import org.torneo.contracts.game.GameCommand.ReportIllegalMoveNotCompleted;
import org.torneo.contracts.game.GameCommand.Resign;
import org.torneo.contracts.game.GameCommand.SubmitMove;
import org.torneo.contracts.game.MoveEvent.ColoursReversedFound;
import org.torneo.contracts.game.MoveEvent.IllegalMoveNotCompleted;
import org.torneo.contracts.game.MoveEvent.MovePlayed;
import org.torneo.contracts.game.MoveEvent.PlayersCorrected;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;

/**
 * A corrected pairing reaches the game it changes (C.04.2; C.04.3 of 2017 F.6-F.7, current FIDE practice: the seeds
 * are silent): the arbiter, or the game service applying his published correction, sets the players of a game no
 * move of which has been made; a game that has begun is played as paired.
 */
class PairingCorrectionTest {

    private static final Actor GAME_SERVICE = Actor.system("game");
    private static final UUID CORRECTION = UUID.fromString("00000000-0000-0000-0000-0000000000c1");
    private static final String NEW_WHITE = "p-new-white";
    private static final String NEW_BLACK = "p-new-black";
    private static final String WHY = "board 12 and 13 were swapped on the list made public";

    private static CorrectPlayers correction(String white, String black) {
        return new CorrectPlayers(white, black, WHY, "arbiter-7", CORRECTION, at());
    }

    private static CorrectPlayers byTheArbiter(String white, String black) {
        return new CorrectPlayers(white, black, WHY, null, null, at());
    }

    @Test
    void theGameServiceAppliesThePublishedCorrectionBeforeTheFirstMove() {
        GameSpec spec = GameSpec.fide2018().when(GAME_SERVICE, correction(NEW_WHITE, NEW_BLACK))
                .then(PlayersCorrected.class);
        PlayersCorrected corrected = spec.event(PlayersCorrected.class);
        assertEquals(NEW_WHITE, corrected.whitePlayerId());
        assertEquals(NEW_BLACK, corrected.blackPlayerId());
        assertEquals(WHITE, corrected.previousWhitePlayerId());
        assertEquals(BLACK, corrected.previousBlackPlayerId());
        assertEquals(WHY, corrected.reason());
        assertEquals("arbiter-7", corrected.correctedBy(), "the arbiter who decided, not the service that applied it");
        assertEquals(CORRECTION, corrected.pairingCorrection());
        assertTrue(corrected.article().contains("C.04.3"), corrected.article());
        assertEquals(at(), corrected.correctedAt());

        assertEquals(NEW_WHITE, spec.state.whitePlayerId());
        assertEquals(NEW_BLACK, spec.state.blackPlayerId());
        assertEquals(NEW_WHITE, spec.state.playerOf(Side.WHITE));
        assertEquals(12, spec.state.started().board(), "round and board stay: the game is the board's");
    }

    @Test
    void aLaterGameEndedNamesTheCorrectedPlayers() {
        GameSpec spec = GameSpec.fide2018().given(GAME_SERVICE, correction(NEW_WHITE, NEW_BLACK))
                .moves("e4", "e5", "Nf3")
                .when(new Actor(Actor.Role.PLAYER, NEW_BLACK), new Resign(Side.BLACK, at()));
        GameEnded ended = spec.ended();
        assertEquals(GameResult.WHITE_WINS, ended.result());
        assertEquals(NEW_WHITE, ended.whitePlayerId());
        assertEquals(NEW_BLACK, ended.blackPlayerId());
    }

    @Test
    void aForfeitAtTheStartAfterTheCorrectionNamesTheCorrectedPlayers() {
        GameEnded forfeit = GameSpec.fide2018().given(ARBITER, byTheArbiter(BLACK, WHITE))
                .when(ARBITER, new ReportDefault(Side.BLACK, at())).ended();
        assertEquals(GameResult.WHITE_WINS_BY_FORFEIT, forfeit.result());
        assertEquals(BLACK, forfeit.whitePlayerId(), "the colours were exchanged by the correction");
        assertEquals(WHITE, forfeit.blackPlayerId());
    }

    @Test
    void theCorrectedPlayersPlayAndThoseOfTheOldPairingNoLonger() {
        GameSpec spec = GameSpec.fide2018().given(GAME_SERVICE, correction(NEW_WHITE, NEW_BLACK));
        spec.when(WHITE_PLAYER, new SubmitMove("e4", null, MoveSource.BOARD, null, at()))
                .rejected("is not the white player (" + NEW_WHITE + ")");
        spec.when(new Actor(Actor.Role.PLAYER, NEW_WHITE), new SubmitMove("e4", null, MoveSource.BOARD, null, at()))
                .then(MovePlayed.class);
    }

    @Test
    void anArbiterCorrectsAGameDirectlyAndIsNamedAsTheCorrector() {
        GameSpec spec = GameSpec.fide2018().when(ARBITER, new CorrectPlayers(NEW_WHITE, NEW_BLACK, WHY, "someone-else",
                null, at())).then(PlayersCorrected.class);
        PlayersCorrected corrected = spec.event(PlayersCorrected.class);
        assertEquals(ARBITER.id(), corrected.correctedBy(), "an arbiter acting directly is the one who corrected");
        assertNull(corrected.pairingCorrection());
    }

    @Test
    void onceAMoveHasBeenMadeTheGameIsPlayedAsPairedAndTheRefusalIsRecorded() {
        GameSpec spec = GameSpec.fide2018().moves("e4").when(GAME_SERVICE, correction(NEW_WHITE, NEW_BLACK))
                .rejected("the game has begun: it is played as paired; the arbiter may annul it or correct the result");
        CommandRejected rejected = spec.event(CommandRejected.class);
        assertEquals("game.CorrectPlayers", rejected.commandType());
        assertTrue(rejected.reason().contains("1 ply has been played"), rejected.reason());
        assertTrue(rejected.article().contains("C.04.3"), rejected.article());
        assertEquals(WHITE, spec.state.whitePlayerId());

        // the arbiter himself is refused too: he annuls the game or corrects its result instead
        spec.when(ARBITER, byTheArbiter(NEW_WHITE, NEW_BLACK)).rejected("the game has begun");
        GameEnded ended = spec.when(GameSpec.BLACK_PLAYER, new Resign(Side.BLACK, at())).ended();
        assertEquals(WHITE, ended.whitePlayerId());
        assertEquals(BLACK, ended.blackPlayerId());
    }

    @Test
    void anIllegalMoveMadeAtTheFirstMoveAlsoMeansTheGameHasBegun() {
        GameSpec spec = GameSpec.fide2018().given(ARBITER, new ReportIllegalMoveNotCompleted(Side.WHITE, "e2e5", at()));
        assertEquals(0, spec.state.ply());
        assertTrue(spec.history.stream().anyMatch(e -> e instanceof IllegalMoveNotCompleted));
        spec.when(GAME_SERVICE, correction(NEW_WHITE, NEW_BLACK)).rejected("an illegal move has been made");
    }

    @Test
    void onlyTheArbiterOrTheGameServiceActingOnHisPublishedCorrectionMayCorrect() {
        for (Actor actor : List.of(WHITE_PLAYER, BOARD, ORGANISER, GameSpec.EBOARD)) {
            GameSpec.fide2018().when(actor, correction(NEW_WHITE, NEW_BLACK))
                    .rejected("only the arbiter corrects a pairing made public");
        }
        GameSpec.fide2018().when(GAME_SERVICE, byTheArbiter(NEW_WHITE, NEW_BLACK))
                .rejected("only a pairing correction the arbiter published");
    }

    @Test
    void nonsenseAndGamesThatAreOverOrUnknownAreRefused() {
        GameSpec.fide2018().when(ARBITER, byTheArbiter(NEW_WHITE, NEW_WHITE)).rejected("the same player " + NEW_WHITE);
        GameSpec.fide2018().given(ARBITER, new ReportDefault(null, at()))
                .when(ARBITER, byTheArbiter(NEW_WHITE, NEW_BLACK)).rejected("the game is over");
        GameSpec.notStarted().when(GAME_SERVICE, correction(NEW_WHITE, NEW_BLACK)).rejected("has not been started");
    }

    @Test
    void naming_the_players_the_game_has_changes_nothing() {
        GameSpec spec = GameSpec.fide2018().when(GAME_SERVICE, correction(WHITE, BLACK)).then();
        assertEquals(WHITE, spec.state.whitePlayerId());
        // a correction repeated (e.g. by an arbiter after the service applied it) is harmless
        spec.given(GAME_SERVICE, correction(NEW_WHITE, NEW_BLACK)).when(ARBITER, byTheArbiter(NEW_WHITE, NEW_BLACK))
                .then();
    }

    @Test
    void aNewGameAfterAnAnnulmentIsPlayedByTheCorrectedPlayers() {
        GameSpec spec = GameSpec.fide2018().given(GAME_SERVICE, correction(NEW_WHITE, NEW_BLACK)).moves("e4", "e5")
                .when(ARBITER, new ArbiterRuling(RulingKind.ANNUL_GAME, "FIDE 2018 7.2.1", "wrong set-up", null, null,
                        -1, -1, -1, 0, at()))
                .then(RulingIssued.class);
        assertEquals(0, spec.state.ply());
        assertEquals(NEW_WHITE, spec.state.whitePlayerId());
        assertEquals(NEW_BLACK, spec.state.blackPlayerId());
    }

    @Test
    void aNewGameForReversedColoursGivesTheColoursOfTheCorrectedPairing() {
        GameSpec spec = GameSpec.game(Edition.FIDE_2018, Category.STANDARD)
                .given(GAME_SERVICE, correction(NEW_WHITE, NEW_BLACK)).moves("e4", "e5")
                .when(ARBITER, new ReportColoursReversed(at())).then(ColoursReversedFound.class);
        assertTrue(spec.event(ColoursReversedFound.class).newGame());
        assertEquals(NEW_WHITE, spec.state.whitePlayerId(), "FIDE 2018 7.3: a new game with the colours as paired");
        assertEquals(NEW_BLACK, spec.state.blackPlayerId());
    }

    @Test
    void theCorrectionIsAcceptedUnderEveryEditionBeforeTheFirstMove() {
        for (Edition edition : Edition.values()) {
            GameSpec spec = GameSpec.game(new Ruleset(edition, Category.STANDARD), null,
                    org.torneo.contracts.game.EventRegulations.DEFAULT);
            spec.when(GAME_SERVICE, correction(NEW_WHITE, NEW_BLACK)).then(PlayersCorrected.class);
            assertEquals(NEW_WHITE, spec.state.whitePlayerId(), edition.name());
            spec.moves("e4").when(GAME_SERVICE, correction(WHITE, BLACK)).rejected("the game has begun");
        }
    }
}

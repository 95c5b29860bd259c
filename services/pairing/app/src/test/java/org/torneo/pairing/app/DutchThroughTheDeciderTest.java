package org.torneo.pairing.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Decider;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.GameResult;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.pairing.app.runtime.PairingDefinition;
import org.torneo.pairing.tournament.TournamentTrf;
import org.torneo.pairing.tournament.TournamentState;
import org.torneo.trf.ResultCode;
import org.torneo.trf.TrfDocument;
import org.torneo.trf.TrfGame;
import org.torneo.trf.TrfPlayer;
import org.torneo.trf.TrfReader;
import org.torneo.trf.TrfWriter;

/**
 * Tournaments of the conformance corpus (every round paired by bbpPairings v6.0.0) replayed through
 * the service's tournament aggregate: players registered, the corpus's pre-assigned byes requested,
 * each round paired by the aggregate with the Dutch engine, its results recorded and the round closed.
 * Every round must come out exactly as bbp paired it (pairs, colours, the PAB), and the TRF the
 * service exports at the end must hold the same crosstable as the corpus file.
 */
class DutchThroughTheDeciderTest {

    private static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "test");
    private static final String T = "t-corpus";

    private final Decider<TournamentCommand, TournamentEvent, TournamentState> decider = PairingDefinition.DECIDER;
    private TournamentState state = decider.initialState();

    @ParameterizedTest
    @CsvSource({"dev006-p015-r06, 6, white1", "dev027-p011-r08, 8, black1", "dev043-p017-r10, 10, black1",
            "dev071-p017-r06, 6, white1", "dev103-p020-r11, 11, white1"})
    void everyRoundIsPairedAsTheReferenceEnginePairedIt(String name, int rounds, String initialColour) throws IOException {
        TrfDocument corpus = read(name);
        apply(new TournamentCommand.CreateTournament(T, id(), ARBITER, Instant.EPOCH, name, PairingSystemKind.DUTCH,
                rounds, Scoring.classic(), "FIDE_2018", List.of(new Hall("Main", 1, 5), new Hall("Annex", 6, 99))));
        for (TrfPlayer p : corpus.players()) {
            apply(new TournamentCommand.RegisterPlayer(T, id(), ARBITER, Instant.EPOCH, player(p.startNumber()), p.name(),
                    p.rating(), 1));
        }
        for (int round = 1; round <= rounds; round++) {
            for (TrfPlayer p : corpus.players()) {
                TrfGame g = p.game(round);
                if (g.opponent() == 0 && (g.result() == ResultCode.HALF_POINT_BYE || g.result() == ResultCode.ZERO_POINT_BYE)) {
                    apply(new TournamentCommand.RequestBye(T, id(), ARBITER, Instant.EPOCH, player(p.startNumber()), round,
                            g.result() == ResultCode.HALF_POINT_BYE ? ByeKind.HALF_POINT : ByeKind.ZERO_POINT));
                }
            }
            List<TournamentEvent> events = apply(new TournamentCommand.PairNextRound(T, id(), ARBITER, Instant.EPOCH,
                    seedDrawing(initialColour.equals("white1"))));
            TournamentEvent.RoundPaired paired = (TournamentEvent.RoundPaired) events.get(events.size() - 1);
            assertEquals(expectedPairs(corpus, round), pairs(paired), name + " round " + round);
            assertEquals(expectedPab(corpus, round), pab(paired), name + " round " + round + " PAB");
            for (Board board : paired.boards()) {
                assertEquals(board.number() <= 5 ? "Main" : "Annex", board.hall());
                recordResult(corpus, round, board);
            }
            apply(new TournamentCommand.CloseRound(T, id(), ARBITER, Instant.EPOCH, round));
        }
        TrfDocument exported = TrfReader.read(TrfWriter.write(TournamentTrf.export(state)));
        for (TrfPlayer p : corpus.players()) {
            TrfPlayer mine = exported.playersById().get(p.startNumber());
            assertEquals(p.pointsTenths(), mine.pointsTenths(), name + " points of " + p.startNumber());
            assertEquals(p.games(), mine.games(), name + " crosstable line of " + p.startNumber());
        }
    }

    private void recordResult(TrfDocument corpus, int round, Board board) {
        TrfGame white = corpus.playersById().get(number(board.white())).game(round);
        TrfGame black = corpus.playersById().get(number(board.black())).game(round);
        GameResult result = switch (white.result()) {
            case WIN, UNRATED_WIN, FORFEIT_WIN -> GameResult.WHITE_WINS;
            case DRAW, UNRATED_DRAW -> GameResult.DRAW;
            case LOSS, UNRATED_LOSS -> GameResult.BLACK_WINS;
            case FORFEIT_LOSS -> black.result() == ResultCode.FORFEIT_WIN ? GameResult.BLACK_WINS : GameResult.DOUBLE_LOSS;
            default -> throw new AssertionError("unexpected result " + white.result());
        };
        apply(new TournamentCommand.RecordResult(T, id(), Actor.system("results"), Instant.EPOCH, round, board.white(),
                board.black(), result, white.result().isPlayedGame()));
    }

    private List<TournamentEvent> apply(TournamentCommand command) {
        List<TournamentEvent> events = decider.decide(command, state);
        assertFalse(events.isEmpty(), "no events for " + command);
        for (TournamentEvent e : events) {
            assertFalse(e instanceof TournamentEvent.CommandRejected, () -> "rejected: " + e);
            state = decider.evolve(state, e);
        }
        return events;
    }

    private static Set<String> expectedPairs(TrfDocument corpus, int round) {
        Set<String> pairs = new TreeSet<>();
        for (TrfPlayer p : corpus.players()) {
            TrfGame g = p.game(round);
            if (g.opponent() != 0 && g.colour() == org.torneo.trf.Colour.WHITE) {
                pairs.add(p.startNumber() + " " + g.opponent());
            }
        }
        assertFalse(pairs.isEmpty());
        return pairs;
    }

    private static List<String> expectedPab(TrfDocument corpus, int round) {
        List<String> pab = new ArrayList<>();
        for (TrfPlayer p : corpus.players()) {
            if (p.game(round).result() == ResultCode.PAIRING_ALLOCATED_BYE) {
                pab.add(player(p.startNumber()));
            }
        }
        return pab;
    }

    private static Set<String> pairs(TournamentEvent.RoundPaired paired) {
        Set<String> pairs = new TreeSet<>();
        for (Board b : paired.boards()) {
            pairs.add(number(b.white()) + " " + number(b.black()));
        }
        return pairs;
    }

    private static List<String> pab(TournamentEvent.RoundPaired paired) {
        return paired.byes().stream().filter(b -> b.kind() == ByeKind.PAIRING_BYE).map(Bye::playerId).toList();
    }

    /** A seed whose lot gives the top seed white (or black) in round 1. */
    private static long seedDrawing(boolean white) {
        long seed = 1;
        while (new Random(seed).nextBoolean() != white) {
            seed++;
        }
        return seed;
    }

    private static String player(int startNumber) {
        return "p" + startNumber;
    }

    private static int number(String playerId) {
        return Integer.parseInt(playerId.substring(1));
    }

    private static String id() {
        return UUID.randomUUID().toString();
    }

    private static TrfDocument read(String name) throws IOException {
        try (InputStream in = DutchThroughTheDeciderTest.class.getResourceAsStream("/dutch/" + name + ".trf")) {
            assertTrue(in != null, "missing test resource " + name);
            return TrfReader.read(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}

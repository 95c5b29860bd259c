package org.torneo.pairing.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.pairing.app.PairingStackSupport.CODEC;
import static org.torneo.pairing.app.PairingStackSupport.awaitEvents;
import static org.torneo.pairing.app.PairingStackSupport.awaitRow;
import static org.torneo.pairing.app.PairingStackSupport.gameEnded;
import static org.torneo.pairing.app.PairingStackSupport.ofType;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.topics.Topics;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent.ResultRecorded;
import org.torneo.contracts.tournament.TournamentEvent.RoundClosed;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.stack.test.TorneoStack;

/**
 * Figures, not a timing assertion: a Dutch open of {@value #PLAYERS} players through the broker —
 * how long from PairNextRound sent to RoundPaired committed, and from the last GameEnded sent to
 * every result recorded and projected in PostgreSQL. Run with -Pslow; the figures are printed.
 */
@QuarkusTest
@QuarkusTestResource(value = TorneoStack.class, restrictToAnnotatedClass = false)
@Tag("slow")
class PairingLoadBenchmarkTest {

    private static final int PLAYERS = 400;
    private static final Duration WAIT = Duration.ofSeconds(300);
    private static final Actor ARBITER = new Actor(Actor.Role.ARBITER, "bench");
    private static final String T = "t-open";

    @Inject
    PairingApp app;

    @Test
    void aLargeOpenIsPairedAndScoredThroughTheBroker() throws Exception {
        assertTrue(app.runtime().awaitRunning(Duration.ofSeconds(120)));
        try (KafkaProducer<String, String> edge = TorneoStack.producer()) {
            send(edge, new TournamentCommand.CreateTournament(T, id(), ARBITER, Instant.now(), "Open",
                    PairingSystemKind.DUTCH, 9, Scoring.classic(), "FIDE_2018", List.of()));
            for (int i = 1; i <= PLAYERS; i++) {
                send(edge, new TournamentCommand.RegisterPlayer(T, id(), ARBITER, Instant.now(), "p" + i,
                        String.format("Player %04d", i), 2800 - i, 1));
            }
            edge.flush();
            Set<Set<String>> met = new HashSet<>();
            for (int round = 1; round <= 3; round++) {
                final int r = round;
                long pairStart = System.nanoTime();
                send(edge, new TournamentCommand.PairNextRound(T, id(), ARBITER, Instant.now(), 7));
                edge.flush();
                RoundPaired paired = ofType(awaitEvents(T, e -> ofType(e, RoundPaired.class).size() >= r, WAIT),
                        RoundPaired.class).get(r - 1);
                long pairMillis = (System.nanoTime() - pairStart) / 1_000_000;
                assertEquals(PLAYERS / 2, paired.boards().size());
                long resultsStart = System.nanoTime();
                for (Board board : paired.boards()) {
                    assertTrue(met.add(Set.of(board.white(), board.black())), "rematch " + board);
                    GameResult result = switch (board.number() % 3) {
                        case 0 -> GameResult.WHITE_WINS;
                        case 1 -> GameResult.DRAW;
                        default -> GameResult.BLACK_WINS;
                    };
                    Envelope ended = gameEnded(T, r, board.number(), board.white(), board.black(), result);
                    edge.send(new ProducerRecord<>(Topics.RESULTS.name(), T, CODEC.toJson(ended)));
                }
                edge.flush();
                awaitEvents(T, e -> ofType(e, ResultRecorded.class).stream().filter(x -> x.round() == r).count()
                        >= PLAYERS / 2, WAIT);
                long recordedMillis = (System.nanoTime() - resultsStart) / 1_000_000;
                List<Object> projected = awaitRow("select count(*) from tournament_board where tournamentId = ? and round = "
                        + r + " and result is not null", T, row -> ((Number) row.get(0)).intValue() == PLAYERS / 2, WAIT);
                long projectedMillis = (System.nanoTime() - resultsStart) / 1_000_000;
                assertEquals(PLAYERS / 2, ((Number) projected.get(0)).intValue());
                System.out.printf("pairing bench: %d players, round %d: paired in %d ms (command sent -> RoundPaired"
                                + " committed); %d results recorded in %d ms, projected in %d ms%n", PLAYERS, r,
                        pairMillis, PLAYERS / 2, recordedMillis, projectedMillis);
                send(edge, new TournamentCommand.CloseRound(T, id(), ARBITER, Instant.now(), r));
                edge.flush();
                awaitEvents(T, e -> ofType(e, RoundClosed.class).size() >= r, WAIT);
            }
        }
    }

    private static void send(KafkaProducer<String, String> edge, TournamentCommand command) throws Exception {
        edge.send(new ProducerRecord<>(Topics.TOURNAMENT_COMMANDS.name(), command.tournamentId(),
                CODEC.toJson(Envelope.command(UUID.fromString(command.commandId()), command.tournamentId(),
                        command.actor(), command.at(), command)))).get(30, TimeUnit.SECONDS);
    }

    private static String id() {
        return UUID.randomUUID().toString();
    }
}

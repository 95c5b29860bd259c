package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.torneo.game.core.board.Side;
import org.torneo.game.core.scoresheet.SheetComparison;
import org.torneo.stack.test.TorneoStack;

/**
 * Suspected of the first 2,500-board run's refused lines ("the sheet has 4 moves, the next line is ply 5"), cleared:
 * both sheets of many games written at the same time from many threads, on the real broker as the console's Kafka user,
 * each sheet ply after ply as its page sends it, the two sheets of a game interleaving as they come, while the
 * follower reads the console's own writes back. Every line is taken (none refused), each sheet holds the whole game in
 * order, the two agree (no alert), and every action is in the log once. (The refused lines came from the sheets'
 * route: an own move behind a waiting one was not written on the sheet, see {@code Scoresheets#behind}.)
 */
class SheetLogConcurrencyTest {

    static final int GAMES = 16;
    static final int PLIES = 40;

    private SheetJournal journal;

    @AfterEach
    void stop() {
        if (journal != null) {
            journal.close();
        }
    }

    @Test
    void both_sheets_of_many_games_written_at_once_lose_and_refuse_no_line() throws Exception {
        SheetLog log = new SheetLog();
        journal = SheetJournal.of(TorneoStack.bootstrapServers(), TorneoStack.clientSecurity("edge"), null);
        log.journal = journal;
        List<String> moves = ScoresheetBenchmarkTest.sanMoves().subList(0, PLIES);
        String run = "t-race-" + UUID.randomUUID().toString().substring(0, 8);
        List<String> refused = Collections.synchronizedList(new ArrayList<>());
        ExecutorService writers = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> sheets = new ArrayList<>();
            for (int g = 1; g <= GAMES; g++) {
                String game = run + "-r1-b" + g;
                for (Side sheet : Side.values()) {
                    sheets.add(writers.submit(() -> {
                        for (int ply = 1; ply <= PLIES; ply++) {
                            String san = moves.get(ply - 1);
                            String id = UUID.randomUUID().toString();
                            Instant recordedAt = Instant.parse("2026-05-01T15:00:00Z").plusSeconds(ply);
                            String device = "device-" + sheet.name().toLowerCase();
                            // as the console takes a line: compared, then logged before the device is answered
                            for (SheetComparison.Event e : log.line(game, sheet, ply, san, recordedAt, id, device)) {
                                if (e instanceof SheetComparison.LineRefused r) {
                                    refused.add(game + " " + sheet + ": " + r.reason());
                                }
                            }
                            log.log(game, recordedAt, device, sheet.name(), id, "line", ply, san, "ply " + ply + ": "
                                    + san, "received", true);
                        }
                        return null;
                    }));
                }
            }
            for (Future<?> sheet : sheets) {
                sheet.get();
            }
        } finally {
            writers.shutdownNow();
        }

        assertEquals(List.of(), refused, "lines refused");
        for (int g = 1; g <= GAMES; g++) {
            String game = run + "-r1-b" + g;
            assertEquals(moves, log.lines(game, Side.WHITE), "White's sheet of " + game);
            assertEquals(moves, log.lines(game, Side.BLACK), "Black's sheet of " + game);
            assertEquals(List.of(), log.alerts(game), "alerts of " + game);
            assertEquals(2 * PLIES, log.entries(game).size(), "log of " + game);
        }
    }

    /**
     * After a broker failure the follower reads torneo.scoresheet again from its beginning, calling the log's
     * {@code readAgain} first. What the console holds must stay: it once dropped every game there, and a line written
     * meanwhile was then refused as out of order (and a request holding a game went on with the dropped copy).
     */
    @Test
    void reading_the_topic_again_after_a_broker_failure_keeps_every_line() {
        SheetLog log = new SheetLog();
        journal = SheetJournal.of(TorneoStack.bootstrapServers(), TorneoStack.clientSecurity("edge"), null);
        log.journal = journal;
        List<String> moves = ScoresheetBenchmarkTest.sanMoves().subList(0, 11);
        String game = "t-again-" + UUID.randomUUID().toString().substring(0, 8) + "-r1-b1";
        for (int ply = 1; ply <= 10; ply++) {
            for (Side sheet : Side.values()) {
                SheetLogDurabilityTest.line(log, game, "device-" + sheet.name().toLowerCase(), sheet, ply,
                        moves.get(ply - 1));
            }
        }

        log.readAgain(); // as the follower does before it reads the topic again from its beginning

        assertEquals(moves.subList(0, 10), log.lines(game, Side.WHITE));
        List<SheetComparison.Event> next = log.line(game, Side.WHITE, 11, moves.get(10), Instant.now(),
                UUID.randomUUID().toString(), "device-white");
        assertEquals(List.of(SheetComparison.LineRecorded.class), next.stream().map(Object::getClass).toList(),
                "ply 11 after ten plies: " + next);
        assertEquals(20, log.entries(game).size());
    }
}

package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.scoresheet.ScoresheetEvent;
import org.torneo.contracts.topics.Topics;
import org.torneo.game.core.board.Side;
import org.torneo.stack.test.TorneoStack;

/**
 * Issue 20 item 1: the electronic scoresheets' device log and the arbiter's alerts outlive the console. On the real
 * broker (TorneoStack), as the console's own Kafka user (edge): a console records two sheets' actions, a discrepancy
 * and its correction, an illegal line; it stops; a new console reads torneo.scoresheet back and has every entry (same
 * device, sheet, instants and outcome), the same alerts and the same lines, answers an action sent again with its first
 * outcome, and goes on numbering the game's chain where the first one stopped.
 */
class SheetLogDurabilityTest {

    private final java.util.List<SheetJournal> journals = new java.util.ArrayList<>();

    /** A console's log, as a fresh process has it: nothing in memory, the topic to read back. */
    SheetLog console() {
        SheetLog log = new SheetLog();
        log.journal = SheetJournal.of(TorneoStack.bootstrapServers(), TorneoStack.clientSecurity("edge"), null);
        journals.add(log.journal);
        return log;
    }

    @AfterEach
    void stop() {
        journals.forEach(SheetJournal::close);
    }

    record Seen(Instant at, Instant recordedAt, String account, String sheet, String actionId, String action,
                String text, String outcome) {
        static Seen of(SheetLog.Entry e) {
            return new Seen(e.at(), e.recordedAt(), e.account(), e.sheet(), e.actionId(), e.action(), e.text(),
                    e.outcome());
        }
    }

    static List<Seen> seen(SheetLog log, String game) {
        return log.entries(game).stream().map(Seen::of).toList();
    }

    /** A line of a sheet, compared and logged as the console does with an action the device sent. */
    static String line(SheetLog log, String game, String device, Side sheet, int ply, String san) {
        String id = UUID.randomUUID().toString();
        Instant recordedAt = Instant.parse("2026-05-01T15:00:00Z").plusSeconds(30L * ply);
        log.line(game, sheet, ply, san, recordedAt, id, device);
        log.log(game, recordedAt, device, sheet.name(), id, "line", ply, san, "ply " + ply + ": " + san, "received",
                true);
        return id;
    }

    @Test
    void a_restarted_console_has_every_entry_alert_and_line_and_goes_on_with_the_chain() throws Exception {
        String game = "t-durable-" + UUID.randomUUID().toString().substring(0, 8) + "-r1-b3";
        SheetLog first = console();
        first.log(game, Instant.parse("2026-05-01T14:59:00Z"), "device-w", "WHITE", "bind-1", "bind",
                "board 3, WHITE's sheet", "bound", true);
        line(first, game, "device-w", Side.WHITE, 1, "e4");
        line(first, game, "device-b", Side.BLACK, 1, "e4");
        line(first, game, "device-w", Side.WHITE, 2, "c5");
        String wrong = line(first, game, "device-b", Side.BLACK, 2, "e5");      // the sheets disagree at move 1
        line(first, game, "device-w", Side.WHITE, 3, "Nf3");
        line(first, game, "device-b", Side.BLACK, 3, "Nf3");
        line(first, game, "device-w", Side.WHITE, 4, "d6");
        line(first, game, "device-b", Side.BLACK, 4, "Qxh8");                 // no legal move
        line(first, game, "device-b", Side.BLACK, 2, "c5");                   // Black corrects move 1
        first.log(game, Instant.parse("2026-05-01T15:05:00Z"), "device-b", "BLACK", "offer-1", "offer", "(=)",
                "refused: HTTP 409: no offer now", true);

        List<Seen> entries = seen(first, game);
        List<SheetLog.Alert> alerts = first.alerts(game);
        assertEquals(11, entries.size(), entries.toString());
        // move 1 disagreed and was corrected; Black's move 2 is no legal move, and so differs from White's sheet
        assertEquals(List.of("discrepancy", "illegal", "discrepancy"), alerts.stream().map(SheetLog.Alert::kind)
                .toList(), alerts.toString());
        assertEquals(List.of(true, false, false), alerts.stream().map(SheetLog.Alert::lifted).toList());
        assertEquals(List.of(1, 2, 2), alerts.stream().map(SheetLog.Alert::moveNumber).toList());
        journals.forEach(SheetJournal::close); // the console stops

        SheetLog second = console();
        assertEquals(entries, seen(second, game), "the device log after a restart");
        assertEquals(alerts, second.alerts(game), "the alerts after a restart");
        assertEquals(first.lines(game, Side.WHITE), second.lines(game, Side.WHITE));
        assertEquals(List.of("e4", "c5", "Nf3", "Qxh8"), second.lines(game, Side.BLACK));
        assertEquals("received", second.outcome(game, wrong), "an action sent again gets its first outcome");
        assertEquals("refused: HTTP 409: no offer now", second.outcome(game, "offer-1"));

        // the restarted console goes on: a line sent again raises nothing twice, a new one is compared with the rest
        second.line(game, Side.BLACK, 4, "Qxh8", Instant.parse("2026-05-01T15:02:00Z"), wrong, "device-b");
        assertEquals(alerts, second.alerts(game), "a line sent again is no new alert");
        line(second, game, "device-b", Side.BLACK, 4, "d6");
        line(second, game, "device-w", Side.WHITE, 5, "d4");
        assertEquals(13, second.entries(game).size());
        assertTrue(second.alerts(game).get(2).lifted(), "Black's correction of move 2 lifts its discrepancy");

        // one hash chain per game on torneo.scoresheet, numbered on by the second console
        JsonCodec codec = JsonCodec.standard();
        List<Envelope> chain = TorneoStack.readCommittedValuesForKey(Topics.SCORESHEET.name(), game, 18,
                Duration.ofSeconds(30)).stream().map(codec::decode).toList();
        String previous = Envelope.GENESIS_HASH;
        for (int i = 0; i < chain.size(); i++) {
            assertEquals(i + 1, chain.get(i).sequence(), "sequence of " + chain.get(i).payload());
            assertEquals(previous, chain.get(i).previousHash());
            previous = chain.get(i).hash();
        }
        assertEquals(18, chain.size(), "13 actions, 3 alerts raised, 2 lifted");
        long logged = chain.stream().filter(e -> e.payload() instanceof ScoresheetEvent.DeviceActionLogged).count();
        assertEquals(13, logged);
        assertTrue(chain.stream().allMatch(e -> e.actor().id().startsWith("device-")), "the device is the actor");
    }
}

package org.torneo.console;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.scoresheet.ScoresheetEvent;
import org.torneo.game.core.board.Side;
import org.torneo.game.core.scoresheet.SheetComparison;
import org.torneo.identity.Account;
import org.torneo.identity.AccountRole;

/**
 * The electronic scoresheets' device logs and the comparison of the two sheets of each game: every action a sheet
 * sends (a line, an offer, a claim, a resignation, an approved result, the binding to its board) with the instant the
 * player made it on the device and the instant it arrived, and the arbiter's alerts from {@link SheetComparison}.
 * <p>
 * Durable: each action and each alert is written to torneo.scoresheet ({@link SheetJournal},
 * {@link ScoresheetEvent}) before the device is answered, and the topic is read back at the start (a restarted
 * console has every log and alert, for the arbiter's review and an appeals committee's a week later). Read back, a
 * line is compared again to rebuild the comparison's state, and the alerts are the ones recorded. An action id seen
 * before is answered with its first outcome and not applied again. Each game is locked on its own.
 */
@ApplicationScoped
public class SheetLog {

    /** How long the first use waits for the topic to be read back (the device is told to send again otherwise). */
    static final Duration READ_BACK = Duration.ofSeconds(60);

    /** One action of a device, as the arbiter reviews it. */
    public record Entry(long seq, Instant at, Instant recordedAt, String account, String sheet, String actionId,
                        String action, String text, String outcome) {
    }

    /**
     * An alert for the hall arbiter: {@code text} in words (English, as recorded); in structure (null in an alert
     * recorded before it was, scoresheet.SheetAlertRaised version 1) an illegal line's {@code sheet}, the ply's line on
     * each sheet and the notation reader's {@code problem}; {@code lifted} when a correction made the sheets agree
     * again, on the move {@code corrected}.
     */
    public record Alert(int ply, int moveNumber, String kind, String text, boolean lifted,
                        org.torneo.contracts.Side sheet, String onWhiteSheet, String onBlackSheet, String problem,
                        String corrected) {
        /** Whether the alert is recorded in structure (else in words only). */
        public boolean structured() {
            return onWhiteSheet != null || onBlackSheet != null;
        }
    }

    /** The device log could not be written or read back: the device keeps the action and sends it again. */
    public static final class Unavailable extends RuntimeException {
        Unavailable(String message) {
            super(message);
        }
    }

    @Inject
    SheetJournal journal;

    private final String epoch = UUID.randomUUID().toString();
    private final SheetComparison comparison = new SheetComparison();
    private final Map<String, Game> games = new ConcurrentHashMap<>();
    private final AtomicLong seq = new AtomicLong();
    private volatile boolean readBack;

    private static final class Game {
        SheetComparison.State state;
        final List<Entry> log = new ArrayList<>();
        final Map<String, String> outcomes = new HashMap<>();
        final List<Alert> alerts = new ArrayList<>();
        /** The last event of the game's chain on the topic (written here or read back). */
        long sequence;
        String hash = Envelope.GENESIS_HASH;
    }

    /** Changes when the console restarts (the devices then send what they hold again: answered from the log). */
    public String epoch() {
        return epoch;
    }

    /** Waits (once) until the topic has been read back: before it, no action may be numbered or answered. */
    void ready() {
        if (!readBack) {
            journal.follow(this::fold, this::readAgain);
            if (!journal.awaitCurrent(READ_BACK)) {
                throw new Unavailable("the device log is still being read back from the broker; the sheet sends"
                        + " again");
            }
            readBack = true;
        }
    }

    private Game game(String gameId) {
        return games.computeIfAbsent(gameId, g -> {
            Game game = new Game();
            game.state = comparison.initialState();
            return game;
        });
    }

    /** The outcome this action already had, or null when it is new. */
    public String outcome(String gameId, String actionId) {
        ready();
        Game game = game(gameId);
        synchronized (game) {
            return game.outcomes.get(actionId);
        }
    }

    /** Appends an action that is not a line to the game's device log with its outcome. */
    public void log(String gameId, Instant recordedAt, String account, String sheet, String actionId, String action,
                    String text, String outcome, boolean settled) {
        log(gameId, recordedAt, account, sheet, actionId, action, 0, null, text, outcome, settled);
    }

    /**
     * Appends the action to the game's device log with its outcome, written to the topic first; a line carries its
     * ply and move (0 and null for a line refused before the comparison), so that reading it back compares it again.
     */
    public void log(String gameId, Instant recordedAt, String account, String sheet, String actionId, String action,
                    int ply, String san, String text, String outcome, boolean settled) {
        ready();
        Game game = game(gameId);
        synchronized (game) {
            Instant now = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MILLIS); // as the topic keeps it
            write(game, gameId, account, new ScoresheetEvent.DeviceActionLogged(gameId, contractSide(sheet),
                    deviceActor(account), actionId, action, ply, san, text, outcome, recordedAt, now));
            game.log.add(new Entry(seq.incrementAndGet(), now, recordedAt, account, sheet, actionId, action, text,
                    outcome));
            if (settled) {
                game.outcomes.put(actionId, outcome);
            }
        }
    }

    /**
     * A line written on the sheet of {@code sheet}: compared with the other sheet (// FIDE 2018 8.1.1); what it
     * raised or lifted becomes the game's alerts, written to the topic before the comparison's state moves on (an
     * alert already standing with the same text is not raised twice: a line sent again). Returns the comparison's
     * events.
     */
    public List<SheetComparison.Event> line(String gameId, Side sheet, int ply, String san, Instant recordedAt,
                                            String actionId, String account) {
        ready();
        Game game = game(gameId);
        synchronized (game) {
            List<SheetComparison.Event> events = comparison.decide(
                    new SheetComparison.RecordLine(sheet, ply, san, recordedAt), game.state);
            for (SheetComparison.Event event : events) {
                switch (event) {
                    case SheetComparison.SheetsDisagree d -> raise(game, gameId, account, actionId, new Alert(d.ply(),
                            d.moveNumber(), "discrepancy", "move " + d.moveNumber() + " (" + side(d.mover())
                            + "): White's sheet " + d.onWhiteSheet() + ", Black's sheet " + d.onBlackSheet(), false,
                            null, d.onWhiteSheet(), d.onBlackSheet(), null, null));
                    case SheetComparison.SheetsAgree a -> {
                        if (game.alerts.stream().anyMatch(x -> x.ply() == a.ply() && x.kind().equals("discrepancy")
                                && !x.lifted())) {
                            ScoresheetEvent.SheetAlertLifted lifted = new ScoresheetEvent.SheetAlertLifted(gameId,
                                    actionId, a.ply(), a.move(), Instant.now());
                            write(game, gameId, account, lifted);
                            apply(game, lifted);
                        }
                    }
                    case SheetComparison.IllegalLineRecorded i -> raise(game, gameId, account, actionId, new Alert(
                            i.ply(), i.moveNumber(), "illegal", "move " + i.moveNumber() + " on " + side(i.sheet())
                            + "'s sheet: " + i.reason(), false, contractSide(i.sheet()),
                            i.sheet() == Side.WHITE ? i.san() : null, i.sheet() == Side.BLACK ? i.san() : null,
                            i.reason(), null));
                    case SheetComparison.LineRecorded r -> { }
                    case SheetComparison.LineRefused r -> { }
                }
                game.state = comparison.evolve(game.state, event);
            }
            return events;
        }
    }

    private void raise(Game game, String gameId, String account, String actionId, Alert alert) {
        if (standing(game, alert)) {
            return;
        }
        ScoresheetEvent.SheetAlertRaised raised = new ScoresheetEvent.SheetAlertRaised(gameId, actionId, alert.ply(),
                alert.moveNumber(), alert.kind(), alert.text(), Instant.now(), alert.sheet(), alert.onWhiteSheet(),
                alert.onBlackSheet(), alert.problem());
        write(game, gameId, account, raised);
        apply(game, raised);
    }

    private void write(Game game, String gameId, String account, ScoresheetEvent event) {
        Envelope sealed;
        try {
            sealed = journal.write(gameId, game.sequence + 1, game.hash, deviceActor(account), Instant.now(), event);
        } catch (IllegalStateException e) {
            throw new Unavailable(e.getMessage());
        }
        game.sequence = sealed.sequence();
        game.hash = sealed.hash();
    }

    private static void apply(Game game, ScoresheetEvent event) {
        switch (event) {
            case ScoresheetEvent.SheetAlertRaised r -> {
                Alert alert = new Alert(r.ply(), r.moveNumber(), r.kind(), r.text(), false, r.sheet(),
                        r.onWhiteSheet(), r.onBlackSheet(), r.problem(), null);
                if (!standing(game, alert)) {
                    game.alerts.add(alert);
                }
            }
            case ScoresheetEvent.SheetAlertLifted l -> game.alerts.replaceAll(x -> x.ply() == l.ply()
                    && x.kind().equals("discrepancy") && !x.lifted() ? new Alert(x.ply(), x.moveNumber(), x.kind(),
                    x.text(), true, x.sheet(), x.onWhiteSheet(),
                    x.onBlackSheet(), x.problem(), l.move()) : x);
            case ScoresheetEvent.DeviceActionLogged a -> { }
        }
    }

    /** Reads one event of the topic back: what this console wrote itself (its sequence) is already here. */
    private void fold(Envelope envelope) {
        if (!(envelope.payload() instanceof ScoresheetEvent event)) {
            return;
        }
        Game game = game(event.gameId());
        synchronized (game) {
            if (envelope.sequence() <= game.sequence) {
                return;
            }
            game.sequence = envelope.sequence();
            game.hash = envelope.hash();
            if (event instanceof ScoresheetEvent.DeviceActionLogged a) {
                String sheet = a.sheet() == null ? null : a.sheet().name();
                if (a.action().equals("line") && a.ply() > 0 && a.san() != null && a.sheet() != null) {
                    // compared again to rebuild the comparison's state; the alerts are the recorded ones
                    Side side = a.sheet() == org.torneo.contracts.Side.WHITE ? Side.WHITE : Side.BLACK;
                    for (SheetComparison.Event e : comparison.decide(new SheetComparison.RecordLine(side, a.ply(),
                            a.san(), a.recordedAt()), game.state)) {
                        game.state = comparison.evolve(game.state, e);
                    }
                }
                game.log.add(new Entry(seq.incrementAndGet(), a.at(), a.recordedAt(), a.device().id(), sheet,
                        a.actionId(), a.action(), a.text(), a.outcome()));
                game.outcomes.put(a.actionId(), a.outcome());
            } else {
                apply(game, event);
            }
        }
    }

    /**
     * The topic is read again from its beginning (after a broker failure). What this console holds stays: every game's
     * chain skips the sequences it has (its own writes, and what it read), and takes only what it lacks. Dropping the
     * games here, as it once did, lost lines: a request holding a game went on with the dropped copy, and one that came
     * while the game was half read again numbered its event with a sequence the topic already had, so the read-back
     * then skipped the topic's own event of that sequence (a line gone: "the sheet has 4 moves, the next line is ply
     * 5").
     */
    void readAgain() {
        // nothing to drop: fold() takes each game's events beyond the sequence it holds
    }

    /** Waits for the read-back as {@link #ready()} does, showing what is there when it is not complete yet. */
    private void readyToShow() {
        try {
            ready();
        } catch (Unavailable e) {
            // the review page shows what has been read back so far
        }
    }

    public List<Entry> entries(String gameId) {
        readyToShow();
        Game game = games.get(gameId);
        if (game == null) {
            return List.of();
        }
        synchronized (game) {
            return List.copyOf(game.log);
        }
    }

    public List<Alert> alerts(String gameId) {
        readyToShow();
        Game game = games.get(gameId);
        if (game == null) {
            return List.of();
        }
        synchronized (game) {
            return List.copyOf(game.alerts);
        }
    }

    /** The lines of one sheet as the console holds them (what it received), ply 1 first. */
    public List<String> lines(String gameId, Side sheet) {
        Game game = games.get(gameId);
        if (game == null) {
            return List.of();
        }
        synchronized (game) {
            return !(game.state instanceof SheetComparison.Recording r) ? List.of() : r.lines(sheet);
        }
    }

    private static Actor deviceActor(String account) {
        return Account.of(account, AccountRole.DEVICE).actorAs(AccountRole.DEVICE);
    }

    private static org.torneo.contracts.Side contractSide(String sheet) {
        return "WHITE".equals(sheet) ? org.torneo.contracts.Side.WHITE : "BLACK".equals(sheet)
                ? org.torneo.contracts.Side.BLACK : null;
    }

    /** An alert of the same ply and kind, with the same words, stands already (a line sent again; one read back). */
    private static boolean standing(Game game, Alert alert) {
        return game.alerts.stream().anyMatch(x -> !x.lifted() && x.ply() == alert.ply() && x.kind().equals(alert.kind())
                && x.text().equals(alert.text()));
    }

    private static String side(Side side) {
        return side == Side.WHITE ? "White" : "Black";
    }

    private static org.torneo.contracts.Side contractSide(Side side) {
        return side == Side.WHITE ? org.torneo.contracts.Side.WHITE : org.torneo.contracts.Side.BLACK;
    }
}

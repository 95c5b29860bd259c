package org.torneo.console;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.torneo.game.core.board.Side;
import org.torneo.game.core.scoresheet.SheetComparison;

/**
 * The electronic scoresheets' device logs and the comparison of the two sheets of each game, held by the console: every
 * action a sheet sends (a line, an offer, a claim, a resignation, an approved result, the binding to its board) with
 * the instant the player made it on the device and the instant it arrived, and the arbiter's alerts from
 * {@link SheetComparison}. The devices are the durable copy: each keeps its actions until this log has them, and sends
 * them all again when the log's {@link #epoch} changes (a restarted console), so the log and the alerts are rebuilt in
 * the order they were made. An action id seen before is answered with its first outcome and not applied again.
 */
@ApplicationScoped
public class SheetLog {

    /** One action of a device, as the arbiter reviews it. */
    public record Entry(long seq, Instant at, Instant recordedAt, String account, String sheet, String actionId,
                        String action, String text, String outcome) {
    }

    /** An alert for the hall arbiter; {@code lifted} when a correction made the sheets agree again. */
    public record Alert(int ply, int moveNumber, String kind, String text, boolean lifted) {
    }

    private final String epoch = UUID.randomUUID().toString();
    private final SheetComparison comparison = new SheetComparison();
    private final Map<String, Game> games = new HashMap<>();
    private long seq;

    private static final class Game {
        SheetComparison.State state;
        final List<Entry> log = new ArrayList<>();
        final Map<String, String> outcomes = new HashMap<>();
        final List<Alert> alerts = new ArrayList<>();
    }

    /** Changes when the console restarts: the devices then send everything again. */
    public String epoch() {
        return epoch;
    }

    private Game game(String gameId) {
        return games.computeIfAbsent(gameId, g -> {
            Game game = new Game();
            game.state = comparison.initialState();
            return game;
        });
    }

    /** The outcome this action already had, or null when it is new. */
    public synchronized String outcome(String gameId, String actionId) {
        return game(gameId).outcomes.get(actionId);
    }

    /** Appends the action to the game's device log with its outcome (a later "waiting" is replaced when it passes). */
    public synchronized void log(String gameId, Instant recordedAt, String account, String sheet, String actionId,
                                 String action, String text, String outcome, boolean settled) {
        Game game = game(gameId);
        game.log.add(new Entry(++seq, Instant.now(), recordedAt, account, sheet, actionId, action, text, outcome));
        if (settled) {
            game.outcomes.put(actionId, outcome);
        }
    }

    /**
     * A line written on the sheet of {@code sheet}: compared with the other sheet (// FIDE 2018 8.1.1); what it
     * raised or lifted becomes the game's alerts. Returns the comparison's events.
     */
    public synchronized List<SheetComparison.Event> line(String gameId, Side sheet, int ply, String san,
                                                        Instant recordedAt) {
        Game game = game(gameId);
        List<SheetComparison.Event> events = comparison.decide(
                new SheetComparison.RecordLine(sheet, ply, san, recordedAt), game.state);
        for (SheetComparison.Event event : events) {
            game.state = comparison.evolve(game.state, event);
            switch (event) {
                case SheetComparison.SheetsDisagree d -> game.alerts.add(new Alert(d.ply(), d.moveNumber(),
                        "discrepancy", "move " + d.moveNumber() + " (" + side(d.mover()) + "): White's sheet "
                        + d.onWhiteSheet() + ", Black's sheet " + d.onBlackSheet(), false));
                case SheetComparison.SheetsAgree a -> game.alerts.replaceAll(x -> x.ply() == a.ply()
                        && x.kind().equals("discrepancy") ? new Alert(x.ply(), x.moveNumber(), x.kind(), x.text()
                        + "; corrected: both sheets " + a.move(), true) : x);
                case SheetComparison.IllegalLineRecorded i -> game.alerts.add(new Alert(i.ply(), i.moveNumber(),
                        "illegal", "move " + i.moveNumber() + " on " + side(i.sheet()) + "'s sheet: " + i.reason(),
                        false));
                case SheetComparison.LineRecorded r -> { }
                case SheetComparison.LineRefused r -> { }
            }
        }
        return events;
    }

    public synchronized List<Entry> entries(String gameId) {
        Game game = games.get(gameId);
        return game == null ? List.of() : List.copyOf(game.log);
    }

    public synchronized List<Alert> alerts(String gameId) {
        Game game = games.get(gameId);
        return game == null ? List.of() : List.copyOf(game.alerts);
    }

    /** The lines of one sheet as the console holds them (what it received), ply 1 first. */
    public synchronized List<String> lines(String gameId, Side sheet) {
        Game game = games.get(gameId);
        return game == null || !(game.state instanceof SheetComparison.Recording r) ? List.of() : r.lines(sheet);
    }

    private static String side(Side side) {
        return side == Side.WHITE ? "White" : "Black";
    }
}

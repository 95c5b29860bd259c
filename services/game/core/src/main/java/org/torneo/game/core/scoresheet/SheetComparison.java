package org.torneo.game.core.scoresheet;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Side;
import org.torneo.game.core.notation.MoveParser;
import org.torneo.game.core.notation.ParsedMove;
import org.torneo.game.core.notation.San;

/**
 * The two players' electronic scoresheets of one game, compared line by line. Each player records his own and his
 * opponent's moves, move after move, in algebraic notation (// FIDE 2018 8.1.1; 2023 8.1.1.2: on the electronic
 * scoresheet prescribed for the competition); the two records must say the same. This decider raises an alert for
 * the hall arbiter when they do not: two sheets with different moves at the same ply, or a sheet whose line is not
 * a legal move in the position its own earlier lines reach. It never corrects or blocks a player (// FIDE 2018
 * 11.3.1: the player must not be helped; 12.2: the arbiter watches the record): every line is recorded as written,
 * the alert only goes to the arbiter, and it is lifted when a correction makes the sheets agree (a correction is
 * like crossing out on paper, // FIDE 2018 8.1.4 "the scoresheet shall be used only for recording the moves").
 *
 * <p>Plain Java, no clock: the instant a line was recorded comes with the command (the device's clock when the
 * player wrote it, kept while the device was offline). {@link #decide} recomputes the alerts from the lines (a pure
 * function of them), so replaying the events gives the same state.
 */
public final class SheetComparison {

    /** Which player's sheet: the sheet kept by (or for) the player of that side. */
    public sealed interface Command permits RecordLine {
    }

    /**
     * A line written on {@code sheet}: the move of ply {@code ply} (1 = White's first move) as the player wrote it.
     * A ply already written is a correction (the old line crossed out); a ply beyond the next one is refused: a
     * sheet is written move after move (// FIDE 2018 8.1.1, 8.1.2: no recording in advance).
     */
    public record RecordLine(Side sheet, int ply, String san, Instant recordedAt) implements Command {
        public RecordLine {
            Objects.requireNonNull(sheet, "sheet");
            Objects.requireNonNull(recordedAt, "recordedAt");
            san = san == null ? "" : san.strip();
        }
    }

    public sealed interface Event permits LineRecorded, LineRefused, SheetsDisagree, SheetsAgree, IllegalLineRecorded {
    }

    /** The line as written; {@code crossedOut} the line it replaces, or null for a new ply. */
    public record LineRecorded(Side sheet, int ply, String san, String crossedOut, Instant recordedAt)
            implements Event {
    }

    /** A line that cannot be placed on the sheet (a gap before it); nothing recorded. */
    public record LineRefused(Side sheet, int ply, String san, String reason) implements Event {
    }

    /** Alert: at this ply the White player's sheet and the Black player's sheet have different moves. */
    public record SheetsDisagree(int ply, int moveNumber, Side mover, String onWhiteSheet, String onBlackSheet)
            implements Event {
    }

    /** The alert of {@link SheetsDisagree} at this ply is lifted: a correction made the sheets agree. */
    public record SheetsAgree(int ply, int moveNumber, String move) implements Event {
    }

    /** Alert: the line on {@code sheet} is not a legal move in the position that sheet's earlier lines reach. */
    public record IllegalLineRecorded(Side sheet, int ply, int moveNumber, String san, String reason)
            implements Event {
    }

    /** The state: nothing written yet, or the two sheets with the alerts already raised. */
    public sealed interface State permits Blank, Recording {
    }

    public record Blank() implements State {
    }

    /**
     * @param white         the lines of the White player's sheet, ply 1 first
     * @param black         the lines of the Black player's sheet
     * @param disagreements the plies whose disagreement alert is raised and not lifted
     * @param illegal       the (sheet, ply) whose illegal-line alert was raised, as "WHITE:5"
     */
    public record Recording(List<String> white, List<String> black, java.util.Set<Integer> disagreements,
                            java.util.Set<String> illegal) implements State {
        public Recording {
            white = List.copyOf(white);
            black = List.copyOf(black);
            disagreements = java.util.Set.copyOf(disagreements);
            illegal = java.util.Set.copyOf(illegal);
        }

        public List<String> lines(Side sheet) {
            return sheet == Side.WHITE ? white : black;
        }
    }

    private final Position start;

    /** Comparison of sheets of a game from the standard starting position. */
    public SheetComparison() {
        this(Position.initial());
    }

    /** Comparison of sheets of a game from {@code start} (a Chess960 or set-up position). */
    public SheetComparison(Position start) {
        this.start = Objects.requireNonNull(start, "start");
    }

    public State initialState() {
        return new Blank();
    }

    public List<Event> decide(Command command, State state) {
        return switch (command) {
            case RecordLine line -> record(line, recording(state));
        };
    }

    public State evolve(State state, Event event) {
        Recording r = recording(state);
        return switch (event) {
            case LineRecorded e -> {
                List<String> lines = new ArrayList<>(r.lines(e.sheet()));
                if (e.ply() <= lines.size()) {
                    lines.set(e.ply() - 1, e.san());
                } else {
                    lines.add(e.san());
                }
                yield e.sheet() == Side.WHITE
                        ? new Recording(lines, r.black(), r.disagreements(), r.illegal())
                        : new Recording(r.white(), lines, r.disagreements(), r.illegal());
            }
            case LineRefused e -> r;
            case SheetsDisagree e -> new Recording(r.white(), r.black(), plus(r.disagreements(), e.ply()), r.illegal());
            case SheetsAgree e -> new Recording(r.white(), r.black(), minus(r.disagreements(), e.ply()), r.illegal());
            case IllegalLineRecorded e -> new Recording(r.white(), r.black(), r.disagreements(),
                    plus(r.illegal(), key(e.sheet(), e.ply())));
        };
    }

    /** What each sheet's lines denote, ply by ply: the move in standard notation, or why it is no legal move. */
    public record Reading(List<String> canonical, Map<Integer, String> illegal) {
    }

    /**
     * Reads a sheet's lines from the start: each line must be a legal move in the position reached by the earlier
     * lines (// FIDE 2018 Appendix C: any unambiguous algebraic form, long or short, with or without x, +, #).
     * After an illegal line the position is unknown: later lines are compared as written, not judged.
     */
    public Reading read(List<String> lines) {
        List<String> canonical = new ArrayList<>();
        Map<Integer, String> illegal = new TreeMap<>();
        Position position = start;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (position == null) {
                canonical.add(asWritten(line));
                continue;
            }
            ParsedMove parsed = MoveParser.parse(position, line);
            if (parsed instanceof ParsedMove.Ok ok) {
                canonical.add(San.write(position, ok.move()));
                position = position.play(ok.move());
            } else {
                illegal.put(i + 1, ((ParsedMove.Error) parsed).message());
                canonical.add(asWritten(line));
                position = null;
            }
        }
        return new Reading(canonical, illegal);
    }

    private List<Event> record(RecordLine line, Recording r) {
        List<String> lines = r.lines(line.sheet());
        if (line.ply() < 1 || line.ply() > lines.size() + 1) {
            return List.of(new LineRefused(line.sheet(), line.ply(), line.san(), line.ply() < 1
                    ? "ply " + line.ply() + ": plies start at 1"
                    : "ply " + line.ply() + ": the " + line.sheet().lowerCaseName() + " player's sheet has "
                    + lines.size() + " moves, so the next line is ply " + (lines.size() + 1)
                    + " (FIDE 2018 8.1.1-8.1.2: move after move, nothing in advance)"));
        }
        if (line.san().isEmpty()) {
            return List.of(new LineRefused(line.sheet(), line.ply(), line.san(), "ply " + line.ply()
                    + ": an empty line is no move (FIDE 2018 8.1.1: every move is recorded)"));
        }
        String crossedOut = line.ply() <= lines.size() ? lines.get(line.ply() - 1) : null;
        if (line.san().equals(crossedOut)) {
            return List.of(); // the same line again (a device resending it): nothing new
        }
        List<Event> events = new ArrayList<>();
        LineRecorded recorded = new LineRecorded(line.sheet(), line.ply(), line.san(), crossedOut, line.recordedAt());
        events.add(recorded);
        Recording after = (Recording) evolve(r, recorded);
        Reading white = read(after.white());
        Reading black = read(after.black());
        // FIDE 2018 8.1.1: a line that is no legal move is no record of the game: the arbiter is told, once
        for (Side sheet : Side.values()) {
            Reading reading = sheet == Side.WHITE ? white : black;
            reading.illegal().forEach((ply, reason) -> {
                if (!after.illegal().contains(key(sheet, ply))) {
                    events.add(new IllegalLineRecorded(sheet, ply, moveNumber(ply), after.lines(sheet).get(ply - 1),
                            reason));
                }
            });
        }
        // FIDE 2018 8.1.1: both sheets record the same game; a ply both have written differently is an alert
        int common = Math.min(white.canonical().size(), black.canonical().size());
        for (int i = 0; i < common; i++) {
            int ply = i + 1;
            boolean differ = !white.canonical().get(i).equals(black.canonical().get(i));
            if (differ && !after.disagreements().contains(ply)) {
                events.add(new SheetsDisagree(ply, moveNumber(ply), mover(ply), after.white().get(i),
                        after.black().get(i)));
            } else if (!differ && after.disagreements().contains(ply)) {
                events.add(new SheetsAgree(ply, moveNumber(ply), white.canonical().get(i)));
            }
        }
        return events;
    }

    /** The move number of a ply, as on a scoresheet: plies 1 and 2 are move 1. */
    public static int moveNumber(int ply) {
        return (ply + 1) / 2;
    }

    /** The side that made the move of a ply (from the standard start: White makes the odd plies). */
    public static Side mover(int ply) {
        return ply % 2 == 1 ? Side.WHITE : Side.BLACK;
    }

    private static String asWritten(String line) {
        // the annotations the notation leaves optional do not make two lines differ (FIDE 2018 C.13: x, +, # are abbreviations)
        return line.replaceAll("[+#!?]", "").replace("x", "").replace(":", "").strip().toUpperCase(Locale.ROOT);
    }

    private static Recording recording(State state) {
        return switch (state) {
            case Blank b -> new Recording(List.of(), List.of(), java.util.Set.of(), java.util.Set.of());
            case Recording r -> r;
        };
    }

    private static String key(Side sheet, int ply) {
        return sheet + ":" + ply;
    }

    private static <T> java.util.Set<T> plus(java.util.Set<T> set, T value) {
        java.util.Set<T> next = new java.util.HashSet<>(set);
        next.add(value);
        return next;
    }

    private static <T> java.util.Set<T> minus(java.util.Set<T> set, T value) {
        java.util.Set<T> next = new java.util.HashSet<>(set);
        next.remove(value);
        return next;
    }
}

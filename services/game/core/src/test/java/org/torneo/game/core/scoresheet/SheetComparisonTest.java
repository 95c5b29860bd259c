package org.torneo.game.core.scoresheet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.torneo.game.core.board.Side;
import org.torneo.game.core.scoresheet.SheetComparison.Event;
import org.torneo.game.core.scoresheet.SheetComparison.IllegalLineRecorded;
import org.torneo.game.core.scoresheet.SheetComparison.LineRecorded;
import org.torneo.game.core.scoresheet.SheetComparison.LineRefused;
import org.torneo.game.core.scoresheet.SheetComparison.RecordLine;
import org.torneo.game.core.scoresheet.SheetComparison.SheetsAgree;
import org.torneo.game.core.scoresheet.SheetComparison.SheetsDisagree;
import org.torneo.game.core.scoresheet.SheetComparison.State;

/** Given lines on the two sheets / when a line is written / then the events (and replay gives the same state). */
class SheetComparisonTest {

    private static final Instant T0 = Instant.parse("2026-11-26T10:00:00Z");

    private final SheetComparison comparison = new SheetComparison();
    private final List<Event> history = new ArrayList<>();
    private State state = comparison.initialState();
    private int tick;

    /** Given: both sheets carry these moves (each player writes both sides, // FIDE 2018 8.1.1). */
    private SheetComparisonTest bothWrote(String... moves) {
        for (int i = 0; i < moves.length; i++) {
            write(Side.WHITE, i + 1, moves[i]);
            write(Side.BLACK, i + 1, moves[i]);
        }
        return this;
    }

    private List<Event> write(Side sheet, int ply, String san) {
        List<Event> events = comparison.decide(new RecordLine(sheet, ply, san, T0.plusSeconds(tick++)), state);
        for (Event e : events) {
            state = comparison.evolve(state, e);
            history.add(e);
        }
        // replay: folding the whole history from the blank state gives the live state
        State replayed = comparison.initialState();
        for (Event e : history) {
            replayed = comparison.evolve(replayed, e);
        }
        assertEquals(state, replayed);
        return events;
    }

    @Test
    void the_same_moves_on_both_sheets_raise_nothing() {
        bothWrote("e4", "e5", "Nf3", "Nc6", "Bb5", "a6");
        assertTrue(history.stream().allMatch(e -> e instanceof LineRecorded), history::toString);
        assertEquals(12, history.size());
    }

    @Test
    void the_same_move_written_in_another_accepted_form_is_no_discrepancy() {
        bothWrote("e4", "e5", "Nf3", "Nc6");
        write(Side.WHITE, 5, "Bb5");
        // FIDE 2018 Appendix C: the long form and the x / + abbreviations are the same move
        List<Event> events = write(Side.BLACK, 5, "Bf1-b5");
        assertEquals(1, events.size(), events::toString);
        assertInstanceOf(LineRecorded.class, events.get(0));
    }

    @Test
    void different_moves_at_the_same_ply_alert_the_arbiter_with_the_move_number() {
        bothWrote("e4", "e5", "Nf3", "Nc6");
        write(Side.WHITE, 5, "Bb5");
        write(Side.WHITE, 6, "a6");
        write(Side.BLACK, 5, "Bc4");
        List<Event> events = write(Side.BLACK, 6, "a6");
        // the Black player's a6 is the same move, but ply 5 already differs: no second alert for it
        assertEquals(List.of(LineRecorded.class), events.stream().map(Object::getClass).toList());
        SheetsDisagree alert = history.stream().filter(e -> e instanceof SheetsDisagree)
                .map(SheetsDisagree.class::cast).findFirst().orElseThrow();
        assertEquals(new SheetsDisagree(5, 3, Side.WHITE, "Bb5", "Bc4"), alert);
        assertEquals(1, history.stream().filter(e -> e instanceof SheetsDisagree).count());
    }

    @Test
    void a_correction_that_makes_the_sheets_agree_lifts_the_alert_and_keeps_the_crossed_out_line() {
        bothWrote("d4", "d5");
        write(Side.WHITE, 3, "c4");
        write(Side.BLACK, 3, "Nf3");
        List<Event> events = write(Side.BLACK, 3, "c4");
        assertEquals(new LineRecorded(Side.BLACK, 3, "c4", "Nf3", T0.plusSeconds(tick - 1)), events.get(0));
        assertEquals(new SheetsAgree(3, 2, "c4"), events.get(1));
        assertEquals(2, events.size());
    }

    @Test
    void an_illegal_line_alerts_once_and_is_recorded_as_written() {
        bothWrote("e4", "e5");
        List<Event> events = write(Side.WHITE, 3, "Ke3");
        assertInstanceOf(LineRecorded.class, events.get(0));
        IllegalLineRecorded alert = assertInstanceOf(IllegalLineRecorded.class, events.get(1));
        assertEquals(Side.WHITE, alert.sheet());
        assertEquals(3, alert.ply());
        assertEquals(2, alert.moveNumber());
        assertTrue(alert.reason().startsWith("Ke3"), alert.reason());
        // the next line on that sheet is not judged again (the position is unknown after an illegal line)
        List<Event> next = write(Side.WHITE, 4, "Nc6");
        assertEquals(List.of(LineRecorded.class), next.stream().map(Object::getClass).toList());
    }

    @Test
    void a_line_written_in_advance_is_refused_and_changes_nothing() {
        bothWrote("e4");
        State before = state;
        List<Event> events = write(Side.BLACK, 4, "Nf6");
        LineRefused refused = assertInstanceOf(LineRefused.class, events.get(0));
        assertTrue(refused.reason().contains("next line is ply 2"), refused.reason());
        assertEquals(before, state);
    }

    @Test
    void a_line_sent_twice_is_recorded_once() {
        bothWrote("e4");
        assertEquals(List.of(), write(Side.WHITE, 1, "e4"));
    }

    @Test
    void sheets_of_different_lengths_are_compared_only_where_both_wrote() {
        write(Side.WHITE, 1, "e4");
        write(Side.WHITE, 2, "c5");
        write(Side.WHITE, 3, "Nf3");
        List<Event> events = write(Side.BLACK, 1, "e4");
        assertEquals(List.of(LineRecorded.class), events.stream().map(Object::getClass).toList());
        List<Event> differ = write(Side.BLACK, 2, "e5");
        assertEquals(new SheetsDisagree(2, 1, Side.BLACK, "c5", "e5"), differ.get(1));
    }
}

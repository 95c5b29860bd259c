package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

/**
 * The benchmark's driver gives each sheet its lines in ply order, as the page does (it offers only the next line), even
 * when its timer runs the copy of a move after the reply that was due later (the timer has two threads; under load the
 * two can run together): the console would rightly refuse such a reply as written in advance (FIDE 2018 8.1.1-8.1.2). Given a board, when the moves and copies run late, then each
 * sheet has ply 1, 2, 3, ... once each.
 */
class ScoresheetBenchmarkLinesTest {

    static final List<String> MOVES = ScoresheetBenchmarkTest.sanMoves().subList(0, 20);

    /** A sheet's lines as the driver hands them over. */
    static List<Integer> plies(List<ScoresheetBenchmarkTest.Line> sheet) {
        synchronized (sheet) {
            return sheet.stream().map(ScoresheetBenchmarkTest.Line::ply).toList();
        }
    }

    @Test
    void a_reply_made_before_the_copy_of_the_move_it_answers_comes_after_it_on_the_sheet() {
        List<ScoresheetBenchmarkTest.Line> white = new ArrayList<>();
        List<ScoresheetBenchmarkTest.Line> black = new ArrayList<>();
        var lines = new ScoresheetBenchmarkTest.BoardLines(MOVES, white::add, black::add);

        lines.move(0);             // White's 1st move on White's sheet
        lines.move(1);             // Black replies before the timer ran the copy of White's move
        lines.copy(1, 2);          // the late copy: already written, not again
        lines.copy(2, 3);          // White writes Black's reply

        assertEquals(List.of(1, 2), plies(black), "Black's sheet: White's move, then his reply");
        assertEquals(List.of(1, 2), plies(white));
        assertEquals(List.of(false, true), black.stream().map(ScoresheetBenchmarkTest.Line::own).toList());
        assertEquals(1, lines.copiedBeforeReply());
    }

    @Test
    void moves_and_copies_run_together_by_a_two_thread_timer_reach_every_sheet_in_ply_order() throws Exception {
        int boards = 200;
        ScheduledExecutorService timer = Executors.newScheduledThreadPool(2);
        List<List<ScoresheetBenchmarkTest.Line>> sheets = new ArrayList<>();
        try {
            for (int b = 0; b < boards; b++) {
                List<ScoresheetBenchmarkTest.Line> white = Collections.synchronizedList(new ArrayList<>());
                List<ScoresheetBenchmarkTest.Line> black = Collections.synchronizedList(new ArrayList<>());
                sheets.add(white);
                sheets.add(black);
                var lines = new ScoresheetBenchmarkTest.BoardLines(MOVES, white::add, black::add);
                // the copy and the next move due at the same instant, as when the timer runs late
                Runnable[] move = new Runnable[1];
                move[0] = () -> {
                    ScoresheetBenchmarkTest.Line own = lines.move(System.nanoTime());
                    if (own != null) {
                        timer.schedule(() -> lines.copy(own.ply(), System.nanoTime()), 1, TimeUnit.MILLISECONDS);
                        timer.schedule(move[0], 1, TimeUnit.MILLISECONDS);
                    }
                };
                timer.execute(move[0]);
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (sheets.stream().anyMatch(s -> s.size() < MOVES.size()) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
        } finally {
            timer.shutdown();
            timer.awaitTermination(10, TimeUnit.SECONDS);
        }
        List<Integer> whole = IntStream.rangeClosed(1, MOVES.size()).boxed().toList();
        for (List<ScoresheetBenchmarkTest.Line> sheet : sheets) {
            assertEquals(whole, plies(sheet), "a sheet's lines in the order handed over");
        }
    }
}

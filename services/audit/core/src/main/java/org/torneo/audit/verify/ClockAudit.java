package org.torneo.audit.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import org.torneo.contracts.Envelope;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.game.Penalty;

import static org.torneo.audit.verify.AuditText.seconds;
import static org.torneo.audit.verify.DecisionAudit.inSequence;

/** The clock adjustments and settings a game decision asks for, found (or not) in the clock's log. */
final class ClockAudit {

    private ClockAudit() {
    }

    /** The adjustment a game decision asks the clock to make. */
    record ExpectedAdjustment(Side side, long millis, boolean added, UUID source, String article) {
    }

    /**
     * Both clocks set by a game decision: a lost envelope's times (FIDE 2018 I.12.1, 1997 A.11a), or a new game
     * ({@code newGame}: the times of the clock's start, no moves, White to move; 2018 7.2.1, 7.3, I.12.2).
     */
    record ExpectedSetting(long whiteMillis, long blackMillis, Side toMove, boolean newGame, UUID source,
                           String article) {

        boolean answeredBy(ClockEvent.TimesSet set, ClockEvent.ClockStarted start) {
            if (newGame) {
                return start != null && set.whiteMillis() == start.whiteMillis()
                        && set.blackMillis() == start.blackMillis() && set.whiteMoves() == 0 && set.blackMoves() == 0
                        && set.sideToMove() == Side.WHITE;
            }
            return set.whiteMillis() == whiteMillis && set.blackMillis() == blackMillis && set.sideToMove() == toMove;
        }

        String text() {
            return newGame ? "the clock set as at the start for a new game"
                    : "the clocks set to " + seconds(whiteMillis) + " / " + seconds(blackMillis) + ", " + toMove
                    + " to move";
        }
    }

    static void addPenalty(List<ExpectedAdjustment> adjustments, Side offender, Penalty penalty, Envelope env) {
        if (penalty.addedToOpponentMillis() > 0) {
            adjustments.add(new ExpectedAdjustment(offender.opponent(), penalty.addedToOpponentMillis(), true,
                    env.eventId(), penalty.article()));
        }
        if (penalty.deductedFromOffenderMillis() > 0) {
            adjustments.add(new ExpectedAdjustment(offender, penalty.deductedFromOffenderMillis(), false,
                    env.eventId(), penalty.article()));
        }
    }

    /** Every time added or deducted on the clock answers a penalty or a ruling of the game (FIDE 2018 6.10, 12.9). */
    static void checkClock(String gameId, List<Envelope> clockEvents, List<ExpectedAdjustment> expected,
                           List<Decision> out) {
        List<ExpectedAdjustment> open = new ArrayList<>(expected);
        for (Envelope env : inSequence(clockEvents)) {
            Side side;
            long millis;
            boolean added;
            String article;
            switch (env.payload()) {
                case ClockEvent.TimeAdded a -> {
                    side = a.side();
                    millis = a.millis();
                    added = true;
                    article = a.article();
                }
                case ClockEvent.TimeDeducted d -> {
                    side = d.side();
                    millis = d.millis();
                    added = false;
                    article = d.article();
                }
                default -> {
                    continue;
                }
            }
            ExpectedAdjustment match = open.stream().filter(x -> x.side() == side && x.millis() == millis
                    && x.added() == added).findFirst().orElse(null);
            String what = (added ? "+" : "-") + seconds(millis) + " for " + side;
            if (match != null) {
                open.remove(match);
                out.add(new Decision("clock:" + gameId, "clock adjustment", env.eventId(), env.sequence(), true,
                        article, what, "answers " + match.source() + " (" + match.article() + ")"));
            } else {
                out.add(new Decision("clock:" + gameId, "clock adjustment", env.eventId(), env.sequence(), false,
                        article, what + " answers no penalty or ruling of the game",
                        "due adjustments left: " + open));
            }
        }
        if (!clockEvents.isEmpty()) {
            for (ExpectedAdjustment missing : open) {
                String what = (missing.added() ? "+" : "-") + seconds(missing.millis()) + " for " + missing.side();
                ClockEvent.CommandRejected late = refusedAfterTheGameEndedOnTheFlag(clockEvents, missing);
                out.add(late == null
                        ? new Decision("clock:" + gameId, "clock adjustment", missing.source(), 0, false,
                                missing.article(), what + " was decided but never applied on the clock", "decision "
                                + missing.source())
                        // still a discrepancy: the time was given before the flag fell, so the flag had not fallen
                        // (FIDE 2018 6.9) and a result given on it is the arbiter's to correct (12.9)
                        : new Decision("clock:" + gameId, "clock adjustment", missing.source(), 0, false,
                                missing.article(), what + " was decided before " + missing.side() + "'s flag fell,"
                                + " but reached the clock after the game had ended on that flag: the flag had not"
                                + " fallen (FIDE 2018 6.9); the result is the arbiter's to correct (FIDE 2018 12.9)",
                                "decision " + missing.source() + "; the clock's refusal: " + late.reason()));
            }
        }
    }

    /**
     * The clock's refusal of {@code missing} because the game was over when it arrived, though it was decided before
     * the flag fall of that side (ClockDecider.addTime), or null.
     */
    private static ClockEvent.CommandRejected refusedAfterTheGameEndedOnTheFlag(List<Envelope> clockEvents,
                                                                               ExpectedAdjustment missing) {
        String type = missing.added() ? "AddTime" : "DeductTime";
        String side = missing.side() == Side.WHITE ? "White" : "Black";
        return clockEvents.stream().map(Envelope::payload)
                .filter(p -> p instanceof ClockEvent.CommandRejected r && type.equals(r.command())
                        && r.reason() != null && r.reason().contains("before " + side + "'s flag fell")
                        && r.reason().contains("the game is over"))
                .map(p -> (ClockEvent.CommandRejected) p).findFirst().orElse(null);
    }

    /**
     * Each setting of both clocks a game decision asks for (a lost envelope's times, a new game) must be on the clock:
     * a TimesSet with those times. Other settings are the arbiter's own on the clock (FIDE 2018 6.10.2, 7.1) and
     * answer no game decision.
     */
    static void checkClockSettings(String gameId, List<Envelope> clockEvents, List<ExpectedSetting> expected,
                                   List<Decision> out) {
        if (clockEvents.isEmpty() || expected.isEmpty()) {
            return;
        }
        List<ExpectedSetting> open = new ArrayList<>(expected);
        ClockEvent.ClockStarted start = null;
        for (Envelope env : inSequence(clockEvents)) {
            if (env.payload() instanceof ClockEvent.ClockStarted started) {
                start = started;
            }
            if (!(env.payload() instanceof ClockEvent.TimesSet set)) {
                continue;
            }
            ClockEvent.ClockStarted begun = start;
            ExpectedSetting match = open.stream().filter(x -> x.answeredBy(set, begun)).findFirst().orElse(null);
            if (match != null) {
                open.remove(match);
                out.add(new Decision("clock:" + gameId, "clock setting", env.eventId(), env.sequence(), true,
                        set.article(), match.text(), "answers " + match.source() + " (" + match.article() + ")"));
            }
        }
        for (ExpectedSetting missing : open) {
            out.add(new Decision("clock:" + gameId, "clock setting", missing.source(), 0, false, missing.article(),
                    missing.text() + " was decided but never applied on the clock", "decision " + missing.source()));
        }
    }
}

package org.torneo.clock.core.flag;

import static org.torneo.clock.core.clock.ClockChecks.name;
import static org.torneo.clock.core.clock.ClockChecks.requireAdjustable;
import static org.torneo.clock.core.clock.ClockChecks.requireSide;

import java.util.List;

import org.torneo.clock.core.clock.ClockCommandRejected;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.clock.Face;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand.DeclareOverstepNotProvable;
import org.torneo.contracts.clock.ClockCommand.ReportBothFlagsDown;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockEvent.BothFlagsFell;
import org.torneo.contracts.clock.ClockEvent.OverstepNotProvable;
import org.torneo.contracts.clock.TimeControl;

/**
 * What the arbiter decides on fallen flags: a fall that cannot be proven to have come before the period's moves were
 * made (FIDE 2018 8.6), and both flags down with the order unknown (2018 III.3.1, 1997 10.4 / B.8, 2001 10.3).
 */
public final class Flags {

    private Flags() {
    }

    public static List<ClockEvent> overstepNotProvable(DeclareOverstepNotProvable c, ClockState s) {
        requireAdjustable(s, "set aside a flag fall");
        Side side = requireSide(c.side());
        Face f = s.face(side);
        if (!f.flagFallen()) {
            throw new ClockCommandRejected(name(side) + "'s flag has not fallen");
        }
        TimeControl control = s.control(side);
        if (control.isFinalPeriod(f.period())) {
            throw new ClockCommandRejected(name(side) + "'s flag fell in the period for all remaining moves;"
                    + " there is no next period (8.6 does not apply)");
        }
        int credited = control.movesRequiredBy(f.period());
        int next = f.period() + 1;
        return List.of(new OverstepNotProvable(c.gameId(), c.commandId(), c.actor(), c.at(), side, credited, next + 1,
                control.period(next).baseMillis(), overstepArticle(s.rules().edition())));
    }

    public static String overstepArticle(Edition edition) {
        return switch (edition) {
            // the Code 1970 has no such rule; current FIDE practice is applied
            case CODE_1970, FIDE_2018 -> "FIDE 2018 8.6";
            case FIDE_1997 -> "FIDE 1997 8.6";
            case FIDE_2001 -> "FIDE 2001 8.6";
        };
    }

    public static List<ClockEvent> bothFlags(ReportBothFlagsDown c, ClockState s) {
        requireAdjustable(s, "report both flags down");
        int period = s.face(s.toMove()).period();
        boolean finalPeriod = s.control(s.toMove()).isFinalPeriod(period);
        Category category = s.rules().category();
        BothFlagsFell.Outcome outcome;
        String article;
        if (s.rules().edition() == Edition.FIDE_2018 && finalPeriod && !s.rules().quickplayFinishAnnounced()) {
            // FIDE 2018 III.2.1: the Guidelines III (and their III.3.1.2 draw) apply only if announced. Without them the
            // digital clock knows which flag fell first, and that fall, recorded as FlagFell, decides (6.9)
            Side first = firstFallen(s);
            throw new ClockCommandRejected("FIDE 2018 III.3.1.2 applies only where the Guidelines III were announced"
                    + " (III.2.1), and they were not for this event" + (first == null ? ""
                    : ": the clock recorded " + name(first) + "'s flag first, at " + java.time.Instant.ofEpochMilli(
                            s.face(first).flagFellAt()) + ", and that fall decides (FIDE 2018 6.9)"));
        }
        switch (s.rules().edition()) {
            case FIDE_2018 -> {
                outcome = finalPeriod ? BothFlagsFell.Outcome.DRAW : BothFlagsFell.Outcome.GAME_CONTINUES;
                article = finalPeriod ? "FIDE 2018 III.3.1.2" : "FIDE 2018 III.3.1.1";
            }
            case FIDE_2001 -> {
                outcome = finalPeriod ? BothFlagsFell.Outcome.DRAW : BothFlagsFell.Outcome.GAME_CONTINUES;
                article = finalPeriod ? "FIDE 2001 10.3" : "FIDE 2001 6.12";
            }
            case FIDE_1997 -> {
                if (category != Category.STANDARD) {
                    outcome = BothFlagsFell.Outcome.DRAW;
                    article = category == Category.RAPID ? "FIDE 1997 B.8" : "FIDE 1997 C.2, B.8";
                } else {
                    outcome = finalPeriod ? BothFlagsFell.Outcome.DRAW : BothFlagsFell.Outcome.GAME_CONTINUES;
                    article = finalPeriod ? "FIDE 1997 10.4" : "FIDE 1997 6.11";
                }
            }
            default -> {
                // the Code 1970 has no rule for it; the game goes on and the director sets the clocks
                outcome = BothFlagsFell.Outcome.GAME_CONTINUES;
                article = "Code 1970 art. XIV-6";
            }
        }
        return List.of(new BothFlagsFell(c.gameId(), c.commandId(), c.actor(), c.at(), period + 1, finalPeriod, outcome, article));
    }

    /** The side whose flag the clock recorded first, or null when neither has fallen. */
    private static Side firstFallen(ClockState s) {
        Long white = s.white().flagFellAt();
        Long black = s.black().flagFellAt();
        if (white == null || black == null) {
            return white != null ? Side.WHITE : black != null ? Side.BLACK : null;
        }
        return white <= black ? Side.WHITE : Side.BLACK;
    }
}

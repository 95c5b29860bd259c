package org.torneo.clock.core.penalty;

import java.util.Objects;
import org.torneo.contracts.Ruleset.Category;
import org.torneo.contracts.Ruleset.Edition;
import org.torneo.contracts.Side;

/**
 * The time changes the Laws prescribe, per edition and category, for the services that decide them
 * (the game service rules on illegal moves and claims, then sends AddTime/DeductTime to the clock).
 * Each result names the article; the arbiter may still decide otherwise (FIDE 2018 7.1, 12.2).
 */
public final class TimePenalties {

    private static final long MINUTE = 60_000;

    /** One clock change: {@code millis} added (positive) or deducted (negative) on {@code side}'s clock. */
    public record TimeChange(Side side, long millis, String article, String reason) {
        public TimeChange {
            Objects.requireNonNull(side, "side");
        }
    }

    /** A penalty: the changes to apply, possibly none, and whether the offender loses the game instead. */
    public record Penalty(java.util.List<TimeChange> changes, boolean gameLost, String article) {
        public Penalty {
            changes = java.util.List.copyOf(changes);
        }
    }

    private TimePenalties() {
    }

    /**
     * The {@code nth} completed illegal move (1-based) by {@code offender}.
     * FIDE 2018 7.5.5 (blitz B.2: 1 minute): first +2 min to the opponent, second loses.
     * FIDE 2001 7.4b: first and second +2 min to the opponent, third loses.
     * FIDE 1997 7.4: no fixed penalty (the arbiter sets the clocks, 6.13), except 10.3 in a quickplay
     * finish: +2, +2, loss on the third; C.3 blitz: the opponent may claim a win.
     * Code 1970 art. IX: the position is restored, no time penalty.
     */
    public static Penalty illegalMove(Edition edition, Category category, boolean quickplayFinish, Side offender, int nth) {
        if (nth < 1) {
            throw new IllegalArgumentException("the illegal move count starts at 1, got " + nth);
        }
        Side opponent = offender.opponent();
        return switch (edition) {
            case FIDE_2018 -> {
                long bonus = category == Category.BLITZ ? MINUTE : 2 * MINUTE;
                String article = category == Category.BLITZ ? "FIDE 2018 7.5.5, B.2" : "FIDE 2018 7.5.5";
                yield nth >= 2 ? new Penalty(java.util.List.of(), true, article)
                        : new Penalty(java.util.List.of(new TimeChange(opponent, bonus, article, "first illegal move by the opponent")),
                        false, article);
            }
            case FIDE_2001 -> nth >= 3 ? new Penalty(java.util.List.of(), true, "FIDE 2001 7.4b")
                    : new Penalty(java.util.List.of(new TimeChange(opponent, 2 * MINUTE, "FIDE 2001 7.4b",
                    ordinal(nth) + " illegal move by the opponent")), false, "FIDE 2001 7.4b");
            case FIDE_1997 -> {
                if (category == Category.BLITZ) {
                    yield new Penalty(java.util.List.of(), true, "FIDE 1997 C.3");
                }
                if (quickplayFinish) {
                    yield nth >= 3 ? new Penalty(java.util.List.of(), true, "FIDE 1997 10.3")
                            : new Penalty(java.util.List.of(new TimeChange(opponent, 2 * MINUTE, "FIDE 1997 10.3",
                            ordinal(nth) + " illegal move by the opponent")), false, "FIDE 1997 10.3");
                }
                yield new Penalty(java.util.List.of(), false, "FIDE 1997 7.4, 6.13");
            }
            case CODE_1970 -> new Penalty(java.util.List.of(), false, "Code 1970 art. IX-1");
        };
    }

    /**
     * An incorrect draw claim (threefold repetition or 50 moves) by {@code claimant}, who has
     * {@code claimantRemainingMillis} left.
     * FIDE 2018 9.5.3 (blitz B.2): opponent +2 min (+1), the claimant's time unchanged.
     * FIDE 2001 9.5b: opponent +3 min; the claimant loses half his time, at most 3 min, if he has more than
     * 2 min; is set to 1 min if he has between 1 and 2 min; keeps it under 1 min.
     * FIDE 1997 9.5b: claimant's time halved (at most 3 min taken), opponent +3 min.
     */
    public static Penalty wrongDrawClaim(Edition edition, Category category, Side claimant, long claimantRemainingMillis) {
        Side opponent = claimant.opponent();
        java.util.List<TimeChange> changes = new java.util.ArrayList<>();
        String article;
        switch (edition) {
            case FIDE_2018 -> {
                long bonus = category == Category.BLITZ ? MINUTE : 2 * MINUTE;
                article = category == Category.BLITZ ? "FIDE 2018 9.5.3, B.2" : "FIDE 2018 9.5.3";
                changes.add(new TimeChange(opponent, bonus, article, "incorrect draw claim by the opponent"));
            }
            case FIDE_2001 -> {
                article = "FIDE 2001 9.5b";
                long deduction;
                if (claimantRemainingMillis > 2 * MINUTE) {
                    deduction = Math.min(claimantRemainingMillis / 2, 3 * MINUTE);
                } else if (claimantRemainingMillis > MINUTE) {
                    deduction = claimantRemainingMillis - MINUTE;
                } else {
                    deduction = 0;
                }
                if (deduction > 0) {
                    changes.add(new TimeChange(claimant, -deduction, article, "incorrect draw claim"));
                }
                changes.add(new TimeChange(opponent, 3 * MINUTE, article, "incorrect draw claim by the opponent"));
            }
            case FIDE_1997 -> {
                article = "FIDE 1997 9.5b";
                long deduction = Math.min(claimantRemainingMillis / 2, 3 * MINUTE);
                if (deduction > 0) {
                    changes.add(new TimeChange(claimant, -deduction, article, "incorrect draw claim"));
                }
                changes.add(new TimeChange(opponent, 3 * MINUTE, article, "incorrect draw claim by the opponent"));
            }
            default -> {
                // Code 1970 art. XVII-A-2: the claimant's clock kept running meanwhile; no further time penalty
                article = "Code 1970 art. XVII-A-2";
            }
        }
        return new Penalty(changes, false, article);
    }

    /**
     * FIDE 1997/2001 9.5b when the game knew no clock reading: the claimant's deduction by the edition's rule
     * ({@link #wrongDrawClaim}), from the time his clock shows at {@code at} (stopped at the claim, FIDE 1997/2001
     * 9.5), or 0 when there is none to take. Only the claimant's own change: the opponent's bonus the game decided.
     */
    public static long wrongDrawClaimDeduction(org.torneo.clock.core.clock.ClockState clock, Side claimant, long at) {
        long remaining = Math.max(0, clock.remaining(claimant, at));
        return wrongDrawClaim(clock.rules().edition(), clock.rules().ruleset().category(), claimant, remaining)
                .changes().stream().filter(c -> c.side() == claimant && c.millis() < 0)
                .mapToLong(c -> -c.millis()).sum();
    }

    /**
     * A quickplay-finish draw claim (under two minutes) that the arbiter postponed or rejected: the
     * opponent gets two minutes. FIDE 2018 III.5.2 (postponed: "may"), III.5.3 (rejected); FIDE 2001
     * 10.2; FIDE 1997 10.2 (postponed only).
     */
    public static TimeChange quickplayClaimNotUpheld(Edition edition, Side claimant, boolean rejected) {
        String article = switch (edition) {
            case FIDE_2018 -> rejected ? "FIDE 2018 III.5.3" : "FIDE 2018 III.5.2";
            case FIDE_2001 -> "FIDE 2001 10.2";
            case FIDE_1997 -> {
                if (rejected) {
                    throw new IllegalArgumentException("FIDE 1997 10.2 knows only a postponed claim");
                }
                yield "FIDE 1997 10.2";
            }
            case CODE_1970 -> throw new IllegalArgumentException("the Code 1970 has no quickplay-finish claim");
        };
        return new TimeChange(claimant.opponent(), 2 * MINUTE, article,
                rejected ? "quickplay-finish claim rejected" : "quickplay-finish claim postponed");
    }

    private static String ordinal(int n) {
        return switch (n) {
            case 1 -> "first";
            case 2 -> "second";
            default -> n + "th";
        };
    }
}

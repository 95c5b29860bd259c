package org.torneo.audit.verify;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.game.core.deadposition.CanMate;
import org.torneo.game.core.deadposition.MateAbility;
import org.torneo.game.core.game.GameDecider;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;

import static org.torneo.audit.verify.AuditText.seconds;
import static org.torneo.audit.verify.DecisionAudit.inSequence;
import static org.torneo.audit.verify.EndingAudit.toBoard;

/** Flag falls (FIDE 2018 6.9, 1997 C.4 and the editions' equivalents) decided again on the state and the clock's log. */
final class FlagFallAudit {

    private final GameDecider gameDecider;

    FlagFallAudit(GameDecider gameDecider) {
        this.gameDecider = gameDecider;
    }

    /** FIDE 2018 6.9 (and the edition's flag-fall rule): the flag fall decided again on the final position. */
    void checkFlagFall(String gameId, Envelope env, GameEnded ended, GameState before,
                       List<Envelope> clockEvents, List<Decision> out) {
        Side flagged = switch (ended.result()) {
            case WHITE_WINS -> Side.BLACK;
            case BLACK_WINS -> Side.WHITE;
            default -> clockEvents.stream().map(Envelope::payload)
                    .filter(p -> p instanceof ClockEvent.FlagFell).map(p -> ((ClockEvent.FlagFell) p).side())
                    .findFirst().orElse(before.sideToMove());
        };
        List<EventMessage> expected = gameDecider.decide(new GameRequest(gameId, env.actor(),
                new GameCommand.ReportFlagFall(flagged, false, true, ended.endedAt())), before);
        GameEnded due = expected.stream().filter(e -> e instanceof GameEnded).map(e -> (GameEnded) e)
                .findFirst().orElse(null);
        MateAbility ability = CanMate.canMate(before.position(), toBoard(flagged.opponent()));
        String evidence = "flag of " + flagged + " fell; position " + before.position().toFen() + "; "
                + flagged.opponent() + " can mate: " + ability.verdict()
                + (ability.helpmateUci().isEmpty() ? "" : " (e.g. " + String.join(" ", ability.helpmateUci()) + ")")
                + (before.lastClock() == null ? "" : "; last clock reading " + before.lastClock());
        // FIDE 2018 6.10.1 (1997/2001 6.11): the clock is conclusive: when the game's clock recorded flag falls,
        // the flag the result names must be one of them, fallen by the time the game ended
        List<ClockEvent.FlagFell> clockFlags = clockEvents.stream().map(Envelope::payload)
                .filter(p -> p instanceof ClockEvent.FlagFell).map(p -> (ClockEvent.FlagFell) p).toList();
        Map<ClockEvent.FlagFell, ClockEvent.TimeAdded> withdrawn = flagWithdrawals(clockEvents);
        ClockEvent.FlagFell standing = clockFlags.stream().filter(f -> f.side() == flagged
                && f.at() <= ended.endedAt().toEpochMilli() && !withdrawn.containsKey(f)).findFirst().orElse(null);
        ClockEvent.TimeAdded withdrawal = standing != null ? null : clockFlags.stream()
                .filter(f -> f.side() == flagged && withdrawn.containsKey(f)).map(withdrawn::get).findFirst().orElse(null);
        if (withdrawal != null) {
            // FIDE 2018 6.9: time decided before the fall was added as of its decision, so that flag had not fallen
            out.add(new Decision(gameId, "flag fall", env.eventId(), env.sequence(), false,
                    before.rules().flagFallArticle(), "the result " + ended.result().notation() + " names " + flagged
                    + "'s flag, but the clock withdrew that fall: time decided before it was added ("
                    + withdrawal.article() + ", FIDE 2018 6.9); the arbiter corrects the result (FIDE 2018 12.9)",
                    "the clock's TimeAdded at " + java.time.Instant.ofEpochMilli(withdrawal.at()) + ": "
                    + withdrawal.reason() + "; " + seconds(withdrawal.remainingMillis()) + " left"));
            return;
        }
        ClockEvent.FlagFell onTheClock = clockFlags.stream()
                .filter(f -> f.side() == flagged && f.at() <= ended.endedAt().toEpochMilli()).findFirst().orElse(null);
        boolean clockAgrees = clockFlags.isEmpty() || onTheClock != null;
        evidence += onTheClock != null ? "; the clock recorded " + flagged + "'s flag fall at "
                + java.time.Instant.ofEpochMilli(onTheClock.at()) + " (period " + onTheClock.period() + ", "
                + onTheClock.movesMade() + " moves made)"
                : clockFlags.isEmpty() ? "; no flag fall on the game's clock (reported by the arbiter)"
                : "; the clock recorded only " + clockFlags.stream().map(f -> f.side() + " at "
                        + java.time.Instant.ofEpochMilli(f.at())).toList();
        boolean sameResult = due != null && due.result() == ended.result() && due.reason() == ended.reason();
        boolean same = sameResult && clockAgrees;
        String finding = same ? ended.result().notation() + " (" + ended.reason() + ")"
                : !sameResult ? "logged " + ended.result().notation() + " (" + ended.reason() + "), due "
                        + (due == null ? "no result" : due.result().notation() + " (" + due.reason() + ")")
                : "the result names " + flagged + "'s flag, but the game's clock recorded no fall of it by "
                        + ended.endedAt() + " (the clock is conclusive, FIDE 2018 6.10.1)";
        out.add(new Decision(gameId, "flag fall", env.eventId(), env.sequence(), same, before.rules().flagFallArticle(),
                finding, evidence));
    }

    /**
     * The flag falls the clock withdrew: time added, decided before a fall the clock recorded later, that left the
     * player time (ClockDecider.addTime; FIDE 2018 6.9). Such a TimeAdded follows the side's FlagFell with time left
     * and nothing in between that cleared the flag otherwise (a setting of the times, an overstep not provable).
     */
    private static Map<ClockEvent.FlagFell, ClockEvent.TimeAdded> flagWithdrawals(List<Envelope> clockEvents) {
        Map<Side, ClockEvent.FlagFell> down = new java.util.EnumMap<>(Side.class);
        Map<ClockEvent.FlagFell, ClockEvent.TimeAdded> withdrawals = new HashMap<>();
        for (Envelope env : inSequence(clockEvents)) {
            switch (env.payload()) {
                case ClockEvent.FlagFell f -> down.put(f.side(), f);
                case ClockEvent.TimesSet t -> down.clear();
                case ClockEvent.NewGameStarted n -> down.clear();
                case ClockEvent.OverstepNotProvable o -> down.remove(o.side());
                case ClockEvent.TimeAdded a when down.containsKey(a.side()) && a.remainingMillis() > 0 ->
                        withdrawals.put(down.remove(a.side()), a);
                default -> {
                }
            }
        }
        return withdrawals;
    }
}

package org.torneo.clock.core.input;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.torneo.clock.core.claim.ClaimPause;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockCommand.AddTime;
import org.torneo.contracts.clock.ClockCommand.AdjournGame;
import org.torneo.contracts.clock.ClockCommand.CancelClock;
import org.torneo.contracts.clock.ClockCommand.DeductTime;
import org.torneo.contracts.clock.ClockCommand.PauseClock;
import org.torneo.contracts.clock.ClockCommand.PressClock;
import org.torneo.contracts.clock.ClockCommand.ResumeClock;
import org.torneo.contracts.clock.ClockCommand.ResumeSession;
import org.torneo.contracts.clock.ClockCommand.SetTimes;
import org.torneo.contracts.clock.ClockCommand.StopClock;
import org.torneo.contracts.clock.ClockCommand.IntroduceQuickplayIncrement;
import org.torneo.contracts.game.ClaimEvent.ClaimFiled;
import org.torneo.contracts.game.ClaimEvent.ClaimPostponed;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.contracts.game.ClaimEvent.QuickplayIncrementGranted;
import org.torneo.contracts.game.ClaimEvent.RulingIssued;
import org.torneo.contracts.game.MoveEvent.ColoursReversedFound;
import org.torneo.contracts.game.MoveEvent.EnvelopeLost;
import org.torneo.contracts.game.MoveEvent.GameCancelled;
import org.torneo.contracts.game.MoveEvent.PlayerAbsentAtResumption;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.game.MoveEvent.GameResumed;
import org.torneo.contracts.game.MoveEvent.IllegalMoveRecorded;
import org.torneo.contracts.game.MoveEvent.MoveCompleted;
import org.torneo.contracts.game.MoveEvent.MoveSealed;
import org.torneo.contracts.game.MoveEvent.MovesTakenBack;
import org.torneo.contracts.game.Penalty;
import org.torneo.contracts.results.ResultEvent.GameEnded;

/**
 * Which game-service events move the clock, and how. The time of each command is the time the game
 * service recorded for the event (observed at its edge), never this service's wall clock, so the
 * clock's arithmetic stays replayable. The input event's id is the command id (the platform uses it
 * as the idempotency key); a second command from the same event gets a suffix.
 *
 * <p>A draw claim stops the clocks while the arbiter decides, unless the edition lets the claimant's clock run
 * (Code 1970) or the game ruled on it at once (no time passes between the stop and the restart); a rejected or
 * postponed claim restarts them after its penalty, a granted quickplay increment after introducing it (an upheld claim
 * ends the game, and GameEnded stops the clock). {@link ClockInputDecider} pauses
 * only a running clock and resumes only a paused one.
 *
 * <p>The arbiter's time rulings (RulingIssued ADD_TIME / DEDUCT_TIME, the resumption's corrections included) reach
 * the clock only this way: nothing else sends their AddTime / DeductTime, so each is applied once. At a resumption an
 * absent player's clock is started (PlayerAbsentAtResumption), a lost envelope's times are set (EnvelopeLost), and an
 * annulled game (RulingIssued ANNUL_GAME, ColoursReversedFound with a new game) starts again on the clock as a new
 * game; a completed move carries its ply, so that a new game's move read before its annulment is held until then.
 * Moves taken back (MovesTakenBack) set the clock's move counters back to the plies kept. A game cancelled before it
 * began (GameCancelled) cancels its clock for good.
 */
public final class GameEventCommands {

    private GameEventCommands() {
    }

    /**
     * What {@code event} asks of the clock, or null when the clock does not care about it: the commands it implies,
     * or a new game ({@link ClockInput.NewGame}) whose commands depend on the clock's state.
     */
    public static ClockInput input(Envelope event) {
        ClockInput.NewGame newGame = newGame(event);
        if (newGame != null) {
            return newGame;
        }
        // FIDE 2018 7.5.1 (an illegal move found later), 7.1 / 7.4 (the arbiter restores a position): the clock's
        // counters and running side follow the position kept; on the moves topic, so read in order with the moves
        if (event.payload() instanceof MovesTakenBack t) {
            return new ClockInput.TakeBack("MovesTakenBack", event.aggregateId(), event.eventId().toString(),
                    event.actor(), millis(t.takenBackAt()), t.keptPlies(), Side.toMoveIn(t.fen()), t.article(),
                    t.reason());
        }
        return of(event);
    }

    /**
     * A game annulled and played again from its initial position: the clock is set as at the start of a game
     * (see {@link org.torneo.clock.core.newgame.NewGame}), or null when {@code event} is no such thing.
     */
    static ClockInput.NewGame newGame(Envelope event) {
        String id = event.eventId().toString();
        return switch (event.payload()) {
            // FIDE 2018 7.2.1, I.12.2 (1997 A.11b): the game is annulled and a new game is played
            case RulingIssued r when r.kind() == RulingKind.ANNUL_GAME -> new ClockInput.NewGame("RulingIssued",
                    event.aggregateId(), id, event.actor(), millis(r.issuedAt()),
                    r.article().isBlank() ? "FIDE 2018 7.2.1" : r.article(), "game annulled, a new game is played"
                    + (r.details().isBlank() ? "" : ": " + r.details()));
            // FIDE 2018 7.3: colours reversed with fewer than ten moves each: a new game with the correct colours
            case ColoursReversedFound c when c.newGame() -> new ClockInput.NewGame("ColoursReversedFound",
                    event.aggregateId(), id, event.actor(), millis(c.foundAt()),
                    c.article().isBlank() ? "FIDE 2018 7.3" : c.article(),
                    "colours reversed after " + c.movesEach() + " moves each: a new game with the correct colours");
            default -> null;
        };
    }

    /**
     * Whether {@code event} concerns the clock of its game even when the clock has recorded nothing for it yet: a
     * cancellation must keep a StartClock read after it from starting the clock of a game that will not be played.
     */
    public static boolean evenBeforeTheStart(Envelope event) {
        return event.payload() instanceof GameCancelled;
    }

    /** The clock commands {@code event} implies, or null when the clock does not care about it. */
    public static ClockInput.FromGame of(Envelope event) {
        List<ClockCommand> commands = commands(event);
        if (commands.isEmpty()) {
            return null;
        }
        // a claim pauses only a clock that has exactly the presses the game had; the end waits for them (GameEnd)
        Integer completedMoves = event.payload() instanceof ClaimFiled f ? f.ply()
                : event.payload() instanceof GameEnded e ? e.completedPlies() : null;
        Integer movePly = event.payload() instanceof MoveCompleted m ? m.ply() : null;
        // FIDE 1997/2001 9.5b: the game knew no reading at the claim: the clock computes the claimant's deduction
        ClockInput.ClaimantDeduction deduction = event.payload() instanceof ClaimRejected c
                && c.penalty().deductionByTheClock() ? new ClockInput.ClaimantDeduction(c.by(),
                millis(c.decidedAt()), c.penalty().article(), c.penalty().description()) : null;
        return new ClockInput.FromGame(event.payload().getClass().getSimpleName(), commands, completedMoves, movePly,
                deduction);
    }

    /** The clock commands {@code event} implies, in order; none when the clock does not care about it. */
    private static List<ClockCommand> commands(Envelope event) {
        String game = event.aggregateId();
        String id = event.eventId().toString();
        Actor actor = event.actor();
        return switch (event.payload()) {
            // FIDE 2018 6.2.1: a move is completed by pressing the clock; the press switches the clocks
            case MoveCompleted m -> List.of(new PressClock(game, id, actor, millis(m.completedAt()), m.by()));
            // FIDE 2018 7.5.5 (and A.4.2, B.4.2): the penalty the game service decided is applied here
            case IllegalMoveRecorded m -> penalty(game, id, actor, millis(m.recordedAt()), m.by(), m.penalty());
            // FIDE 2018 6.11.2, 9.5.1 (1997 6.12b, 2001 6.13b, 9.5a): the claimant stops the clocks to call the
            // arbiter; Code 1970 art. XIV: the claimant's clock keeps running while the director examines the claim.
            // A claim the game ruled at once (ClaimFiled.ruledAtOnce) was stopped for and restarted (6.11.3) at one
            // instant: a pause of no length, which changes no time, so none is recorded (see ClaimPause)
            case ClaimFiled f when !f.claimantClockRuns() && !f.ruledAtOnce() -> List.of(new PauseClock(game, id,
                    actor, millis(f.filedAt()), ClaimPause.reason(f.kind(), f.by())));
            // FIDE 2018 9.5.2.2 (1997/2001 9.5): an incorrect claim is penalised on the clock, then the arbiter
            // restarts the clocks (FIDE 2018 6.11.3)
            case ClaimRejected c -> {
                List<ClockCommand> out = new ArrayList<>(penalty(game, id, actor, millis(c.decidedAt()), c.by(), c.penalty()));
                out.add(new ResumeClock(game, id + "/resume", actor, millis(c.decidedAt())));
                yield out;
            }
            // FIDE 2018 III.5.2 (1997/2001 10.2b): the arbiter postpones his decision on a quickplay-finish claim;
            // the opponent may get two minutes, and the game goes on
            case ClaimPostponed c -> {
                List<ClockCommand> out = new ArrayList<>(penalty(game, id, actor, millis(c.decidedAt()), c.by(), c.penalty()));
                out.add(new ResumeClock(game, id + "/resume", actor, millis(c.decidedAt())));
                yield out;
            }
            // FIDE 2018 III.4: five seconds a move for both from now on, two minutes to the opponent (the clock
            // core's command does both and checks the guidelines' conditions on the clock), then the game goes on
            case QuickplayIncrementGranted q -> List.of(
                    new IntroduceQuickplayIncrement(game, id, actor, millis(q.grantedAt()), q.by()),
                    new ResumeClock(game, id + "/resume", actor, millis(q.grantedAt())));
            // FIDE 2018 I.1.1: sealing stops the clock; the opponent's does not start
            case MoveSealed s -> List.of(new AdjournGame(game, id, actor, millis(s.sealedAt()), null));
            // FIDE 2018 I.9.2: at the resumption the replying player's clock starts, present or not; when it was
            // started for his absence (below), the clock core leaves it running
            case GameResumed r -> List.of(new ResumeSession(game, id, actor, millis(r.resumedAt())));
            // FIDE 2018 I.9.2, I.11 (1997 A.9b): the absent replying player's clock is started, the envelope stays
            // closed; FIDE 2018 I.9.3 (1997 A.9c): the reply sealed, the absent sealer's clock is started. Either way
            // the clock stopped by the adjournment (or the reply's sealing) starts for the side to move, the other
            // stays stopped
            case PlayerAbsentAtResumption a when a.clockStarted() ->
                    List.of(new ResumeSession(game, id, actor, millis(a.noticedAt())));
            // FIDE 2018 I.12.1 (1997 A.11a): the envelope is lost and the times recorded at adjournment are unknown:
            // the arbiter's times replace them (null: the adjournment's times stand, nothing to do). The sealer's
            // opponent is the one to reply
            case EnvelopeLost l when l.clocks() != null -> List.of(new SetTimes(game, id, actor, millis(l.declaredAt()),
                    l.clocks().whiteRemainingMillis(), l.clocks().blackRemainingMillis(), null, null,
                    l.sealedBy().opponent(), l.article().isBlank() ? "FIDE 2018 I.12.1" : l.article(),
                    "envelope lost: the arbiter sets the clocks"));
            // FIDE 2018 12.9.2-12.9.3 (and the corrections at a resumption, I.13; 1997 A.12): the arbiter's time
            // ruling is applied here, once; the clock's REST stays for adjustments made on the clock directly
            case RulingIssued r when r.kind() == RulingKind.ADD_TIME -> List.of(new AddTime(game, id, actor,
                    millis(r.issuedAt()), r.side(), r.timeMillis(), ruleArticle(r), ruleReason(r)));
            case RulingIssued r when r.kind() == RulingKind.DEDUCT_TIME -> List.of(new DeductTime(game, id, actor,
                    millis(r.issuedAt()), r.side(), r.timeMillis(), ruleArticle(r), ruleReason(r)));
            case GameEnded e -> List.of(new StopClock(game, id, actor, millis(e.endedAt()),
                    "game ended: " + e.result() + " (" + e.reason() + ")"));
            // C.04.2, C.04.3 (2017) F.6-F.7: a game the arbiter's corrected pairing removed before it began is not
            // played: its clock stops for good, or never starts (the cancellation may be read before StartClock)
            case GameCancelled c -> List.of(new CancelClock(game, id, actor, millis(c.cancelledAt()),
                    "game cancelled by " + c.cancelledBy() + ": " + c.reason(),
                    c.article().isBlank() ? "C.04.3 (2017) F.6-F.7" : c.article()));
            default -> List.of();
        };
    }

    private static List<ClockCommand> penalty(String game, String id, Actor actor, long at, Side offender,
                                              Penalty penalty) {
        List<ClockCommand> out = new ArrayList<>(2);
        if (penalty.addedToOpponentMillis() > 0) {
            out.add(new AddTime(game, id, actor, at, offender.opponent(), penalty.addedToOpponentMillis(),
                    penalty.article(), penalty.description()));
        }
        if (penalty.deductedFromOffenderMillis() > 0) {
            out.add(new DeductTime(game, out.isEmpty() ? id : id + "/deduct", actor, at, offender,
                    penalty.deductedFromOffenderMillis(), penalty.article(), penalty.description()));
        }
        return out;
    }

    private static String ruleArticle(RulingIssued r) {
        return r.article().isBlank() ? (r.kind() == RulingKind.ADD_TIME ? "FIDE 2018 12.9.2" : "FIDE 2018 12.9.3")
                : r.article();
    }

    private static String ruleReason(RulingIssued r) {
        return "arbiter's ruling" + (r.details().isBlank() ? "" : ": " + r.details());
    }

    private static long millis(Instant at) {
        return at.toEpochMilli();
    }
}

package org.torneo.cli.adjudicate;

import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.torneo.clock.core.clock.ClockDecider;
import org.torneo.clock.core.clock.ClockState;
import org.torneo.clock.core.clock.ClockStatus;
import org.torneo.clock.core.penalty.TimePenalties;
import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.clock.ClockRules;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.ClaimEvent.ClaimFiled;
import org.torneo.contracts.game.ClaimEvent.ClaimPostponed;
import org.torneo.contracts.game.ClaimEvent.ClaimRejected;
import org.torneo.contracts.game.ClaimEvent.RulingIssued;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.contracts.game.MoveEvent.IllegalMoveRecorded;
import org.torneo.contracts.game.MoveEvent.MoveCompleted;
import org.torneo.contracts.game.Penalty;
import org.torneo.contracts.game.QuickplayFinishGuidelines;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.game.core.game.ClockInputs;
import org.torneo.game.core.game.GameDecider;
import org.torneo.game.core.game.GameRequest;
import org.torneo.game.core.game.GameState;

/**
 * One game replayed offline: the game decider decides each command of the script; when the game has a time control
 * the clock core runs beside it, fed the clock commands the game's events imply (as the clock service derives them:
 * a completed move presses the clock, a filed claim stops it, a penalty adds or deducts time, the end stops it), and
 * its flag falls reach the game as the clock service's reports do (actor SYSTEM "clock"), at the flag's own instant,
 * before the next command of the script. Every event is printed as one JSON line, in the order decided.
 */
final class Replay {

    static final String GAME_ID = "adjudicated";
    static final Actor CLOCK = new Actor(Actor.Role.SYSTEM, "clock");

    private final JsonCodec codec;
    private final PrintStream out;
    private final ObjectMapper json = new ObjectMapper();
    private final GameDecider game = new GameDecider();
    private GameState gameState;
    private ClockState clockState = ClockState.initial(GAME_ID);
    private boolean clockRuns;
    private int line;
    private int clockCommands;

    Replay(JsonCodec codec, PrintStream out) {
        this.codec = codec;
        this.out = out;
        this.gameState = game.initialState();
    }

    void play(List<AdjudicateCommand.Step> steps) {
        for (AdjudicateCommand.Step step : steps) {
            line = step.line();
            if (clockRuns && clockState.status() == ClockStatus.RUNNING) {
                // the clock service's timer: a flag due by this instant falls first (FIDE 2018 6.9 / 1997 6.9)
                clock(new ClockCommand.CheckFlag(GAME_ID, nextClockId(), CLOCK, step.command().observedAt().toEpochMilli()));
            }
            decide(step.actor(), step.command());
        }
        out.println(AdjudicateCommand.resultLine(gameState));
    }

    private void decide(Actor actor, GameCommand command) {
        List<EventMessage> events = game.decide(new GameRequest(GAME_ID, actor, command), gameState);
        for (EventMessage event : events) {
            gameState = game.evolve(gameState, event);
            print("game", AdjudicateCommand.typeName(event.getClass()), codec.payloadTree(event));
        }
        for (EventMessage event : events) {
            for (ClockCommand implied : clockCommands(event)) {
                clock(implied);
            }
        }
    }

    private void clock(ClockCommand command) {
        if (!clockRuns) {
            return;
        }
        List<ClockEvent> events = ClockDecider.handle(command, clockState);
        List<GameCommand> reactions = new ArrayList<>();
        for (ClockEvent event : events) {
            clockState = ClockDecider.evolve(clockState, event);
            print("clock", AdjudicateCommand.typeName(event.getClass()), codec.payloadTree(event));
            ClockInputs.commandFor(event).ifPresent(reactions::add); // as the game service reacts
        }
        for (GameCommand reaction : reactions) {
            if (!gameState.isOver()) {
                decide(CLOCK, reaction);
            }
        }
    }

    /** The clock commands a game event implies, as the clock service derives them (its GameEventCommands). */
    private List<ClockCommand> clockCommands(EventMessage event) {
        List<ClockCommand> out = new ArrayList<>();
        switch (event) {
            case GameStarted started when started.timeControl() != null -> {
                clockRuns = true;
                var ruleset = started.ruleset();
                long defaultTime = defaultTimeMillis(ruleset);
                out.add(new ClockCommand.StartClock(GAME_ID, nextClockId(), CLOCK, started.startedAt().toEpochMilli(),
                        started.timeControl(), new ClockRules(ruleset, defaultTime, started.regulations()
                        .quickplayFinish() == QuickplayFinishGuidelines.INCREMENT_ON_REQUEST)));
            }
            // FIDE 2018 6.2.1: a move is completed by pressing the clock
            case MoveCompleted m -> out.add(new ClockCommand.PressClock(GAME_ID, nextClockId(), CLOCK,
                    m.completedAt().toEpochMilli(), m.by()));
            // FIDE 2018 7.5.5: the game decides the penalty, the clock applies it
            case IllegalMoveRecorded m -> penalty(out, m.recordedAt(), m.by(), m.penalty());
            // FIDE 2018 6.11.2 (1997 6.12b): the claimant stops the clocks; Code 1970 XIV: his clock runs on; a
            // claim ruled at once is stopped for and restarted at one instant: no pause
            case ClaimFiled f when !f.claimantClockRuns() && !f.ruledAtOnce() -> out.add(new ClockCommand.PauseClock(
                    GAME_ID, nextClockId(), CLOCK, f.filedAt().toEpochMilli(),
                    "draw claim (" + f.kind() + ") by " + f.by()));
            // FIDE 2018 9.5.3 (1997/2001 9.5b): the wrong claim's penalty, then the clocks are restarted
            case ClaimRejected c -> {
                penalty(out, c.decidedAt(), c.by(), c.penalty());
                if (c.penalty().deductionByTheClock() && clockRuns && clockState.status() == ClockStatus.PAUSED) {
                    // FIDE 1997/2001 9.5b with no reading known to the game: the clock's time at the claim decides
                    long millis = TimePenalties.wrongDrawClaimDeduction(clockState, c.by(),
                            Math.max(c.decidedAt().toEpochMilli(), clockState.lastEventAt()));
                    if (millis > 0) {
                        out.add(new ClockCommand.DeductTime(GAME_ID, nextClockId(), CLOCK,
                                c.decidedAt().toEpochMilli(), c.by(), millis, c.penalty().article(),
                                "incorrect draw claim: the claimant's time by the edition's rule, from his clock"));
                    }
                }
                out.add(new ClockCommand.ResumeClock(GAME_ID, nextClockId(), CLOCK, c.decidedAt().toEpochMilli()));
            }
            case ClaimPostponed c -> {
                penalty(out, c.decidedAt(), c.by(), c.penalty());
                out.add(new ClockCommand.ResumeClock(GAME_ID, nextClockId(), CLOCK, c.decidedAt().toEpochMilli()));
            }
            // FIDE 2018 12.9.2-12.9.3: the arbiter's time rulings
            case RulingIssued r when r.kind() == RulingKind.ADD_TIME -> out.add(new ClockCommand.AddTime(GAME_ID,
                    nextClockId(), CLOCK, r.issuedAt().toEpochMilli(), r.side(), r.timeMillis(), r.article(),
                    "arbiter's ruling"));
            case RulingIssued r when r.kind() == RulingKind.DEDUCT_TIME -> out.add(new ClockCommand.DeductTime(
                    GAME_ID, nextClockId(), CLOCK, r.issuedAt().toEpochMilli(), r.side(), r.timeMillis(), r.article(),
                    "arbiter's ruling"));
            case GameEnded e -> out.add(new ClockCommand.StopClock(GAME_ID, nextClockId(), CLOCK,
                    e.endedAt().toEpochMilli(), "game ended: " + e.result() + " (" + e.reason() + ")"));
            default -> {
            }
        }
        return out;
    }

    private void penalty(List<ClockCommand> out, Instant at, Side offender, Penalty penalty) {
        if (penalty.addedToOpponentMillis() > 0) {
            out.add(new ClockCommand.AddTime(GAME_ID, nextClockId(), CLOCK, at.toEpochMilli(), offender.opponent(),
                    penalty.addedToOpponentMillis(), penalty.article(), penalty.description()));
        }
        if (penalty.deductedFromOffenderMillis() > 0) {
            out.add(new ClockCommand.DeductTime(GAME_ID, nextClockId(), CLOCK, at.toEpochMilli(), offender,
                    penalty.deductedFromOffenderMillis(), penalty.article(), penalty.description()));
        }
    }

    private static long defaultTimeMillis(org.torneo.contracts.Ruleset ruleset) {
        return TimePenalties.defaultTimeMillis(ruleset.edition());
    }

    private String nextClockId() {
        return "adjudicate-clock-" + (++clockCommands);
    }

    private void print(String stream, String type, ObjectNode event) {
        ObjectNode lineJson = json.createObjectNode();
        lineJson.put("line", line);
        lineJson.put("stream", stream);
        lineJson.put("type", type);
        lineJson.set("event", event);
        out.println(lineJson.toString());
    }
}

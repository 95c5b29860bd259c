package org.torneo.pairing.tournament;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.torneo.contracts.Decider;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentCommand.AllowPairing;
import org.torneo.contracts.tournament.TournamentCommand.AppointArbiter;
import org.torneo.contracts.tournament.TournamentCommand.AssignDevice;
import org.torneo.contracts.tournament.TournamentCommand.CancelCheckIn;
import org.torneo.contracts.tournament.TournamentCommand.ChangePairing;
import org.torneo.contracts.tournament.TournamentCommand.CheckInPlayer;
import org.torneo.contracts.tournament.TournamentCommand.SetBroadcastDelay;
import org.torneo.contracts.tournament.TournamentCommand.CloseRound;
import org.torneo.contracts.tournament.TournamentCommand.DismissArbiter;
import org.torneo.contracts.tournament.TournamentCommand.LinkPlayerAccount;
import org.torneo.contracts.tournament.TournamentCommand.CorrectPairing;
import org.torneo.contracts.tournament.TournamentCommand.CorrectResult;
import org.torneo.contracts.tournament.TournamentCommand.CreateTournament;
import org.torneo.contracts.tournament.TournamentCommand.ForbidPairing;
import org.torneo.contracts.tournament.TournamentCommand.PairNextRound;
import org.torneo.contracts.tournament.TournamentCommand.RecordResult;
import org.torneo.contracts.tournament.TournamentCommand.RegisterPlayer;
import org.torneo.contracts.tournament.TournamentCommand.RequestBye;
import org.torneo.contracts.tournament.TournamentCommand.WithdrawPlayer;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.pairing.harkness.HarknessPairing;
import org.torneo.pairing.roundrobin.RoundRobinPairing;
import org.torneo.contracts.tournament.TournamentEvent.CommandRejected;

import static org.torneo.pairing.tournament.TournamentRefusals.reject;

/**
 * The tournament aggregate: {@code decide(command, state) -> events} and {@code evolve(state, event) -> state}, the
 * game core's shape. Pure: time and lots arrive inside commands. A refused command gives one
 * {@link CommandRejected} naming the command, the {@link RefusalReason} and a sentence (decision 19: a refusal is an
 * event of the log); decide never throws on a refusal. A command id already handled gives no events, whether the
 * first copy was accepted or refused (idempotency).
 */
public final class TournamentDecider implements Decider<TournamentCommand, TournamentEvent, TournamentState> {

    private final Map<PairingSystemKind, PairingSystem> systems;

    // the use cases, one per kind of decision; decide hands each command to its own
    private final OfficeDecisions officeDecisions = new OfficeDecisions();
    private final RegistrationDecisions registration;
    private final ResultDecisions results = new ResultDecisions();
    private final RoundPairing roundPairing;
    private final HandChanges handChanges = new HandChanges();
    private final CheckInDecisions checkIn = new CheckInDecisions();

    /** Every system, the Dutch engine bound afresh to the state of each decision ({@link #withEverySystem}). */
    private final boolean bindsDutchToEachState;

    public TournamentDecider(Map<PairingSystemKind, PairingSystem> systems) {
        this(systems, false);
    }

    private TournamentDecider(Map<PairingSystemKind, PairingSystem> systems, boolean bindsDutchToEachState) {
        this.systems = Collections.unmodifiableMap(new EnumMap<>(systems));
        this.registration = new RegistrationDecisions(this.systems);
        this.roundPairing = new RoundPairing(this.systems);
        this.bindsDutchToEachState = bindsDutchToEachState;
    }

    /** Round robin (single, double) and Harkness; add the Dutch engine with {@link #with}. */
    public static TournamentDecider withBuiltInSystems() {
        Map<PairingSystemKind, PairingSystem> systems = new EnumMap<>(PairingSystemKind.class);
        systems.put(PairingSystemKind.ROUND_ROBIN, RoundRobinPairing.single());
        systems.put(PairingSystemKind.DOUBLE_ROUND_ROBIN, RoundRobinPairing.doubleRoundRobin());
        systems.put(PairingSystemKind.HARKNESS, new HarknessPairing());
        return new TournamentDecider(systems);
    }

    /**
     * Every system, the FIDE Dutch engine included. The Dutch engine reads the whole history of the tournament it
     * pairs (floats and colours depend on earlier rounds' results), so it is bound to that state.
     */
    public static TournamentDecider withAllSystems(TournamentState state) {
        return withBuiltInSystems().with(PairingSystemKind.DUTCH, new DutchSystem(state));
    }

    /**
     * The pairing service's decider: every system, the FIDE Dutch engine bound to the state of each decision (it
     * reads the history of the tournament it pairs), so one decider serves every tournament and every state.
     */
    public static TournamentDecider withEverySystem() {
        return new TournamentDecider(withBuiltInSystems().systems, true);
    }

    public TournamentDecider with(PairingSystemKind kind, PairingSystem system) {
        Map<PairingSystemKind, PairingSystem> more = new EnumMap<>(PairingSystemKind.class);
        more.putAll(systems);
        more.put(kind, system);
        return new TournamentDecider(more);
    }

    public static TournamentState replay(List<? extends TournamentEvent> events) {
        TournamentState state = TournamentState.empty();
        for (TournamentEvent event : events) {
            state = TournamentEvolution.evolve(state, event);
        }
        return state;
    }

    // ------------------------------------------------------------------------------------------------ decide

    @Override
    public TournamentState initialState() {
        return TournamentState.empty();
    }

    @Override
    public List<TournamentEvent> decide(TournamentCommand command, TournamentState state) {
        if (state.handledCommands().contains(command.commandId())) {
            return List.of();
        }
        if (bindsDutchToEachState) {
            return withAllSystems(state).decide(command, state);
        }
        try {
            return decideUseCase(command, state);
        } catch (Refused refused) {
            // the one place a use case's refusal becomes what every caller sees: an event of the log
            return List.of(new CommandRejected(command.tournamentId(), command.commandId(), command.actor(),
                    command.at(), command.getClass().getSimpleName(), refused.reason().name(), refused.getMessage()));
        }
    }

    private List<TournamentEvent> decideUseCase(TournamentCommand command, TournamentState state) {
        if (!(command instanceof CreateTournament)) {
            if (!state.created()) {
                throw reject(RefusalReason.NOT_CREATED, "tournament '" + command.tournamentId() + "' has not been created");
            }
            if (!state.tournamentId().equals(command.tournamentId())) {
                throw reject(RefusalReason.WRONG_TOURNAMENT, "command for tournament '" + command.tournamentId()
                        + "' sent to tournament '" + state.tournamentId() + "'");
            }
        }
        return switch (command) {
            case CreateTournament c -> registration.create(c, state);
            case RegisterPlayer c -> registration.register(c, state);
            case WithdrawPlayer c -> registration.withdraw(c, state);
            case RequestBye c -> registration.requestBye(c, state);
            case CheckInPlayer c -> checkIn.checkIn(c, state);
            case CancelCheckIn c -> checkIn.cancel(c, state);
            case ForbidPairing c -> registration.forbid(c, state);
            case AllowPairing c -> registration.allow(c, state);
            case RecordResult c -> results.recordResult(c, state);
            case CorrectResult c -> results.correctResult(c, state);
            case CloseRound c -> results.closeRound(c, state);
            case PairNextRound c -> roundPairing.pairNextRound(c, state);
            case CorrectPairing c -> roundPairing.correctPairing(c, state);
            case ChangePairing c -> handChanges.change(c, state);
            case AppointArbiter c -> officeDecisions.appointArbiter(c, state);
            case DismissArbiter c -> officeDecisions.dismissArbiter(c, state);
            case LinkPlayerAccount c -> officeDecisions.linkPlayerAccount(c, state);
            case AssignDevice c -> officeDecisions.assignDevice(c, state);
            case SetBroadcastDelay c -> officeDecisions.setBroadcastDelay(c, state);
        };
    }

    /** The longest fixed delay: lichess broadcasts take at most 3,600 s; longer is {@code AFTER_GAME}. */
    public static final int MAX_BROADCAST_DELAY_SECONDS = 3600;

    // ------------------------------------------------------------------------------------------------ evolve

    /** One exhaustive switch over the sealed {@link TournamentEvent} root, no default: {@link TournamentEvolution}. */
    @Override
    public TournamentState evolve(TournamentState state, TournamentEvent event) {
        return TournamentEvolution.evolve(state, event);
    }
}

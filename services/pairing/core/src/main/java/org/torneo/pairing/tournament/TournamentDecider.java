package org.torneo.pairing.tournament;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentCommand.AppointArbiter;
import org.torneo.contracts.tournament.TournamentCommand.AssignDevice;
import org.torneo.contracts.tournament.TournamentCommand.SetBroadcastDelay;
import org.torneo.contracts.tournament.BroadcastDelayMode;
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
import org.torneo.contracts.tournament.TournamentEvent.ArbiterAppointed;
import org.torneo.contracts.tournament.TournamentEvent.ArbiterDismissed;
import org.torneo.contracts.tournament.TournamentEvent.ByeRequested;
import org.torneo.contracts.tournament.TournamentEvent.DeviceAssigned;
import org.torneo.contracts.tournament.TournamentEvent.BroadcastDelaySet;
import org.torneo.contracts.tournament.TournamentEvent.PlayerAccountLinked;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.contracts.tournament.TournamentEvent.PairingForbidden;
import org.torneo.contracts.tournament.TournamentEvent.PairingNumbersAssigned;
import org.torneo.contracts.tournament.TournamentEvent.PlayerRegistered;
import org.torneo.contracts.tournament.TournamentEvent.PlayerWithdrew;
import org.torneo.contracts.tournament.TournamentEvent.ResultAmended;
import org.torneo.contracts.tournament.TournamentEvent.ResultRecorded;
import org.torneo.contracts.tournament.TournamentEvent.RoundClosed;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.contracts.tournament.TieBreakCodes;
import org.torneo.contracts.tournament.TournamentEvent.TournamentCreated;
import org.torneo.identity.Permission;
import org.torneo.identity.Scope;
import org.torneo.identity.TournamentAuthority;
import org.torneo.identity.TournamentAuthority.Appointment;
import org.torneo.identity.Verdict;
import org.torneo.pairing.harkness.HarknessPairing;
import org.torneo.pairing.roundrobin.RoundRobinPairing;
import org.torneo.pairing.tournament.TournamentRejected.Reason;
import org.torneo.pairing.tournament.TournamentState.Player;
import org.torneo.pairing.tournament.TournamentState.Result;
import org.torneo.pairing.tournament.TournamentState.Round;

/**
 * The tournament aggregate: {@code decide(command, state) -> events} and {@code evolve(state, event) -> state}.
 * Pure: time and lots arrive inside commands. A refused command throws {@link TournamentRejected}; a command
 * id already handled gives no events (idempotency).
 */
public final class TournamentDecider {

    private final Map<PairingSystemKind, PairingSystem> systems;

    public TournamentDecider(Map<PairingSystemKind, PairingSystem> systems) {
        this.systems = Collections.unmodifiableMap(new EnumMap<>(systems));
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

    public TournamentDecider with(PairingSystemKind kind, PairingSystem system) {
        Map<PairingSystemKind, PairingSystem> more = new EnumMap<>(PairingSystemKind.class);
        more.putAll(systems);
        more.put(kind, system);
        return new TournamentDecider(more);
    }

    public static TournamentState replay(List<? extends TournamentEvent> events) {
        TournamentState state = TournamentState.empty();
        for (TournamentEvent event : events) {
            state = evolve(state, event);
        }
        return state;
    }

    // ------------------------------------------------------------------------------------------------ decide

    public List<TournamentEvent> decide(TournamentCommand command, TournamentState state) {
        if (state.handledCommands().contains(command.commandId())) {
            return List.of();
        }
        if (!(command instanceof CreateTournament)) {
            if (!state.created()) {
                throw reject(Reason.NOT_CREATED, "tournament '" + command.tournamentId() + "' has not been created");
            }
            if (!state.tournamentId().equals(command.tournamentId())) {
                throw reject(Reason.WRONG_TOURNAMENT, "command for tournament '" + command.tournamentId()
                        + "' sent to tournament '" + state.tournamentId() + "'");
            }
        }
        return switch (command) {
            case CreateTournament c -> create(c, state);
            case RegisterPlayer c -> register(c, state);
            case WithdrawPlayer c -> withdraw(c, state);
            case RequestBye c -> requestBye(c, state);
            case ForbidPairing c -> forbid(c, state);
            case RecordResult c -> recordResult(c, state);
            case CorrectResult c -> correctResult(c, state);
            case CloseRound c -> closeRound(c, state);
            case PairNextRound c -> pairNextRound(c, state);
            case CorrectPairing c -> correctPairing(c, state);
            case AppointArbiter c -> appointArbiter(c, state);
            case DismissArbiter c -> dismissArbiter(c, state);
            case LinkPlayerAccount c -> linkPlayerAccount(c, state);
            case AssignDevice c -> assignDevice(c, state);
            case SetBroadcastDelay c -> setBroadcastDelay(c, state);
        };
    }

    // ------------------------------------------------------------------------------------------------ offices

    /**
     * Appoints an arbiter. Who may: a chief arbiter only the organiser (FIDE Arbiters' Manual, current practice: the
     * organiser appoints the chief arbiter); a hall arbiter the organiser or a chief arbiter (current practice: the
     * chief arbiter deploys his team; the seeds are silent). Re-appointing a chief arbiter as a hall arbiter takes the
     * organiser too. Several chief arbiters may serve (a deputy chief arbiter acts with the chief's powers).
     */
    private List<TournamentEvent> appointArbiter(AppointArbiter c, TournamentState state) {
        requireText(c.account(), "arbiter's account");
        TournamentAuthority offices = state.authority();
        boolean touchesChief = c.chief() || offices.appointment(c.account()).map(Appointment::chief).orElse(false);
        requireAuthority(c.actor(), touchesChief ? Permission.APPOINT_CHIEF_ARBITER : Permission.APPOINT_ARBITER, state);
        if (c.chief()) {
            if (!c.halls().isEmpty()) {
                throw reject(Reason.INVALID, "a chief arbiter serves every hall: give no halls, not " + c.halls());
            }
        } else {
            requireHalls(c.halls(), state);
        }
        return List.of(new ArbiterAppointed(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.account(), c.chief(),
                c.halls()));
    }

    /** Ends an appointment: a chief arbiter's by the organiser, a hall arbiter's by the organiser or a chief arbiter. */
    private List<TournamentEvent> dismissArbiter(DismissArbiter c, TournamentState state) {
        requireText(c.account(), "arbiter's account");
        Appointment appointment = state.authority().appointment(c.account()).orElseThrow(() ->
                reject(Reason.NOT_AN_ARBITER, "'" + c.account() + "' is not an arbiter of " + state.tournamentId()));
        requireAuthority(c.actor(), appointment.chief() ? Permission.APPOINT_CHIEF_ARBITER : Permission.APPOINT_ARBITER,
                state);
        return List.of(new ArbiterDismissed(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.account(),
                c.reason()));
    }

    /** Links an account to a registered player (the organiser or a chief arbiter); a new link replaces older ones. */
    private List<TournamentEvent> linkPlayerAccount(LinkPlayerAccount c, TournamentState state) {
        requireText(c.account(), "player's account");
        requireAuthority(c.actor(), Permission.LINK_PLAYER_ACCOUNT, state);
        knownPlayer(state, c.playerId());
        return List.of(new PlayerAccountLinked(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.account(),
                c.playerId()));
    }

    /**
     * Assigns a device to boards of a hall (the organiser or an arbiter of that hall): the hall must be one of the
     * tournament's (none in a tournament without halls) and every board in its range.
     */
    private List<TournamentEvent> assignDevice(AssignDevice c, TournamentState state) {
        requireText(c.account(), "device's account");
        Hall hall = null;
        if (state.halls().isEmpty()) {
            if (c.hall() != null) {
                throw reject(Reason.INVALID, "tournament " + state.tournamentId() + " has no halls; give no hall, not '"
                        + c.hall() + "'");
            }
        } else {
            if (c.hall() == null) {
                throw reject(Reason.INVALID, "name the hall of the device's boards (halls: " + hallNames(state) + ")");
            }
            hall = state.halls().stream().filter(h -> h.name().equals(c.hall())).findFirst().orElseThrow(() ->
                    reject(Reason.INVALID, "no hall '" + c.hall() + "' in " + state.tournamentId() + " (halls: "
                            + hallNames(state) + ")"));
        }
        requireAuthority(c.actor(), Permission.ASSIGN_DEVICE, Scope.hall(state.tournamentId(), c.hall()), state);
        for (int board : c.boards()) {
            if (board < 1 || (hall != null && !hall.holds(board))) {
                throw reject(Reason.INVALID, "board " + board + " is not a board of "
                        + (hall == null ? "the tournament" : "hall '" + hall.name() + "' (" + hall.firstBoard() + "-"
                        + hall.lastBoard() + ")"));
            }
        }
        return List.of(new DeviceAssigned(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.account(), c.hall(),
                c.boards(), c.side()));
    }

    /** The longest fixed delay: lichess broadcasts take at most 3,600 s; longer is {@code AFTER_GAME}. */
    public static final int MAX_BROADCAST_DELAY_SECONDS = 3600;

    /**
     * The organiser's delay of the public broadcast (anti-cheating; ECU rules Q.2.4: 15 minutes; the seeds are
     * silent, current practice): none, a fixed 1..3600 seconds, or after the game.
     */
    private List<TournamentEvent> setBroadcastDelay(SetBroadcastDelay c, TournamentState state) {
        requireAuthority(c.actor(), Permission.SET_BROADCAST_DELAY, state);
        if (c.mode() == null) {
            throw reject(Reason.INVALID, "mode: give NONE, FIXED (with seconds 1.." + MAX_BROADCAST_DELAY_SECONDS
                    + ") or AFTER_GAME");
        }
        if (c.mode() == BroadcastDelayMode.FIXED
                && (c.seconds() < 1 || c.seconds() > MAX_BROADCAST_DELAY_SECONDS)) {
            throw reject(Reason.INVALID, "seconds: a FIXED broadcast delay is 1.." + MAX_BROADCAST_DELAY_SECONDS
                    + " seconds (one hour at most; longer is AFTER_GAME), not " + c.seconds());
        }
        if (c.mode() != BroadcastDelayMode.FIXED && c.seconds() != 0) {
            throw reject(Reason.INVALID, "seconds: only a FIXED broadcast delay has seconds; " + c.mode()
                    + " takes 0, not " + c.seconds());
        }
        return List.of(new BroadcastDelaySet(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.mode(),
                c.seconds()));
    }

    private static void requireHalls(List<String> halls, TournamentState state) {
        if (state.halls().isEmpty()) {
            if (!halls.isEmpty()) {
                throw reject(Reason.INVALID, "tournament " + state.tournamentId() + " has no halls; an arbiter serves"
                        + " every board, give no halls, not " + halls);
            }
            return;
        }
        if (halls.isEmpty()) {
            throw reject(Reason.INVALID, "name the halls the arbiter serves (halls: " + hallNames(state)
                    + "), or appoint him chief arbiter");
        }
        for (String name : halls) {
            if (state.halls().stream().noneMatch(h -> h.name().equals(name))) {
                throw reject(Reason.INVALID, "no hall '" + name + "' in " + state.tournamentId() + " (halls: "
                        + hallNames(state) + ")");
            }
        }
    }

    private static String hallNames(TournamentState state) {
        return state.halls().stream().map(Hall::name).collect(Collectors.joining(", "));
    }

    private static void requireAuthority(Actor actor, Permission permission, TournamentState state) {
        requireAuthority(actor, permission, Scope.tournament(state.tournamentId()), state);
    }

    /** The recorded actor must hold the permission in the replayed offices; the verdict's reason is the message. */
    private static void requireAuthority(Actor actor, Permission permission, Scope scope, TournamentState state) {
        if (actor == null) {
            throw reject(Reason.NOT_AUTHORISED, permission + " needs an actor");
        }
        Verdict verdict = state.authority().may(actor, permission, scope);
        if (verdict.denied()) {
            throw reject(Reason.NOT_AUTHORISED, verdict.reason() + " (rule: " + verdict.rule() + ")");
        }
    }

    private List<TournamentEvent> create(CreateTournament c, TournamentState state) {
        if (state.created()) {
            throw reject(Reason.ALREADY_CREATED, "tournament '" + state.tournamentId() + "' already exists");
        }
        requireText(c.tournamentId(), "tournament id");
        requireText(c.name(), "tournament name");
        requireText(c.rulesetId(), "ruleset id");
        if (!systems.containsKey(c.system())) {
            throw reject(Reason.SYSTEM_UNAVAILABLE, "pairing system '" + c.system().wireName()
                    + "' is not available in this build");
        }
        if (!c.system().isRoundRobin() && c.rounds() < 1) {
            throw reject(Reason.INVALID, "a Swiss needs at least 1 round, got " + c.rounds());
        }
        if (c.rounds() > org.torneo.trf.TrfReader.MAX_ROUNDS) {
            // the bound of the TRF reader (XXR): a tournament is exported as TRF and must read back
            throw reject(Reason.INVALID, "at most " + org.torneo.trf.TrfReader.MAX_ROUNDS + " rounds, got " + c.rounds());
        }
        if (c.system().isRoundRobin() && c.rounds() != 0) {
            throw reject(Reason.INVALID, "a round robin's rounds follow from the field (Berger tables); give 0, not "
                    + c.rounds());
        }
        Set<String> hallNames = new HashSet<>();
        List<Hall> byRange = new ArrayList<>(c.halls());
        byRange.sort(Comparator.comparingInt(Hall::firstBoard));
        for (int i = 0; i < byRange.size(); i++) {
            Hall hall = byRange.get(i);
            if (!hallNames.add(hall.name())) {
                throw reject(Reason.INVALID, "hall '" + hall.name() + "' is listed twice");
            }
            if (i > 0 && hall.firstBoard() <= byRange.get(i - 1).lastBoard()) {
                throw reject(Reason.INVALID, "halls '" + byRange.get(i - 1).name() + "' and '" + hall.name()
                        + "' both hold board " + hall.firstBoard());
            }
        }
        requireTieBreakCodes(c.tieBreaks());
        return List.of(new TournamentCreated(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.name(), c.system(),
                c.rounds(), c.scoring(), c.rulesetId(), c.halls(), c.timeControl(), c.tieBreaks(), c.prizes()));
    }

    /**
     * The tie-breaks are announced before the start (C.07 2): each a known C.07 code with its modifiers, each
     * once. The rating service computes them.
     */
    private static void requireTieBreakCodes(List<String> tieBreaks) {
        Set<String> seen = new HashSet<>();
        for (String code : tieBreaks) {
            TieBreakCodes.problem(code).ifPresent(problem -> {
                throw reject(Reason.INVALID, problem);
            });
            if (!seen.add(code.toUpperCase(java.util.Locale.ROOT))) {
                throw reject(Reason.INVALID, "tie-break '" + code + "' is listed twice");
            }
        }
    }

    private List<TournamentEvent> register(RegisterPlayer c, TournamentState state) {
        requireText(c.playerId(), "player id");
        requireText(c.name(), "player name");
        if (state.players().containsKey(c.playerId())) {
            throw reject(Reason.DUPLICATE_REGISTRATION, "player '" + c.playerId() + "' is already registered");
        }
        if (c.rating() < 0) {
            throw reject(Reason.INVALID, "rating of '" + c.playerId() + "' is negative (" + c.rating() + "); 0 means unrated");
        }
        if (c.rating() > org.torneo.trf.TrfReader.MAX_RATING) {
            // the bound of the TRF reader: the tournament's TRF export must read back
            throw reject(Reason.INVALID, "rating of '" + c.playerId() + "' is " + c.rating() + ", above "
                    + org.torneo.trf.TrfReader.MAX_RATING);
        }
        if (state.system().isRoundRobin()) {
            if (state.lastRound() > 0) {
                throw reject(Reason.ROUND_ALREADY_PAIRED, "round robin: the Berger table is fixed once round 1 is"
                        + " paired; '" + c.playerId() + "' cannot enter late");
            }
            if (c.joinsRound() != 1) {
                throw reject(Reason.NOT_FOR_ROUND_ROBIN, "round robin: every player plays from round 1, not round "
                        + c.joinsRound());
            }
        } else {
            if (c.joinsRound() < 1 || c.joinsRound() > state.totalRounds()) {
                throw reject(Reason.INVALID, "joining round " + c.joinsRound() + " is outside rounds 1.."
                        + state.totalRounds());
            }
            if (c.joinsRound() <= state.lastRound()) {
                throw reject(Reason.ROUND_ALREADY_PAIRED, "round " + c.joinsRound() + " is already paired; a late"
                        + " entrant can join round " + (state.lastRound() + 1) + " at the earliest");
            }
        }
        return List.of(new PlayerRegistered(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.playerId(),
                c.name(), c.rating(), c.joinsRound()));
    }

    private List<TournamentEvent> withdraw(WithdrawPlayer c, TournamentState state) {
        Player player = knownPlayer(state, c.playerId());
        if (player.withdrawn()) {
            throw reject(Reason.PLAYER_WITHDRAWN, "player '" + c.playerId() + "' has already withdrawn");
        }
        return List.of(new PlayerWithdrew(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.playerId(),
                c.reason() == null ? "" : c.reason()));
    }

    private List<TournamentEvent> requestBye(RequestBye c, TournamentState state) {
        Player player = activePlayer(state, c.playerId());
        if (state.system().isRoundRobin()) {
            throw reject(Reason.NOT_FOR_ROUND_ROBIN, "round robin: the games are fixed by the Berger table;"
                    + " a player cannot take a bye");
        }
        if (c.kind() != ByeKind.HALF_POINT && c.kind() != ByeKind.ZERO_POINT) {
            throw reject(Reason.INVALID, "a player may request a HALF_POINT or ZERO_POINT bye, not " + c.kind());
        }
        if (c.round() <= state.lastRound()) {
            throw reject(Reason.ROUND_ALREADY_PAIRED, "round " + c.round() + " is already paired");
        }
        if (c.round() > state.totalRounds()) {
            throw reject(Reason.INVALID, "round " + c.round() + " is beyond the last round " + state.totalRounds());
        }
        if (c.round() < player.joinsRound()) {
            throw reject(Reason.INVALID, "'" + c.playerId() + "' joins in round " + player.joinsRound()
                    + "; no bye can be requested for round " + c.round());
        }
        if (state.requestedByes().getOrDefault(c.round(), Map.of()).containsKey(c.playerId())) {
            throw reject(Reason.INVALID, "'" + c.playerId() + "' already has a bye for round " + c.round());
        }
        return List.of(new ByeRequested(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.playerId(), c.round(),
                c.kind()));
    }

    private List<TournamentEvent> forbid(ForbidPairing c, TournamentState state) {
        knownPlayer(state, c.firstPlayerId());
        knownPlayer(state, c.secondPlayerId());
        if (state.system().isRoundRobin()) {
            throw reject(Reason.NOT_FOR_ROUND_ROBIN, "round robin: everyone meets everyone; nothing can be forbidden");
        }
        if (c.firstPlayerId().equals(c.secondPlayerId())) {
            throw reject(Reason.INVALID, "a player cannot be forbidden to meet himself ('" + c.firstPlayerId() + "')");
        }
        if (state.isForbidden(c.firstPlayerId(), c.secondPlayerId())) {
            throw reject(Reason.INVALID, "'" + c.firstPlayerId() + "' and '" + c.secondPlayerId()
                    + "' are already forbidden to meet");
        }
        return List.of(new PairingForbidden(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.firstPlayerId(),
                c.secondPlayerId(), c.reason() == null ? "" : c.reason()));
    }

    private List<TournamentEvent> recordResult(RecordResult c, TournamentState state) {
        Round round = state.round(c.round()).orElseThrow(() -> reject(Reason.ROUND_NOT_PAIRED,
                "round " + c.round() + " has not been paired"));
        if (round.closed()) {
            throw reject(Reason.ROUND_CLOSED, "round " + c.round() + " is closed; its results can no longer be recorded");
        }
        if (c.result() == null) {
            throw reject(Reason.INVALID, "the result is missing");
        }
        Board board = round.boardOf(c.whitePlayerId(), c.blackPlayerId()).orElseThrow(() -> reject(Reason.NO_SUCH_GAME,
                "round " + c.round() + " has no game " + c.whitePlayerId() + " (White) - " + c.blackPlayerId() + " (Black)"));
        Result existing = round.results().get(board.number());
        if (existing != null) {
            if (existing.equals(new Result(c.result(), c.played()))) {
                return List.of();
            }
            throw reject(Reason.RESULT_ALREADY_RECORDED, "round " + c.round() + " board " + board.number()
                    + " already has the result " + existing.result() + "; a change needs an arbiter's correction");
        }
        return List.of(new ResultRecorded(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.round(),
                c.whitePlayerId(), c.blackPlayerId(), c.result(), c.played()));
    }

    /**
     * An arbiter's correction of a recorded result (FIDE 2018 8.7: the result stands unless the arbiter decides
     * otherwise), in an open or a closed round. The seeds are silent on Swiss corrections; current FIDE practice
     * is followed: the corrected score counts from the next pairing on, and a round already paired keeps its
     * published pairing (only an arbiter's CorrectPairing changes that).
     */
    private List<TournamentEvent> correctResult(CorrectResult c, TournamentState state) {
        if (c.actor() == null || (c.actor().role() != Actor.Role.ARBITER && c.actor().role() != Actor.Role.SYSTEM)) {
            throw reject(Reason.NOT_AN_ARBITER, "only an arbiter corrects a result (FIDE 2018 8.7)");
        }
        if (c.why() == null || c.why().isBlank()) {
            throw reject(Reason.INVALID, "a result correction needs a reason");
        }
        if (c.result() == null) {
            throw reject(Reason.INVALID, "the result is missing");
        }
        Round round = state.round(c.round()).orElseThrow(() -> reject(Reason.ROUND_NOT_PAIRED,
                "round " + c.round() + " has not been paired"));
        Board board = round.boards().stream().filter(b -> b.number() == c.board()).findFirst()
                .orElseThrow(() -> reject(Reason.NO_SUCH_GAME, "round " + c.round() + " has no board " + c.board()));
        Result existing = round.results().get(board.number());
        if (existing == null) {
            throw reject(Reason.NO_RESULT_TO_CORRECT, "round " + c.round() + " board " + c.board()
                    + " has no result yet; record it instead of correcting it");
        }
        if (existing.equals(new Result(c.result(), c.played()))) {
            return List.of();
        }
        return List.of(new ResultAmended(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.round(), board.number(),
                board.white(), board.black(), existing.result(), existing.played(), c.result(), c.played(), c.why()));
    }

    private List<TournamentEvent> closeRound(CloseRound c, TournamentState state) {
        Round round = state.round(c.round()).orElseThrow(() -> reject(Reason.ROUND_NOT_PAIRED,
                "round " + c.round() + " has not been paired"));
        if (round.closed()) {
            throw reject(Reason.ROUND_CLOSED, "round " + c.round() + " is already closed");
        }
        List<Integer> missing = round.boards().stream().map(Board::number)
                .filter(number -> !round.results().containsKey(number)).toList();
        if (!missing.isEmpty()) {
            throw reject(Reason.RESULTS_MISSING, "round " + c.round() + " cannot close: no result yet on board"
                    + (missing.size() > 1 ? "s " : " ") + missing.stream().map(String::valueOf).collect(Collectors.joining(", ")));
        }
        return List.of(new RoundClosed(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.round()));
    }

    private List<TournamentEvent> pairNextRound(PairNextRound c, TournamentState state) {
        int next = state.lastRound() + 1;
        if (state.lastRound() > 0 && !state.round(state.lastRound()).orElseThrow().closed()) {
            throw reject(Reason.ROUND_NOT_CLOSED, "round " + state.lastRound() + " is not closed; round " + next
                    + " cannot be paired yet");
        }
        if (state.players().size() < 2) {
            throw reject(Reason.INVALID, "at least 2 players must be registered, there are " + state.players().size());
        }
        if (next > state.totalRounds()) {
            throw reject(Reason.TOURNAMENT_FINISHED, "all " + state.totalRounds() + " rounds have been paired");
        }
        List<TournamentEvent> events = new ArrayList<>();
        if (state.system() == PairingSystemKind.HARKNESS) {
            for (Player player : state.players().values()) {
                if (!player.withdrawn() && missedRounds(state, player) >= 2) {
                    // Code 1970 US rule VI: "cualquier jugador que por cualquier motivo haya faltado a dos
                    // rondas ... debe ser excluido"
                    PlayerWithdrew excluded = new PlayerWithdrew(c.tournamentId(), c.commandId(), c.actor(), c.at(),
                            player.id(), "excluded after missing two rounds (Code 1970 US rule VI)");
                    events.add(excluded);
                    state = evolve(state, excluded);
                }
            }
        }
        Map<String, Integer> newNumbers = assignNumbers(state, c.seed());
        if (!newNumbers.isEmpty()) {
            PairingNumbersAssigned assigned = new PairingNumbersAssigned(c.tournamentId(), c.commandId(), c.actor(),
                    c.at(), newNumbers);
            events.add(assigned);
            state = evolve(state, assigned);
        }
        PairingRequest request = request(state, next, c.seed());
        PairingOutcome outcome = systems.get(state.system()).pair(request);
        if (outcome instanceof PairingOutcome.NoValidPairing none) {
            throw reject(Reason.NO_VALID_PAIRING, "round " + next + ": " + none.reason());
        }
        PairingOutcome.Paired paired = (PairingOutcome.Paired) outcome;
        events.add(roundPaired(c, state, next, request, paired));
        return events;
    }

    private List<TournamentEvent> correctPairing(CorrectPairing c, TournamentState state) {
        if (c.actor() == null || c.actor().role() != Actor.Role.ARBITER) {
            throw reject(Reason.NOT_AN_ARBITER, "only an arbiter may correct published pairings");
        }
        requireText(c.reason(), "reason for the correction");
        Round round = state.round(c.round()).orElseThrow(() -> reject(Reason.ROUND_NOT_PAIRED,
                "round " + c.round() + " has not been paired"));
        if (round.closed()) {
            throw reject(Reason.ROUND_CLOSED, "round " + c.round() + " is closed");
        }
        if (!round.results().isEmpty()) {
            throw reject(Reason.RESULT_ALREADY_RECORDED, "round " + c.round() + " already has results; its pairings"
                    + " can no longer be corrected");
        }
        Set<String> before = participants(round.boards(), round.byes());
        Set<String> after = new HashSet<>();
        Set<Integer> boardNumbers = new HashSet<>();
        for (Board board : c.boards()) {
            for (String id : List.of(board.white(), board.black())) {
                knownPlayer(state, id);
                if (!after.add(id)) {
                    throw reject(Reason.INVALID, "the correction lists '" + id + "' twice");
                }
            }
            if (!boardNumbers.add(board.number())) {
                throw reject(Reason.INVALID, "the correction uses board " + board.number() + " twice");
            }
            if (round.removedBoards().contains(board.number())) {
                // C.04.2; C.04.3 (2017) F.6-F.7: the removed board's game was cancelled for good (the game service
                // refuses every later command to it), so the number cannot carry a game of this round again
                throw reject(Reason.INVALID, "board " + board.number() + " of round " + c.round() + " was removed by an"
                        + " earlier correction and its game cancelled: use another board number");
            }
        }
        for (Bye bye : c.byes()) {
            knownPlayer(state, bye.playerId());
            if (!after.add(bye.playerId())) {
                throw reject(Reason.INVALID, "the correction lists '" + bye.playerId() + "' twice");
            }
        }
        if (!after.equals(before)) {
            Set<String> missing = new LinkedHashSet<>(before);
            missing.removeAll(after);
            Set<String> extra = new LinkedHashSet<>(after);
            extra.removeAll(before);
            throw reject(Reason.INVALID, "the correction must place the same players as the published round"
                    + (missing.isEmpty() ? "" : "; missing " + missing) + (extra.isEmpty() ? "" : "; not in the round " + extra));
        }
        return List.of(new PairingCorrected(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.round(), c.boards(),
                c.byes(), c.reason()));
    }

    // ------------------------------------------------------------------------------------------------ pairing

    /**
     * Pairing numbers are given once, when a player is first paired, and never change ("frozen"):
     * a Swiss numbers by rating, unrated players last in alphabetical order (Code 1970, Harkness);
     * a round robin draws its numbers by lot (FIDE C.05). A late entrant gets the next free number;
     * the Harkness ranking still places him at his rating (Code 1970: "45A").
     */
    private static Map<String, Integer> assignNumbers(TournamentState state, long seed) {
        // a round robin's table is drawn for those still in the event when it starts
        List<Player> unnumbered = state.players().values().stream()
                .filter(p -> !state.numbers().containsKey(p.id()))
                .filter(p -> !(state.system().isRoundRobin() && p.withdrawn()))
                .collect(Collectors.toCollection(ArrayList::new));
        if (unnumbered.isEmpty()) {
            return Map.of();
        }
        if (state.system().isRoundRobin()) {
            Collections.shuffle(unnumbered, new Random(seed));
        } else {
            unnumbered.sort(ratingOrder());
        }
        int next = state.numbers().values().stream().mapToInt(Integer::intValue).max().orElse(0) + 1;
        Map<String, Integer> numbers = new LinkedHashMap<>();
        for (Player player : unnumbered) {
            numbers.put(player.id(), next++);
        }
        return numbers;
    }

    /** Code 1970 Harkness: highest rating No. 1; unrated players follow in alphabetical order. */
    private static Comparator<Player> ratingOrder() {
        return Comparator.comparing((Player p) -> p.rating() == 0)
                .thenComparing(Comparator.comparingInt(Player::rating).reversed())
                .thenComparing(Player::name)
                .thenComparing(Player::id);
    }

    /**
     * Rounds a player missed after joining: a requested bye, or a game lost without being played (he did
     * not appear). A late entrant's rounds before he joined do not count.
     */
    static int missedRounds(TournamentState state, Player player) {
        int missed = 0;
        for (Round round : state.rounds().values()) {
            if (round.number() < player.joinsRound()) {
                continue;
            }
            for (Bye bye : round.byes()) {
                if (bye.playerId().equals(player.id())
                        && (bye.kind() == ByeKind.HALF_POINT || bye.kind() == ByeKind.ZERO_POINT)) {
                    missed++;
                }
            }
            for (Board board : round.boards()) {
                Result result = round.results().get(board.number());
                if (!board.involves(player.id()) || result == null || result.played()) {
                    continue;
                }
                boolean white = board.white().equals(player.id());
                boolean lost = switch (result.result()) {
                    case DOUBLE_LOSS -> true;
                    case WHITE_WINS -> !white;
                    case BLACK_WINS -> white;
                    case DRAW -> false;
                };
                if (lost) {
                    missed++;
                }
            }
        }
        return missed;
    }

    /** The pairing system's view of the state for round {@code round}. */
    public static PairingRequest request(TournamentState state, int round, long seed) {
        Map<String, ByeKind> requested = state.requestedByes().getOrDefault(round, Map.of());
        List<Player> order = new ArrayList<>(state.players().values().stream()
                .filter(p -> state.numbers().containsKey(p.id())).toList());
        if (state.system() == PairingSystemKind.HARKNESS) {
            order.sort(ratingOrder());
        } else {
            order.sort(Comparator.comparingInt(p -> state.numbers().get(p.id())));
        }
        List<Entrant> entrants = new ArrayList<>();
        for (Player player : order) {
            boolean available = !player.withdrawn() && player.joinsRound() <= round && !requested.containsKey(player.id());
            entrants.add(new Entrant(state.numbers().get(player.id()), player.name(), player.rating(),
                    state.score(player.id()), history(state, player), available));
        }
        Set<PairingRequest.ForbiddenPair> forbidden = new HashSet<>();
        for (Set<String> pair : state.forbidden()) {
            List<String> ids = List.copyOf(pair);
            forbidden.add(PairingRequest.ForbiddenPair.of(state.numbers().get(ids.get(0)), state.numbers().get(ids.get(1))));
        }
        return new PairingRequest(round, state.totalRounds(), entrants, forbidden, seed);
    }

    private static List<PastRound> history(TournamentState state, Player player) {
        List<PastRound> history = new ArrayList<>();
        for (Round round : state.rounds().values()) {
            PastRound past = PastRound.absent(round.number());
            for (Board board : round.boards()) {
                if (board.involves(player.id())) {
                    boolean white = board.white().equals(player.id());
                    String opponent = white ? board.black() : board.white();
                    Result result = round.results().get(board.number());
                    boolean played = result == null || result.played();
                    past = PastRound.game(round.number(), state.numbers().get(opponent),
                            white ? Colour.WHITE : Colour.BLACK, played);
                }
            }
            for (Bye bye : round.byes()) {
                if (bye.playerId().equals(player.id()) && bye.kind() == ByeKind.PAIRING_BYE) {
                    past = PastRound.bye(round.number());
                }
            }
            history.add(past);
        }
        return history;
    }

    private RoundPaired roundPaired(PairNextRound c, TournamentState state, int round, PairingRequest request,
                                    PairingOutcome.Paired paired) {
        Map<Integer, String> idOf = new HashMap<>();
        state.numbers().forEach((id, number) -> idOf.put(number, id));
        Map<Integer, Entrant> entrantOf = new HashMap<>();
        request.entrants().forEach(e -> entrantOf.put(e.number(), e));
        List<Pairing> games = new ArrayList<>(paired.pairs());
        if (!state.system().isRoundRobin()) {
            // FIDE C.04.2: boards by the higher score of the pair, then the sum of scores, then the lower number
            games.sort(Comparator.comparingInt((Pairing p) -> -Math.max(score(entrantOf, p.white()), score(entrantOf, p.black())))
                    .thenComparingInt(p -> -(score(entrantOf, p.white()) + score(entrantOf, p.black())))
                    .thenComparingInt(p -> Math.min(p.white(), p.black())));
        }
        // a round robin keeps the board order of its Berger table (C.05 Annex 1)
        List<Board> boards = new ArrayList<>();
        for (int i = 0; i < games.size(); i++) {
            int number = i + 1;
            String hall = hallFor(state.halls(), number);
            boards.add(new Board(number, hall, idOf.get(games.get(i).white()), idOf.get(games.get(i).black())));
        }
        Scoring scoring = state.scoring();
        List<Bye> byes = new ArrayList<>();
        for (int number : paired.byes()) {
            byes.add(new Bye(idOf.get(number), ByeKind.PAIRING_BYE, scoring.pairingBye()));
        }
        for (int number : paired.idle()) {
            // the seed gives nobody a point against a known withdrawal (Code 1970 US rule VI)
            byes.add(new Bye(idOf.get(number), ByeKind.OPPONENT_WITHDRAWN, Score.ZERO));
        }
        state.requestedByes().getOrDefault(round, Map.of()).forEach((id, kind) -> {
            if (!state.players().get(id).withdrawn()) {
                byes.add(new Bye(id, kind, kind == ByeKind.HALF_POINT ? scoring.halfPointBye() : scoring.zeroPointBye()));
            }
        });
        return new RoundPaired(c.tournamentId(), c.commandId(), c.actor(), c.at(), round, state.system(), c.seed(),
                boards, byes);
    }

    private static int score(Map<Integer, Entrant> entrants, int number) {
        return entrants.get(number).score().halves();
    }

    private static String hallFor(List<Hall> halls, int board) {
        if (halls.isEmpty()) {
            return "";
        }
        return halls.stream().filter(h -> h.holds(board)).map(Hall::name).findFirst().orElseThrow(() -> reject(
                Reason.INVALID, "no hall holds board " + board + " (halls hold boards "
                        + halls.stream().map(h -> h.name() + " " + h.firstBoard() + "-" + h.lastBoard())
                        .collect(Collectors.joining(", ")) + ")"));
    }

    private static Set<String> participants(List<Board> boards, List<Bye> byes) {
        Set<String> ids = new HashSet<>();
        boards.forEach(b -> {
            ids.add(b.white());
            ids.add(b.black());
        });
        byes.forEach(b -> ids.add(b.playerId()));
        return ids;
    }

    // ------------------------------------------------------------------------------------------------ evolve

    public static TournamentState evolve(TournamentState s, TournamentEvent event) {
        TournamentAuthority offices = s.authority() != null ? s.authority()
                : TournamentAuthority.none(event.tournamentId());
        return evolveRecords(s, event).withAuthority(offices.evolve(event));
    }

    /** Everything but the offices, which {@link TournamentAuthority#evolve} folds from the same event. */
    private static TournamentState evolveRecords(TournamentState s, TournamentEvent event) {
        Set<String> handled = new LinkedHashSet<>(s.handledCommands());
        handled.add(event.commandId());
        return switch (event) {
            // the offices: only the authority changes (and the command counts as handled)
            case ArbiterAppointed e -> withHandled(s, handled);
            case ArbiterDismissed e -> withHandled(s, handled);
            case PlayerAccountLinked e -> withHandled(s, handled);
            case DeviceAssigned e -> withHandled(s, handled);
            // read by the feed only: the tournament's own decisions do not depend on it
            case BroadcastDelaySet e -> withHandled(s, handled);
            case TournamentCreated e -> new TournamentState(e.tournamentId(), e.name(), e.system(), e.rounds(), e.scoring(),
                    e.rulesetId(), e.halls(), Map.of(), Map.of(), Set.of(), Map.of(), Map.of(), handled);
            case PlayerRegistered e -> {
                Map<String, Player> players = new LinkedHashMap<>(s.players());
                players.put(e.playerId(), new Player(e.playerId(), e.name(), e.rating(), e.joinsRound(), false));
                yield new TournamentState(s.tournamentId(), s.name(), s.system(), s.plannedRounds(), s.scoring(),
                        s.rulesetId(), s.halls(), players, s.numbers(), s.forbidden(), s.rounds(), s.requestedByes(), handled);
            }
            case PlayerWithdrew e -> {
                Map<String, Player> players = new LinkedHashMap<>(s.players());
                Player p = players.get(e.playerId());
                players.put(e.playerId(), new Player(p.id(), p.name(), p.rating(), p.joinsRound(), true));
                yield new TournamentState(s.tournamentId(), s.name(), s.system(), s.plannedRounds(), s.scoring(),
                        s.rulesetId(), s.halls(), players, s.numbers(), s.forbidden(), s.rounds(), s.requestedByes(), handled);
            }
            case ByeRequested e -> {
                Map<Integer, Map<String, ByeKind>> byes = new LinkedHashMap<>(s.requestedByes());
                Map<String, ByeKind> forRound = new LinkedHashMap<>(byes.getOrDefault(e.round(), Map.of()));
                forRound.put(e.playerId(), e.kind());
                byes.put(e.round(), Collections.unmodifiableMap(forRound));
                yield new TournamentState(s.tournamentId(), s.name(), s.system(), s.plannedRounds(), s.scoring(),
                        s.rulesetId(), s.halls(), s.players(), s.numbers(), s.forbidden(), s.rounds(), byes, handled);
            }
            case PairingForbidden e -> {
                Set<Set<String>> forbidden = new LinkedHashSet<>(s.forbidden());
                forbidden.add(Set.of(e.firstPlayerId(), e.secondPlayerId()));
                yield new TournamentState(s.tournamentId(), s.name(), s.system(), s.plannedRounds(), s.scoring(),
                        s.rulesetId(), s.halls(), s.players(), s.numbers(), forbidden, s.rounds(), s.requestedByes(), handled);
            }
            case PairingNumbersAssigned e -> {
                Map<String, Integer> numbers = new LinkedHashMap<>(s.numbers());
                e.numbers().entrySet().stream().sorted(Map.Entry.comparingByValue())
                        .forEach(entry -> numbers.put(entry.getKey(), entry.getValue()));
                yield new TournamentState(s.tournamentId(), s.name(), s.system(), s.plannedRounds(), s.scoring(),
                        s.rulesetId(), s.halls(), s.players(), numbers, s.forbidden(), s.rounds(), s.requestedByes(), handled);
            }
            case RoundPaired e -> withRound(s, new Round(e.round(), e.boards(), e.byes(), Map.of(), false), handled);
            case PairingCorrected e -> {
                Round before = s.rounds().get(e.round());
                // the boards this correction drops join those earlier corrections dropped: their games are cancelled
                Set<Integer> removed = new TreeSet<>();
                if (before != null) {
                    removed.addAll(before.removedBoards());
                    before.boards().forEach(board -> removed.add(board.number()));
                }
                e.boards().forEach(board -> removed.remove(board.number()));
                yield withRound(s, new Round(e.round(), e.boards(), e.byes(), Map.of(), false, removed), handled);
            }
            case ResultRecorded e -> {
                Round round = s.rounds().get(e.round());
                Board board = round.boardOf(e.whitePlayerId(), e.blackPlayerId()).orElseThrow();
                Map<Integer, Result> results = new LinkedHashMap<>(round.results());
                results.put(board.number(), new Result(e.result(), e.played()));
                yield withRound(s, round.with(results, false), handled);
            }
            case ResultAmended e -> {
                Round round = s.rounds().get(e.round());
                Map<Integer, Result> results = new LinkedHashMap<>(round.results());
                results.put(e.board(), new Result(e.result(), e.played()));
                yield withRound(s, round.with(results, round.closed()), handled);
            }
            case RoundClosed e -> {
                Round round = s.rounds().get(e.round());
                yield withRound(s, round.with(round.results(), true), handled);
            }
            case TournamentEvent.CommandRejected e -> withHandled(s, handled);
        };
    }

    private static TournamentState withHandled(TournamentState s, Set<String> handled) {
        return new TournamentState(s.tournamentId(), s.name(), s.system(), s.plannedRounds(), s.scoring(), s.rulesetId(),
                s.halls(), s.players(), s.numbers(), s.forbidden(), s.rounds(), s.requestedByes(), handled, s.authority());
    }

    private static TournamentState withRound(TournamentState s, Round round, Set<String> handled) {
        Map<Integer, Round> rounds = new LinkedHashMap<>(s.rounds());
        rounds.put(round.number(), round);
        return new TournamentState(s.tournamentId(), s.name(), s.system(), s.plannedRounds(), s.scoring(), s.rulesetId(),
                s.halls(), s.players(), s.numbers(), s.forbidden(), rounds, s.requestedByes(), handled);
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private static Player knownPlayer(TournamentState state, String playerId) {
        Player player = state.players().get(playerId);
        if (player == null) {
            throw reject(Reason.UNKNOWN_PLAYER, "no player '" + playerId + "' is registered");
        }
        return player;
    }

    private static Player activePlayer(TournamentState state, String playerId) {
        Player player = knownPlayer(state, playerId);
        if (player.withdrawn()) {
            throw reject(Reason.PLAYER_WITHDRAWN, "player '" + playerId + "' has withdrawn");
        }
        return player;
    }

    private static void requireText(String value, String what) {
        if (value == null || value.isBlank()) {
            throw reject(Reason.INVALID, "the " + what + " is missing");
        }
    }

    private static TournamentRejected reject(Reason reason, String message) {
        return new TournamentRejected(reason, message);
    }
}

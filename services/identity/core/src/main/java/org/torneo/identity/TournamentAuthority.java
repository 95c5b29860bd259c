package org.torneo.identity;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.torneo.contracts.Actor;
import org.torneo.contracts.Side;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.TournamentEvent;

/**
 * Who holds which office in one tournament, folded from its events: the organiser (the actor of TournamentCreated),
 * the arbiters appointed (chief, or of named halls), which account is which registered player, and which boards each
 * device serves. Immutable: {@link #evolve} returns a new value, so the edge asks the state it has replayed and the
 * audit asks the state as it was at each decision.
 *
 * @param tournamentId the tournament
 * @param created      whether TournamentCreated has been folded in (before it, only {@link Permission#needsNoTournament}
 *                     actions may be allowed)
 * @param organiser    the account that created the tournament, or null before
 * @param halls        the tournament's halls and their board ranges (empty: one room, no halls)
 * @param arbiters     account to appointment
 * @param players      account to the registered player id it is linked to
 * @param devices      device account to the boards it serves
 * @param broadcastDelay the delay of the public broadcast the organiser set (tournament.BroadcastDelaySet), or
 *                       {@link BroadcastDelay#NONE}: the game and clock services' public reads honour it
 *                       ({@link LiveReads})
 */
public record TournamentAuthority(String tournamentId, boolean created, String organiser, List<Hall> halls,
                                  Map<String, Appointment> arbiters, Map<String, String> players,
                                  Map<String, DeviceAssignment> devices, BroadcastDelay broadcastDelay) {

    /** An arbiter's appointment: chief (every hall) or the named halls (all boards in a tournament without halls). */
    public record Appointment(boolean chief, Set<String> halls) {
        public Appointment {
            halls = Set.copyOf(halls);
        }

        public String describe() {
            return chief ? "chief arbiter" : halls.isEmpty() ? "arbiter" : "arbiter of halls " + new TreeSet<>(halls);
        }
    }

    /**
     * The boards a device serves: {@code boards} of {@code hall}; empty boards mean every board of the hall. With a
     * {@code side}, the device is that player's electronic scoresheet and acts for that side only; null: both sides
     * (an e-board, a hall terminal).
     */
    public record DeviceAssignment(String hall, Set<Integer> boards, Side side) {
        public DeviceAssignment {
            boards = Set.copyOf(boards);
        }

        public DeviceAssignment(String hall, Set<Integer> boards) {
            this(hall, boards, null);
        }

        public String describe() {
            String where = boards.isEmpty() ? "every board" : "boards " + new TreeSet<>(boards);
            where = hall == null ? where : where + " of hall " + hall;
            return side == null ? where : sideName(side) + "'s scoresheet on " + where;
        }
    }

    public TournamentAuthority {
        Objects.requireNonNull(tournamentId, "tournamentId");
        halls = List.copyOf(halls);
        arbiters = Map.copyOf(arbiters);
        players = Map.copyOf(players);
        devices = Map.copyOf(devices);
        broadcastDelay = broadcastDelay == null ? BroadcastDelay.NONE : broadcastDelay;
    }

    /** The offices without a broadcast delay (as before the organiser sets one). */
    public TournamentAuthority(String tournamentId, boolean created, String organiser, List<Hall> halls,
                               Map<String, Appointment> arbiters, Map<String, String> players,
                               Map<String, DeviceAssignment> devices) {
        this(tournamentId, created, organiser, halls, arbiters, players, devices, BroadcastDelay.NONE);
    }

    /** The state before the tournament's first event. */
    public static TournamentAuthority none(String tournamentId) {
        return new TournamentAuthority(tournamentId, false, null, List.of(), Map.of(), Map.of(), Map.of());
    }

    /** Folds one event of this tournament; events of another tournament are a caller's bug. */
    public TournamentAuthority evolve(TournamentEvent event) {
        if (!event.tournamentId().equals(tournamentId)) {
            throw new IllegalArgumentException("event of tournament " + event.tournamentId()
                    + " folded into the authority of " + tournamentId);
        }
        return switch (event) {
            case TournamentEvent.TournamentCreated e ->
                    new TournamentAuthority(tournamentId, true, e.actor().id(), e.halls(), arbiters, players, devices,
                            broadcastDelay);
            case TournamentEvent.ArbiterAppointed e -> {
                Map<String, Appointment> next = new HashMap<>(arbiters);
                next.put(e.account(), new Appointment(e.chief(), e.chief() ? Set.of() : Set.copyOf(e.halls())));
                yield new TournamentAuthority(tournamentId, created, organiser, halls, next, players, devices,
                        broadcastDelay);
            }
            case TournamentEvent.ArbiterDismissed e -> {
                Map<String, Appointment> next = new HashMap<>(arbiters);
                next.remove(e.account());
                yield new TournamentAuthority(tournamentId, created, organiser, halls, next, players, devices,
                        broadcastDelay);
            }
            case TournamentEvent.PlayerAccountLinked e -> {
                // one account is one player and one player one account: a new link replaces both earlier ones
                Map<String, String> next = new HashMap<>(players);
                next.values().removeIf(e.playerId()::equals);
                next.put(e.account(), e.playerId());
                yield new TournamentAuthority(tournamentId, created, organiser, halls, arbiters, next, devices,
                        broadcastDelay);
            }
            case TournamentEvent.DeviceAssigned e -> {
                Map<String, DeviceAssignment> next = new HashMap<>(devices);
                next.put(e.account(), new DeviceAssignment(e.hall(), Set.copyOf(e.boards()), e.side()));
                yield new TournamentAuthority(tournamentId, created, organiser, halls, arbiters, players, next,
                        broadcastDelay);
            }
            case TournamentEvent.PlayerRegistered e -> this;
            case TournamentEvent.BroadcastDelaySet e -> new TournamentAuthority(tournamentId, created, organiser, halls,
                    arbiters, players, devices, BroadcastDelay.of(e.mode(), e.seconds()));
            case TournamentEvent.PlayerWithdrew e -> this;
            case TournamentEvent.ByeRequested e -> this;
            case TournamentEvent.PlayerCheckedIn e -> this;
            case TournamentEvent.CheckInCancelled e -> this;
            case TournamentEvent.PairingForbidden e -> this;
            case TournamentEvent.PairingAllowed e -> this;
            case TournamentEvent.ResultRecorded e -> this;
            case TournamentEvent.ResultAmended e -> this;
            case TournamentEvent.RoundClosed e -> this;
            case TournamentEvent.PairingNumbersAssigned e -> this;
            case TournamentEvent.RoundPaired e -> this;
            case TournamentEvent.PairingCorrected e -> this;
            case TournamentEvent.CommandRejected e -> this;
        };
    }

    /** The appointment of an account, if it is an arbiter of this tournament. */
    public Optional<Appointment> appointment(String account) {
        return Optional.ofNullable(arbiters.get(account));
    }

    /** The registered player an account is linked to. */
    public Optional<String> playerOf(String account) {
        return Optional.ofNullable(players.get(account));
    }

    /** The boards a device account serves. */
    public Optional<DeviceAssignment> assignment(String account) {
        return Optional.ofNullable(devices.get(account));
    }

    /** The hall whose board range holds {@code board}, or empty (no halls, or a board outside every range). */
    public Optional<String> hallOf(int board) {
        return halls.stream().filter(h -> h.holds(board)).map(Hall::name).findFirst();
    }

    public boolean hasHall(String name) {
        return halls.stream().anyMatch(h -> h.name().equals(name));
    }

    /**
     * May {@code account} do {@code permission} on {@code scope}? The permission's grants are tried in order; the
     * first that holds decides the recorded actor's role. Denied when the token has none of the roles the
     * permission needs, when the tournament does not exist (yet), or with every grant's reason why it did not hold.
     */
    public Verdict may(Account account, Permission permission, Scope scope) {
        if (!scope.tournamentId().equals(tournamentId)) {
            throw new IllegalArgumentException("scope of tournament " + scope.tournamentId()
                    + " checked against the authority of " + tournamentId);
        }
        List<Grant> usable = permission.grants().stream().filter(g -> account.has(g.role())).toList();
        if (usable.isEmpty()) {
            return Verdict.denied(permission, "token has no role for this: " + permission + " needs role "
                    + permission.roles() + ", " + account.id() + " has " + roleNames(account));
        }
        if (!created && usable.stream().noneMatch(Grant::needsNoTournament)) {
            return Verdict.denied(permission, "no tournament " + tournamentId);
        }
        List<String> why = new ArrayList<>();
        for (Grant grant : usable) {
            String failure = failure(grant, account, scope);
            if (failure == null) {
                return Verdict.allowed(permission, account.id() + " is " + grant.describe() + " (" + scope.describe()
                        + ")", account.actorAs(grant.role()));
            }
            why.add(failure);
        }
        return Verdict.denied(permission, String.join("; ", why));
    }

    /** Re-checks a recorded decision: the actor as the account it stands for, under the role it acted as. */
    public Verdict may(Actor actor, Permission permission, Scope scope) {
        return may(Account.actingAs(actor), permission, scope);
    }

    /** Null when the grant holds for the account on the scope, else why not. */
    private String failure(Grant grant, Account account, Scope scope) {
        String id = account.id();
        return switch (grant.who()) {
            case ANY -> null;
            case NAMED_SERVICE -> grant.services().contains(account.serviceName()) ? null
                    : "service " + account.serviceName() + " is not " + grant.describe().substring("service ".length());
            case ORGANISER_OF_TOURNAMENT -> id.equals(organiser) ? null
                    : id + " is not the organiser of " + tournamentId + " (" + organiser + " is)";
            case CHIEF_ARBITER -> {
                Appointment appointment = arbiters.get(id);
                if (appointment == null) {
                    yield id + " is not an arbiter of " + tournamentId;
                }
                yield appointment.chief() ? null
                        : id + " is " + appointment.describe() + " of " + tournamentId + ", not its chief arbiter";
            }
            case ARBITER_OF_HALL -> arbiterFailure(id, scope);
            case ARBITER_OF_TOURNAMENT -> arbiters.containsKey(id) ? null
                    : id + " is not an arbiter of " + tournamentId;
            case PLAYER_OF_SIDE -> {
                String player = players.get(id);
                if (player == null) {
                    yield id + " is linked to no player of " + tournamentId;
                }
                if (scope.actingPlayer() == null) {
                    yield "no acting side given for " + scope.describe();
                }
                yield player.equals(scope.actingPlayer()) ? null
                        : id + " is player " + player + ", not " + sideName(scope.side()) + " (" + scope.actingPlayer()
                        + ") on " + scope.describe();
            }
            case PLAYER_OF_GAME -> {
                String player = players.get(id);
                if (player == null) {
                    yield id + " is linked to no player of " + tournamentId;
                }
                yield player.equals(scope.white()) || player.equals(scope.black()) ? null
                        : id + " is player " + player + ", who does not play on " + scope.describe();
            }
            case PLAYER_HIMSELF -> {
                String player = players.get(id);
                if (player == null) {
                    yield id + " is linked to no player of " + tournamentId;
                }
                yield player.equals(scope.playerId()) ? null
                        : id + " is player " + player + ", not " + scope.playerId() + " of " + tournamentId;
            }
            case DEVICE_OF_BOARD -> deviceFailure(id, scope);
        };
    }

    private String arbiterFailure(String id, Scope scope) {
        Appointment appointment = arbiters.get(id);
        if (appointment == null) {
            return id + " is not an arbiter of " + tournamentId;
        }
        if (appointment.chief() || halls.isEmpty()) {
            return null; // the chief serves every hall; in a tournament without halls every arbiter serves every board
        }
        Optional<String> hall = hallOf(scope);
        if (hall.isEmpty()) {
            return id + " is " + appointment.describe() + " of " + tournamentId + ", and " + scope.describe()
                    + " is in no hall of his (only the chief arbiter acts outside the halls)";
        }
        return appointment.halls().contains(hall.get()) ? null
                : id + " is " + appointment.describe() + " of " + tournamentId + ", not of hall " + hall.get();
    }

    private String deviceFailure(String id, Scope scope) {
        DeviceAssignment assignment = devices.get(id);
        if (assignment == null) {
            return id + " is assigned to no board of " + tournamentId;
        }
        if (scope.board() == 0) {
            return "no board given for " + scope.describe();
        }
        Optional<String> hall = hallOf(scope);
        boolean sameHall = assignment.hall() == null || halls.isEmpty()
                || hall.map(assignment.hall()::equals).orElse(false);
        boolean board = assignment.boards().isEmpty() || assignment.boards().contains(scope.board());
        if (!(sameHall && board)) {
            return "device " + id + " serves " + assignment.describe() + " of " + tournamentId + ", not "
                    + scope.describe();
        }
        // FIDE 2023 8.1.1.2: each player records on his own scoresheet; a player's device does not act for the other
        if (assignment.side() != null && scope.side() != null && assignment.side() != scope.side()) {
            return "device " + id + " is " + sideName(assignment.side()) + "'s electronic scoresheet of board "
                    + scope.board() + " and may not act for " + sideName(scope.side()) + " (" + scope.describe()
                    + "; FIDE 2023 8.1.1.2: each player records on his own scoresheet)";
        }
        return null;
    }

    /** The scope's hall as given, or found from the board's number. */
    private Optional<String> hallOf(Scope scope) {
        if (scope.hall() != null) {
            return Optional.of(scope.hall());
        }
        return scope.board() > 0 ? hallOf(scope.board()) : Optional.empty();
    }

    private static String sideName(Side side) {
        return side == Side.WHITE ? "White" : "Black";
    }

    private static String roleNames(Account account) {
        return account.roles().isEmpty() ? "no Torneo role"
                : account.roles().stream().map(AccountRole::claimName).sorted().toList().toString();
    }
}

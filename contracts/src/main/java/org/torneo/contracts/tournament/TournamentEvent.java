package org.torneo.contracts.tournament;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.MessageType;
import org.torneo.contracts.clock.TimeControl;

/** Facts on the tournament stream (key: tournament id), each naming the actor and the command that caused it. */
public sealed interface TournamentEvent extends EventMessage {

    String tournamentId();

    String commandId();

    Actor actor();

    Instant at();

    /**
     * Version 2 added the event, the bye rules and the entry deadline; a version 1 record is read as its own event
     * (event id = tournament id, event name = its name), with no bye rules ({@link ByeRules#NONE}) and no entry
     * deadline (null), as it was decided then.
     *
     * @param timeControl    the time control of every game, or null when the games are played without a clock
     *                       (the clock service then starts none)
     * @param tieBreaks      the tie-breaks announced before the first round (C.07 codes in order, e.g. "BH/C1"),
     *                       or empty for the rating service's default
     * @param prizes         the prizes by final place, or null when none are announced
     * @param eventId        the event the tournament belongs to (several tournaments, e.g. Open A, B, C, share it)
     * @param eventName      the event's name
     * @param byeRules       the organiser's half-point bye rules
     * @param lastEntryRound the last round a player may join, or null for any round not yet paired
     */
    @MessageType(name = "tournament.TournamentCreated", version = 2)
    record TournamentCreated(String tournamentId, String commandId, Actor actor, Instant at, String name,
                             PairingSystemKind system, int rounds, Scoring scoring, String rulesetId,
                             List<Hall> halls, TimeControl timeControl, List<String> tieBreaks,
                             PrizeFund prizes, String eventId, String eventName, ByeRules byeRules,
                             Integer lastEntryRound) implements TournamentEvent {

        /** The fields version 2 added (the upcaster of version 1 writes them). */
        public static final String EVENT_ID_FIELD = "eventId";
        public static final String EVENT_NAME_FIELD = "eventName";
        public static final String BYE_RULES_FIELD = "byeRules";
        public static final String LAST_ENTRY_ROUND_FIELD = "lastEntryRound";

        public TournamentCreated {
            halls = List.copyOf(halls);
            tieBreaks = tieBreaks == null ? List.of() : List.copyOf(tieBreaks);
            eventId = eventId == null || eventId.isBlank() ? tournamentId : eventId;
            eventName = eventName == null || eventName.isBlank() ? name : eventName;
            byeRules = byeRules == null ? ByeRules.NONE : byeRules;
        }

        /** Its own event, without bye rules or an entry deadline. */
        public TournamentCreated(String tournamentId, String commandId, Actor actor, Instant at, String name,
                                 PairingSystemKind system, int rounds, Scoring scoring, String rulesetId,
                                 List<Hall> halls, TimeControl timeControl, List<String> tieBreaks,
                                 PrizeFund prizes) {
            this(tournamentId, commandId, actor, at, name, system, rounds, scoring, rulesetId, halls, timeControl, tieBreaks,
                    prizes, null, null, null, null);
        }

        /** Without a prize fund. */
        public TournamentCreated(String tournamentId, String commandId, Actor actor, Instant at, String name,
                                 PairingSystemKind system, int rounds, Scoring scoring, String rulesetId,
                                 List<Hall> halls, TimeControl timeControl, List<String> tieBreaks) {
            this(tournamentId, commandId, actor, at, name, system, rounds, scoring, rulesetId, halls, timeControl, tieBreaks,
                    null);
        }

        /** Without a time control or announced tie-breaks. */
        public TournamentCreated(String tournamentId, String commandId, Actor actor, Instant at, String name,
                                 PairingSystemKind system, int rounds, Scoring scoring, String rulesetId,
                                 List<Hall> halls) {
            this(tournamentId, commandId, actor, at, name, system, rounds, scoring, rulesetId, halls, null, null, null);
        }
    }

    /**
     * @param title      the player's FIDE title (GM, IM, FM, CM, WGM, WIM, WFM, WCM), "" when none or not known
     *                   (version 1 records have none)
     * @param federation the player's federation (FIDE's three-letter code, e.g. ESP), "" when none or not known
     *                   (version 1 records have none)
     */
    @MessageType(name = "tournament.PlayerRegistered", version = 2)
    record PlayerRegistered(String tournamentId, String commandId, Actor actor, Instant at, String playerId,
                            String name, int rating, int joinsRound, String title, String federation)
            implements TournamentEvent {

        /** Version 1 knew no title nor federation: a record read from then has none (""). */
        public static final String TITLE_FIELD = "title";
        public static final String FEDERATION_FIELD = "federation";

        public PlayerRegistered {
            title = title == null ? "" : title;
            federation = federation == null ? "" : federation;
        }

        /** Without a title or federation. */
        public PlayerRegistered(String tournamentId, String commandId, Actor actor, Instant at, String playerId,
                                String name, int rating, int joinsRound) {
            this(tournamentId, commandId, actor, at, playerId, name, rating, joinsRound, "", "");
        }
    }

    @MessageType(name = "tournament.PlayerWithdrew", version = 1)
    record PlayerWithdrew(String tournamentId, String commandId, Actor actor, Instant at, String playerId,
                          String reason) implements TournamentEvent {
    }

    /**
     * A player is present for round 1: the actor is the arbiter who checked him in (role ARBITER, his account) or the
     * player himself (role PLAYER, on a hall tablet or his own device).
     */
    @MessageType(name = "tournament.PlayerCheckedIn", version = 1)
    record PlayerCheckedIn(String tournamentId, String commandId, Actor actor, Instant at, String playerId)
            implements TournamentEvent {
    }

    /** A check-in undone before round 1 was paired (an arbiter's mistake); who and why are kept. */
    @MessageType(name = "tournament.CheckInCancelled", version = 1)
    record CheckInCancelled(String tournamentId, String commandId, Actor actor, Instant at, String playerId,
                            String reason) implements TournamentEvent {
    }

    @MessageType(name = "tournament.ByeRequested", version = 1)
    record ByeRequested(String tournamentId, String commandId, Actor actor, Instant at, String playerId,
                        int round, ByeKind kind) implements TournamentEvent {
    }

    @MessageType(name = "tournament.PairingForbidden", version = 1)
    record PairingForbidden(String tournamentId, String commandId, Actor actor, Instant at, String firstPlayerId,
                            String secondPlayerId, String reason) implements TournamentEvent {
    }

    /** A forbidden pairing lifted: from the next round paired on, the two players may meet. */
    @MessageType(name = "tournament.PairingAllowed", version = 1)
    record PairingAllowed(String tournamentId, String commandId, Actor actor, Instant at, String firstPlayerId,
                          String secondPlayerId, String reason) implements TournamentEvent {
    }

    @MessageType(name = "tournament.ResultRecorded", version = 1)
    record ResultRecorded(String tournamentId, String commandId, Actor actor, Instant at, int round,
                          String whitePlayerId, String blackPlayerId, GameResult result, boolean played)
            implements TournamentEvent {
    }

    /** A recorded result replaced by an arbiter's correction; the earlier result, who and why are kept. */
    @MessageType(name = "tournament.ResultAmended", version = 1)
    record ResultAmended(String tournamentId, String commandId, Actor actor, Instant at, int round, int board,
                         String whitePlayerId, String blackPlayerId, GameResult previous, boolean previousPlayed,
                         GameResult result, boolean played, String why) implements TournamentEvent {
    }

    @MessageType(name = "tournament.RoundClosed", version = 1)
    record RoundClosed(String tournamentId, String commandId, Actor actor, Instant at, int round)
            implements TournamentEvent {
    }

    /**
     * Pairing numbers frozen for the rest of the event (player id to number), published before the
     * first round is paired and again for each late entrant.
     */
    @MessageType(name = "tournament.PairingNumbersAssigned", version = 1)
    record PairingNumbersAssigned(String tournamentId, String commandId, Actor actor, Instant at,
                                  Map<String, Integer> numbers) implements TournamentEvent {
        public PairingNumbersAssigned {
            numbers = Map.copyOf(Objects.requireNonNull(numbers, "numbers"));
        }
    }

    /** A published round: boards in FIDE order with halls, and the players without a game. */
    @MessageType(name = "tournament.RoundPaired", version = 1)
    record RoundPaired(String tournamentId, String commandId, Actor actor, Instant at, int round,
                       PairingSystemKind system, long seed, List<Board> boards, List<Bye> byes)
            implements TournamentEvent {
        public RoundPaired {
            boards = List.copyOf(boards);
            byes = List.copyOf(byes);
        }
    }

    /**
     * An arbiter's correction of published pairings; it supersedes the round's boards and byes. {@code reason}: the
     * record in words (a change by hand: "hand change: {what}; reason: {the arbiter's reason}", a correction: the
     * arbiter's reason). {@code warnings}: what a change by hand made worse than the Dutch system wants (empty for other
     * corrections, and in events recorded before warnings were: version 1, read with none). Since version 3 the change
     * in structure: {@code kind} (what it did), {@code arbiterReason} (the arbiter's own words) and {@code moved} (the
     * players whose seat it changed, each with his seat before and after: a swap, the two as the arbiter named them; a
     * colour exchange and a pairing of two players without a game, White then Black; a correction, by their seats
     * before: boards in order, White first, then the byes, then those not in the round before). A record written before
     * version 3 reads with {@code kind} and {@code arbiterReason} null and {@code moved} empty: its reason is all it has.
     */
    @MessageType(name = "tournament.PairingCorrected", version = 3)
    record PairingCorrected(String tournamentId, String commandId, Actor actor, Instant at, int round,
                            List<Board> boards, List<Bye> byes, String reason, List<PairingWarning> warnings,
                            PairingChangeKind kind, String arbiterReason, List<SeatChange> moved)
            implements TournamentEvent {
        /** The payload field version 2 added. */
        public static final String WARNINGS_FIELD = "warnings";
        /** The payload fields version 3 added. */
        public static final String KIND_FIELD = "kind";
        public static final String ARBITER_REASON_FIELD = "arbiterReason";
        public static final String MOVED_FIELD = "moved";

        public PairingCorrected {
            boards = List.copyOf(boards);
            byes = List.copyOf(byes);
            warnings = warnings == null ? List.of() : List.copyOf(warnings);
            moved = moved == null ? List.of() : List.copyOf(moved);
        }

        /** A correction as versions 1 and 2 recorded it: its reason only, without the change in structure. */
        public PairingCorrected(String tournamentId, String commandId, Actor actor, Instant at, int round,
                                List<Board> boards, List<Bye> byes, String reason) {
            this(tournamentId, commandId, actor, at, round, boards, byes, reason, List.of());
        }

        /** A change as version 2 recorded it: its reason and warnings, without the change in structure. */
        public PairingCorrected(String tournamentId, String commandId, Actor actor, Instant at, int round,
                                List<Board> boards, List<Bye> byes, String reason, List<PairingWarning> warnings) {
            this(tournamentId, commandId, actor, at, round, boards, byes, reason, warnings, null, null, List.of());
        }

        /** Whether the change is recorded in structure (version 3 on), else only in its reason. */
        public boolean structured() {
            return kind != null;
        }

        public static PairingCorrected example() {
            return new PairingCorrected("t-1", "c-9", new Actor(Actor.Role.ARBITER, "chief"),
                    Instant.parse("2026-05-01T09:00:00Z"), 3, List.of(new Board(1, "A", "p1", "p4"),
                    new Board(2, "A", "p3", "p2")), List.of(), "hand change: 'p2' (board 1, Black) and 'p4' (board 2,"
                    + " Black) swapped; reason: seated at the wrong boards", List.of(new PairingWarning("C3",
                    "SAME_COLOUR_THREE_TIMES", 1, List.of("p1"), "WWW")), PairingChangeKind.SWAP_PLAYERS,
                    "seated at the wrong boards", List.of(new SeatChange("p2", RoundSeat.onBoard(1,
                    org.torneo.contracts.Side.BLACK), RoundSeat.onBoard(2, org.torneo.contracts.Side.BLACK)),
                    new SeatChange("p4", RoundSeat.onBoard(2, org.torneo.contracts.Side.BLACK),
                            RoundSeat.onBoard(1, org.torneo.contracts.Side.BLACK))));
        }
    }

    /**
     * A command the tournament refused: which command (its type name), a reason code (e.g.
     * NO_VALID_PAIRING, ROUND_NOT_CLOSED, UNKNOWN_PLAYER) and a sentence for people. The state is unchanged.
     */
    @MessageType(name = "tournament.CommandRejected", version = 1)
    record CommandRejected(String tournamentId, String commandId, Actor actor, Instant at, String command,
                           String reason, String message) implements TournamentEvent {
    }

    /**
     * An account appointed arbiter of this tournament: chief (every hall, {@code halls} empty) or of the named
     * halls. It replaces any earlier appointment of the same account.
     */
    @MessageType(name = "tournament.ArbiterAppointed", version = 1)
    record ArbiterAppointed(String tournamentId, String commandId, Actor actor, Instant at, String account,
                            boolean chief, List<String> halls) implements TournamentEvent {
        public ArbiterAppointed {
            halls = halls == null ? List.of() : List.copyOf(halls);
        }
    }

    /** An account's appointment as arbiter of this tournament ended. */
    @MessageType(name = "tournament.ArbiterDismissed", version = 1)
    record ArbiterDismissed(String tournamentId, String commandId, Actor actor, Instant at, String account,
                            String reason) implements TournamentEvent {
    }

    /** An account is the registered player {@code playerId}; it replaces earlier links of either. */
    @MessageType(name = "tournament.PlayerAccountLinked", version = 1)
    record PlayerAccountLinked(String tournamentId, String commandId, Actor actor, Instant at, String account,
                               String playerId) implements TournamentEvent {
    }

    /**
     * A device account serves boards of a hall ({@code boards} empty: every board of the hall; {@code hall} null
     * in a tournament without halls). It replaces the device's earlier assignment. {@code side}: the player whose
     * electronic scoresheet the device is (it acts for that side only), or null for both sides (an e-board, a hall
     * terminal; events written before the field existed read as null, and are sealed without it).
     */
    @MessageType(name = "tournament.DeviceAssigned", version = 1)
    record DeviceAssigned(String tournamentId, String commandId, Actor actor, Instant at, String account,
                          String hall, List<Integer> boards,
                          @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)

                          org.torneo.contracts.Side side) implements TournamentEvent {
        public DeviceAssigned {
            boards = boards == null ? List.of() : List.copyOf(boards);
        }

        /** A device for both sides (an e-board, a hall terminal). */
        public DeviceAssigned(String tournamentId, String commandId, Actor actor, Instant at, String account,
                              String hall, List<Integer> boards) {
            this(tournamentId, commandId, actor, at, account, hall, boards, null);
        }
    }

    /**
     * The organiser's delay of the public broadcast (anti-cheating: ECU rules Q.2.4 delay internet transmission by
     * 15 minutes; lichess broadcasts allow up to 3,600 s). It replaces any earlier one; the feed applies it to every
     * public route and stream.
     *
     * @param seconds the delay of a {@link BroadcastDelayMode#FIXED} mode (1..3600), else 0
     */
    @MessageType(name = "tournament.BroadcastDelaySet", version = 1)
    record BroadcastDelaySet(String tournamentId, String commandId, Actor actor, Instant at, BroadcastDelayMode mode,
                             int seconds) implements TournamentEvent {
    }
}

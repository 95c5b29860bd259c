package org.torneo.contracts.tournament;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import org.torneo.contracts.Actor;
import org.torneo.contracts.CommandMessage;
import org.torneo.contracts.MessageType;
import org.torneo.contracts.clock.TimeControl;

/**
 * Requests to the tournament aggregate (key: tournament id). Every command carries an idempotency id,
 * the actor and the time observed at the edge: the decider never reads a clock.
 */
public sealed interface TournamentCommand extends CommandMessage {

    String tournamentId();

    String commandId();

    Actor actor();

    Instant at();

    /**
     * Opens a tournament. {@code rounds} is the number of rounds for a Swiss; for a round robin it is
     * derived from the field and may be given as 0. {@code rulesetId} names the Laws edition/category.
     * Version 2 added the event the tournament belongs to, the bye rules and the entry deadline.
     *
     * @param timeControl    the time control of every game, or null for games without a clock
     * @param tieBreaks      the tie-breaks announced in advance (C.07 codes in order), or empty for the default
     * @param prizes         the prizes by final place, or null
     * @param eventId        the event (e.g. "madrid-2026") whose tournaments these are (Open A, B, C); null or blank:
     *                       the tournament is its own event (its id), as every version 1 tournament is
     * @param eventName      the event's name (e.g. "Madrid Open 2026"); null or blank: the tournament's name
     * @param byeRules       the organiser's half-point bye rules; null: none ({@link ByeRules#NONE})
     * @param lastEntryRound the last round a player may join (a late entry joins a later round than 1): entries for
     *                       a later round are refused; null: any round not yet paired, as before version 2
     */
    @MessageType(name = "tournament.CreateTournament", version = 2)
    record CreateTournament(String tournamentId, String commandId, Actor actor, Instant at, String name,
                            PairingSystemKind system, int rounds, Scoring scoring, String rulesetId,
                            List<Hall> halls, TimeControl timeControl, List<String> tieBreaks,
                            PrizeFund prizes, String eventId, String eventName, ByeRules byeRules,
                            Integer lastEntryRound) implements TournamentCommand {
        public CreateTournament {
            halls = List.copyOf(halls);
            tieBreaks = tieBreaks == null ? List.of() : List.copyOf(tieBreaks);
            Objects.requireNonNull(system, "system");
            Objects.requireNonNull(scoring, "scoring");
            eventId = eventId == null || eventId.isBlank() ? tournamentId : eventId;
            eventName = eventName == null || eventName.isBlank() ? name : eventName;
            byeRules = byeRules == null ? ByeRules.NONE : byeRules;
        }

        /** Its own event, without bye rules or an entry deadline (what version 1 could say). */
        public CreateTournament(String tournamentId, String commandId, Actor actor, Instant at, String name,
                                PairingSystemKind system, int rounds, Scoring scoring, String rulesetId,
                                List<Hall> halls, TimeControl timeControl, List<String> tieBreaks,
                                PrizeFund prizes) {
            this(tournamentId, commandId, actor, at, name, system, rounds, scoring, rulesetId, halls, timeControl, tieBreaks,
                    prizes, null, null, null, null);
        }

        /** Without a prize fund. */
        public CreateTournament(String tournamentId, String commandId, Actor actor, Instant at, String name,
                                PairingSystemKind system, int rounds, Scoring scoring, String rulesetId,
                                List<Hall> halls, TimeControl timeControl, List<String> tieBreaks) {
            this(tournamentId, commandId, actor, at, name, system, rounds, scoring, rulesetId, halls, timeControl, tieBreaks,
                    null);
        }

        /** Without a time control or announced tie-breaks. */
        public CreateTournament(String tournamentId, String commandId, Actor actor, Instant at, String name,
                                PairingSystemKind system, int rounds, Scoring scoring, String rulesetId,
                                List<Hall> halls) {
            this(tournamentId, commandId, actor, at, name, system, rounds, scoring, rulesetId, halls, null, null, null);
        }
    }

    /**
     * Enters a player. {@code rating} 0 means unrated. {@code joinsRound} is 1 for a normal entry;
     * a larger value is a late entry (the player is not paired before that round). {@code title} (GM, IM, FM, CM,
     * WGM, WIM, WFM, WCM) and {@code federation} (three capital letters) are "" when none (version 2).
     */
    @MessageType(name = "tournament.RegisterPlayer", version = 2)
    record RegisterPlayer(String tournamentId, String commandId, Actor actor, Instant at, String playerId,
                          String name, int rating, int joinsRound, String title, String federation)
            implements TournamentCommand {

        public RegisterPlayer {
            title = title == null ? "" : title;
            federation = federation == null ? "" : federation;
        }

        /** Without a title or federation (version 1 knew neither). */
        public RegisterPlayer(String tournamentId, String commandId, Actor actor, Instant at, String playerId,
                              String name, int rating, int joinsRound) {
            this(tournamentId, commandId, actor, at, playerId, name, rating, joinsRound, "", "");
        }
    }

    @MessageType(name = "tournament.WithdrawPlayer", version = 1)
    record WithdrawPlayer(String tournamentId, String commandId, Actor actor, Instant at, String playerId,
                          String reason) implements TournamentCommand {
    }

    /** A bye asked for in advance for a round not yet paired: {@code kind} HALF_POINT or ZERO_POINT. */
    /**
     * A player present before round 1 is paired: checked in by an arbiter of the tournament at the desk, or by the
     * player himself (a hall tablet); the actor says which. Once anyone has checked in, round 1 pairs only the players
     * who did (FIDE Arbiters' Manual: players absent when the first round is paired are not paired in it).
     */
    @MessageType(name = "tournament.CheckInPlayer", version = 1)
    record CheckInPlayer(String tournamentId, String commandId, Actor actor, Instant at, String playerId)
            implements TournamentCommand {
    }

    /** Undoes a check-in made by mistake (before round 1 is paired); {@code reason} is kept, may be "". */
    @MessageType(name = "tournament.CancelCheckIn", version = 1)
    record CancelCheckIn(String tournamentId, String commandId, Actor actor, Instant at, String playerId,
                         String reason) implements TournamentCommand {
    }

    @MessageType(name = "tournament.RequestBye", version = 1)
    record RequestBye(String tournamentId, String commandId, Actor actor, Instant at, String playerId,
                      int round, ByeKind kind) implements TournamentCommand {
    }

    /** Two players who must not meet (e.g. same family or club, by the regulations of the event). */
    @MessageType(name = "tournament.ForbidPairing", version = 1)
    record ForbidPairing(String tournamentId, String commandId, Actor actor, Instant at, String firstPlayerId,
                         String secondPlayerId, String reason) implements TournamentCommand {
    }

    /**
     * Lifts a forbidden pairing declared earlier (a pair declared by mistake, or one the event's regulations forbid
     * only for some rounds: TRF-26 record 260): from the next round paired on, the two may meet again.
     */
    @MessageType(name = "tournament.AllowPairing", version = 1)
    record AllowPairing(String tournamentId, String commandId, Actor actor, Instant at, String firstPlayerId,
                        String secondPlayerId, String reason) implements TournamentCommand {
    }

    /** The result of a published game (fed from GameEnded); {@code played} false marks a forfeit. */
    @MessageType(name = "tournament.RecordResult", version = 1)
    record RecordResult(String tournamentId, String commandId, Actor actor, Instant at, int round,
                        String whitePlayerId, String blackPlayerId, GameResult result, boolean played)
            implements TournamentCommand {
    }

    /**
     * An arbiter corrects a recorded result (FIDE 2018 8.7: a result stands unless the arbiter decides otherwise),
     * also after the round was closed; fed from the game service's results.ResultCorrected. {@code why} is kept.
     */
    @MessageType(name = "tournament.CorrectResult", version = 1)
    record CorrectResult(String tournamentId, String commandId, Actor actor, Instant at, int round, int board,
                         GameResult result, boolean played, String why) implements TournamentCommand {
    }

    @MessageType(name = "tournament.CloseRound", version = 1)
    record CloseRound(String tournamentId, String commandId, Actor actor, Instant at, int round)
            implements TournamentCommand {
    }

    /**
     * Pairs the next round. {@code seed} feeds every drawing of lots the system needs (colour of
     * No. 1 in a Harkness round 1, pairing numbers in a round robin); it is recorded in the event.
     */
    @MessageType(name = "tournament.PairNextRound", version = 1)
    record PairNextRound(String tournamentId, String commandId, Actor actor, Instant at, long seed)
            implements TournamentCommand {
    }

    /** An arbiter replaces the published boards of a round that has no result yet; who and why are kept. */
    @MessageType(name = "tournament.CorrectPairing", version = 1)
    record CorrectPairing(String tournamentId, String commandId, Actor actor, Instant at, int round,
                          List<Board> boards, List<Bye> byes, String reason) implements TournamentCommand {
        public CorrectPairing {
            boards = List.copyOf(boards);
            byes = List.copyOf(byes);
        }
    }

    /**
     * The chief arbiter changes a published round's pairing by hand before its games have results: swaps two players,
     * exchanges the colours of a board, or pairs two players without a game. Decided on the round as it stands when
     * the command arrives and recorded as a {@code PairingCorrected} whose reason says what changed and why; who
     * changed it is the event's actor.
     */
    @MessageType(name = "tournament.ChangePairing", version = 1)
    record ChangePairing(String tournamentId, String commandId, Actor actor, Instant at, int round, HandChange change,
                         String reason) implements TournamentCommand {
        public ChangePairing {
            Objects.requireNonNull(change, "change");
        }
    }

    /**
     * Appoints an arbiter (an account of the identity provider) to this tournament. {@code chief} true makes him
     * chief arbiter: every hall ({@code halls} then empty). Otherwise {@code halls} names the halls he serves
     * (empty only in a tournament without halls). Appointing an account again replaces its appointment.
     * Only the organiser appoints a chief arbiter; the organiser or a chief arbiter appoints hall arbiters.
     */
    @MessageType(name = "tournament.AppointArbiter", version = 1)
    record AppointArbiter(String tournamentId, String commandId, Actor actor, Instant at, String account,
                          boolean chief, List<String> halls) implements TournamentCommand {
        public AppointArbiter {
            halls = halls == null ? List.of() : List.copyOf(halls);
        }
    }

    /** Ends an account's appointment as arbiter of this tournament. */
    @MessageType(name = "tournament.DismissArbiter", version = 1)
    record DismissArbiter(String tournamentId, String commandId, Actor actor, Instant at, String account,
                          String reason) implements TournamentCommand {
    }

    /**
     * Says which registered player an account is: that account may then act in the player's own games and
     * requests. One account is one player, one player one account: linking again replaces the earlier link.
     */
    @MessageType(name = "tournament.LinkPlayerAccount", version = 1)
    record LinkPlayerAccount(String tournamentId, String commandId, Actor actor, Instant at, String account,
                             String playerId) implements TournamentCommand {
    }

    /**
     * Assigns a device account (an e-board or a hall terminal) to boards of a hall: it may then enter the moves
     * and clock presses of those boards. {@code hall} null only in a tournament without halls; {@code boards}
     * empty means every board of the hall (a hall terminal). Assigning a device again replaces its assignment.
     * {@code side} WHITE or BLACK: the device is that player's electronic scoresheet and acts for that side only
     * (FIDE 2023 8.1.1.2: each player records on his own scoresheet); null: both sides (an e-board, a terminal).
     */
    @MessageType(name = "tournament.AssignDevice", version = 1)
    record AssignDevice(String tournamentId, String commandId, Actor actor, Instant at, String account,
                        String hall, List<Integer> boards,
                        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)

                        org.torneo.contracts.Side side) implements TournamentCommand {
        public AssignDevice {
            boards = boards == null ? List.of() : List.copyOf(boards);
        }

        /** A device for both sides (an e-board, a hall terminal). */
        public AssignDevice(String tournamentId, String commandId, Actor actor, Instant at, String account,
                            String hall, List<Integer> boards) {
            this(tournamentId, commandId, actor, at, account, hall, boards, null);
        }
    }

    /**
     * The organiser sets the delay of the public broadcast: {@code NONE} (seconds 0), {@code FIXED} (1..3600 seconds)
     * or {@code AFTER_GAME} (seconds 0: a game's moves are public once it has ended).
     */
    @MessageType(name = "tournament.SetBroadcastDelay", version = 1)
    record SetBroadcastDelay(String tournamentId, String commandId, Actor actor, Instant at, BroadcastDelayMode mode,
                             int seconds) implements TournamentCommand {
    }
}

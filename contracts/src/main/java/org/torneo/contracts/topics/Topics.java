package org.torneo.contracts.topics;

import java.util.List;

/** The topic catalogue: every topic the services read or write. */
public final class Topics {

    private static final long FOREVER = -1L;
    private static final int PARTITIONS = 6;

    /** Organiser and arbiter commands for tournaments (create, register, withdraw, close round ...). */
    public static final TopicSpec TOURNAMENT_COMMANDS = new TopicSpec("torneo.tournament.commands",
            "tournament id", "edge", PARTITIONS, FOREVER, "delete",
            "Commands to the pairing service: CreateTournament, RegisterPlayer, Withdraw, RequestBye, CloseRound, ...");
    /** Tournament events: created, registrations, byes, withdrawals, rounds paired and closed. */
    public static final TopicSpec TOURNAMENT = new TopicSpec("torneo.tournament",
            "tournament id", "pairing", PARTITIONS, FOREVER, "delete",
            "TournamentCreated, PlayerRegistered, PlayerWithdrew, ByeRequested, RoundPaired, RoundClosed, ...");
    /** Commands to a game from boards, players, e-boards and arbiters. */
    public static final TopicSpec GAME_COMMANDS = new TopicSpec("torneo.game.commands",
            "game id", "edge", PARTITIONS, FOREVER, "delete",
            "SubmitMove, OfferDraw, ClaimDraw, Resign, ReportIllegalMove, ArbiterRuling, ...");
    /** What happened on the board. */
    public static final TopicSpec MOVES = new TopicSpec("torneo.game.moves",
            "game id", "game", PARTITIONS, FOREVER, "delete",
            "GameStarted, MovePlayed, IllegalMoveRecorded, MovesTakenBack, ...");
    /** Offers, claims, arbiter rulings and command rejections. */
    public static final TopicSpec CLAIMS = new TopicSpec("torneo.game.claims",
            "game id", "game", PARTITIONS, FOREVER, "delete",
            "DrawOffered, ClaimFiled, ClaimUpheld, ClaimRejected, RulingIssued, CommandRejected, ...");
    /** Commands to a clock (start, press, adjust, pause) from the game service, boards and arbiters. */
    public static final TopicSpec CLOCK_COMMANDS = new TopicSpec("torneo.clock.commands",
            "game id", "game|edge", PARTITIONS, FOREVER, "delete",
            "StartClock, PressClock, AddTime, DeductTime, PauseClock, ResumeClock, ...");
    /** What the clock did. */
    public static final TopicSpec CLOCK = new TopicSpec("torneo.clock",
            "game id", "clock", PARTITIONS, FOREVER, "delete",
            "ClockStarted, ClockSwitched, TimeAdded, TimeDeducted, FlagFell, ClockPaused, ClockResumed, ...");
    /** Game results: the only thing the pairing and rating services read about games. */
    public static final TopicSpec RESULTS = new TopicSpec("torneo.results",
            "tournament id", "game", PARTITIONS, FOREVER, "delete",
            "GameEnded, ResultCorrected");
    /** Standings and rating changes. */
    public static final TopicSpec RATINGS = new TopicSpec("torneo.ratings",
            "tournament id", "rating", PARTITIONS, FOREVER, "delete",
            "StandingsComputed, RatingChangesComputed, PrizesDistributed, CommandRejected");
    /**
     * The rating service's private log: the inputs it accepted (tournaments, players, rounds, results) as
     * {@code ratingsheet.*} facts, in the same hash chain as its torneo.ratings events; its replay source. Listed
     * here so the stack creates it and the audit and operators know it; no other service reads it.
     */
    public static final TopicSpec RATING_SHEET = new TopicSpec("torneo.rating.sheet",
            "tournament id", "rating", PARTITIONS, FOREVER, "delete",
            "Internal to the rating service: ratingsheet.* facts (what it accepted from its inputs)");
    /**
     * Each service's signed chain heads: per committed transaction one signed note (org.torneo.contracts.signing,
     * C2SP signed-note text, not a JSON envelope) listing every event it wrote with its hash. Keyed by the service
     * name. What makes the hash chains impossible to re-seal without the service's key (issue 17).
     */
    public static final TopicSpec CHAIN_HEADS = new TopicSpec("torneo.chain.heads",
            "service name", "game|clock|pairing|rating", PARTITIONS, FOREVER, "delete",
            "Signed notes 'torneo/heads/<service>': per transaction every event written (topic, sequence, hash, aggregate)");
    /** Round checkpoints: at each round's close, every chain head of the tournament, signed (printed by the arbiter). */
    public static final TopicSpec CHAIN_ANCHORS = new TopicSpec("torneo.chain.anchors",
            "tournament id", "pairing", PARTITIONS, FOREVER, "delete",
            "Signed checkpoints 'torneo/<tournament>/round/<n>': the head of every chain of the tournament at the round's close");
    /**
     * The electronic scoresheets' device log: every action a device sent for a board (the device as actor, the instant
     * the player made it) and the alerts of the two sheets' comparison. Written by the console (an edge), read back by
     * it at its start; the arbiter's and an appeals committee's record of what was entered.
     */
    public static final TopicSpec SCORESHEET = new TopicSpec("torneo.scoresheet",
            "game id", "edge", PARTITIONS, FOREVER, "delete",
            "DeviceActionLogged, SheetAlertRaised, SheetAlertLifted");
    /** Messages that could not be decoded or processed, with the reason in the headers. */
    public static final TopicSpec DEAD_LETTER = new TopicSpec("torneo.deadletter",
            "the original key", "any service", 1, FOREVER, "delete",
            "The original record plus headers dead-letter-reason, dead-letter-topic, dead-letter-partition, dead-letter-offset");

    public static final List<TopicSpec> ALL = List.of(TOURNAMENT_COMMANDS, TOURNAMENT, GAME_COMMANDS, MOVES, CLAIMS,
            CLOCK_COMMANDS, CLOCK, RESULTS, RATINGS, RATING_SHEET, CHAIN_HEADS, CHAIN_ANCHORS, SCORESHEET, DEAD_LETTER);

    private Topics() {
    }
}

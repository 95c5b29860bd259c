package org.torneo.cli.demo;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Properties;
import java.util.Random;
import java.util.UUID;

import org.torneo.audit.Audit;
import org.torneo.audit.AuditReport;
import org.torneo.cli.Command;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import org.torneo.contracts.Actor;
import org.torneo.contracts.CommandMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockCommand;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.Notation;
import org.torneo.contracts.rating.RatingEvent.StandingRow;
import org.torneo.contracts.rating.RatingEvent.StandingsComputed;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.contracts.topics.Topics;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.CommandRejected;
import org.torneo.contracts.tournament.TournamentEvent.ResultRecorded;
import org.torneo.contracts.tournament.TournamentEvent.RoundClosed;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.stack.supervisor.StackControl;
import org.torneo.stack.supervisor.StackHome;

/**
 * {@code ./torneo demo}: starts the local stack and every service, then runs a simulated FIDE Dutch Swiss
 * open through them, acting only as the edge: tournament commands (create, register, byes, late entry,
 * withdrawal, pair, close) and game commands (moves, offers, claims, illegal moves, resignations) go to
 * the command topics; pairings, games and results are read back from the event topics. At the end it
 * prints the standings of the rating service and audits the tournament's exported log.
 *
 * <p>Time: every command carries the wall-clock instant at which the demo sent it (the services take time
 * only from commands). The tournament has a time control, so every game runs on a clock of the clock service;
 * the players think on it ({@link ThinkTime}, {@link BoardRun}) and those who stop moving lose on time when the
 * clock service sees their flag fall.
 */
@CommandLine.Command(name = "demo",
        description = "start the stack and run a simulated Swiss open through every service, then standings and audit")
public final class DemoCommand extends Command {

    @Option(names = "--players", paramLabel = "N", description = "players, 4 to 5000 (default ${DEFAULT-VALUE})")
    int players = 300;

    @Option(names = "--rounds", paramLabel = "R", description = "rounds, 1 to 15 (default ${DEFAULT-VALUE})")
    int rounds = 7;

    @Option(names = "--halls", paramLabel = "H", description = "playing halls, 1 to players/2 (default ${DEFAULT-VALUE})")
    int halls = 4;

    @Option(names = "--speed", paramLabel = "X", description = {"0.05 to 2 (default 1: clocks of 6+0.06 s, more for big"
            + " fields; 0.5 = twice as much time)"})
    double speed = 1;

    @Option(names = "--seed", paramLabel = "S", description = "the seed of the players and their games (default ${DEFAULT-VALUE})")
    long seedOption = 2026;

    @Option(names = "--rapid", description = "rapid games (default standard)")
    boolean rapid;

    @Option(names = "--exit", description = "stop the stack at the end (default: leave it running)")
    boolean exit;

    static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "demo-organiser");
    static final Duration ROUND_START_TIMEOUT = Duration.ofSeconds(180);
    static final Duration QUIET_TIMEOUT = Duration.ofSeconds(60);
    /** How long a round may go without a finished game before the demo resigns its silent games. */
    Duration quietTimeout = QUIET_TIMEOUT;
    /** Extra environment of the stack's supervisor ({@code ./torneo chaos} adds TORNEO_RESTART=on). */
    Map<String, String> stackEnvironment = Map.of("TORNEO_CLOCK_FLAG_GRACE", FLAG_GRACE.toString());
    /**
     * Whether each step carries the instant it was planned for (the round's start plus the players' seeded think
     * times) instead of the instant it was sent, and the players keep no reserve for the services' lag: then every
     * reading of every clock, and so every flag fall, follows from the seed alone, however late the edge or the
     * services run (up to the clock service's flag grace). {@code ./torneo chaos} runs so; the demo sends as it goes.
     */
    boolean plannedInstants;
    /**
     * False: run on the stack that is running (its state file), without {@code up} (the chaos command's second run:
     * {@code up} would take a supervisor it does not recognise for a leftover and clean it away).
     */
    boolean startStack = true;
    /** Told of each edge as it opens, and of each round just before its pairing is asked for (chaos hooks). */
    java.util.function.Consumer<Edge> onEdge = edge -> { };
    java.util.function.IntConsumer beforePairing = round -> { };
    /**
     * Told once the tournament is over, while the edge still reads the services' events (chaos: services restarted
     * late are still deciding their backlog then, and the edge must read what they write until they caught up).
     */
    EdgeWait beforeEdgeCloses = edge -> { };
    /** What the last run left behind, for {@code ./torneo chaos}: its edge (closed), tournament id and audit. */
    Edge lastEdge;
    AuditReport lastReport;
    String lastFeedPort;
    /** How long after a deadline the demo's clock service checks a flag (when the demo starts the stack). */
    static final Duration FLAG_GRACE = Duration.ofSeconds(3);

    /** What waits for the services with the edge still open (see {@link #beforeEdgeCloses}). */
    @FunctionalInterface
    interface EdgeWait {
        void accept(Edge edge) throws InterruptedException;
    }

    /** The game events worth a count in the summary. */
    static final List<String> INCIDENTS = List.of("DrawOffered", "DrawOfferDeclined", "DrawAgreed", "ClaimFiled",
            "ClaimUpheld", "ClaimRejected", "IllegalMoveRecorded", "RulingIssued", "CommandRejected", "FlagFell");

    private long commandCounter;
    private String auditLine;
    private String tournamentId;
    private long seed;
    private Staff staff;

    /** The options given, checked (before anything starts). */
    DemoOptions options() {
        return DemoOptions.of(players, rounds, halls, speed, seedOption, exit, rapid ? "RAPID" : "STANDARD");
    }

    @Override
    public int execute(PrintStream out, PrintStream err) throws Exception {
        DemoOptions options = options();
        seed = options.seed();
        long started = System.nanoTime();
        StackHome home = StackHome.fromSystem();
        StackControl stack = new StackControl(home, out, err);
        boolean wasRunning = !startStack || home.liveSupervisor().isPresent();
        // The simulated players press in time by the clock of the edge, but on a busy machine the services read
        // the press seconds later: the clock service checks flags FLAG_GRACE after the deadline so that such
        // presses land first (a flag that falls is still recorded at its deadline; see the clock app).
        if (startStack && stack.up(stackEnvironment) != 0) {
            err.println("torneo demo: the stack did not start");
            return 2;
        }
        // 'up' answers "already running" at once, also while a stack started a moment ago is still coming up
        long readyBy = System.nanoTime() + Duration.ofSeconds(300).toNanos();
        while (!"ready".equals(home.readState().getProperty("status")) && System.nanoTime() < readyBy) {
            Thread.sleep(500);
        }
        Properties state = home.readState();
        if (!"ready".equals(state.getProperty("status"))) {
            err.println("torneo demo: the running stack is not ready (./torneo status shows why)");
            return 2;
        }
        String bootstrap = state.getProperty("kafka.bootstrap");
        out.printf("demo: stack ready after %.1f s%n", seconds(started));
        // a fresh id per run (the stack keeps earlier demos); everything else follows from the seed
        commandCounter = 0;
        tournamentId = "demo" + seed + "-" + Long.toString(System.currentTimeMillis() / 1000 % 1_000_000, 36);
        String feedPort = state.getProperty("service.feed.port");
        lastFeedPort = feedPort;
        out.println("demo: live feed " + (feedPort == null ? "(the feed service is not built)"
                : "http://127.0.0.1:" + feedPort + "/t/" + tournamentId));
        int status;
        try (Edge edge = new Edge(bootstrap, tournamentId)) {
            lastEdge = edge;
            onEdge.accept(edge);
            status = runTournament(options, edge, home, out, err, started);
            beforeEdgeCloses.accept(edge);
        } finally {
            if (options.exit() && !wasRunning) {
                stack.down();
            } else {
                out.println("demo: the stack keeps running (./torneo down stops it)");
            }
        }
        if (auditLine != null) {
            out.println(auditLine); // the audit's last line is the demo's last line
        }
        return status;
    }

    private int runTournament(DemoOptions options, Edge edge, StackHome home, PrintStream out, PrintStream err,
                              long started) throws Exception {
        Random random = new Random(seed);
        int boards = (options.players() + 1) / 2;
        List<Hall> halls = new ArrayList<>();
        for (int h = 0; h < options.halls(); h++) {
            int first = 1 + h * boards / options.halls();
            int last = h == options.halls() - 1 ? 10_000 : (h + 1) * boards / options.halls();
            halls.add(new Hall("Hall " + (char) ('A' + h), first, last));
        }
        String ruleset = "FIDE_2018_" + options.category();
        ThinkTime clock = ThinkTime.forField(boards, options.speed());
        staff = Staff.of(ORGANISER, halls);
        tournament(edge, new TournamentCommand.CreateTournament(tournamentId, nextId(), ORGANISER, Instant.now(),
                "Torneo demo open (seed " + seed + ")", PairingSystemKind.DUTCH, options.rounds(), Scoring.classic(),
                ruleset, halls, clock.control(), null));
        // issue 16: the offices first, so that every later command is sent by someone who holds the right one
        List<String> offices = new ArrayList<>();
        for (TournamentCommand appointment : staff.appointments(tournamentId, this::nextId, Instant.now())) {
            tournament(edge, appointment);
            offices.add(appointment.commandId());
        }
        // the field: all but one enter for round 1; the last is a late entry for round 2 (C.04.3 A.7 notes); each
        // player's account is linked as soon as he is registered, the late entry's too
        List<String> players = new ArrayList<>();
        for (int i = 1; i <= options.players(); i++) {
            String id = String.format("p%03d", i);
            players.add(id);
            int rating = 1200 + random.nextInt(1500);
            boolean late = i == options.players() && options.rounds() >= 2;
            tournament(edge, new TournamentCommand.RegisterPlayer(tournamentId, nextId(), ORGANISER, Instant.now(), id,
                    "Player " + id.substring(1), rating, late ? 2 : 1));
            TournamentCommand link = staff.link(tournamentId, nextId(), Instant.now(), id);
            tournament(edge, link);
            offices.add(link.commandId());
        }
        // the offices are in force before anything depends on them: the audit judges each decision on the
        // tournament's events up to it (a game's by time), and the byes below are asked by the linked players
        String refused = awaitOffices(edge, offices);
        if (refused != null) {
            err.println("torneo demo: " + refused);
            return 1;
        }
        // two half-point byes asked for in advance by the players themselves (C.04.3 A.9, by the regulations of
        // the event)
        if (options.rounds() >= 3) {
            String first = players.get(random.nextInt(players.size() - 1));
            tournament(edge, new TournamentCommand.RequestBye(tournamentId, nextId(), Staff.player(first), Instant.now(),
                    first, 2, ByeKind.HALF_POINT));
            String second = players.get(random.nextInt(players.size() - 1));
            tournament(edge, new TournamentCommand.RequestBye(tournamentId, nextId(), Staff.player(second),
                    Instant.now(), second, 3, ByeKind.HALF_POINT));
        }
        String withdrawing = players.get(random.nextInt(players.size() - 1));
        int withdrawAfter = options.rounds() >= 3 ? options.rounds() / 2 : -1;
        edge.flush();
        out.printf("demo: %s: %d players (1 late entry), %d rounds, Dutch, %s, clocks %s s, halls %s%n", tournamentId,
                options.players(), options.rounds(), ruleset, clock.describe(),
                halls.stream().map(h -> h.name() + " " + h.firstBoard() + "-"
                        + (h.lastBoard() == 10_000 ? "" : h.lastBoard())).toList());
        out.printf("demo: offices: chief arbiter %s (appointed by %s), hall arbiters %s, %d player accounts linked%n",
                staff.chief().id(), ORGANISER.id(), halls.stream().map(h -> staff.arbiterOf(h.name()).id()).toList(),
                players.size());

        Map<String, Integer> kinds = new LinkedHashMap<>();
        Map<EndReason, Integer> reasons = new EnumMap<>(EndReason.class);
        int stuck = 0;
        long roundsStarted = System.nanoTime();
        for (int round = 1; round <= options.rounds(); round++) {
            long roundStart = System.nanoTime();
            long movesBefore = edge.movesPlayed();
            String pairId = nextUuid().toString();
            beforePairing.accept(round);
            tournament(edge, new TournamentCommand.PairNextRound(tournamentId, pairId, staff.chief(), Instant.now(),
                    seed * 100 + round), pairId);
            int r = round;
            if (!edge.await(() -> paired(edge, r) != null || rejected(edge, pairId) != null, ROUND_START_TIMEOUT)) {
                err.println("torneo demo: round " + round + " was not paired within " + ROUND_START_TIMEOUT.toSeconds() + " s");
                return 1;
            }
            if (rejected(edge, pairId) != null) {
                err.println("torneo demo: pairing round " + round + " refused: " + rejected(edge, pairId).message());
                return 1;
            }
            RoundPaired paired = paired(edge, round);
            recordArrivals(edge, paired);
            List<String> gameIds = new ArrayList<>();
            Map<String, Board> boardOf = new LinkedHashMap<>();
            List<GamePlanner.GamePlan> plans = new ArrayList<>();
            for (Board board : paired.boards()) {
                gameIds.add(gameId(round, board.number()));
                boardOf.put(gameId(round, board.number()), board);
                GamePlanner.GamePlan plan = GamePlanner.plan(seed, round, board.number());
                plans.add(plan);
                kinds.merge(plan.kind().startsWith("master") ? "master games" : plan.kind(), 1, Integer::sum);
            }
            out.printf("demo: round %d paired: %d boards, %d byes%n", round, paired.boards().size(), paired.byes().size());
            int unstarted = play(edge, paired, gameIds, plans, clock, round);
            if (unstarted > 0) {
                err.println("torneo demo: round " + round + ": the game and clock services did not start "
                        + unstarted + " game(s) within " + ROUND_START_TIMEOUT.toSeconds() + " s");
                return 1;
            }
            // wait for every result, printing progress; a game that stays silent too long is resigned
            long lastProgress = System.nanoTime();
            long lastEnded = -1;
            while (true) {
                edge.await(() -> false, Duration.ofSeconds(2));
                long ended = gameIds.stream().filter(g -> edge.ended(g) != null).count();
                double secs = seconds(roundStart);
                out.printf("demo: round %d: %d/%d games finished, %d moves, %.0f moves/s, move to clock at most %d ms%n",
                        round, ended, gameIds.size(), edge.movesPlayed() - movesBefore,
                        (edge.movesPlayed() - movesBefore) / secs, edge.takePeakLagMillis());
                if (ended == gameIds.size()) {
                    break;
                }
                if (ended != lastEnded) {
                    lastEnded = ended;
                    lastProgress = System.nanoTime();
                } else if (System.nanoTime() - lastProgress > quietTimeout.toNanos()) {
                    for (String gameId : gameIds) {
                        if (edge.ended(gameId) == null) {
                            stuck++;
                            // recorded by the arbiter of the board's hall (the player resigned to him)
                            game(edge, gameId, staff.arbiterOf(boardOf.get(gameId).hall()),
                                    new GameCommand.Resign(Side.WHITE, Instant.now()));
                        }
                    }
                    edge.flush();
                    lastProgress = System.nanoTime();
                }
            }
            for (String gameId : gameIds) {
                reasons.merge(edge.ended(gameId).reason(), 1, Integer::sum);
            }
            if (!edge.await(() -> recorded(edge, r) >= gameIds.size(), ROUND_START_TIMEOUT)) {
                err.println("torneo demo: round " + round + ": the tournament recorded " + recorded(edge, round)
                        + " of " + gameIds.size() + " results");
                return 1;
            }
            String closeId = nextUuid().toString();
            tournament(edge, new TournamentCommand.CloseRound(tournamentId, closeId, staff.chief(), Instant.now(), round),
                    closeId);
            if (!edge.await(() -> closed(edge, r) || rejected(edge, closeId) != null, ROUND_START_TIMEOUT)
                    || !closed(edge, round)) {
                CommandRejected why = rejected(edge, closeId);
                err.println("torneo demo: round " + round + " not closed" + (why == null ? "" : ": " + why.message()));
                return 1;
            }
            if (round == withdrawAfter) {
                tournament(edge, new TournamentCommand.WithdrawPlayer(tournamentId, nextId(), staff.chief(), Instant.now(),
                        withdrawing, "left the event after round " + round));
                edge.flush();
                out.println("demo: " + withdrawing + " withdrew after round " + round);
            }
        }
        out.printf("demo: all %d rounds played in %.1f s (%.1f s since the start); games: %s; endings: %s%s%n",
                options.rounds(), seconds(roundsStarted), seconds(started), kinds, reasons, stuck == 0 ? "" : "; " + stuck + " silent game(s) resigned by the demo");
        int finalRound = options.rounds();
        if (edge.await(() -> edge.standings() != null && edge.standings().afterRound() == finalRound,
                Duration.ofSeconds(120))) {
            printStandings(edge.standings(), out);
        } else {
            out.println("demo: no standings after round " + finalRound + " from the rating service within 120 s");
        }
        // let the last events (ratings, clocks) land before the export
        edge.await(() -> false, Duration.ofSeconds(3));
        Map<String, Integer> counts = edge.eventCounts();
        out.println("demo: incidents: " + INCIDENTS.stream().map(t -> t + " " + counts.getOrDefault(t, 0)).toList());
        out.printf("demo: clocks: %d started, %d paused for a claim, %d flag falls seen by the clock service; games ended"
                        + " on time: %d lost, %d drawn (the opponent could not mate, FIDE 2018 6.9)%n",
                counts.getOrDefault("ClockStarted", 0), counts.getOrDefault("ClockPaused", 0),
                counts.getOrDefault("FlagFell", 0), reasons.getOrDefault(EndReason.FLAG_FALL, 0),
                reasons.getOrDefault(EndReason.FLAG_FALL_NO_MATE_POSSIBLE, 0));
        List<Edge.Logged> history = edge.history();
        Path export = home.dir().resolve("demo").resolve(tournamentId + ".jsonl");
        Files.createDirectories(export.getParent());
        List<String> audited = new ArrayList<>(history.stream().map(Edge.Logged::line).toList());
        List<String> heads = edge.headsNotes();
        audited.addAll(heads);
        Files.write(export, audited, StandardCharsets.UTF_8);
        out.println("demo: exported " + history.size() + " events and " + heads.size() + " signed heads notes to "
                + home.repo().relativize(export));
        Path trustFile = home.dir().resolve("keys").resolve("trust.txt");
        List<org.torneo.audit.chain.SignatureAudit.Anchor> anchors = new ArrayList<>();
        for (String anchor : edge.anchors()) {
            int round = org.torneo.contracts.signing.Checkpoint.read(org.torneo.contracts.signing.SignedNote.parse(anchor))
                    .round();
            Path file = export.resolveSibling(tournamentId + "-round-" + round + ".anchor");
            Files.writeString(file, anchor, StandardCharsets.UTF_8);
            anchors.add(new org.torneo.audit.chain.SignatureAudit.Anchor(home.repo().relativize(file).toString(), anchor));
        }
        AuditReport report = Files.exists(trustFile)
                ? new Audit().ofLines(audited, org.torneo.contracts.signing.TrustedKeys.read(trustFile), anchors)
                : new Audit().ofLines(audited);
        out.println("demo: audit: " + report.signatures().summary());
        out.println("demo: audit: " + report.recheckedLine());
        report.decisions().stream().filter(d -> !d.confirmed()).limit(10)
                .forEach(d -> out.println("demo: audit: discrepant " + d.kind() + " " + d.subject() + ": " + d.finding()));
        report.unchecked().stream().limit(10).forEach(u -> out.println("demo: audit: not re-derived: " + u));
        report.chainFindings().stream().limit(10).forEach(f -> out.println("demo: audit: chain " + f));
        out.printf("demo: done in %.1f s%n", seconds(started));
        lastReport = report;
        auditLine = report.summaryLine();
        return report.clean() ? 0 : 1;
    }

    /**
     * FIDE 2018 6.7.1 (default time 0 unless the regulations say otherwise): the players are at their boards when
     * the round starts, and the arbiter records them on each clock as present at that instant (the round's start,
     * which the game service gives the clock as its start), before the clock service could default them: the arbiter
     * of the board's hall.
     */
    private void recordArrivals(Edge edge, RoundPaired paired) {
        long start = paired.at().toEpochMilli();
        for (Board board : paired.boards()) {
            String gameId = gameId(paired.round(), board.number());
            Actor arbiter = staff.arbiterOf(board.hall());
            for (Side side : Side.values()) {
                UUID id = nextUuid();
                edge.send(Topics.CLOCK_COMMANDS.name(), gameId, id, arbiter, paired.at(),
                        new ClockCommand.RecordArrival(gameId, id.toString(), arbiter, start, side));
            }
        }
        edge.flush();
    }

    /**
     * Plays the round in real time: each board starts as soon as its game and clock run, and each step is sent
     * when its player has thought long enough (see {@link BoardRun}, {@link ThinkTime}); one thread, the boards
     * ordered by when their next step is due. Returns how many games never started.
     */
    private int play(Edge edge, RoundPaired paired, List<String> gameIds, List<GamePlanner.GamePlan> plans,
                     ThinkTime clock, int round) throws InterruptedException {
        long startedAt = paired.at().toEpochMilli();
        List<BoardRun> waiting = new ArrayList<>();
        for (int b = 0; b < plans.size(); b++) {
            Random thinking = new Random((((seed * 1_000_003L) + round) * 1_000_033L + paired.boards().get(b).number())
                    ^ 0x7E11_C10C_4L);
            waiting.add(new BoardRun(gameIds.get(b), b, plans.get(b).steps(), clock, thinking, startedAt));
        }
        PriorityQueue<BoardRun> due = new PriorityQueue<>(Comparator.comparingLong(BoardRun::dueAt));
        long giveUpAt = System.currentTimeMillis() + ROUND_START_TIMEOUT.toMillis();
        while (!waiting.isEmpty() || !due.isEmpty()) {
            long now = System.currentTimeMillis();
            for (Iterator<BoardRun> it = waiting.iterator(); it.hasNext(); ) {
                BoardRun run = it.next();
                if (edge.ended(run.gameId()) != null) {
                    it.remove(); // e.g. defaulted before the arrivals were recorded
                } else if (edge.started(run.gameId()) && edge.clockStarted(run.gameId())) {
                    it.remove();
                    // planned: White's clock runs from the round's start (FIDE 2018 6.6), and so does his thinking
                    run.ready(plannedInstants ? startedAt : now, plannedInstants ? 0 : edge.lagMillis());
                    if (!run.done()) {
                        due.add(run);
                    }
                }
            }
            if (!waiting.isEmpty() && now > giveUpAt) {
                edge.flush();
                return waiting.size();
            }
            BoardRun next = due.peek();
            long wait = next == null ? 10 : next.dueAt() - now;
            if (wait > 0) {
                Thread.sleep(Math.min(wait, 10));
                continue;
            }
            due.poll();
            if (edge.ended(next.gameId()) != null) {
                continue; // the game ended otherwise (a dead position the plan did not foresee, a flag)
            }
            now = plannedInstants ? next.dueAt() : System.currentTimeMillis();
            BoardRun.Turn turn = next.act(now, plannedInstants ? 0 : edge.lagMillis());
            Board board = paired.boards().get(next.index());
            Instant at = Instant.ofEpochMilli(now); // observed at the edge: the moment it is sent (or was due)
            for (Step step : turn.steps()) {
                send(edge, next.gameId(), board, step, at);
            }
            if (turn.pressBy() != null) {
                Actor player = Staff.player(turn.pressBy() == Side.WHITE ? board.white() : board.black());
                game(edge, next.gameId(), player, new GameCommand.PressClock(turn.pressBy(), at));
            }
            if (!next.done()) {
                due.add(next);
            }
        }
        edge.flush();
        return 0;
    }

    private void send(Edge edge, String gameId, Board board, Step step, Instant now) {
        // each player enters his own moves (the move played on the board, then his clock press)
        Actor player = Staff.player(step.by() == Side.WHITE ? board.white() : board.black());
        switch (step) {
            case Step.Play play -> game(edge, gameId, player,
                    new GameCommand.SubmitMove(play.san(), Notation.AUTO, MoveSource.BOARD, null, now));
            // FIDE 2018 7.5: the arbiter of the hall saw the illegal move completed on the board
            case Step.Illegal illegal -> game(edge, gameId, staff.arbiterOf(board.hall()),
                    new GameCommand.SubmitMove(illegal.move(), Notation.AUTO, MoveSource.ARBITER, null, now));
            case Step.Offer offer -> game(edge, gameId, player, new GameCommand.OfferDraw(offer.by(), now));
            case Step.Accept accept -> game(edge, gameId, player, new GameCommand.AcceptDraw(accept.by(), now));
            case Step.Claim claim -> game(edge, gameId, player,
                    new GameCommand.ClaimDraw(claim.by(), claim.kind(), null, now));
            case Step.Resign resign -> game(edge, gameId, player, new GameCommand.Resign(resign.by(), now));
            // the player stops moving: nothing is sent, the clock service sees his flag fall (FIDE 2018 6.8)
            case Step.FlagFall flag -> {
            }
        }
    }

    private void game(Edge edge, String gameId, Actor actor, GameCommand command) {
        edge.send(Topics.GAME_COMMANDS.name(), gameId, nextUuid(), actor, command.observedAt(), command);
    }

    private void tournament(Edge edge, TournamentCommand command) {
        tournament(edge, command, command.commandId());
    }

    private void tournament(Edge edge, TournamentCommand command, String commandId) {
        edge.send(Topics.TOURNAMENT_COMMANDS.name(), tournamentId, UUID.fromString(commandId), command.actor(),
                command.at(), command);
        edge.flush();
    }

    private String nextId() {
        return nextUuid().toString();
    }

    /** Command ids follow from the tournament and a counter: a resend of the same command is a duplicate. */
    private UUID nextUuid() {
        return UUID.nameUUIDFromBytes((tournamentId + "#" + (++commandCounter)).getBytes(StandardCharsets.UTF_8));
    }

    /** The id of the tournament of the last run (null before one started). */
    String tournamentId() {
        return tournamentId;
    }

    /** The game service's id of a board (services/game/app RoundStarter.gameId). */
    String gameId(int round, int board) {
        return org.torneo.contracts.game.BoardGameId.of(tournamentId, round, board);
    }

    /**
     * Waits until every office command has been decided: null when all were granted, else what was refused (the
     * decider's reason) or that they were not decided in time.
     */
    private static String awaitOffices(Edge edge, List<String> commandIds) throws InterruptedException {
        java.util.Set<String> pending = java.util.Set.copyOf(commandIds);
        boolean decided = edge.await(() -> edge.tournamentEvents().stream()
                .filter(e -> pending.contains(e.commandId())).count() >= pending.size(), ROUND_START_TIMEOUT);
        for (TournamentEvent event : edge.tournamentEvents()) {
            if (event instanceof CommandRejected rejected && pending.contains(rejected.commandId())) {
                return "an office was refused: " + rejected.message();
            }
        }
        return decided ? null : "the offices (arbiters, devices, player accounts) were not in force within "
                + ROUND_START_TIMEOUT.toSeconds() + " s";
    }

    private static RoundPaired paired(Edge edge, int round) {
        for (TournamentEvent event : edge.tournamentEvents()) {
            if (event instanceof RoundPaired paired && paired.round() == round) {
                return paired;
            }
        }
        return null;
    }

    private static CommandRejected rejected(Edge edge, String commandId) {
        for (TournamentEvent event : edge.tournamentEvents()) {
            if (event instanceof CommandRejected rejected && rejected.commandId().equals(commandId)) {
                return rejected;
            }
        }
        return null;
    }

    private static long recorded(Edge edge, int round) {
        return edge.tournamentEvents().stream()
                .filter(e -> e instanceof ResultRecorded recorded && recorded.round() == round).count();
    }

    private static boolean closed(Edge edge, int round) {
        return edge.tournamentEvents().stream().anyMatch(e -> e instanceof RoundClosed closed && closed.round() == round);
    }

    static void printStandings(StandingsComputed standings, PrintStream out) {
        out.println("demo: final standings after round " + standings.afterRound() + " (C.07 rules "
                + standings.rules() + ")");
        StringBuilder header = new StringBuilder(String.format("%4s  %-8s", "rank", "player"));
        for (String tieBreak : standings.tieBreaks()) {
            header.append(String.format(" %7s", tieBreak));
        }
        out.println(header);
        int shown = 0;
        for (StandingRow row : standings.rows()) {
            if (shown++ == 20) {
                out.println("  ... " + (standings.rows().size() - 20) + " more (the feed shows them all)");
                break;
            }
            StringBuilder line = new StringBuilder(String.format("%4d  %-8s", row.rank(), row.playerId()));
            for (String value : row.values()) {
                line.append(String.format(" %7s", value));
            }
            out.println(line);
        }
    }

    private static double seconds(long sinceNanos) {
        return (System.nanoTime() - sinceNanos) / 1e9;
    }
}

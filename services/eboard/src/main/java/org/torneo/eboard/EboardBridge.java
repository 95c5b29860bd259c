package org.torneo.eboard;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Carries the moves of a hall's DGT boards from LiveChess 2 to the game service: one {@link BoardFollower} per board
 * (serial number -> board number of the round), each move it decides submitted with the device's token, everything
 * else (a board out of place, an illegal reading, a takeback on the board, the kings in the centre) reported for the
 * hall arbiter, never submitted. A refused move makes the board's follower start again from the moves the game
 * recorded, so the two never drift apart.
 */
public final class EboardBridge implements AutoCloseable {

    /** Where the bridge works: the game service, the round, the hall, and which board each serial number is. */
    /**
     * @param rediscoverEvery how often LiveChess' board list is read again for boards that joined the session (community
     *                        relays use 30 s)
     */
    public record Config(URI liveChess, URI gameService, java.util.function.Supplier<String> token, String tournament,
                         int round, String hall,
                         Map<String, Integer> boards, java.time.Duration rediscoverEvery) {
        public Config {
            boards = Map.copyOf(boards);
        }
    }

    private final Config config;
    private final GameServiceClient games;
    private final Consumer<String> report;
    private final Map<String, BoardFollower> followers = new LinkedHashMap<>();
    private final Map<String, String> gameIds = new LinkedHashMap<>();
    private final java.util.Set<String> subscribed = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final java.util.concurrent.ScheduledExecutorService rediscovery =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread thread = new Thread(r, "eboard-rediscovery");
                thread.setDaemon(true);
                return thread;
            });
    private LiveChessClient liveChess;

    public EboardBridge(Config config, Consumer<String> report) {
        this.config = config;
        this.report = report;
        this.games = new GameServiceClient(config.gameService(), config.token());
    }

    /**
     * Connects to LiveChess, subscribes to the feed of each configured board it has, and from then on reads its board
     * list again every {@code rediscoverEvery} for the boards that join later (and reports boards not ACTIVE).
     */
    public void start() throws Exception {
        liveChess = new LiveChessClient(config.liveChess(), this::onEvent, report);
        liveChess.connect();
        rediscover();
        long every = config.rediscoverEvery().toMillis();
        rediscovery.scheduleWithFixedDelay(() -> {
            try {
                rediscover();
            } catch (Exception e) {
                report.accept("reading LiveChess' boards failed: " + e.getMessage());
            }
        }, every, every, java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    /** Reads LiveChess' boards; subscribes to the configured ones not yet followed. Never under the bridge's lock. */
    void rediscover() throws Exception {
        Map<String, String> states = new LinkedHashMap<>();
        liveChess.eboards().forEach(b -> states.put(b.path("serialnr").asText(), b.path("state").asText("null")));
        for (String serial : config.boards().keySet()) {
            String state = states.get(serial);
            if (state == null) {
                if (!subscribed.contains(serial) && reportedMissing.add(serial)) {
                    report.accept("board " + serial + " (board " + config.boards().get(serial) + ") is not connected"
                            + " to LiveChess yet (it has " + states.keySet() + ")");
                }
                continue;
            }
            if (!state.equals("ACTIVE") && !state.equals(lastState.put(serial, state))) {
                report.accept("board " + serial + " (board " + config.boards().get(serial) + ") is " + state
                        + " in LiveChess, not ACTIVE");
            } else if (state.equals("ACTIVE")) {
                lastState.put(serial, state);
            }
            if (subscribed.add(serial)) {
                liveChess.subscribe(serial);
            }
        }
    }

    private final java.util.Set<String> reportedMissing = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final Map<String, String> lastState = new java.util.concurrent.ConcurrentHashMap<>();

    /** The moves submitted so far for a board (its serial number). */
    public synchronized List<String> submitted(String serial) {
        BoardFollower follower = followers.get(serial);
        return follower == null ? List.of() : follower.submitted();
    }

    synchronized void onEvent(String serial, EboardEvent event) {
        Integer board = config.boards().get(serial);
        if (board == null) {
            return;
        }
        try {
            Optional<String> game = game(serial, board);
            if (game.isEmpty()) {
                report.accept("board " + board + ": no game started yet in round " + config.round());
                return;
            }
            BoardFollower follower = followers.get(serial);
            for (BoardDecision decision : follower.decide(event)) {
                switch (decision) {
                    case BoardDecision.SubmitMove move -> {
                        try {
                            games.submit(game.get(), move);
                        } catch (IllegalStateException refused) {
                            report.accept("board " + board + ": " + refused.getMessage());
                            followers.put(serial, following(game.get()));
                            return;
                        }
                    }
                    case BoardDecision.Misplaced m -> report.accept("board " + board + ": pieces out of place before"
                            + " move " + m.ply() + " (board " + m.onBoard() + ", game " + m.expected() + ")");
                    case BoardDecision.NotLegal n -> report.accept("board " + board + ": move " + n.ply() + " '"
                            + n.move() + "' read from the board is not legal (" + n.reason() + "); waiting");
                    case BoardDecision.Diverged d -> report.accept("board " + board + ": the board's record parts"
                            + " from the game at move " + d.ply() + " (recorded " + d.submitted() + ", board "
                            + d.onBoard() + "): nothing submitted, the arbiter decides");
                    case BoardDecision.KingsInCentre k -> report.accept("board " + board + ": both kings in the"
                            + " centre (the players signal a result)");
                }
            }
        } catch (Exception e) {
            report.accept("board " + board + ": " + e.getMessage());
        }
    }

    private Optional<String> game(String serial, int board) throws Exception {
        String known = gameIds.get(serial);
        if (known != null) {
            return Optional.of(known);
        }
        Optional<String> game = games.gameOf(config.tournament(), config.round(), config.hall(), board);
        if (game.isPresent()) {
            gameIds.put(serial, game.get());
            followers.put(serial, following(game.get()));
        }
        return game;
    }

    /** A follower that starts from what the game recorded (a restart mid-game submits nothing twice). */
    private BoardFollower following(String gameId) throws Exception {
        BoardFollower follower = new BoardFollower();
        follower.alreadyRecorded(games.moves(gameId));
        return follower;
    }

    @Override
    public void close() {
        rediscovery.shutdownNow();
        if (liveChess != null) {
            liveChess.close();
        }
    }

    /** The options, as {@code ./torneo eboard} and {@link #main} take them. */
    public static final String USAGE = "usage: eboard --tournament T --round N [--hall A] --board SERIAL=BOARD"
            + " [--board SERIAL=BOARD ...] [--livechess ws://localhost:1982/api/v1.0] [--game http://localhost:8081]";

    /**
     * Reads the options; the device's token comes from {@code token}.
     *
     * @throws IllegalArgumentException naming the option that does not read
     */
    public static Config parse(List<String> args, java.util.function.Supplier<String> token) {
        Map<String, Integer> boards = new LinkedHashMap<>();
        String tournament = null;
        String hall = null;
        int round = 0;
        URI liveChess = URI.create("ws://localhost:1982/api/v1.0");
        URI game = URI.create("http://localhost:8081");
        for (int i = 0; i < args.size(); i += 2) {
            String option = args.get(i);
            if (i + 1 >= args.size()) {
                throw new IllegalArgumentException(option + " needs a value; " + USAGE);
            }
            String value = args.get(i + 1);
            switch (option) {
                case "--tournament" -> tournament = value;
                case "--round" -> round = number(option, value);
                case "--hall" -> hall = value;
                case "--livechess" -> liveChess = URI.create(value);
                case "--game" -> game = URI.create(value);
                case "--board" -> {
                    String[] pair = value.split("=", 2);
                    if (pair.length != 2 || pair[0].isBlank()) {
                        throw new IllegalArgumentException("--board: '" + value + "' is not SERIAL=BOARD (e.g. 7425=1)");
                    }
                    boards.put(pair[0], number("--board " + pair[0], pair[1]));
                }
                default -> throw new IllegalArgumentException("unknown option '" + option + "'; " + USAGE);
            }
        }
        if (tournament == null || round < 1 || boards.isEmpty()) {
            throw new IllegalArgumentException("--tournament, --round and at least one --board are required; " + USAGE);
        }
        return new Config(liveChess, game, token, tournament, round, hall, boards, java.time.Duration.ofSeconds(30));
    }

    private static int number(String option, String value) {
        try {
            int n = Integer.parseInt(value.strip());
            if (n < 1) {
                throw new IllegalArgumentException(option + ": " + n + " is not a number from 1");
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": '" + value + "' is not a whole number");
        }
    }

    /** Runs until the process ends, reporting on standard output. */
    public static void run(Config config, java.io.PrintStream out) throws Exception {
        try (EboardBridge bridge = new EboardBridge(config, out::println)) {
            bridge.start();
            out.println("eboard: following " + config.boards() + " of " + config.tournament() + " round "
                    + config.round() + " (" + config.liveChess() + " -> " + config.gameService() + ")");
            Thread.currentThread().join();
        }
    }

    /**
     * {@code java -cp ... org.torneo.eboard.EboardBridge OPTIONS} ({@link #USAGE}) with the device's access token in
     * {@code TORNEO_TOKEN}; {@code ./torneo eboard OPTIONS} takes the signed-in account's token instead.
     */
    public static void main(String[] args) throws Exception {
        String token = System.getenv("TORNEO_TOKEN");
        if (token == null || token.isBlank()) {
            System.err.println("eboard: set TORNEO_TOKEN to the device's access token");
            System.exit(2);
        }
        Config config;
        try {
            config = parse(List.of(args), () -> token);
        } catch (IllegalArgumentException e) {
            System.err.println("eboard: " + e.getMessage());
            System.exit(2);
            return;
        }
        run(config, System.out);
    }
}

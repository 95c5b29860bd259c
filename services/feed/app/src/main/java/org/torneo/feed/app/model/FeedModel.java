package org.torneo.feed.app.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.torneo.contracts.Envelope;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.tournament.BroadcastDelayMode;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.TournamentEvent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The feed's read model of every stream (tournament, games, clocks, results, ratings), kept in
 * memory. One writer (the consumer thread) calls {@link #stage} / {@link #release} (or {@link #apply},
 * both at once); readers take snapshots. Every fact a spectator may see becomes a {@link FeedEvent} with
 * the tournament's next feed id; staged events are stored by the reader and then released to the
 * subscribers whose filter they match, under the same lock as the backlog reads, so a subscription taken
 * with a Last-Event-ID gets the backlog and then the live events with no gap and no duplicate.
 *
 * <p>On start the stored events come back with their ids ({@link #restore}) and the records they came from
 * are re-read only to rebuild the state ({@link #replay}: no event, no id), so ids survive restarts.
 *
 * <p>The broadcast delay the organiser set ({@code tournament.BroadcastDelaySet}) is applied here, for every public
 * route and stream at once: the views hold back the moves (with their clocks), incidents and results younger than a
 * fixed delay, measured on the fact's recorded instant against {@link #clock}, or a game's moves until it ended; the
 * stream releases its events in id order once they are old enough ({@link #releaseDue}), and in the after-the-game
 * mode a game's events are logged only when it ends. See the README, "Broadcast delay".
 *
 * <p>Not public: command rejections, touched pieces and the sealed move of an adjourned game
 * (FIDE 1997 8.1: secret until the game resumes).
 */
public final class FeedModel {

    public static final String STANDARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /** Receives a tournament's events in id order; must not block (see sse.SseSubscriber). */
    public interface Subscriber {
        FeedFilter filter();

        void deliver(FeedEvent event);

        /** The feed forgets its subscribers (its reader starts over): end the stream, the client resumes by id. */
        default void disconnect(String reason) {
        }
    }

    /**
     * A subscription the caps refuse: the SSE route answers 503 with Retry-After and this message.
     *
     * @param retryAfterSeconds when the client may try again
     */
    public static final class TooManySubscribers extends RuntimeException {
        private final int retryAfterSeconds;

        public TooManySubscribers(String message, int retryAfterSeconds) {
            super(message);
            this.retryAfterSeconds = retryAfterSeconds;
        }

        public int retryAfterSeconds() {
            return retryAfterSeconds;
        }
    }

    /**
     * The most SSE subscribers the feed keeps (service configuration): per tournament and in all.
     *
     * @param perTournament the property {@code torneo.feed.max-subscribers-per-tournament}
     * @param total         the property {@code torneo.feed.max-subscribers}
     */
    public record SubscriberLimits(int perTournament, int total) {
        public static final SubscriberLimits NONE = new SubscriberLimits(Integer.MAX_VALUE, Integer.MAX_VALUE);
    }

    /**
     * A tournament's feed events, appended by the writer under the model's lock and read without it: an event
     * below the size a reader saw under the lock is never moved nor changed (fixed chunks, a directory
     * published through a volatile field), so a subscription walks its backlog outside the lock.
     */
    static final class EventLog {
        private static final int CHUNK = 1024;
        private volatile FeedEvent[][] chunks = new FeedEvent[8][];
        private volatile int size;

        /** Appends (the writer only, under the model's lock). */
        void add(FeedEvent event) {
            int index = size;
            FeedEvent[][] directory = chunks;
            int chunk = index / CHUNK;
            if (chunk == directory.length) {
                directory = java.util.Arrays.copyOf(directory, directory.length * 2);
            }
            if (directory[chunk] == null) {
                directory[chunk] = new FeedEvent[CHUNK];
            }
            directory[chunk][index % CHUNK] = event;
            chunks = directory;
            size = index + 1;
        }

        FeedEvent get(int index) {
            if (index >= size) {
                throw new IndexOutOfBoundsException(index + " of " + size);
            }
            return chunks[index / CHUNK][index % CHUNK];
        }

        int size() {
            return size;
        }
    }

    /**
     * A subscriber while its backlog is handed to it outside the model's lock: live events released meanwhile wait
     * here, in order, and follow the backlog; then every event goes straight through.
     */
    private static final class CatchingUp implements Subscriber {
        final Subscriber subscriber;
        private List<FeedEvent> waiting = new ArrayList<>();
        private boolean live;

        CatchingUp(Subscriber subscriber) {
            this.subscriber = subscriber;
        }

        @Override
        public FeedFilter filter() {
            return subscriber.filter();
        }

        @Override
        public void deliver(FeedEvent event) {
            synchronized (this) {
                if (!live) {
                    waiting.add(event);
                    return;
                }
            }
            subscriber.deliver(event);
        }

        @Override
        public void disconnect(String reason) {
            subscriber.disconnect(reason);
        }

        /** Hands over what waited (in batches, without holding this lock while delivering), then goes live. */
        void goLive() {
            while (true) {
                List<FeedEvent> batch;
                synchronized (this) {
                    if (waiting.isEmpty()) {
                        live = true;
                        waiting = List.of();
                        return;
                    }
                    batch = waiting;
                    waiting = new ArrayList<>();
                }
                batch.forEach(subscriber::deliver);
            }
        }

        boolean wraps(Subscriber other) {
            return subscriber == other;
        }
    }

    /** A feed event with the tournament it belongs to, as stored (store.FeedStore). */
    public record Logged(String tournamentId, FeedEvent event) {
    }

    /** An id the feed does not know: becomes a 404 with a JSON message. */
    public static final class NotFound extends RuntimeException {
        public NotFound(String message) {
            super(message);
        }
    }

    private final ObjectMapper json = new ObjectMapper();
    /** The feed's clock: a broadcast delay is measured against it (tests move it). */
    private final java.time.Clock clock;
    /** The recorded instant (epoch ms) of the fact being applied: the move's, the result's, else the record's. */
    private long factAt;

    /** A model on the system's clock. */
    public FeedModel() {
        this(java.time.Clock.systemUTC());
    }

    /** A model whose broadcast delays are measured against {@code clock}. */
    public FeedModel(java.time.Clock clock) {
        this.clock = java.util.Objects.requireNonNull(clock, "clock");
    }
    private final Map<String, Tournament> tournaments = new TreeMap<>();
    private final Map<String, Game> games = new HashMap<>();
    /** Events staged since the last {@link #release()}: logged, not yet visible (not yet stored). */
    private final List<Logged> pending = new ArrayList<>();
    /** True while re-deriving state from records whose feed events were restored from the store. */
    private boolean silent;
    /** Counts resets: a batch taken before one is never released after it. */
    private long generation;
    private long applied;
    private long skipped;
    private long restored;
    /** Live subscribers of every tournament (the total the caps count); written under the lock. */
    private volatile int subscribers;

    // ---------------------------------------------------------------- state

    static final class Tournament {
        final String id;
        String name;
        String system = "";
        int rounds;
        final List<Hall> halls = new ArrayList<>();
        /** The tie-breaks the organiser announced (C.07: announced before the event), in order. */
        List<String> tieBreaks = List.of();
        final Map<String, Player> players = new LinkedHashMap<>();
        final TreeMap<Integer, Round> roundMap = new TreeMap<>();
        /** round -> board -> result */
        final Map<Integer, Map<Integer, Outcome>> results = new HashMap<>();
        RatingEvent.StandingsComputed standings;
        final EventLog log = new EventLog();
        /** How many events of the log are stored: the rest is pending until stored. */
        int visible;
        /**
         * How many events of the log the public has been given (subscribers, {@code /log}, pages' stream ids): the
         * stored ones the broadcast delay no longer holds back, in id order; it never goes back.
         */
        int published;
        /** The organiser's broadcast delay (tournament.BroadcastDelaySet). */
        BroadcastDelayMode delayMode = BroadcastDelayMode.NONE;
        long delayMillis;
        /**
         * The rating service's standings still needed under a fixed delay (the newest one old enough and those
         * younger), else only the newest.
         */
        final List<RatingEvent.StandingsComputed> standingsHistory = new ArrayList<>();
        final List<Subscriber> subscribers = new CopyOnWriteArrayList<>();

        Tournament(String id) {
            this.id = id;
            this.name = id;
        }

        String hallOf(int board) {
            for (Hall hall : halls) {
                if (hall.holds(board)) {
                    return hall.name();
                }
            }
            return null;
        }
    }

    static final class Player {
        final String id;
        String name;
        int rating;
        Integer startNumber;
        boolean withdrawn;

        Player(String id) {
            this.id = id;
            this.name = id;
        }
    }

    static final class Round {
        final int number;
        List<Board> boards = List.of();
        List<Bye> byes = List.of();
        boolean closed;

        Round(int number) {
            this.number = number;
        }
    }

    /** A game's result with the instant it was recorded (the end, or the correction). */
    record Outcome(String gameId, String white, String black, GameResult result, int whiteHalves, int blackHalves,
                   String reason, long at) {
    }

    /**
     * A game fact held back: in the after-the-game mode until the game ends, or until the feed knows the game's
     * tournament. {@code live}: its record was read past the stored positions (not replayed), so its event is not stored
     * yet and is logged when released, whether the record that releases it is live or replayed.
     */
    record Held(String type, Map<String, Object> data, long at, boolean live) {
    }

    static final class Move {
        final int ply;
        final Side by;
        final String san;
        final String uci;
        final String fen;
        Long clockMillis;
        /** The move's recorded instant (epoch ms): a broadcast delay counts from it. */
        final long at;
        /** Both clocks as the move recorded them, or null: the clock a delayed view shows. */
        final Long whiteMillis;
        final Long blackMillis;

        Move(int ply, Side by, String san, String uci, String fen, Long clockMillis, long at, Long whiteMillis,
             Long blackMillis) {
            this.ply = ply;
            this.by = by;
            this.san = san;
            this.uci = uci;
            this.fen = fen;
            this.clockMillis = clockMillis;
            this.at = at;
            this.whiteMillis = whiteMillis;
            this.blackMillis = blackMillis;
        }
    }

    static final class Game {
        final String id;
        String tournamentId;
        int round;
        int board;
        String hall;
        String white;
        String black;
        String initialFen = STANDARD_FEN;
        String startedAt;
        final List<Move> moves = new ArrayList<>();
        long whiteMillis = -1;
        long blackMillis = -1;
        Side running;
        long clockAt;
        Outcome outcome;
        /** Set when a pairing correction cancelled the game before it began: not played, no result. */
        Views.Notice cancelled;
        final List<Views.Notice> notices = new ArrayList<>();
        /** The recorded instant of each notice (epoch ms), by index. */
        final List<Long> noticeAt = new ArrayList<>();
        /** Events held back until the game ends (after-the-game broadcast delay). */
        final List<Held> held = new ArrayList<>();
        /**
         * Its clock's and claims' events read before the game's start or end (other topics: a reader catching up may
         * get them first), logged once one of those tells the game's tournament, round and board.
         */
        final List<Held> unrouted = new ArrayList<>();
        /** %clk readings from the clock service by ply: they may arrive before or after the move. */
        final Map<Integer, Long> clockByPly = new HashMap<>();

        Game(String id) {
            this.id = id;
        }

        String fen() {
            return moves.isEmpty() ? initialFen : moves.get(moves.size() - 1).fen;
        }
    }

    // ---------------------------------------------------------------- writing

    /** Applies one committed record of any input topic; its feed events are visible at once. */
    public synchronized void apply(Envelope envelope) {
        stage(envelope);
        release();
    }

    /**
     * Applies one record, logging its feed events with the tournament's next ids but keeping them from
     * subscribers and readers until {@link #release()}: the reader stores them (with the consumed positions)
     * first, so an id a client has seen is never given to another event after a restart.
     */
    public synchronized void stage(Envelope envelope) {
        dispatch(envelope);
    }

    /**
     * Applies a record whose feed events were restored from the store ({@link #restore}): the state
     * (games, rounds, standings) follows, no event is logged again and no id is assigned.
     */
    public synchronized void replay(Envelope envelope) {
        silent = true;
        try {
            dispatch(envelope);
        } finally {
            silent = false;
        }
    }

    /** Puts back one stored feed event with its id; a tournament's events must come in id order, no gap. */
    public synchronized void restore(String tournamentId, FeedEvent event) {
        Tournament t = tournament(tournamentId);
        if (event.id() != t.log.size() + 1L) {
            throw new IllegalStateException("stored feed events of tournament " + tournamentId + " jump from id "
                    + t.log.size() + " to " + event.id());
        }
        t.log.add(event);
        t.visible = t.log.size();
        restored++;
    }

    /** The events staged and not yet taken, in the order they were logged. */
    public synchronized List<Logged> pending() {
        return List.copyOf(pending);
    }

    /**
     * Takes the staged events (they stay hidden) so they can be stored while the writer goes on staging
     * the next ones; {@link #release(Staged)} shows them once stored. Batches must be released in the
     * order they were taken.
     */
    public synchronized Staged takeStaged() {
        Staged staged = new Staged(generation, List.copyOf(pending));
        pending.clear();
        return staged;
    }

    /** Staged events taken for storing, tied to the model's life (a reset makes them void). */
    public record Staged(long generation, List<Logged> events) {
    }

    /** Makes the staged events visible and hands them to the subscribers whose filter they match. */
    public synchronized void release() {
        release(takeStaged());
    }

    /** Makes a taken batch visible (nothing if the model was reset since it was taken). */
    public synchronized void release(Staged staged) {
        if (staged.generation() != generation) {
            return;
        }
        java.util.Set<Tournament> touched = new java.util.LinkedHashSet<>();
        for (Logged logged : staged.events()) {
            Tournament t = tournaments.get(logged.tournamentId());
            t.visible = (int) logged.event().id();
            touched.add(t);
        }
        touched.forEach(this::advance);
    }

    /**
     * Hands the public the stored events a broadcast delay no longer holds back (the feed's ticker calls it every
     * second): under a fixed delay an event is released once its fact is that old, in id order (an event waits for
     * the ones before it, so a Last-Event-ID resume misses nothing).
     */
    public synchronized void releaseDue() {
        tournaments.values().forEach(this::advance);
    }

    /** Moves the tournament's public frontier as far as the delay allows and delivers what it passed. */
    private void advance(Tournament t) {
        int upTo = t.visible;
        if (t.delayMode == BroadcastDelayMode.FIXED) {
            long horizon = clock.millis() - t.delayMillis;
            upTo = t.published;
            while (upTo < t.visible && t.log.get(upTo).at() <= horizon) {
                upTo++;
            }
        }
        for (int i = t.published; i < upTo; i++) {
            FeedEvent event = t.log.get(i);
            for (Subscriber s : t.subscribers) {
                if (event.matches(s.filter())) {
                    s.deliver(event);
                }
            }
        }
        t.published = Math.max(t.published, upTo);
    }

    /** The public frontier of a tournament now (the lock held): events 1..this may be shown. */
    private int published(Tournament t) {
        advance(t);
        return t.published;
    }

    /** Forgets everything (the reader starts over from the store and the topics); subscribers are disconnected. */
    public synchronized void reset(String reason) {
        for (Tournament t : tournaments.values()) {
            for (Subscriber s : t.subscribers) {
                s.disconnect(reason);
            }
        }
        tournaments.clear();
        subscribers = 0;
        games.clear();
        pending.clear();
        generation++;
        applied = 0;
        skipped = 0;
        restored = 0;
    }

    private void dispatch(Envelope envelope) {
        applied++;
        factAt = envelope.occurredAt().toEpochMilli();
        switch (envelope.payload()) {
            case TournamentEvent e -> onTournament(e);
            case MoveEvent e -> onMove(envelope.aggregateId(), e);
            case ClaimEvent e -> onClaim(envelope.aggregateId(), e);
            case ClockEvent e -> onClock(e);
            case ResultEvent e -> onResult(e);
            case RatingEvent e -> onRating(e);
            default -> skipped++;
        }
    }

    /** Counts a record that could not be decoded (the reader dead-letters it). */
    public synchronized void skip() {
        skipped++;
    }

    private Tournament tournament(String id) {
        return tournaments.computeIfAbsent(id, Tournament::new);
    }

    private Player player(Tournament t, String id) {
        return t.players.computeIfAbsent(id, Player::new);
    }

    private Game game(String id) {
        return games.computeIfAbsent(id, Game::new);
    }

    private void onTournament(TournamentEvent event) {
        Tournament t = tournament(event.tournamentId());
        switch (event) {
            case TournamentEvent.TournamentCreated e -> {
                t.name = e.name();
                t.system = String.valueOf(e.system());
                t.rounds = e.rounds();
                t.halls.clear();
                t.halls.addAll(e.halls());
                t.tieBreaks = e.tieBreaks();
                publish(t, "tournament", 0, null, 0, fields("name", e.name(), "rounds", e.rounds(),
                        "system", t.system));
            }
            case TournamentEvent.PlayerRegistered e -> {
                Player p = player(t, e.playerId());
                p.name = e.name();
                p.rating = e.rating();
                publish(t, "player", 0, null, 0, fields("playerId", e.playerId(), "name", e.name(),
                        "rating", e.rating()));
            }
            case TournamentEvent.PlayerWithdrew e -> {
                player(t, e.playerId()).withdrawn = true;
                publish(t, "player", 0, null, 0, fields("playerId", e.playerId(), "withdrawn", true));
            }
            case TournamentEvent.PairingNumbersAssigned e ->
                    e.numbers().forEach((id, number) -> player(t, id).startNumber = number);
            case TournamentEvent.RoundPaired e -> pairings(t, e.round(), e.boards(), e.byes(), null);
            case TournamentEvent.PairingCorrected e -> pairings(t, e.round(), e.boards(), e.byes(), e.reason());
            case TournamentEvent.BroadcastDelaySet e -> {
                boolean wasAfterGame = t.delayMode == BroadcastDelayMode.AFTER_GAME;
                t.delayMode = e.mode();
                t.delayMillis = e.mode() == BroadcastDelayMode.FIXED ? e.seconds() * 1000L : 0;
                if (wasAfterGame && e.mode() != BroadcastDelayMode.AFTER_GAME) {
                    // what the after-the-game mode held is logged now, and the new mode (a fixed delay) gates it
                    for (Game g : games.values()) {
                        if (t.id.equals(g.tournamentId)) {
                            flushHeld(t, g);
                        }
                    }
                }
                publish(t, "broadcastDelay", 0, null, 0, fields("mode", e.mode().name(), "seconds", e.seconds()));
            }
            case TournamentEvent.RoundClosed e -> {
                t.roundMap.computeIfAbsent(e.round(), Round::new).closed = true;
                publish(t, "roundClosed", e.round(), null, 0, fields("round", e.round()));
            }
            default -> skipped++;
        }
    }

    private void pairings(Tournament t, int round, List<Board> boards, List<Bye> byes, String correction) {
        Round r = t.roundMap.computeIfAbsent(round, Round::new);
        r.boards = boards;
        r.byes = byes;
        List<Map<String, Object>> list = new ArrayList<>();
        for (Board b : boards) {
            list.add(fields("board", b.number(), "hall", hallOf(t, b), "white", b.white(), "black", b.black()));
        }
        publish(t, "pairings", round, null, 0, fields("round", round, "boards", list, "byes",
                byes.stream().map(b -> fields("playerId", b.playerId(), "kind", String.valueOf(b.kind()),
                        "points", b.points().toString())).toList(), "correction", correction));
    }

    private static String hallOf(Tournament t, Board b) {
        return b.hall() != null ? b.hall() : t.hallOf(b.number());
    }

    private void onMove(String gameId, MoveEvent event) {
        Game g = game(gameId);
        switch (event) {
            case MoveEvent.GameStarted e -> {
                g.tournamentId = e.tournamentId();
                g.round = e.round();
                g.board = e.board();
                g.white = e.whitePlayerId();
                g.black = e.blackPlayerId();
                g.initialFen = e.initialFen();
                g.startedAt = e.startedAt().toString();
                g.hall = e.hall();
                gamePublish(g, "gameStarted", fields("white", g.white, "black", g.black, "fen", g.initialFen));
                routeUnrouted(g);
            }
            case MoveEvent.MovePlayed e -> {
                factAt = e.playedAt().toEpochMilli();
                Long clock = null;
                if (e.clock() != null) {
                    clock = e.by() == Side.WHITE ? e.clock().whiteRemainingMillis() : e.clock().blackRemainingMillis();
                    g.whiteMillis = e.clock().whiteRemainingMillis();
                    g.blackMillis = e.clock().blackRemainingMillis();
                    g.running = e.by().opponent();
                    g.clockAt = e.playedAt().toEpochMilli();
                }
                while (!g.moves.isEmpty() && g.moves.get(g.moves.size() - 1).ply >= e.ply()) {
                    g.moves.remove(g.moves.size() - 1); // a replayed or re-made ply replaces the old one
                }
                // the clock service's %clk is authoritative, whichever topic was read first
                Long reading = g.clockByPly.get(e.ply());
                g.moves.add(new Move(e.ply(), e.by(), e.san(), e.uci(), e.fenAfter(), reading != null ? reading : clock,
                        factAt, e.clock() == null ? null : e.clock().whiteRemainingMillis(),
                        e.clock() == null ? null : e.clock().blackRemainingMillis()));
                gamePublish(g, "move", fields("ply", e.ply(), "side", e.by().name(), "san", e.san(), "uci", e.uci(),
                        "fen", e.fenAfter(), "at", e.playedAt().toEpochMilli(), "clock", clockFields(g)));
            }
            case MoveEvent.MovesTakenBack e -> {
                while (g.moves.size() > e.keptPlies()) {
                    g.moves.remove(g.moves.size() - 1);
                }
                Views.Notice notice = Notices.takeback(e);
                addNotice(g, notice);
                gamePublish(g, "takeback", fields("keptPlies", e.keptPlies(), "fen", e.fen(), "reason", e.reason(),
                        "article", e.article(), "text", text(notice)));
            }
            case MoveEvent.IllegalMoveRecorded e -> {
                Views.Notice notice = Notices.irregularity(e);
                addNotice(g, notice);
                gamePublish(g, "irregularity", fields("ply", e.ply(), "side", e.by().name(), "reason", e.reason(),
                        "article", e.article(), "stands", e.stands(), "text", text(notice)));
            }
            case MoveEvent.MoveSealed e -> {
                // FIDE 1997 8.1: the sealed move stays secret; spectators only learn the game was adjourned
                addNotice(g, Notices.adjourned());
                gamePublish(g, "adjourned", fields("side", e.by().name(), "text", text(Notices.adjourned())));
            }
            case MoveEvent.GameResumed e -> {
                addNotice(g, Notices.resumed());
                gamePublish(g, "resumed", fields("text", text(Notices.resumed())));
            }
            // the arbiter's corrected pairing reached this game before its first move: its players are the new ones
            case MoveEvent.PlayersCorrected e -> {
                g.white = e.whitePlayerId();
                g.black = e.blackPlayerId();
                Views.Notice notice = Notices.playersCorrected(e);
                addNotice(g, notice);
                gamePublish(g, "playersCorrected", fields("white", g.white, "black", g.black, "reason", e.reason(),
                        "text", text(notice)));
            }
            // C.04.2, C.04.3 (2017) F.6-F.7: the corrected pairing no longer has this game, which had not begun; it
            // leaves the round's boards and the round PGN and never gets a result
            case MoveEvent.GameCancelled e -> {
                Views.Notice notice = Notices.cancelled(e);
                g.cancelled = notice;
                g.running = null;
                addNotice(g, notice);
                gamePublish(g, "gameCancelled", fields("white", g.white, "black", g.black, "reason", e.reason(),
                        "cancelledBy", e.cancelledBy(), "article", e.article(), "text", text(notice)));
            }
            default -> skipped++;
        }
    }

    private void onClaim(String gameId, ClaimEvent event) {
        Game g = game(gameId);
        Map<String, Object> data = switch (event) {
            case ClaimEvent.DrawOffered e -> fields("kind", "drawOffered", "side", e.by().name(), "ply", e.ply());
            case ClaimEvent.DrawOfferDeclined e -> fields("kind", "drawDeclined", "side", e.by().name());
            case ClaimEvent.DrawAgreed e -> fields("kind", "drawAgreed", "ply", e.ply());
            case ClaimEvent.ClaimFiled e -> fields("kind", "claimFiled", "side", e.by().name(),
                    "claim", e.kind().name(), "ply", e.ply());
            case ClaimEvent.ClaimUpheld e -> fields("kind", "claimUpheld", "side", e.by().name(),
                    "claim", e.kind().name(), "article", e.article());
            case ClaimEvent.ClaimRejected e -> fields("kind", "claimRejected", "side", e.by().name(),
                    "claim", e.kind().name(), "reason", e.reason(), "article", e.article());
            case ClaimEvent.RulingIssued e -> fields("kind", "ruling", "ruling", e.kind().name(),
                    "article", e.article(), "details", e.details(), "side", e.side() == null ? null : e.side().name());
            case ClaimEvent.ClaimPostponed e -> fields("kind", "claimPostponed", "side", e.by().name(),
                    "claim", e.kind().name(), "article", e.article(),
                    "opponentBonusMillis", e.penalty().addedToOpponentMillis());
            case ClaimEvent.QuickplayIncrementGranted e -> fields("kind", "incrementGranted", "side", e.by().name(),
                    "incrementMillis", e.incrementMillis(), "article", e.article(),
                    "opponentBonusMillis", e.penalty().addedToOpponentMillis());
            case ClaimEvent.FlagFellDuringPostponedClaim e -> fields("kind", "flagDuringClaim", "side", e.side().name(),
                    "article", e.article());
            default -> null; // command rejections are not public
        };
        if (data == null) {
            skipped++;
            return;
        }
        Views.Notice notice = Notices.claim(event);
        data.put("text", text(notice));
        addNotice(g, notice);
        gamePublish(g, "claim", data);
    }

    private void onClock(ClockEvent event) {
        Game g = game(event.gameId());
        switch (event) {
            case ClockEvent.ClockStarted e -> setClock(g, e.whiteMillis(), e.blackMillis(), null, e.at());
            case ClockEvent.ClockSwitched e -> {
                long white = e.mover() == Side.WHITE ? e.remainingMillis() : e.opponentRemainingMillis();
                long black = e.mover() == Side.WHITE ? e.opponentRemainingMillis() : e.remainingMillis();
                setClock(g, white, black, e.mover().opponent(), e.at());
                int ply = e.mover() == Side.WHITE ? 2 * e.moveNumber() - 1 : 2 * e.moveNumber();
                g.clockByPly.put(ply, e.remainingMillis());
                for (Move m : g.moves) {
                    if (m.ply == ply && m.by == e.mover()) {
                        m.clockMillis = e.remainingMillis();
                    }
                }
            }
            case ClockEvent.ClockPaused e -> setClock(g, e.whiteMillis(), e.blackMillis(), null, e.at());
            case ClockEvent.ClockStopped e -> setClock(g, e.whiteMillis(), e.blackMillis(), null, e.at());
            case ClockEvent.GameAdjourned e -> setClock(g, e.whiteMillis(), e.blackMillis(), null, e.at());
            case ClockEvent.ClockResumed e -> setClock(g, g.whiteMillis, g.blackMillis, e.running(), e.at());
            case ClockEvent.SessionResumed e -> setClock(g, g.whiteMillis, g.blackMillis, e.running(), e.at());
            case ClockEvent.TimesSet e -> setClock(g, e.whiteMillis(), e.blackMillis(), e.sideToMove(), e.at());
            case ClockEvent.TimeAdded e -> setClock(g, e.side() == Side.WHITE ? e.remainingMillis() : g.whiteMillis,
                    e.side() == Side.BLACK ? e.remainingMillis() : g.blackMillis, g.running, e.at());
            case ClockEvent.TimeDeducted e -> setClock(g, e.side() == Side.WHITE ? e.remainingMillis() : g.whiteMillis,
                    e.side() == Side.BLACK ? e.remainingMillis() : g.blackMillis, g.running, e.at());
            case ClockEvent.FlagFell e -> {
                setClock(g, e.side() == Side.WHITE ? 0 : g.whiteMillis, e.side() == Side.BLACK ? 0 : g.blackMillis,
                        null, e.at());
                addNotice(g, Notices.flag(e.side()));
            }
            default -> {
                skipped++;
                return;
            }
        }
        gamePublish(g, "clock", clockFields(g));
    }

    private void setClock(Game g, long white, long black, Side running, long at) {
        g.whiteMillis = white;
        g.blackMillis = black;
        g.running = running;
        g.clockAt = at;
    }

    private void onResult(ResultEvent event) {
        Tournament t = tournament(event.tournamentId());
        Game g = game(event.gameId());
        Outcome outcome;
        switch (event) {
            case ResultEvent.GameEnded e -> {
                factAt = e.endedAt().toEpochMilli();
                outcome = new Outcome(e.gameId(), e.whitePlayerId(), e.blackPlayerId(), e.result(),
                        e.whiteHalfPoints(), e.blackHalfPoints(), e.reason().name(), factAt);
                if (g.tournamentId == null) {
                    g.tournamentId = e.tournamentId();
                    g.round = e.round();
                    g.board = e.board();
                    g.white = e.whitePlayerId();
                    g.black = e.blackPlayerId();
                }
            }
            case ResultEvent.ResultCorrected e -> {
                factAt = e.correctedAt().toEpochMilli();
                Outcome before = t.results.getOrDefault(e.round(), Map.of()).get(e.board());
                outcome = new Outcome(e.gameId(), before == null ? g.white : before.white(),
                        before == null ? g.black : before.black(), e.result(), e.whiteHalfPoints(),
                        e.blackHalfPoints(), "CORRECTED", factAt);
            }
        }
        int round = event instanceof ResultEvent.GameEnded e ? e.round() : ((ResultEvent.ResultCorrected) event).round();
        int board = event instanceof ResultEvent.GameEnded e ? e.board() : ((ResultEvent.ResultCorrected) event).board();
        t.results.computeIfAbsent(round, r -> new HashMap<>()).put(board, outcome);
        g.outcome = outcome;
        g.running = null;
        String hall = hallOf(t, g);
        routeUnrouted(g);
        flushHeld(t, g);
        publish(t, "result", round, hall, board, factAt, fields("gameId", event.gameId(), "round", round, "board", board,
                "hall", hall, "result", outcome.result().notation(), "pgnResult", Pgn.result(outcome),
                "reason", outcome.reason()));
    }

    private void onRating(RatingEvent event) {
        if (event instanceof RatingEvent.StandingsComputed e) {
            Tournament t = tournament(e.tournamentId());
            t.standings = e;
            keepStandings(t, e);
            publish(t, "standings", 0, null, 0, e.computedAt().toEpochMilli(), fields("afterRound", e.afterRound(), "tieBreaks", e.tieBreaks(),
                    "rows", e.rows().stream().map(r -> fields("rank", r.rank(), "startNumber", r.startNumber(),
                            "playerId", r.playerId(), "values", r.values())).toList()));
        } else {
            skipped++;
        }
    }

    private void gamePublish(Game g, String type, Map<String, Object> data) {
        route(g, new Held(type, data, factAt, !silent));
    }

    private void route(Game g, Held fact) {
        if (g.tournamentId == null) {
            g.unrouted.add(fact); // not started yet as far as the feed knows: logged once its start or end is read
            return;
        }
        Tournament t = tournament(g.tournamentId);
        String hall = hallOf(t, g);
        Map<String, Object> all = fields("gameId", g.id, "round", g.round, "board", g.board, "hall", hall);
        all.putAll(fact.data());
        if (t.delayMode == BroadcastDelayMode.AFTER_GAME && g.outcome == null && g.cancelled == null
                && !NEVER_HELD.contains(fact.type())) {
            g.held.add(new Held(fact.type(), all, fact.at(), fact.live())); // public once the game ends (flushHeld)
            return;
        }
        logHeld(t, g, new Held(fact.type(), all, fact.at(), fact.live()));
    }

    /** Routes what was read of a game before its tournament was known, in the order it was read. */
    private void routeUnrouted(Game g) {
        List<Held> early = List.copyOf(g.unrouted);
        g.unrouted.clear();
        early.forEach(fact -> route(g, fact));
    }

    /**
     * Logs a held fact. Its event is stored already only if both its record and the record releasing it were read
     * before the stored positions (both replayed): a held fact read live is logged even by a replayed record.
     */
    private void logHeld(Tournament t, Game g, Held h) {
        boolean replaying = silent;
        silent = replaying && !h.live();
        try {
            publish(t, h.type(), g.round, hallOf(t, g), g.board, h.at(), h.data());
        } finally {
            silent = replaying;
        }
    }

    /** Game events that tell nothing of the play, never held back: who plays where, a game that will not be played. */
    private static final java.util.Set<String> NEVER_HELD = java.util.Set.of("gameStarted", "playersCorrected",
            "gameCancelled");

    /** Logs what the after-the-game mode held back of a game, in the order it happened. */
    private void flushHeld(Tournament t, Game g) {
        for (Held h : g.held) {
            logHeld(t, g, h);
        }
        g.held.clear();
    }

    private void addNotice(Game g, Views.Notice notice) {
        g.notices.add(notice);
        g.noticeAt.add(factAt);
    }

    /**
     * Keeps the standings a delayed view may still need: under a fixed delay the newest one already old enough and
     * every younger one; otherwise only the newest.
     */
    private void keepStandings(Tournament t, RatingEvent.StandingsComputed e) {
        List<RatingEvent.StandingsComputed> history = t.standingsHistory;
        history.add(e);
        if (t.delayMode != BroadcastDelayMode.FIXED) {
            history.subList(0, history.size() - 1).clear();
            return;
        }
        long horizon = clock.millis() - t.delayMillis;
        int newestOld = -1;
        for (int i = 0; i < history.size(); i++) {
            if (history.get(i).computedAt().toEpochMilli() <= horizon) {
                newestOld = i;
            }
        }
        if (newestOld > 0) {
            history.subList(0, newestOld).clear();
        }
    }

    /** The hall the game service named, else the pairing's, else the tournament's board ranges (read late: any order). */
    private static String hallOf(Tournament t, Game g) {
        if (g.hall != null) {
            return g.hall;
        }
        Round r = t.roundMap.get(g.round);
        if (r != null) {
            for (Board b : r.boards) {
                if (b.number() == g.board && b.hall() != null) {
                    return b.hall();
                }
            }
        }
        return t.hallOf(g.board);
    }

    private Map<String, Object> clockFields(Game g) {
        if (g.whiteMillis < 0) {
            return null;
        }
        return fields("whiteMillis", g.whiteMillis, "blackMillis", g.blackMillis,
                "running", g.running == null ? null : g.running.name(), "at", g.clockAt);
    }

    private void publish(Tournament t, String type, int round, String hall, int board, Map<String, Object> data) {
        publish(t, type, round, hall, board, 0, data);
    }

    /** Logs a feed event; {@code at} is the instant of the game fact it tells (0: none), which a delay counts from. */
    private void publish(Tournament t, String type, int round, String hall, int board, long at,
                         Map<String, Object> data) {
        if (silent) {
            return;
        }
        String text;
        try {
            text = json.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write feed event " + type, e);
        }
        FeedEvent event = new FeedEvent(t.log.size() + 1L, type, round, hall, board, text, at);
        t.log.add(event);
        pending.add(new Logged(t.id, event));
    }

    private static Map<String, Object> text(Views.Notice notice) {
        return fields("en", notice.en(), "es", notice.es());
    }

    static Map<String, Object> fields(Object... keyValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put((String) keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

    // ---------------------------------------------------------------- subscribing

    /**
     * Registers {@code subscriber} and first hands it every logged event after {@code afterId} that matches its
     * filter (Last-Event-ID resume), with no cap on subscribers.
     */
    public void subscribe(String tournamentId, long afterId, Subscriber subscriber) {
        subscribe(tournamentId, afterId, subscriber, SubscriberLimits.NONE);
    }

    /**
     * Registers {@code subscriber} and first hands it every logged event after {@code afterId} that matches its
     * filter (Last-Event-ID resume). Under the lock only the checks, the caps and the registration: the backlog is
     * walked outside it (events released meanwhile wait in order behind it), so a subscription costs the writer
     * and the other readers nothing however long the tournament's log.
     *
     * @throws TooManySubscribers when the tournament or the feed has {@code limits} subscribers already
     */
    public void subscribe(String tournamentId, long afterId, Subscriber subscriber, SubscriberLimits limits) {
        CatchingUp catchingUp = new CatchingUp(subscriber);
        EventLog log;
        int upTo;
        synchronized (this) {
            Tournament t = known(tournamentId);
            int published = published(t);
            if (afterId < 0 || afterId > published) {
                throw new FeedFilter.BadRequest("Last-Event-ID", "'" + afterId + "' is not an event id of tournament "
                        + tournamentId + " (ids run 1.." + published + ")");
            }
            if (t.subscribers.size() >= limits.perTournament()) {
                throw new TooManySubscribers("tournament " + tournamentId + " has " + t.subscribers.size()
                        + " live subscribers, the most torneo.feed.max-subscribers-per-tournament allows ("
                        + limits.perTournament() + "); try again later, or poll /api/tournaments/" + tournamentId
                        + "/log", 10);
            }
            if (subscribers >= limits.total()) {
                throw new TooManySubscribers("the feed has " + subscribers + " live subscribers, the most "
                        + "torneo.feed.max-subscribers allows (" + limits.total() + "); try again later", 10);
            }
            t.subscribers.add(catchingUp);
            subscribers++;
            log = t.log;
            upTo = published;
        }
        FeedFilter filter = subscriber.filter();
        for (int i = (int) afterId; i < upTo; i++) {
            FeedEvent event = log.get(i);
            if (event.matches(filter)) {
                subscriber.deliver(event);
            }
        }
        catchingUp.goLive();
    }

    /** Live SSE subscribers of every tournament, read without the lock (a gauge may be a moment behind). */
    public int liveSubscribers() {
        return subscribers;
    }

    public void unsubscribe(String tournamentId, Subscriber subscriber) {
        synchronized (this) {
            Tournament t = tournaments.get(tournamentId);
            if (t != null && t.subscribers.removeIf(s -> s == subscriber
                    || s instanceof CatchingUp c && c.wraps(subscriber))) {
                subscribers--;
            }
        }
    }

    /** The id of the tournament's latest feed event (0 before any): pages start their stream after it. */
    public synchronized long lastEventId(String tournamentId) {
        return published(known(tournamentId));
    }

    public synchronized int subscriberCount() {
        return subscribers;
    }

    /** The events after {@code afterId} that match (REST polling form of the stream). */
    public List<FeedEvent> events(String tournamentId, long afterId, FeedFilter filter) {
        return events(tournamentId, afterId, filter, Integer.MAX_VALUE);
    }

    /**
     * At most {@code limit} events after {@code afterId} that match, in id order (a page of the REST polling form;
     * the next page is the one after the last id returned). The log is read outside the model's lock, up to what
     * was visible when asked.
     */
    public List<FeedEvent> events(String tournamentId, long afterId, FeedFilter filter, int limit) {
        EventLog log;
        int upTo;
        synchronized (this) {
            Tournament t = known(tournamentId);
            log = t.log;
            upTo = published(t);
        }
        List<FeedEvent> out = new ArrayList<>();
        for (int i = (int) Math.max(0, Math.min(afterId, upTo)); i < upTo && out.size() < limit; i++) {
            FeedEvent event = log.get(i);
            if (event.matches(filter)) {
                out.add(event);
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- reading

    /**
     * What the public may see of a tournament's games at one read: the broadcast delay applied to every view (moves
     * with their clocks, incidents, results, standings), so no route can show what the delay holds back.
     *
     * @param horizon under a fixed delay, the newest instant (epoch ms) a fact may have to be shown
     */
    private record Visibility(BroadcastDelayMode mode, long horizon) {
        static final Visibility ALL = new Visibility(BroadcastDelayMode.NONE, Long.MAX_VALUE);

        /** A fact of a game (a move, a clock, an incident) recorded at {@code at}. */
        boolean ofGameFact(Game g, long at) {
            return switch (mode) {
                case NONE -> true;
                case FIXED -> at <= horizon;
                // the moves are released with the game's end (whose result is public at once)
                case AFTER_GAME -> g.outcome != null || g.cancelled != null;
            };
        }

        /** A game's result: under a fixed delay once it is that old; otherwise at once. */
        boolean ofOutcome(Outcome o) {
            return o != null && (mode != BroadcastDelayMode.FIXED || o.at() <= horizon);
        }
    }

    private Visibility visibility(Tournament t) {
        return switch (t.delayMode) {
            case NONE -> Visibility.ALL;
            case FIXED -> new Visibility(BroadcastDelayMode.FIXED, clock.millis() - t.delayMillis);
            case AFTER_GAME -> new Visibility(BroadcastDelayMode.AFTER_GAME, Long.MAX_VALUE);
        };
    }

    /** The moves the public may see: the first ones, up to the first the delay holds back. */
    private static List<Move> visibleMoves(Game g, Visibility v) {
        if (v.mode() == BroadcastDelayMode.NONE) {
            return g.moves;
        }
        int n = 0;
        while (n < g.moves.size() && v.ofGameFact(g, g.moves.get(n).at)) {
            n++;
        }
        return g.moves.subList(0, n);
    }

    private static Outcome visibleOutcome(Outcome o, Visibility v) {
        return v.ofOutcome(o) ? o : null;
    }

    private Tournament known(String tournamentId) {
        Tournament t = tournaments.get(tournamentId);
        if (t == null) {
            throw new NotFound("no tournament '" + tournamentId + "'");
        }
        return t;
    }

    private Round knownRound(Tournament t, int round) {
        Round r = t.roundMap.get(round);
        if (r == null) {
            throw new NotFound("tournament '" + t.id + "' has no round " + round + " yet");
        }
        return r;
    }

    /**
     * SHA-256 over what the feed shows of a tournament (overview, rounds, games, standings, cards),
     * independent of the order in which the topics' records interleaved: a rebuilt model has the same.
     */
    public synchronized String digest(String tournamentId) {
        Tournament t = known(tournamentId);
        List<Object> parts = new ArrayList<>();
        parts.add(summary(t));
        for (int round : t.roundMap.keySet()) {
            parts.add(round(tournamentId, round, FeedFilter.ALL));
            parts.add(roundGames(tournamentId, round));
        }
        parts.add(standings(tournamentId));
        for (String player : t.players.keySet()) {
            parts.add(playerCard(tournamentId, player));
        }
        try {
            byte[] bytes = json.writeValueAsBytes(parts);
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (JsonProcessingException | java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot digest tournament " + tournamentId, e);
        }
    }

    public synchronized Views.FeedStats stats() {
        Map<String, Long> sizes = new TreeMap<>();
        tournaments.forEach((id, t) -> sizes.put(id, (long) published(t)));
        return new Views.FeedStats(applied, skipped, restored, sizes);
    }

    public synchronized List<Views.TournamentSummary> tournaments() {
        return tournaments.values().stream().map(this::summary).toList();
    }

    public synchronized Views.TournamentSummary tournamentSummary(String id) {
        return summary(known(id));
    }

    private Views.TournamentSummary summary(Tournament t) {
        Visibility v = visibility(t);
        int live = (int) games.values().stream()
                .filter(g -> t.id.equals(g.tournamentId) && !v.ofOutcome(g.outcome) && g.cancelled == null).count();
        return new Views.TournamentSummary(t.id, t.name, t.system, t.rounds, t.roundMap.size(), t.players.size(), live,
                t.halls.stream().map(h -> new Views.HallView(h.name(), h.firstBoard(), h.lastBoard())).toList(),
                t.tieBreaks);
    }

    public synchronized List<Views.PlayerView> players(String tournamentId) {
        return known(tournamentId).players.values().stream().map(FeedModel::playerView).toList();
    }

    private static Views.PlayerView playerView(Player p) {
        return new Views.PlayerView(p.id, p.name, p.rating, p.startNumber, p.withdrawn);
    }

    public synchronized Views.RoundView round(String tournamentId, int round, FeedFilter filter) {
        Tournament t = known(tournamentId);
        return roundView(t, knownRound(t, round), filter, roundGamesOf(t.id, round));
    }

    /**
     * A round's view from its games (one pass over the feed's games gives them, so a 2,500-board round costs no
     * search per board): the boards as last published with their results, the byes, the cancelled games.
     */
    private Views.RoundView roundView(Tournament t, Round r, FeedFilter filter, List<Game> roundGames) {
        int round = r.number;
        Map<Integer, Game> byBoard = new HashMap<>();
        for (Game g : roundGames) {
            if (g.cancelled == null) {
                byBoard.merge(g.board, g, (kept, other) -> kept.startedAt != null ? kept : other);
            }
        }
        Map<Integer, Outcome> outcomes = t.results.getOrDefault(round, Map.of());
        Visibility v = visibility(t);
        List<Views.BoardView> boards = new ArrayList<>();
        for (Board b : r.boards) {
            String hall = hallOf(t, b);
            if ((filter.hall() != null && !filter.hall().equals(hall))
                    || (filter.board() != null && filter.board() != b.number())) {
                continue;
            }
            Outcome outcome = visibleOutcome(outcomes.get(b.number()), v);
            Game g = byBoard.get(b.number());
            boards.add(new Views.BoardView(b.number(), hall, b.white(), name(t, b.white()), b.black(),
                    name(t, b.black()), g != null ? g.id : outcome != null ? outcome.gameId() : null,
                    outcome == null ? null : outcome.result().notation(), g != null && outcome == null,
                    g == null ? 0 : visibleMoves(g, v).size()));
        }
        List<Views.ByeView> byes = r.byes.stream().map(b -> new Views.ByeView(b.playerId(), name(t, b.playerId()),
                b.kind().name(), b.points().toString())).toList();
        List<Views.CancelledView> cancelled = new ArrayList<>();
        for (Game g : roundGames) {
            String hall = hallOf(t, g);
            if (g.cancelled == null || (filter.hall() != null && !filter.hall().equals(hall))
                    || (filter.board() != null && filter.board() != g.board)) {
                continue;
            }
            cancelled.add(new Views.CancelledView(g.board, hall, g.white, name(t, g.white), g.black, name(t, g.black),
                    g.id, g.cancelled));
        }
        return new Views.RoundView(t.id, round, r.closed, boards, byes, cancelled);
    }

    /**
     * Everything the printed lists and the hall screens read of a tournament, taken at once under the lock: the
     * overview, the players, every round with its results, the standings. One pass over the games, so a
     * 5,000-player tournament is a few milliseconds of the writer's time.
     */
    public Views.TournamentSheet sheet(String tournamentId) {
        return sheet(tournamentId, round -> true);
    }

    /** The rounds a sheet holds: all of them, one, only the latest, or none. */
    public enum SheetRounds {
        ALL, LATEST, NONE
    }

    /**
     * A {@link #sheet(String)} with only the rounds a list needs ({@code LATEST}: the latest paired, the one hall
     * screens show; {@code NONE}: for the player list and the standings), so a 5,000-player open's standings do not
     * pay for its 20,000 boards.
     */
    public synchronized Views.TournamentSheet sheet(String tournamentId, SheetRounds which) {
        Tournament t = known(tournamentId);
        int latest = t.roundMap.isEmpty() ? 0 : t.roundMap.lastKey();
        return sheet(tournamentId, round -> which == SheetRounds.ALL || which == SheetRounds.LATEST && round == latest);
    }

    /** A sheet with the rounds {@code wanted} accepts. */
    public synchronized Views.TournamentSheet sheet(String tournamentId, java.util.function.IntPredicate wanted) {
        Tournament t = known(tournamentId);
        Map<Integer, List<Game>> gamesByRound = new HashMap<>();
        for (Game g : games.values()) {
            if (t.id.equals(g.tournamentId) && wanted.test(g.round)) {
                gamesByRound.computeIfAbsent(g.round, r -> new ArrayList<>()).add(g);
            }
        }
        List<Views.RoundView> rounds = new ArrayList<>();
        for (Round r : t.roundMap.values()) {
            if (wanted.test(r.number)) {
                rounds.add(roundView(t, r, FeedFilter.ALL, gamesByRound.getOrDefault(r.number, List.of())));
            }
        }
        return new Views.TournamentSheet(summary(t), players(tournamentId), rounds, standings(tournamentId),
                published(t));
    }

    private static String name(Tournament t, String playerId) {
        Player p = t.players.get(playerId);
        return p == null ? playerId : p.name;
    }

    private Game findGame(String tournamentId, int round, int board) {
        Game found = null;
        for (Game g : games.values()) {
            if (tournamentId.equals(g.tournamentId) && g.round == round && g.board == board && g.cancelled == null
                    && (found == null || g.startedAt != null)) {
                found = g;
            }
        }
        return found;
    }

    public synchronized Views.GameView gameView(String gameId) {
        Game g = games.get(gameId);
        if (g == null || g.tournamentId == null) {
            throw new NotFound("no game '" + gameId + "'");
        }
        return gameView(g);
    }

    private Views.GameView gameView(Game g) {
        Tournament t = tournament(g.tournamentId);
        Visibility v = visibility(t);
        List<Move> shown = visibleMoves(g, v);
        Outcome outcome = visibleOutcome(g.outcome, v);
        List<Views.MoveView> moves = shown.stream().map(m -> new Views.MoveView(m.ply, m.by.name(), m.san, m.uci,
                m.fen, m.clockMillis)).toList();
        Views.ClockView clock;
        if (v.mode() == BroadcastDelayMode.NONE || (shown.size() == g.moves.size() && (outcome != null
                || v.mode() == BroadcastDelayMode.FIXED && g.clockAt <= v.horizon()))) {
            clock = g.whiteMillis < 0 ? null : new Views.ClockView(g.whiteMillis, g.blackMillis,
                    g.running == null ? null : g.running.name(), g.clockAt);
        } else {
            // held back: the clocks as the last move shown recorded them, stopped (a running clock would tell the time)
            Move last = shown.isEmpty() ? null : shown.get(shown.size() - 1);
            clock = last == null || last.whiteMillis == null ? null
                    : new Views.ClockView(last.whiteMillis, last.blackMillis, null, last.at);
        }
        List<Views.Notice> notices = new ArrayList<>();
        for (int i = 0; i < g.notices.size(); i++) {
            if (v.ofGameFact(g, g.noticeAt.get(i))) {
                notices.add(g.notices.get(i));
            }
        }
        String fen = shown.isEmpty() ? g.initialFen : shown.get(shown.size() - 1).fen;
        Player white = t.players.get(g.white);
        Player black = t.players.get(g.black);
        return new Views.GameView(g.id, t.id, t.name, g.round, g.board, hallOf(t, g), g.white, name(t, g.white),
                white == null ? 0 : white.rating, g.black, name(t, g.black), black == null ? 0 : black.rating,
                g.initialFen, fen, moves, clock, outcome == null ? null : outcome.result().notation(),
                Pgn.result(outcome), outcome == null ? null : outcome.reason(), g.startedAt,
                List.copyOf(notices), g.cancelled);
    }

    /**
     * The games of a round in board order (those paired and those started), for the round PGN: a game a pairing
     * correction cancelled is not a game of the round (never played, no result) and is left out.
     */
    public synchronized List<Views.GameView> roundGames(String tournamentId, int round) {
        Tournament t = known(tournamentId);
        knownRound(t, round);
        return roundGamesOf(tournamentId, round).stream().filter(g -> g.cancelled == null).map(this::gameView)
                .toList();
    }

    private List<Game> roundGamesOf(String tournamentId, int round) {
        return games.values().stream()
                .filter(g -> tournamentId.equals(g.tournamentId) && g.round == round)
                .sorted(Comparator.comparingInt((Game g) -> g.board).thenComparing(g -> g.id))
                .toList();
    }

    public synchronized Views.StandingsView standings(String tournamentId) {
        Tournament t = known(tournamentId);
        Visibility v = visibility(t);
        RatingEvent.StandingsComputed s = null;
        for (RatingEvent.StandingsComputed kept : t.standingsHistory) {
            if (v.mode() != BroadcastDelayMode.FIXED || kept.computedAt().toEpochMilli() <= v.horizon()) {
                s = kept; // the newest the delay lets through
            }
        }
        if (s != null) {
            return new Views.StandingsView(t.id, "rating", s.afterRound(), s.tieBreaks(), s.rows().stream()
                    .map(r -> new Views.StandingLine(r.rank(), r.startNumber(), r.playerId(), name(t, r.playerId()),
                            r.values())).toList());
        }
        // provisional: points from the results and byes seen so far, until the rating service publishes
        Map<String, Integer> halves = new LinkedHashMap<>();
        t.players.keySet().forEach(p -> halves.put(p, 0));
        int lastRound = 0;
        for (var round : t.results.entrySet()) {
            lastRound = Math.max(lastRound, round.getKey());
            for (Outcome o : round.getValue().values()) {
                if (!v.ofOutcome(o)) {
                    continue;
                }
                halves.merge(o.white(), o.whiteHalves(), Integer::sum);
                halves.merge(o.black(), o.blackHalves(), Integer::sum);
            }
        }
        for (Round r : t.roundMap.values()) {
            for (Bye b : r.byes) {
                halves.merge(b.playerId(), b.points().halves(), Integer::sum);
            }
        }
        List<Map.Entry<String, Integer>> sorted = new ArrayList<>(halves.entrySet());
        sorted.sort(Map.Entry.<String, Integer>comparingByValue().reversed());
        List<Views.StandingLine> rows = new ArrayList<>();
        int rank = 0;
        int previous = Integer.MIN_VALUE;
        for (int i = 0; i < sorted.size(); i++) {
            var e = sorted.get(i);
            if (e.getValue() != previous) {
                rank = i + 1;
                previous = e.getValue();
            }
            Player p = t.players.get(e.getKey());
            rows.add(new Views.StandingLine(rank, p == null ? null : p.startNumber, e.getKey(), name(t, e.getKey()),
                    List.of(new Score(e.getValue()).toString())));
        }
        return new Views.StandingsView(t.id, "provisional", lastRound, List.of("PTS"), rows);
    }

    public synchronized Views.PlayerCard playerCard(String tournamentId, String playerId) {
        Tournament t = known(tournamentId);
        Player p = t.players.get(playerId);
        if (p == null) {
            throw new NotFound("tournament '" + tournamentId + "' has no player '" + playerId + "'");
        }
        List<Views.CardRound> rounds = new ArrayList<>();
        int total = 0;
        for (Round r : t.roundMap.values()) {
            for (Board b : r.boards) {
                if (!b.involves(playerId)) {
                    continue;
                }
                boolean white = b.white().equals(playerId);
                String opponent = white ? b.black() : b.white();
                Outcome o = visibleOutcome(t.results.getOrDefault(r.number, Map.of()).get(b.number()), visibility(t));
                String points = null;
                if (o != null) {
                    int h = white ? o.whiteHalves() : o.blackHalves();
                    total += h;
                    points = new Score(h).toString();
                }
                Game g = findGame(t.id, r.number, b.number());
                rounds.add(new Views.CardRound(r.number, white ? "white" : "black", opponent, name(t, opponent),
                        o == null ? null : o.result().notation(), points, b.number(), g == null ? null : g.id));
            }
            for (Bye b : r.byes) {
                if (b.playerId().equals(playerId)) {
                    total += b.points().halves();
                    rounds.add(new Views.CardRound(r.number, null, null, null, b.kind().name(),
                            b.points().toString(), null, null));
                }
            }
        }
        return new Views.PlayerCard(t.id, playerView(p), new Score(total).toString(), rounds);
    }
}

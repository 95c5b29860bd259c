package org.torneo.feed.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.torneo.contracts.Side;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.tournament.BroadcastDelayMode;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.Hall;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * What the feed keeps of every stream, and how a fact becomes a feed event: the tournaments (players, rounds,
 * results, standings, their event log and its public frontier) and the games (moves, clocks, notices). One instance
 * per {@link FeedModel}, read and written only under the model's lock; the facts ({@link TournamentFacts},
 * {@link GameFacts}, {@link ResultFacts}) write it and the views ({@link GameViews}, {@link RoundViews},
 * {@link StandingsViews}, {@link TournamentViews}) read it.
 */
final class FeedState {

    final ObjectMapper json = new ObjectMapper();
    /** The feed's clock: a broadcast delay is measured against it (tests move it). */
    final java.time.Clock clock;
    /** The recorded instant (epoch ms) of the fact being applied: the move's, the result's, else the record's. */
    long factAt;
    final Map<String, Tournament> tournaments = new TreeMap<>();
    final Map<String, Game> games = new HashMap<>();
    /** Events staged since the last release: logged, not yet visible (not yet stored). */
    final List<FeedModel.Logged> pending = new ArrayList<>();
    /** True while re-deriving state from records whose feed events were restored from the store. */
    boolean silent;
    /**
     * True while a reader starting over has not read the tournament stream to its end (FeedModel.awaitDelaySettings):
     * a broadcast delay set before the start may still come, after the facts it holds back (the topics interleave in
     * any order on a re-read). Meanwhile the games' facts wait unlogged ({@link Game#unrouted}), the rating
     * standings are all kept, and the public is held to the delay the store told ({@link Tournament#knownDelayMode}),
     * else shown nothing of the games.
     */
    boolean awaitingDelays;
    /** The games whose facts wait for the delay settings, in the order their first one was read. */
    final List<Game> awaitingGames = new ArrayList<>();
    /**
     * The restored events of each game by type ("gameId\ntype") that the re-read has not derived again yet: a game's
     * events are logged unless the store had them (GameFacts.log), whether their records are replayed or not.
     */
    final Map<String, Integer> restoredGameEvents = new HashMap<>();
    long applied;
    long skipped;
    long restored;

    FeedState(java.time.Clock clock) {
        this.clock = java.util.Objects.requireNonNull(clock, "clock");
    }

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
        /** The organiser's broadcast delay (tournament.BroadcastDelaySet) as read so far. */
        BroadcastDelayMode delayMode = BroadcastDelayMode.NONE;
        long delayMillis;
        /**
         * The newest broadcast delay known while the delay settings are awaited: the store's (its log holds the
         * tournament stream up to the stored positions: its last {@code broadcastDelay} event, else none) or one read
         * after the stored positions; null when neither told anything (FeedState.visibility).
         */
        BroadcastDelayMode knownDelayMode;
        long knownDelayMillis;
        /**
         * The rating service's standings still needed under a fixed delay (the newest one old enough and those
         * younger), else only the newest.
         */
        final List<RatingEvent.StandingsComputed> standingsHistory = new ArrayList<>();
        final List<FeedModel.Subscriber> subscribers = new CopyOnWriteArrayList<>();

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
        /** Checked in before round 1 (tournament.PlayerCheckedIn; a cancelled check-in clears it). */
        boolean checkedIn;
        String title = "";
        String federation = "";

        Player(String id) {
            this.id = id;
            this.name = id;
        }
    }

    static final class Round {
        final int number;
        List<Board> boards = List.of();
        List<Bye> byes = List.of();
        /** Its pairing was read (not only its closing): its boards' halls are known. */
        boolean paired;
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
     * A game fact held back: in the after-the-game mode until the game ends, or until the feed knows where the game is
     * played.
     */
    record Held(String type, Map<String, Object> data, long at) {
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
        String initialFen = FeedModel.STANDARD_FEN;
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
         * Its clock's, claims' and results' events read before the feed knew where the game is played (other topics: a
         * reader catching up may get them first), logged once it knows (GameFacts.located).
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

    // ---------------------------------------------------------------- the log and its public frontier

    /** Moves the tournament's public frontier as far as the delay allows and delivers what it passed. */
    void advance(Tournament t) {
        int upTo = t.visible;
        Visibility v = visibility(t);
        if (v.mode() == BroadcastDelayMode.FIXED) {
            upTo = t.published;
            while (upTo < t.visible && t.log.get(upTo).at() <= v.horizon()) {
                upTo++;
            }
        }
        for (int i = t.published; i < upTo; i++) {
            FeedEvent event = t.log.get(i);
            for (FeedModel.Subscriber s : t.subscribers) {
                if (event.matches(s.filter())) {
                    s.deliver(event);
                }
            }
        }
        t.published = Math.max(t.published, upTo);
    }

    /** The public frontier of a tournament now (the lock held): events 1..this may be shown. */
    int published(Tournament t) {
        advance(t);
        return t.published;
    }

    // ---------------------------------------------------------------- restored game events

    private static final String GAME_EVENT = "{\"gameId\":\"";

    /**
     * Counts a restored event if it is a game's (every game event's data starts with its game's id); a tournament's
     * frame or delay tells the delay as of the stored positions.
     */
    void restored(Tournament t, FeedEvent event) {
        String json = event.json();
        if (event.type().equals("tournament") && t.knownDelayMode == null) {
            knownDelay(t, BroadcastDelayMode.NONE, 0);
        } else if (event.type().equals("broadcastDelay")) {
            try {
                com.fasterxml.jackson.databind.JsonNode delay = this.json.readTree(json);
                knownDelay(t, BroadcastDelayMode.valueOf(delay.get("mode").asText()), delay.get("seconds").asLong());
            } catch (JsonProcessingException | RuntimeException e) {
                throw new IllegalStateException("stored feed event " + event.id() + " is not a broadcast delay: "
                        + e.getMessage(), e);
            }
        }
        if (!json.startsWith(GAME_EVENT)) {
            return;
        }
        String gameId = json.substring(GAME_EVENT.length(), json.indexOf('"', GAME_EVENT.length()));
        if (gameId.indexOf('\\') >= 0) {
            try {
                gameId = this.json.readTree(json).get("gameId").asText(); // an escaped character in the id
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("stored feed event " + event.id() + " is not JSON: " + e.getMessage(), e);
            }
        }
        restoredGameEvents.merge(gameId + "\n" + event.type(), 1, Integer::sum);
    }

    /** Whether the game's next event of this type is one the store gave back (then counted as derived again). */
    boolean restoredOnce(String gameId, String type) {
        if (restoredGameEvents.isEmpty()) {
            return false;
        }
        String key = gameId + "\n" + type;
        Integer left = restoredGameEvents.get(key);
        if (left == null) {
            return false;
        }
        if (left == 1) {
            restoredGameEvents.remove(key);
        } else {
            restoredGameEvents.put(key, left - 1);
        }
        return true;
    }

    // ---------------------------------------------------------------- finding

    Tournament tournament(String id) {
        return tournaments.computeIfAbsent(id, Tournament::new);
    }

    Player player(Tournament t, String id) {
        return t.players.computeIfAbsent(id, Player::new);
    }

    Game game(String id) {
        return games.computeIfAbsent(id, Game::new);
    }

    Tournament known(String tournamentId) {
        Tournament t = tournaments.get(tournamentId);
        if (t == null) {
            throw new FeedModel.NotFound("no tournament '" + tournamentId + "'");
        }
        return t;
    }

    Round knownRound(Tournament t, int round) {
        Round r = t.roundMap.get(round);
        if (r == null) {
            throw new FeedModel.NotFound("tournament '" + t.id + "' has no round " + round + " yet");
        }
        return r;
    }

    static String hallOf(Tournament t, Board b) {
        return b.hall() != null ? b.hall() : t.hallOf(b.number());
    }

    /** The hall the game service named, else the pairing's, else the tournament's board ranges (read late: any order). */
    static String hallOf(Tournament t, Game g) {
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

    static String name(Tournament t, String playerId) {
        Player p = t.players.get(playerId);
        return p == null ? playerId : p.name;
    }

    /**
     * What the public may see of the tournament's games now (its broadcast delay against the feed's clock). While the
     * delay settings are awaited (a reader starting over), the newest delay known (the store's or one read live since),
     * else nothing of the games: the setting read so far may be older than one still to come.
     */
    Visibility visibility(Tournament t) {
        if (!awaitingDelays) {
            return Visibility.of(t.delayMode, t.delayMillis, clock.millis());
        }
        return t.knownDelayMode == null ? Visibility.NOTHING_YET
                : Visibility.of(t.knownDelayMode, t.knownDelayMillis, clock.millis());
    }

    /** A delay setting known to be the newest so far (restored from the store, or read after the stored positions). */
    void knownDelay(Tournament t, BroadcastDelayMode mode, long seconds) {
        t.knownDelayMode = mode;
        t.knownDelayMillis = mode == BroadcastDelayMode.FIXED ? seconds * 1000L : 0;
    }

    // ---------------------------------------------------------------- publishing

    void publish(Tournament t, String type, int round, String hall, int board, Map<String, Object> data) {
        publish(t, type, round, hall, board, 0, data);
    }

    /** Logs a feed event; {@code at} is the instant of the game fact it tells (0: none), which a delay counts from. */
    void publish(Tournament t, String type, int round, String hall, int board, long at,
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
        pending.add(new FeedModel.Logged(t.id, event));
    }

    static Map<String, Object> text(Views.Notice notice) {
        return fields("en", notice.en(), "es", notice.es());
    }

    static Map<String, Object> fields(Object... keyValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put((String) keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

}

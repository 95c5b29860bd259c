package org.torneo.feed.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.torneo.contracts.Envelope;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.feed.core.FeedState.Tournament;

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
 * fixed delay, measured on the fact's recorded instant against the model's clock, or a game's moves until it ended; the
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

    /** A feed event with the tournament it belongs to, as stored (store.FeedStore). */
    public record Logged(String tournamentId, FeedEvent event) {
    }

    /** An id the feed does not know: becomes a 404 with a JSON message. */
    public static final class NotFound extends RuntimeException {
        public NotFound(String message) {
            super(message);
        }
    }

    /** The feed's state: every stream's facts, the tournaments' logs (one lock: this model's). */
    private final FeedState s;
    private final GameFacts gameFacts;
    private final TournamentFacts tournamentFacts;
    private final ResultFacts resultFacts;
    private final GameViews gameViews;
    private final RoundViews roundViews;
    private final StandingsViews standingsViews;
    private final TournamentViews tournamentViews;
    /** Counts resets: a batch taken before one is never released after it. */
    private long generation;
    /** Live subscribers of every tournament (the total the caps count); written under the lock. */
    private volatile int subscribers;

    /** A model whose broadcast delays are measured against {@code clock} (the service passes the system's). */
    public FeedModel(java.time.Clock clock) {
        this.s = new FeedState(clock);
        this.gameFacts = new GameFacts(s);
        this.tournamentFacts = new TournamentFacts(s, gameFacts);
        this.resultFacts = new ResultFacts(s, gameFacts);
        this.gameViews = new GameViews(s);
        this.roundViews = new RoundViews(s, gameViews);
        this.standingsViews = new StandingsViews(s, gameViews);
        this.tournamentViews = new TournamentViews(s, gameViews, roundViews, standingsViews);
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
     * (games, rounds, standings) follows, no event is logged again and no id is assigned. A game's event the store does
     * not have is logged even so: the last reader read the topics in another order and held it (its game's place not
     * yet known, or the after-the-game mode), so its record is before the stored positions and its event is not stored.
     */
    public synchronized void replay(Envelope envelope) {
        s.silent = true;
        try {
            dispatch(envelope);
        } finally {
            s.silent = false;
        }
    }

    /** Puts back one stored feed event with its id; a tournament's events must come in id order, no gap. */
    public synchronized void restore(String tournamentId, FeedEvent event) {
        Tournament t = s.tournament(tournamentId);
        if (event.id() != t.log.size() + 1L) {
            throw new IllegalStateException("stored feed events of tournament " + tournamentId + " jump from id "
                    + t.log.size() + " to " + event.id());
        }
        t.log.add(event);
        t.visible = t.log.size();
        s.restored(t, event);
        s.restored++;
    }

    /** The events staged and not yet taken, in the order they were logged. */
    public synchronized List<Logged> pending() {
        return List.copyOf(s.pending);
    }

    /**
     * Takes the staged events (they stay hidden) so they can be stored while the writer goes on staging
     * the next ones; {@link #release(Staged)} shows them once stored. Batches must be released in the
     * order they were taken.
     */
    public synchronized Staged takeStaged() {
        Staged staged = new Staged(generation, List.copyOf(s.pending));
        s.pending.clear();
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
            Tournament t = s.tournaments.get(logged.tournamentId());
            t.visible = (int) logged.event().id();
            touched.add(t);
        }
        touched.forEach(s::advance);
    }

    /**
     * Hands the public the stored events a broadcast delay no longer holds back (the feed's ticker calls it every
     * second): under a fixed delay an event is released once its fact is that old, in id order (an event waits for
     * the ones before it, so a Last-Event-ID resume misses nothing).
     */
    public synchronized void releaseDue() {
        s.tournaments.values().forEach(s::advance);
    }

    /**
     * A reader starting over calls this before it restores the store: until {@link #delaySettingsRead()} a broadcast
     * delay set before the start may still be read after the facts it holds back (the topics interleave in any order
     * on a re-read, and the store's events come back before any record). Meanwhile the games' facts wait unlogged,
     * and the public is held to the newest delay known (the store's last setting, or one read since), else shown
     * nothing of the games.
     */
    public synchronized void awaitDelaySettings() {
        s.awaitingDelays = true;
    }

    /**
     * The reader has read the tournament stream to where it ended at the start: every delay set before is known. The
     * games' waiting facts are logged under it (staged: the reader stores them with its next positions), in the order
     * read, each game's as the natural order would (held until the game ends in the after-the-game mode; a fixed
     * delay gates them by their instants); the rating standings no delayed view needs are dropped.
     */
    public synchronized void delaySettingsRead() {
        if (!s.awaitingDelays) {
            return;
        }
        s.awaitingDelays = false;
        List<FeedState.Game> waiting = List.copyOf(s.awaitingGames);
        s.awaitingGames.clear();
        waiting.forEach(gameFacts::routeUnrouted);
        s.tournaments.values().forEach(resultFacts::trimStandings);
        s.tournaments.values().forEach(s::advance);
    }

    /** Whether the delay settings are awaited ({@link #awaitDelaySettings()}). */
    public synchronized boolean awaitingDelaySettings() {
        return s.awaitingDelays;
    }

    /** Forgets everything (the reader starts over from the store and the topics); subscribers are disconnected. */
    public synchronized void reset(String reason) {
        for (Tournament t : s.tournaments.values()) {
            for (Subscriber subscriber : t.subscribers) {
                subscriber.disconnect(reason);
            }
        }
        s.tournaments.clear();
        subscribers = 0;
        s.games.clear();
        s.restoredGameEvents.clear();
        s.awaitingDelays = false;
        s.awaitingGames.clear();
        s.pending.clear();
        generation++;
        s.applied = 0;
        s.skipped = 0;
        s.restored = 0;
    }

    private void dispatch(Envelope envelope) {
        s.applied++;
        s.factAt = envelope.occurredAt().toEpochMilli();
        switch (envelope.payload()) {
            case TournamentEvent e -> tournamentFacts.onTournament(e);
            case MoveEvent e -> gameFacts.onMove(envelope.aggregateId(), e);
            case ClaimEvent e -> gameFacts.onClaim(envelope.aggregateId(), e);
            case ClockEvent e -> gameFacts.onClock(e);
            case ResultEvent e -> resultFacts.onResult(e);
            case RatingEvent e -> resultFacts.onRating(e);
            default -> s.skipped++;
        }
    }

    /** Counts a record that could not be decoded (the reader dead-letters it). */
    public synchronized void skip() {
        s.skipped++;
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
            Tournament t = s.known(tournamentId);
            int published = s.published(t);
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
            Tournament t = s.tournaments.get(tournamentId);
            if (t != null && t.subscribers.removeIf(kept -> kept == subscriber
                    || kept instanceof CatchingUp c && c.wraps(subscriber))) {
                subscribers--;
            }
        }
    }

    /** The id of the tournament's latest feed event (0 before any): pages start their stream after it. */
    public synchronized long lastEventId(String tournamentId) {
        return s.published(s.known(tournamentId));
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
            Tournament t = s.known(tournamentId);
            log = t.log;
            upTo = s.published(t);
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

    // ---------------------------------------------------------------- reading (each view under the model's lock)

    /**
     * SHA-256 over what the feed shows of a tournament (overview, rounds, games, standings, cards),
     * independent of the order in which the topics' records interleaved: a rebuilt model has the same.
     */
    public synchronized String digest(String tournamentId) {
        return tournamentViews.digest(tournamentId);
    }

    public synchronized Views.FeedStats stats() {
        Map<String, Long> sizes = new TreeMap<>();
        s.tournaments.forEach((id, t) -> sizes.put(id, (long) s.published(t)));
        return new Views.FeedStats(s.applied, s.skipped, s.restored, sizes);
    }

    public synchronized List<Views.TournamentSummary> tournaments() {
        return s.tournaments.values().stream().map(tournamentViews::summary).toList();
    }

    public synchronized Views.TournamentSummary tournamentSummary(String id) {
        return tournamentViews.summary(s.known(id));
    }

    public synchronized List<Views.PlayerView> players(String tournamentId) {
        return standingsViews.players(tournamentId);
    }

    public synchronized Views.RoundView round(String tournamentId, int round, FeedFilter filter) {
        return roundViews.round(tournamentId, round, filter);
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
        Tournament t = s.known(tournamentId);
        int latest = t.roundMap.isEmpty() ? 0 : t.roundMap.lastKey();
        return sheet(tournamentId, round -> which == SheetRounds.ALL || which == SheetRounds.LATEST && round == latest);
    }

    /** A sheet with the rounds {@code wanted} accepts. */
    public synchronized Views.TournamentSheet sheet(String tournamentId, java.util.function.IntPredicate wanted) {
        return tournamentViews.sheet(tournamentId, wanted);
    }

    public synchronized Views.GameView gameView(String gameId) {
        return gameViews.gameView(gameId);
    }

    /**
     * The games of a round in board order (those paired and those started), for the round PGN: a game a pairing
     * correction cancelled is not a game of the round (never played, no result) and is left out.
     */
    public synchronized List<Views.GameView> roundGames(String tournamentId, int round) {
        return gameViews.roundGames(tournamentId, round);
    }

    public synchronized Views.StandingsView standings(String tournamentId) {
        return standingsViews.standings(tournamentId);
    }

    public synchronized Views.PlayerCard playerCard(String tournamentId, String playerId) {
        return standingsViews.playerCard(tournamentId, playerId);
    }

}

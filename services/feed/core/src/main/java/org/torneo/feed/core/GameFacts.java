package org.torneo.feed.core;

import static org.torneo.feed.core.FeedState.fields;
import static org.torneo.feed.core.FeedState.hallOf;
import static org.torneo.feed.core.FeedState.name;
import static org.torneo.feed.core.FeedState.text;

import java.util.List;
import java.util.Map;

import org.torneo.contracts.Side;
import org.torneo.contracts.clock.ClockEvent;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.tournament.BroadcastDelayMode;
import org.torneo.feed.core.FeedState.Game;
import org.torneo.feed.core.FeedState.Held;
import org.torneo.feed.core.FeedState.Move;
import org.torneo.feed.core.FeedState.Tournament;

/**
 * The facts of one game as the feed tells them: moves with their clocks, takebacks, irregularities, adjournment and
 * resumption, corrected players, cancellation, the claims and draw offers (not the refused commands), and the clock
 * service's readings. In the after-the-game broadcast mode a game's facts wait until it ends ({@link #flushHeld}).
 */
final class GameFacts {

    private final FeedState s;

    GameFacts(FeedState s) {
        this.s = s;
    }

    /** What a game tells the public: its start, moves (with clocks), takebacks, irregularities, adjournment. */
    void onMove(String gameId, MoveEvent event) {
        Game g = s.game(gameId);
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
            case MoveEvent.MovePlayed e -> played(g, e);
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
            default -> s.skipped++;
        }
    }

    /** A move: the clocks it recorded, the %clk the clock service gave for its ply, the feed event. */
    private void played(Game g, MoveEvent.MovePlayed e) {
        s.factAt = e.playedAt().toEpochMilli();
        Long clock = null;
        if (e.clock() != null) {
            clock = e.by() == Side.WHITE ? e.clock().whiteRemainingMillis() : e.clock().blackRemainingMillis();
            // the newest reading wins, whichever topic was read first; at the same instant the clock service's
            if (e.playedAt().toEpochMilli() > g.clockAt) {
                g.whiteMillis = e.clock().whiteRemainingMillis();
                g.blackMillis = e.clock().blackRemainingMillis();
                g.running = g.outcome == null ? e.by().opponent() : null;
                g.clockAt = e.playedAt().toEpochMilli();
            }
        }
        while (!g.moves.isEmpty() && g.moves.get(g.moves.size() - 1).ply >= e.ply()) {
            g.moves.remove(g.moves.size() - 1); // a replayed or re-made ply replaces the old one
        }
        // the clock service's %clk is authoritative, whichever topic was read first
        Long reading = g.clockByPly.get(e.ply());
        g.moves.add(new Move(e.ply(), e.by(), e.san(), e.uci(), e.fenAfter(), reading != null ? reading : clock,
                s.factAt, e.clock() == null ? null : e.clock().whiteRemainingMillis(),
                e.clock() == null ? null : e.clock().blackRemainingMillis()));
        gamePublish(g, "move", fields("ply", e.ply(), "side", e.by().name(), "san", e.san(), "uci", e.uci(),
                "fen", e.fenAfter(), "at", e.playedAt().toEpochMilli(), "clock", clockFields(g)));
    }

    void onClaim(String gameId, ClaimEvent event) {
        Game g = s.game(gameId);
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
            s.skipped++;
            return;
        }
        Views.Notice notice = Notices.claim(event);
        data.put("text", text(notice));
        addNotice(g, notice);
        gamePublish(g, "claim", data);
    }

    void onClock(ClockEvent event) {
        Game g = s.game(event.gameId());
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
                s.skipped++;
                return;
            }
        }
        gamePublish(g, "clock", reading);
    }

    /** The reading of the clock event being applied (its event tells it even when a newer one was read first). */
    private Map<String, Object> reading;

    /**
     * The clock service's reading, unless a newer one was read already (a move's, read first from another topic): the
     * game's clocks are the newest reading whatever the read order; a finished game's clock does not run.
     */
    private void setClock(Game g, long white, long black, Side running, long at) {
        reading = fields("whiteMillis", white, "blackMillis", black, "running", running == null ? null : running.name(),
                "at", at);
        if (at < g.clockAt) {
            return;
        }
        g.whiteMillis = white;
        g.blackMillis = black;
        g.running = g.outcome == null ? running : null;
        g.clockAt = at;
    }

    private void gamePublish(Game g, String type, Map<String, Object> data) {
        route(g, new Held(type, data, s.factAt));
    }

    private void route(Game g, Held fact) {
        if (s.awaitingDelays) {
            // logged once the tournament's broadcast delay is known (FeedModel.delaySettingsRead)
            if (g.unrouted.isEmpty()) {
                s.awaitingGames.add(g);
            }
            g.unrouted.add(fact);
            return;
        }
        if (!located(g)) {
            g.unrouted.add(fact); // logged once the feed knows where the game is played (routeUnrouted)
            return;
        }
        Tournament t = s.tournament(g.tournamentId);
        String hall = hallOf(t, g);
        Map<String, Object> all = fields("gameId", g.id, "round", g.round, "board", g.board, "hall", hall);
        all.putAll(fact.data());
        if (t.delayMode == BroadcastDelayMode.AFTER_GAME && g.outcome == null && g.cancelled == null
                && !NEVER_HELD.contains(fact.type())) {
            g.held.add(new Held(fact.type(), all, fact.at())); // public once the game ends (flushHeld)
            return;
        }
        log(t, g, new Held(fact.type(), all, fact.at()));
    }

    /**
     * Whether the feed knows a game's tournament, round, board and hall as it would in any read order: once its start is
     * read (the hall the game service named, which is its pairing's), or its end (tournament, round, board) and its
     * round's pairing (the board's hall, else the tournament's board ranges, read before on the same stream). The
     * topics interleave differently on every read (a reader starting over after a broker failure): a game's clock,
     * claims or result read before both would otherwise be keyed without its hall.
     */
    boolean located(Game g) {
        if (g.tournamentId == null) {
            return false;
        }
        if (g.startedAt != null) {
            return true;
        }
        Tournament t = s.tournaments.get(g.tournamentId);
        FeedState.Round r = t == null ? null : t.roundMap.get(g.round);
        return r != null && r.paired;
    }

    /** A game's result (as ended or corrected), routed as its other facts are, after them. */
    void result(Game g, Map<String, Object> data) {
        route(g, new Held("result", data, s.factAt));
    }

    /** Routes what was read of a game before the feed knew where it is played, in the order it was read. */
    void routeUnrouted(Game g) {
        if (g.unrouted.isEmpty() || s.awaitingDelays || !located(g)) {
            return;
        }
        List<Held> early = List.copyOf(g.unrouted);
        g.unrouted.clear();
        early.forEach(fact -> route(g, fact));
    }

    /**
     * Logs a game's event, unless the store gave it back already. Which of a game's facts were logged before the stored
     * positions depends on the order the last reader read the topics in (a fact is logged once the feed knows where its
     * game is played, and, in the after-the-game mode, once the game ended), not on whether its record or the one
     * releasing it is before those positions. But a game's events of one type come from one partition and are logged in
     * its order, so the stored ones are the first of that game and type: a re-read skips as many as were stored and logs
     * the rest, replayed records or not.
     */
    private void log(Tournament t, Game g, Held h) {
        if (s.restoredOnce(g.id, h.type())) {
            return;
        }
        boolean replaying = s.silent;
        s.silent = false;
        try {
            s.publish(t, h.type(), g.round, hallOf(t, g), g.board, h.at(), h.data());
        } finally {
            s.silent = replaying;
        }
    }

    /** Game events that tell nothing of the play, never held back: who plays where, a game that will not be played. */
    private static final java.util.Set<String> NEVER_HELD = java.util.Set.of("gameStarted", "playersCorrected",
            "gameCancelled");

    /** Logs what the after-the-game mode held back of a game, in the order it happened. */
    void flushHeld(Tournament t, Game g) {
        for (Held h : g.held) {
            log(t, g, h);
        }
        g.held.clear();
    }

    private void addNotice(Game g, Views.Notice notice) {
        g.notices.add(notice);
        g.noticeAt.add(s.factAt);
    }

    private Map<String, Object> clockFields(Game g) {
        if (g.whiteMillis < 0) {
            return null;
        }
        return fields("whiteMillis", g.whiteMillis, "blackMillis", g.blackMillis,
                "running", g.running == null ? null : g.running.name(), "at", g.clockAt);
    }
}

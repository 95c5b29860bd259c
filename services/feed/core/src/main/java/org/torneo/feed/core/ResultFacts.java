package org.torneo.feed.core;

import static org.torneo.feed.core.FeedState.fields;
import static org.torneo.feed.core.FeedState.name;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.tournament.BroadcastDelayMode;
import org.torneo.contracts.results.ResultEvent;
import org.torneo.feed.core.FeedState.Game;
import org.torneo.feed.core.FeedState.Outcome;
import org.torneo.feed.core.FeedState.Tournament;

/**
 * The games' results (as they ended, or as the arbiter corrected them) and the rating service's standings, kept as
 * long as a delayed view may still need them.
 */
final class ResultFacts {

    private final FeedState s;
    private final GameFacts gameFacts;

    ResultFacts(FeedState s, GameFacts gameFacts) {
        this.s = s;
        this.gameFacts = gameFacts;
    }

    void onResult(ResultEvent event) {
        Tournament t = s.tournament(event.tournamentId());
        Game g = s.game(event.gameId());
        Outcome outcome;
        switch (event) {
            case ResultEvent.GameEnded e -> {
                s.factAt = e.endedAt().toEpochMilli();
                outcome = new Outcome(e.gameId(), e.whitePlayerId(), e.blackPlayerId(), e.result(),
                        e.whiteHalfPoints(), e.blackHalfPoints(), e.reason().name(), s.factAt);
                if (g.tournamentId == null) {
                    g.tournamentId = e.tournamentId();
                    g.round = e.round();
                    g.board = e.board();
                    g.white = e.whitePlayerId();
                    g.black = e.blackPlayerId();
                }
            }
            case ResultEvent.ResultCorrected e -> {
                s.factAt = e.correctedAt().toEpochMilli();
                Outcome before = t.results.getOrDefault(e.round(), Map.of()).get(e.board());
                outcome = new Outcome(e.gameId(), before == null ? g.white : before.white(),
                        before == null ? g.black : before.black(), e.result(), e.whiteHalfPoints(),
                        e.blackHalfPoints(), "CORRECTED", s.factAt);
            }
        }
        int round = event instanceof ResultEvent.GameEnded e ? e.round() : ((ResultEvent.ResultCorrected) event).round();
        int board = event instanceof ResultEvent.GameEnded e ? e.board() : ((ResultEvent.ResultCorrected) event).board();
        if (g.tournamentId == null) {
            g.tournamentId = event.tournamentId(); // a correction read before anything else of its game
            g.round = round;
            g.board = board;
        }
        t.results.computeIfAbsent(round, r -> new HashMap<>()).put(board, outcome);
        g.outcome = outcome;
        g.running = null;
        gameFacts.routeUnrouted(g);
        gameFacts.flushHeld(t, g);
        // keyed by the game's hall once the feed knows it (its start, or its round's pairing), whichever is read first
        gameFacts.result(g, fields("result", outcome.result().notation(), "pgnResult", Pgn.result(outcome),
                "reason", outcome.reason()));
    }

    void onRating(RatingEvent event) {
        if (event instanceof RatingEvent.StandingsComputed e) {
            Tournament t = s.tournament(e.tournamentId());
            t.standings = e;
            keepStandings(t, e);
            s.publish(t, "standings", 0, null, 0, e.computedAt().toEpochMilli(), fields("afterRound", e.afterRound(), "tieBreaks", e.tieBreaks(),
                    "rows", e.rows().stream().map(r -> fields("rank", r.rank(), "startNumber", r.startNumber(),
                            "playerId", r.playerId(), "values", r.values())).toList()));
        } else {
            s.skipped++;
        }
    }

    /**
     * Keeps the standings a delayed view may still need: under a fixed delay the newest one already old enough and
     * every younger one; otherwise only the newest.
     */
    private void keepStandings(Tournament t, RatingEvent.StandingsComputed e) {
        t.standingsHistory.add(e);
        if (!s.awaitingDelays) {
            trimStandings(t); // else all kept until the delay is known (FeedModel.delaySettingsRead)
        }
    }

    /** Drops the standings no view can show any more under the tournament's delay. */
    void trimStandings(Tournament t) {
        List<RatingEvent.StandingsComputed> history = t.standingsHistory;
        if (history.isEmpty()) {
            return;
        }
        if (t.delayMode != BroadcastDelayMode.FIXED) {
            history.subList(0, history.size() - 1).clear();
            return;
        }
        long horizon = s.clock.millis() - t.delayMillis;
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
}

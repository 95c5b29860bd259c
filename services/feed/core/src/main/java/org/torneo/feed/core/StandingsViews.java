package org.torneo.feed.core;

import static org.torneo.feed.core.FeedState.name;
import static org.torneo.feed.core.Visibility.visibleOutcome;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.torneo.contracts.rating.RatingEvent;
import org.torneo.contracts.tournament.BroadcastDelayMode;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.Score;
import org.torneo.feed.core.FeedState.Game;
import org.torneo.feed.core.FeedState.Outcome;
import org.torneo.feed.core.FeedState.Player;
import org.torneo.feed.core.FeedState.Round;
import org.torneo.feed.core.FeedState.Tournament;

/**
 * The players, the standings (the rating service's under the broadcast delay, else provisional points from the
 * results and byes seen so far) and each player's card.
 */
final class StandingsViews {

    private final FeedState s;
    private final GameViews gameViews;

    StandingsViews(FeedState s, GameViews gameViews) {
        this.s = s;
        this.gameViews = gameViews;
    }

    List<Views.PlayerView> players(String tournamentId) {
        return s.known(tournamentId).players.values().stream().map(StandingsViews::playerView).toList();
    }

    static Views.PlayerView playerView(Player p) {
        return new Views.PlayerView(p.id, p.name, p.rating, p.startNumber, p.withdrawn, p.title, p.federation,
                p.checkedIn);
    }

    Views.StandingsView standings(String tournamentId) {
        Tournament t = s.known(tournamentId);
        Visibility v = s.visibility(t);
        RatingEvent.StandingsComputed shown = null;
        for (RatingEvent.StandingsComputed kept : t.standingsHistory) {
            if (v.mode() != BroadcastDelayMode.FIXED || kept.computedAt().toEpochMilli() <= v.horizon()) {
                shown = kept; // the newest the delay lets through
            }
        }
        if (shown != null) {
            return new Views.StandingsView(t.id, "rating", shown.afterRound(), shown.tieBreaks(), shown.rows().stream()
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

    Views.PlayerCard playerCard(String tournamentId, String playerId) {
        Tournament t = s.known(tournamentId);
        Player p = t.players.get(playerId);
        if (p == null) {
            throw new FeedModel.NotFound("tournament '" + tournamentId + "' has no player '" + playerId + "'");
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
                Outcome o = visibleOutcome(t.results.getOrDefault(r.number, Map.of()).get(b.number()), s.visibility(t));
                String points = null;
                if (o != null) {
                    int h = white ? o.whiteHalves() : o.blackHalves();
                    total += h;
                    points = new Score(h).toString();
                }
                Game g = gameViews.findGame(t.id, r.number, b.number());
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

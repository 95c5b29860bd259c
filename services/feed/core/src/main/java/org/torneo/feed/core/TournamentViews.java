package org.torneo.feed.core;

import static org.torneo.feed.core.FeedState.name;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.torneo.feed.core.FeedState.Game;
import org.torneo.feed.core.FeedState.Round;
import org.torneo.feed.core.FeedState.Tournament;

import com.fasterxml.jackson.core.JsonProcessingException;

/**
 * A tournament as a whole: its summary, everything the printed lists and hall screens read at once (a sheet), and the
 * digest of what the feed shows of it.
 */
final class TournamentViews {

    private final FeedState s;
    private final GameViews gameViews;
    private final RoundViews roundViews;
    private final StandingsViews standingsViews;

    TournamentViews(FeedState s, GameViews gameViews, RoundViews roundViews, StandingsViews standingsViews) {
        this.s = s;
        this.gameViews = gameViews;
        this.roundViews = roundViews;
        this.standingsViews = standingsViews;
    }

    /**
     * SHA-256 over what the feed shows of a tournament (overview, rounds, games, standings, cards),
     * independent of the order in which the topics' records interleaved: a rebuilt model has the same.
     */
    String digest(String tournamentId) {
        Tournament t = s.known(tournamentId);
        List<Object> parts = new ArrayList<>();
        parts.add(summary(t));
        for (int round : t.roundMap.keySet()) {
            parts.add(roundViews.round(tournamentId, round, FeedFilter.ALL));
            parts.add(gameViews.roundGames(tournamentId, round));
        }
        parts.add(standingsViews.standings(tournamentId));
        for (String player : t.players.keySet()) {
            parts.add(standingsViews.playerCard(tournamentId, player));
        }
        try {
            byte[] bytes = s.json.writeValueAsBytes(parts);
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (JsonProcessingException | java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot digest tournament " + tournamentId, e);
        }
    }

    Views.TournamentSummary summary(Tournament t) {
        Visibility v = s.visibility(t);
        int live = (int) s.games.values().stream()
                .filter(g -> t.id.equals(g.tournamentId) && !v.ofOutcome(g.outcome) && g.cancelled == null).count();
        return new Views.TournamentSummary(t.id, t.name, t.system, t.rounds, t.roundMap.size(), t.players.size(), live,
                t.halls.stream().map(h -> new Views.HallView(h.name(), h.firstBoard(), h.lastBoard())).toList(),
                t.tieBreaks);
    }

    /** A sheet with the rounds {@code wanted} accepts. */
    Views.TournamentSheet sheet(String tournamentId, java.util.function.IntPredicate wanted) {
        Tournament t = s.known(tournamentId);
        Map<Integer, List<Game>> gamesByRound = new HashMap<>();
        for (Game g : s.games.values()) {
            if (t.id.equals(g.tournamentId) && wanted.test(g.round)) {
                gamesByRound.computeIfAbsent(g.round, r -> new ArrayList<>()).add(g);
            }
        }
        List<Views.RoundView> rounds = new ArrayList<>();
        for (Round r : t.roundMap.values()) {
            if (wanted.test(r.number)) {
                rounds.add(roundViews.roundView(t, r, FeedFilter.ALL, gamesByRound.getOrDefault(r.number, List.of())));
            }
        }
        return new Views.TournamentSheet(summary(t), standingsViews.players(tournamentId), rounds, standingsViews.standings(tournamentId),
                s.published(t));
    }
}

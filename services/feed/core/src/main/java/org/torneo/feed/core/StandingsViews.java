package org.torneo.feed.core;

import static org.torneo.feed.core.FeedState.name;
import static org.torneo.feed.core.Visibility.visibleOutcome;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
            Map<String, Integer> since = halvesAfter(t, v, shown.afterRound());
            // no point scored since the published round: the rating service's standings as they are
            return since.values().stream().allMatch(h -> h == 0) ? official(t, shown) : live(t, shown, since);
        }
        // provisional: points from the results and byes seen so far, until the rating service publishes
        Map<String, Integer> halves = halvesAfter(t, v, 0);
        int lastRound = t.results.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
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

    /** The rating service's standings as published (FIDE C.07 tie-breaks after {@code afterRound} rounds). */
    private static Views.StandingsView official(Tournament t, RatingEvent.StandingsComputed shown) {
        return new Views.StandingsView(t.id, "rating", shown.afterRound(), shown.tieBreaks(), shown.rows().stream()
                .map(r -> new Views.StandingLine(r.rank(), r.startNumber(), r.playerId(), name(t, r.playerId()),
                        r.values())).toList());
    }

    /**
     * Live standings while a round is played: the rating service's points after its last complete round plus the
     * points of the later results and byes the public may see, ranked by those points and then by the published rank
     * (whose tie-breaks stay as after that round: tie-breaks are computed on complete rounds, FIDE C.07; live points in
     * between are informative, as broadcasts show them). A player entered since has the points of his later games and
     * no tie-break values yet.
     */
    private static Views.StandingsView live(Tournament t, RatingEvent.StandingsComputed shown,
                                            Map<String, Integer> since) {
        int pts = shown.tieBreaks().indexOf("PTS");
        record Line(String playerId, Integer startNumber, int halves, int publishedRank, List<String> values) {
        }
        List<Line> lines = new ArrayList<>();
        for (RatingEvent.StandingRow r : shown.rows()) {
            int before = pts < 0 ? 0 : Score.parse(r.values().get(pts)).halves();
            lines.add(new Line(r.playerId(), r.startNumber(), before + since.getOrDefault(r.playerId(), 0), r.rank(),
                    r.values()));
        }
        Set<String> published = ranked(shown);
        List<String> none = java.util.Collections.nCopies(shown.tieBreaks().size(), "NA");
        for (var e : since.entrySet()) {
            if (!published.contains(e.getKey())) {
                Player p = t.players.get(e.getKey());
                lines.add(new Line(e.getKey(), p == null ? null : p.startNumber, e.getValue(), Integer.MAX_VALUE, none));
            }
        }
        lines.sort(Comparator.comparingInt(Line::halves).reversed().thenComparingInt(Line::publishedRank));
        List<Views.StandingLine> rows = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            Line above = i == 0 ? null : lines.get(i - 1);
            int rank = above != null && above.halves() == l.halves() && above.publishedRank() == l.publishedRank()
                    ? rows.get(i - 1).rank() : i + 1;
            List<String> values = new ArrayList<>(l.values());
            if (pts >= 0) {
                values.set(pts, new Score(l.halves()).toString());
            }
            rows.add(new Views.StandingLine(rank, l.startNumber(), l.playerId(), name(t, l.playerId()), values));
        }
        return new Views.StandingsView(t.id, "live", shown.afterRound(), shown.tieBreaks(), rows);
    }

    private static Set<String> ranked(RatingEvent.StandingsComputed shown) {
        Set<String> ids = new HashSet<>();
        shown.rows().forEach(r -> ids.add(r.playerId()));
        return ids;
    }

    /**
     * Each player's half-points from the results the public may see and the byes of the rounds after
     * {@code afterRound} (every player of the tournament a key, zero when none).
     */
    private static Map<String, Integer> halvesAfter(Tournament t, Visibility v, int afterRound) {
        Map<String, Integer> halves = new LinkedHashMap<>();
        t.players.keySet().forEach(p -> halves.put(p, 0));
        for (var round : t.results.entrySet()) {
            if (round.getKey() <= afterRound) {
                continue;
            }
            for (Outcome o : round.getValue().values()) {
                if (!v.ofOutcome(o)) {
                    continue;
                }
                halves.merge(o.white(), o.whiteHalves(), Integer::sum);
                halves.merge(o.black(), o.blackHalves(), Integer::sum);
            }
        }
        for (Round r : t.roundMap.values()) {
            if (r.number <= afterRound) {
                continue;
            }
            for (Bye b : r.byes) {
                halves.merge(b.playerId(), b.points().halves(), Integer::sum);
            }
        }
        return halves;
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

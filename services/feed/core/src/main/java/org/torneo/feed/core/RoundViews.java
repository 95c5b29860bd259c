package org.torneo.feed.core;

import static org.torneo.feed.core.FeedState.hallOf;
import static org.torneo.feed.core.FeedState.name;
import static org.torneo.feed.core.Visibility.visibleMoves;
import static org.torneo.feed.core.Visibility.visibleOutcome;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.torneo.contracts.tournament.Board;
import org.torneo.feed.core.FeedState.Game;
import org.torneo.feed.core.FeedState.Outcome;
import org.torneo.feed.core.FeedState.Round;
import org.torneo.feed.core.FeedState.Tournament;

/** A round as the public may see it: the boards with their results, the byes, the games a correction cancelled. */
final class RoundViews {

    private final FeedState s;
    private final GameViews gameViews;

    RoundViews(FeedState s, GameViews gameViews) {
        this.s = s;
        this.gameViews = gameViews;
    }

    Views.RoundView round(String tournamentId, int round, FeedFilter filter) {
        Tournament t = s.known(tournamentId);
        return roundView(t, s.knownRound(t, round), filter, gameViews.roundGamesOf(t.id, round));
    }

    /**
     * A round's view from its games (one pass over the feed's games gives them, so a 2,500-board round costs no
     * search per board): the boards as last published with their results, the byes, the cancelled games.
     */
    Views.RoundView roundView(Tournament t, Round r, FeedFilter filter, List<Game> roundGames) {
        int round = r.number;
        Map<Integer, Game> byBoard = new HashMap<>();
        for (Game g : roundGames) {
            if (g.cancelled == null) {
                byBoard.merge(g.board, g, (kept, other) -> kept.startedAt != null ? kept : other);
            }
        }
        Map<Integer, Outcome> outcomes = t.results.getOrDefault(round, Map.of());
        Visibility v = s.visibility(t);
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
}

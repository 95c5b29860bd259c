package org.torneo.feed.core;

import static org.torneo.feed.core.FeedState.hallOf;
import static org.torneo.feed.core.FeedState.name;
import static org.torneo.feed.core.Visibility.visibleMoves;
import static org.torneo.feed.core.Visibility.visibleOutcome;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.torneo.contracts.tournament.BroadcastDelayMode;
import org.torneo.feed.core.FeedState.Game;
import org.torneo.feed.core.FeedState.Move;
import org.torneo.feed.core.FeedState.Outcome;
import org.torneo.feed.core.FeedState.Player;
import org.torneo.feed.core.FeedState.Tournament;

/** What the public may see of one game (moves, clocks, notices, result) under the broadcast delay, and a round's games. */
final class GameViews {

    private final FeedState s;

    GameViews(FeedState s) {
        this.s = s;
    }

    Game findGame(String tournamentId, int round, int board) {
        Game found = null;
        for (Game g : s.games.values()) {
            if (tournamentId.equals(g.tournamentId) && g.round == round && g.board == board && g.cancelled == null
                    && (found == null || g.startedAt != null)) {
                found = g;
            }
        }
        return found;
    }

    Views.GameView gameView(String gameId) {
        Game g = s.games.get(gameId);
        if (g == null || g.tournamentId == null) {
            throw new FeedModel.NotFound("no game '" + gameId + "'");
        }
        return gameView(g);
    }

    Views.GameView gameView(Game g) {
        Tournament t = s.tournament(g.tournamentId);
        Visibility v = s.visibility(t);
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
    List<Views.GameView> roundGames(String tournamentId, int round) {
        Tournament t = s.known(tournamentId);
        s.knownRound(t, round);
        return roundGamesOf(tournamentId, round).stream().filter(g -> g.cancelled == null).map(this::gameView)
                .toList();
    }

    List<Game> roundGamesOf(String tournamentId, int round) {
        return s.games.values().stream()
                .filter(g -> tournamentId.equals(g.tournamentId) && g.round == round)
                .sorted(Comparator.comparingInt((Game g) -> g.board).thenComparing(g -> g.id))
                .toList();
    }
}

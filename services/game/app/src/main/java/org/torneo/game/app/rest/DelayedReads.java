package org.torneo.game.app.rest;

import org.torneo.game.app.projection.GameRow;
import org.torneo.identity.Account;
import org.torneo.identity.LiveReads;
import org.torneo.identity.Scope;
import org.torneo.platform.edge.auth.EdgeGuard;
import org.torneo.platform.edge.auth.Refusal;

/**
 * The game service's public reads under a tournament's broadcast delay ({@link LiveReads}: the organiser's delay,
 * folded from the tournament topic): a spectator never reads here a move the feed has not released. One game's moves,
 * position and PGN are refused (403, naming the feed's address); in a list, such a game shows only what the pairing
 * list shows (board, players, round), the rest withheld.
 */
final class DelayedReads {

    private DelayedReads() {
    }

    static Scope scopeOf(GameRow game) {
        return Scope.game(game.tournamentId, game.hall, game.board, game.whitePlayerId, game.blackPlayerId);
    }

    static LiveReads.Decision decide(EdgeGuard guard, Account caller, GameRow game) {
        return decide(guard, caller, game, "/api/games/" + game.gameId);
    }

    /** As above, naming {@code feedPath} (the feed's address of what was asked) in a refusal. */
    static LiveReads.Decision decide(EdgeGuard guard, Account caller, GameRow game, String feedPath) {
        return guard.liveRead(caller, scopeOf(game), game.endedAt, feedPath);
    }

    /** The game when the caller may read it live, else 403 with the reason. */
    static GameRow require(EdgeGuard guard, Account caller, GameRow game) {
        LiveReads.Decision decision = decide(guard, caller, game);
        if (decision.refused()) {
            throw Refusal.forbiddenException(decision.reason());
        }
        return game;
    }

    /** The row as the caller may see it in a list: whole, or with every move-bearing field withheld (a copy). */
    static GameRow shown(EdgeGuard guard, Account caller, GameRow game) {
        LiveReads.Decision decision = decide(guard, caller, game);
        if (decision.allowed()) {
            return game;
        }
        GameRow out = new GameRow();
        out.gameId = game.gameId;
        out.tournamentId = game.tournamentId;
        out.round = game.round;
        out.board = game.board;
        out.hall = game.hall;
        out.whitePlayerId = game.whitePlayerId;
        out.blackPlayerId = game.blackPlayerId;
        out.edition = game.edition;
        out.category = game.category;
        out.initialFen = game.initialFen;
        out.startedAt = game.startedAt;
        // phase, plies, position, clocks, offers and the result stay with the feed until the delay releases them
        out.withheld = decision.reason();
        return out;
    }
}

package org.torneo.game.app.rest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.torneo.contracts.Side;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveEvent.GameStarted;
import org.torneo.game.app.GameApp;
import org.torneo.game.core.game.GameState;
import org.torneo.identity.Account;
import org.torneo.identity.Permission;
import org.torneo.identity.Scope;
import org.torneo.platform.AggregateState;
import org.torneo.platform.edge.auth.EdgeGuard;
import org.torneo.platform.edge.auth.Refusal;

/**
 * What a game command is checked against: the game's tournament, hall, board and players as this service decided
 * them (its own state, never the request), and the permission each command needs.
 */
@ApplicationScoped
public class GameScopes {

    /** How long a command for a game not decided yet waits for it (its StartGame may still be on the way). */
    static final long WAIT_FOR_GAME_MILLIS = 3000;

    @Inject
    GameApp app;

    /** A started game and its scope. */
    public record Game(String gameId, GameState state, Scope scope) {
    }

    /** The permission a command needs, with the acting side when the command names it (else null). */
    public record Check(Permission permission, Side side) {
    }

    /** The game, waiting a moment for one just started; 404 when there is none. */
    Game game(String gameId) {
        long deadline = System.currentTimeMillis() + WAIT_FOR_GAME_MILLIS;
        while (true) {
            Game game = find(gameId);
            if (game != null) {
                return game;
            }
            if (System.currentTimeMillis() >= deadline) {
                throw Refusal.notFound("no game " + gameId + " (its StartGame has not been decided)");
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw Refusal.notFound("no game " + gameId);
            }
        }
    }

    /** The game as decided now, without waiting (event-loop callers); 404 when there is none. */
    Game knownGame(String gameId) {
        Game game = find(gameId);
        if (game == null) {
            throw Refusal.notFound("no game " + gameId);
        }
        return game;
    }

    private Game find(String gameId) {
        AggregateState<GameState> state = app.game(gameId);
        if (state == null || state.state().started() == null) {
            return null;
        }
        GameState game = state.state();
        GameStarted started = game.started();
        return new Game(gameId, game, Scope.game(started.tournamentId(), started.hall(), started.board(),
                game.whitePlayerId(), game.blackPlayerId()));
    }

    /** The side the caller plays in this game, when his account is linked to one of its players; else null. */
    Side playersSide(Game game, EdgeGuard guard) {
        Account account = guard.account();
        String player = guard.authorities().of(game.scope().tournamentId())
                .flatMap(a -> a.playerOf(account.id())).orElse(null);
        if (player == null) {
            return null;
        }
        if (player.equals(game.scope().white())) {
            return Side.WHITE;
        }
        return player.equals(game.scope().black()) ? Side.BLACK : null;
    }

    /**
     * The permission each game command needs (README "Routes and roles"): moves, offers, claims, resignation and
     * clock presses by the side's player (or a device / the hall's arbiter as the permission allows), everything an
     * arbiter decides by an arbiter of the board's hall, pairing corrections by the chief arbiter.
     */
    public static Check permissionOf(GameCommand command) {
        return switch (command) {
            case GameCommand.StartGame c -> new Check(Permission.START_GAME, null);
            case GameCommand.SubmitMove c -> new Check(Permission.MOVE, null);
            case GameCommand.SealMove c -> new Check(Permission.MOVE, c.by());
            // FIDE 2018 4.3: a touched piece is sensed by the board or seen by the arbiter (or owned up by its player)
            case GameCommand.TouchPiece c -> new Check(Permission.MOVE, c.by());
            case GameCommand.OfferDraw c -> new Check(Permission.OFFER_DRAW, c.by());
            case GameCommand.AcceptDraw c -> new Check(Permission.OFFER_DRAW, c.by());
            case GameCommand.DeclineDraw c -> new Check(Permission.OFFER_DRAW, c.by());
            case GameCommand.ClaimDraw c -> new Check(Permission.CLAIM, c.by());
            // FIDE 2018 7.5.1: the opponent claims an illegal move (reportedBy), or the arbiter sees it (null)
            case GameCommand.ReportIllegalMove c -> c.reportedBy() == null ? new Check(Permission.RULE, null)
                    : new Check(Permission.CLAIM, c.reportedBy());
            // FIDE 2018 6.9: the flag fall is claimed by the opponent of the side whose flag fell
            case GameCommand.ReportFlagFall c -> new Check(Permission.CLAIM, c.side() == null ? null : c.side().opponent());
            case GameCommand.Resign c -> new Check(Permission.RESIGN, c.by());
            case GameCommand.PressClock c -> new Check(Permission.PRESS_CLOCK, c.by());
            case GameCommand.PostponeClaim c -> new Check(Permission.RULE, null);
            case GameCommand.ArbiterRuling c -> new Check(Permission.RULE, null);
            case GameCommand.ResumeGame c -> new Check(Permission.RULE, null);
            case GameCommand.DeclareEnvelopeLost c -> new Check(Permission.RULE, null);
            case GameCommand.ReportAbsentAtResumption c -> new Check(Permission.RULE, null);
            case GameCommand.CorrectClockAtResumption c -> new Check(Permission.RULE, null);
            case GameCommand.ReportIllegalMoveNotCompleted c -> new Check(Permission.RULE, null);
            case GameCommand.ReportBothFlagsFell c -> new Check(Permission.RULE, null);
            case GameCommand.ReportDefault c -> new Check(Permission.RULE, null);
            case GameCommand.ReportIllegalAction c -> new Check(Permission.RULE, null);
            case GameCommand.ReportColoursReversed c -> new Check(Permission.RULE, null);
            case GameCommand.CorrectPlayers c -> new Check(Permission.CORRECT_PAIRING, null);
            case GameCommand.CancelGame c -> new Check(Permission.CORRECT_PAIRING, null);
            case GameCommand.CorrectResult c -> new Check(Permission.CORRECT_RESULT, null);
        };
    }
}

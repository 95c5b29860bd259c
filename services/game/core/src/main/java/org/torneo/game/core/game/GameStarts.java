package org.torneo.game.core.game;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.torneo.contracts.Actor;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.game.EventRegulations;
import org.torneo.contracts.game.GameCommand.StartGame;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;

/**
 * The games a paired round opens: one StartGame per board (byes open no game), with a game id derived from the
 * tournament, round and board, so that a replayed RoundPaired names the same games (and the platform's duplicate
 * filter, keyed by command id, sees the same commands when the app derives the command id from the event id).
 */
public final class GameStarts {

    private GameStarts() {
    }

    /** The board's one game id ({@link org.torneo.contracts.game.BoardGameId}). */
    public static String gameId(String tournamentId, int round, int board) {
        return org.torneo.contracts.game.BoardGameId.of(tournamentId, round, board);
    }

    /**
     * The start requests of a round, issued by the system on the tournament's behalf.
     *
     * @param ruleset      the tournament's edition and category
     * @param timeControl  the tournament's time control, or null
     * @param regulations  the event's regulations, or null for the defaults
     */
    public static List<GameRequest> forRound(RoundPaired paired, Ruleset ruleset, TimeControl timeControl,
                                             EventRegulations regulations) {
        Objects.requireNonNull(paired, "paired");
        Objects.requireNonNull(ruleset, "ruleset");
        List<GameRequest> requests = new ArrayList<>(paired.boards().size());
        for (Board board : paired.boards()) {
            StartGame start = new StartGame(paired.tournamentId(), paired.round(), board.number(), board.white(),
                    board.black(), ruleset, null, null, board.hall(), timeControl, regulations, paired.at());
            requests.add(new GameRequest(gameId(paired.tournamentId(), paired.round(), board.number()),
                    Actor.system("game"), start));
        }
        return requests;
    }
}

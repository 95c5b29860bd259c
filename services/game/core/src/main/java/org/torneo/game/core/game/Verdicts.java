package org.torneo.game.core.game;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.torneo.contracts.Actor;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.MessageType;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.board.Square;
import org.torneo.game.core.notation.MoveParser;
import org.torneo.game.core.notation.ParsedMove;
import org.torneo.game.core.touchmove.TouchMove;

/** What every use case of the game decider shares: the events that end or refuse, who is who, how a move is read. */
final class Verdicts {

    private Verdicts() {
    }

    static final Pattern SQUARES = Pattern.compile("^\\s*[KQRBNPDTACkqrbnp]?([a-h][1-8])\\s*[-x:]?\\s*([a-h][1-8])");

    /** FIDE 2001 13.4f, 2018 12.9.4: the most a game scores, both players together (one point). */
    static final int MAX_HALF_POINTS_PER_GAME = 2;

    static String minutes(long millis) {
        long seconds = millis / 1000;
        return seconds / 60 + ":" + String.format(java.util.Locale.ROOT, "%02d", seconds % 60);
    }

    static String name(Side side) {
        return side.name().toLowerCase(java.util.Locale.ROOT);
    }

    static GameEnded ended(GameRequest request, GameState state, GameResult result, EndReason reason, String article,
                            boolean played, Instant at) {
        return withCompletedPlies(GameEnded.of(request.gameId(), state.started().tournamentId(), state.started().round(),
                state.started().board(), state.whitePlayerId(), state.blackPlayerId(), result, reason, article, played,
                at), state);
    }

    /**
     * The end with the ply of the last move completed by a press (MoveCompleted): the clock reads the end on the results
     * topic and the presses on the moves topic, and stops only once it has seen them. Not known (null) when moves came
     * with their clock readings: those are completed without a press the clock service sees.
     */
    static GameEnded withCompletedPlies(GameEnded ended, GameState state) {
        if (state.lastClock() != null) {
            return ended;
        }
        return ended.withCompletedPlies(state.lastMoveCompleted() ? state.ply() : Math.max(0, state.ply() - 1));
    }

    static GameResult winFor(Side winner) {
        return winner == Side.WHITE ? GameResult.WHITE_WINS : GameResult.BLACK_WINS;
    }

    /** FIDE rating practice: a game counts as played once both players have made a move. */
    static boolean bothMoved(GameState state) {
        return state.movesMadeBy(Side.WHITE) >= 1 && state.movesMadeBy(Side.BLACK) >= 1;
    }

    static boolean isPlayer(GameRequest request, GameState state, Side side) {
        return request.actor().role() == Actor.Role.PLAYER && request.actor().id().equals(state.playerOf(side));
    }

    /** Null when the actor may act for {@code side}; otherwise a description of who is acting wrongly. */
    static String wrongPlayer(GameRequest request, GameState state, Side side) {
        Actor actor = request.actor();
        if (actor.role() == Actor.Role.PLAYER && !actor.id().equals(state.playerOf(side))) {
            return "player " + actor.id() + " is not the " + side.name().toLowerCase(java.util.Locale.ROOT)
                    + " player (" + state.playerOf(side) + ")";
        }
        return null;
    }

    /**
     * A written move in English letters (FIDE 2018 C.2), else in Spanish ones (the seeds' language: R = king,
     * D, T, A, C); when neither reads, the English reason is given. English first, so "R" is a rook.
     */
    static ParsedMove readMove(Position position, String text) {
        ParsedMove english = MoveParser.parse(position, text, MoveParser.Language.ENGLISH);
        if (english.isOk()) {
            return english;
        }
        ParsedMove spanish = MoveParser.parse(position, text, MoveParser.Language.SPANISH);
        return spanish.isOk() ? spanish : english;
    }

    /** What the touched pieces (and a piece whose illegal move was taken back, touched first) oblige. */
    static java.util.Optional<TouchMove.Obligation> touchMove(GameState state) {
        // Code 1970 art. VIII, FIDE 1997/2001 4.6: touches oblige only once the opponent has claimed a breach of them
        GameState.TouchMoveBreach breach = state.touchMoveBreach();
        boolean touchesBind = !state.rules().touchMoveIsAClaim() || breach != null && breach.claimed();
        if (state.boundSquare() < 0 && (state.touched().isEmpty() || !touchesBind)) {
            return java.util.Optional.empty();
        }
        List<Integer> order = new ArrayList<>();
        if (state.boundSquare() >= 0) {
            order.add(state.boundSquare());
        }
        if (touchesBind) {
            order.addAll(state.touched());
        }
        return TouchMove.obligation(state.position(), order, state.rules().ruleset().edition());
    }

    static int fromSquare(String text) {
        Matcher m = SQUARES.matcher(text);
        return m.find() ? Square.parse(m.group(1)) : -1;
    }

    /** An article by edition for the few places where EditionRules holds no field of its own. */
    static String articleFor(GameState state, String fide2018, String fide2001, String fide1997,
                             String code1970) {
        return switch (state.rules().ruleset().edition()) {
            case FIDE_2018 -> "FIDE 2018 " + fide2018;
            case FIDE_2001 -> "FIDE 2001 " + fide2001;
            case FIDE_1997 -> "FIDE 1997 " + fide1997;
            case CODE_1970 -> "Code 1970 art. " + code1970;
        };
    }

    static List<EventMessage> reject(GameCommand command, String reason, String article) {
        return List.of(new CommandRejected(typeName(command), reason, article, command.observedAt()));
    }

    private static String typeName(GameCommand command) {
        MessageType type = command.getClass().getAnnotation(MessageType.class);
        return type == null ? command.getClass().getSimpleName() : type.name();
    }
}

package org.torneo.game.core.pgn;

/**
 * Unreadable PGN: the message names the game (its number in the file and, when known, its players or GameId), the
 * place (line and column), the offending token and the reason. Never carries a stack trace to the user: callers
 * print {@link #getMessage()}.
 */
public final class PgnException extends IllegalArgumentException {
    private final int gameNumber;
    private final int line;
    private final int column;
    private final String token;
    private final String reason;

    public PgnException(int gameNumber, String gameName, int line, int column, String token, String reason) {
        super("game " + gameNumber + (gameName == null || gameName.isEmpty() ? "" : " (" + gameName + ")")
                + ", line " + line + ", column " + column + ": " + (token == null ? "" : "'" + token + "' ") + reason);
        this.gameNumber = gameNumber;
        this.line = line;
        this.column = column;
        this.token = token;
        this.reason = reason;
    }

    public int gameNumber() {
        return gameNumber;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    public String token() {
        return token;
    }

    public String reason() {
        return reason;
    }
}

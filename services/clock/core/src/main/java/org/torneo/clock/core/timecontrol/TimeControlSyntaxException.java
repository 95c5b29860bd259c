package org.torneo.clock.core.timecontrol;

/** A time control text that cannot be read; the message names the column, the token and the reason. */
public final class TimeControlSyntaxException extends IllegalArgumentException {

    private final int column;
    private final String token;

    public TimeControlSyntaxException(String input, int column, String token, String reason) {
        super("time control \"" + input + "\": column " + column
                + (token.isEmpty() ? " (end of text)" : ", token '" + token + "'") + ": " + reason);
        this.column = column;
        this.token = token;
    }

    /** 1-based column of the offending token. */
    public int column() {
        return column;
    }

    public String token() {
        return token;
    }
}

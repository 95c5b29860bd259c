package org.torneo.trf;

/** An invalid TRF: names the line (1-based), the column (1-based, 0 when the whole line) and the reason. */
public final class TrfFormatException extends IllegalArgumentException {

    private final int line;
    private final int column;
    private final String reason;

    public TrfFormatException(int line, int column, String reason) {
        super("line " + line + (column > 0 ? ", column " + column : "") + ": " + reason);
        this.line = line;
        this.column = column;
        this.reason = reason;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    public String reason() {
        return reason;
    }
}

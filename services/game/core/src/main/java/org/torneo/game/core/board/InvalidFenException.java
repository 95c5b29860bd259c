package org.torneo.game.core.board;

/** A FEN text that cannot be read or describes an impossible position; the message names the field and the reason. */
public final class InvalidFenException extends IllegalArgumentException {
    private final String fen;
    private final String reason;

    public InvalidFenException(String fen, String reason) {
        super("invalid FEN \"" + fen + "\": " + reason);
        this.fen = fen;
        this.reason = reason;
    }

    public String fen() {
        return fen;
    }

    /** The reason alone, without the FEN text. */
    public String reason() {
        return reason;
    }
}

package org.torneo.rating.core.trf;

/** Bad TRF input: the message names the line, the column and what was wrong. */
public final class TrfInputException extends RuntimeException {
    public TrfInputException(String message) {
        super(message);
    }
}

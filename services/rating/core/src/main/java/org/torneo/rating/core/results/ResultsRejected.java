package org.torneo.rating.core.results;

/** A command the score sheet cannot accept; the message says why. */
public final class ResultsRejected extends RuntimeException {
    public ResultsRejected(String message) {
        super(message);
    }
}

package org.torneo.contracts.codec;

/**
 * A record on a topic could not be read as a message: unknown type or version, malformed JSON, a
 * missing or invalid field, or a hash that does not match. The message says what and where; the
 * platform sends such records to the dead-letter topic with this message as the reason.
 */
public class DecodingException extends RuntimeException {

    public DecodingException(String message) {
        super(message);
    }

    public DecodingException(String message, Throwable cause) {
        super(message, cause);
    }
}

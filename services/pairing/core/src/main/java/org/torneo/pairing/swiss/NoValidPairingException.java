package org.torneo.pairing.swiss;

/** No pairing of the round satisfies the absolute criteria (C.04.3 C1–C4). */
public final class NoValidPairingException extends Exception {
    public NoValidPairingException(String message) {
        super(message);
    }
}

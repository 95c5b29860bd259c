package org.torneo.clock.app.rest;

/**
 * Bodies of the POST endpoints. Who sends a command is the verified bearer token's account, and when is the time the
 * edge received it: the {@code at} and {@code by} fields of earlier versions are ignored if sent.
 */
public final class ClockRequests {

    private ClockRequests() {
    }

    /**
     * @param control         "90+30", "40/90+30, 30+30", "G/60 d5", TRF-26 "5400+30" or "W300-B240"
     * @param edition         CODE_1970, FIDE_1997, FIDE_2001 or FIDE_2018 (default)
     * @param category        STANDARD, RAPID or BLITZ; default: classified from the control
     * @param defaultTimeMillis how late a player may arrive; default: the edition's
     */
    public record Start(String control, String edition, String category, Long defaultTimeMillis,
                        Boolean quickplayFinishAnnounced) {
    }

    public record Press(String side) {
    }

    public record Side(String side) {
    }

    public record Reason(String reason) {
    }

    public record Time(String side, Long millis, String article, String reason) {
    }
}

package org.torneo.clock.app.rest;

/** Bodies of the POST endpoints. {@code at} (epoch millis) defaults to the time the edge received the request. */
public final class ClockRequests {

    private ClockRequests() {
    }

    /** Who sends the command; defaults to the arbiter's console. */
    public record By(String role, String id) {
    }

    /**
     * @param control         "90+30", "40/90+30, 30+30", "G/60 d5", TRF-26 "5400+30" or "W300-B240"
     * @param edition         CODE_1970, FIDE_1997, FIDE_2001 or FIDE_2018 (default)
     * @param category        STANDARD, RAPID or BLITZ; default: classified from the control
     * @param defaultTimeMillis how late a player may arrive; default: the edition's
     */
    public record Start(String control, String edition, String category, Long defaultTimeMillis,
                        Boolean quickplayFinishAnnounced, Long at, By by) {
    }

    public record Press(String side, Long at, By by) {
    }

    public record Side(String side, Long at, By by) {
    }

    public record Reason(String reason, Long at, By by) {
    }

    public record Time(String side, Long millis, String article, String reason, Long at, By by) {
    }
}

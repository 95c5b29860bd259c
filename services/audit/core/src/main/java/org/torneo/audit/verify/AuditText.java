package org.torneo.audit.verify;

import org.torneo.contracts.EventMessage;

/** How the audit writes times and event names in its findings. */
final class AuditText {

    private AuditText() {
    }

    static String minutes(long millis) {
        long seconds = Math.max(0, millis) / 1000;
        return seconds / 60 + ":" + String.format(java.util.Locale.ROOT, "%02d", seconds % 60);
    }

    static String seconds(long millis) {
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis / 1000.0 + " s";
    }

    static String typeOf(EventMessage event) {
        return event.getClass().getSimpleName();
    }
}

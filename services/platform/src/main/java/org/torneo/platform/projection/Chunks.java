package org.torneo.platform.projection;

import java.util.List;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.torneo.contracts.Envelope;

/**
 * Hands a chunk of events read from the log to a projection so that one event the projection cannot take costs that
 * event, not the chunk, and never stops a backfill for ever: when the chunk fails, its events are handed over one at
 * a time and those that fail are skipped (logged). When every event of the chunk fails alone too, the failure is the
 * projection's (a database gone), not the events': it is thrown, and the caller retries later.
 */
public final class Chunks {

    private static final Logger LOG = Logger.getLogger(Chunks.class.getName());

    private Chunks() {
    }

    /** Returns how many events of the chunk were skipped. */
    public static int deliver(String service, List<Envelope> chunk, Consumer<List<Envelope>> sink) {
        try {
            sink.accept(chunk);
            return 0;
        } catch (RuntimeException chunkFailure) {
            int skipped = 0;
            RuntimeException last = chunkFailure;
            for (Envelope event : chunk) {
                try {
                    sink.accept(List.of(event));
                } catch (RuntimeException e) {
                    skipped++;
                    last = e;
                    LOG.log(Level.WARNING, service + ": the projection skips " + event.aggregateId() + " #"
                            + event.sequence() + " (" + event.eventId() + "): " + e, e);
                }
            }
            if (skipped == chunk.size() && skipped > 1) {
                throw last;
            }
            return skipped;
        }
    }
}

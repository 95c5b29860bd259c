package org.torneo.platform.http;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.quarkus.runtime.configuration.MemorySize;

/**
 * A request body sent in chunks, without Content-Length, over {@code quarkus.http.limits.max-body-size} (issue 17): its
 * length is known only once it has grown past the limit, so {@link BodyLimit}'s route cannot refuse it up front, and
 * Quarkus' own check, in the stream the JSON reader reads, answers it with a bare 413. This interceptor counts the
 * bytes every body reader takes and, past the limit, refuses the request with the same 413 and JSON error as a
 * declared length gets: the limit, its key, and that the body came in chunks. Quarkus' check stays behind it as a
 * backstop ({@link BodyLimit} moves it to twice the limit for such requests, so that this one, exact, answers first).
 */
@Provider
public class ChunkedBodyLimit implements ReaderInterceptor {

    /** The same key Quarkus enforces; the default here is Quarkus' own (10240K) for an app that sets none. */
    @ConfigProperty(name = "quarkus.http.limits.max-body-size", defaultValue = "10240K")
    MemorySize maxBodySize;

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        long limit = maxBodySize.asLongValue();
        context.setInputStream(new Counting(context.getInputStream(), limit));
        try {
            return context.proceed();
        } catch (TooLarge e) {
            throw tooLarge(limit);
        } catch (WebApplicationException | IOException e) {
            // a reader may wrap the stream's exception (Jackson in a databind or IO exception)
            for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
                if (cause instanceof TooLarge) {
                    throw tooLarge(limit);
                }
            }
            throw e;
        }
    }

    private static WebApplicationException tooLarge(long limit) {
        return new WebApplicationException(Response.status(413).type(MediaType.APPLICATION_JSON).entity(Map.of("error", message(limit))).build());
    }

    /** The refusal's text: the limit and its key, as {@link BodyLimit} says it for a declared length. */
    static String message(long limit) {
        return "the request body (sent in chunks, without Content-Length) has more than the " + limit
                + " bytes quarkus.http.limits.max-body-size allows";
    }

    /** Past the limit: not a failure of the stream but of the request. */
    static final class TooLarge extends IOException {
        TooLarge(long limit) {
            super(message(limit));
        }
    }

    /** Counts what the reader takes and stops it one byte past the limit. */
    private static final class Counting extends FilterInputStream {
        private final long limit;
        private long read;

        Counting(InputStream in, long limit) {
            super(in);
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            count(skipped);
            return skipped;
        }

        private void count(long n) throws TooLarge {
            read += n;
            if (read > limit) {
                throw new TooLarge(limit);
            }
        }
    }
}

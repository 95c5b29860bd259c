package org.torneo.stack.postgres;

import java.net.URI;
import java.net.URISyntaxException;

/** A PostgreSQL someone else runs (TORNEO_PG_URL); we only connect and create databases. */
public record ExternalPostgres(String host, int port, String defaultDatabase, String user, String password)
        implements PostgresServer {

    /** Accepts jdbc:postgresql://host[:port]/db, postgresql://host[:port]/db or postgres://... */
    public static ExternalPostgres parse(String url, String user, String password) {
        String plain = url.startsWith("jdbc:") ? url.substring(5) : url;
        try {
            URI uri = new URI(plain);
            if (!"postgresql".equals(uri.getScheme()) && !"postgres".equals(uri.getScheme())) {
                throw new IllegalArgumentException("TORNEO_PG_URL '" + url
                        + "': expected jdbc:postgresql://host:port/database");
            }
            if (uri.getHost() == null) {
                throw new IllegalArgumentException("TORNEO_PG_URL '" + url + "': no host");
            }
            String path = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
            return new ExternalPostgres(uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort(),
                    path.isEmpty() ? "postgres" : path, user, password);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("TORNEO_PG_URL '" + url + "' is not a URL: " + e.getReason(), e);
        }
    }

    @Override
    public void close() {
        // not ours to stop
    }
}

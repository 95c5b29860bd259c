package org.torneo.stack.postgres;

import java.io.IOException;
import java.net.URL;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A PostgreSQL cluster initialised once per binaries version in ~/.cache/torneo, copied for each
 * temporary server. Built in a directory of its own and renamed into place, so test JVMs started
 * side by side never see half of it.
 */
final class ClusterTemplate {

    /** Files that belong to one running server, never to a copy. */
    private static final Set<String> SKIPPED = Set.of("postmaster.pid", "postmaster.opts", "epg-lock");

    private ClusterTemplate() {
    }

    /** A new temporary directory holding a copy of the template (made first if needed). */
    static Path freshCopy() throws IOException {
        Path template = template();
        Path copy = Files.createTempDirectory("torneo-pg-");
        try (Stream<Path> files = Files.walk(template)) {
            for (Path source : (Iterable<Path>) files::iterator) {
                if (SKIPPED.contains(source.getFileName().toString())) {
                    continue;
                }
                Path target = copy.resolve(template.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
        // PostgreSQL refuses a data directory readable by others
        copy.toFile().setReadable(false, false);
        copy.toFile().setReadable(true, true);
        copy.toFile().setExecutable(false, false);
        copy.toFile().setExecutable(true, true);
        return copy;
    }

    private static Path template() throws IOException {
        URL binaries = ClusterTemplate.class.getClassLoader().getResource("postgres-linux-x86_64.txz");
        // keyed by the binaries' jar name (it carries the version), not by where that jar lives
        String source = String.valueOf(binaries);
        String jar = source.contains("!/") ? source.substring(0, source.indexOf("!/")) : source;
        String key = Integer.toHexString(jar.substring(jar.lastIndexOf('/') + 1).hashCode());
        Path cache = Path.of(System.getProperty("user.home"), ".cache", "torneo");
        Files.createDirectories(cache);
        Path template = cache.resolve("pg-cluster-" + key);
        if (Files.isDirectory(template.resolve("base"))) {
            return template;
        }
        Path building = Files.createTempDirectory(cache, "pg-cluster-building-");
        try {
            EmbeddedPostgresServer server = EmbeddedPostgresServer.startPersistent(building);
            server.close();
            try {
                Files.move(building, template, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException e) {
                // another JVM was quicker: use its template
            }
        } finally {
            deleteQuietly(building);
        }
        return template;
    }

    static void deleteQuietly(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // temporary files: leaving them is harmless
        }
    }
}

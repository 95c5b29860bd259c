package org.torneo.stack.identity;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The Keycloak server distribution ({@code org.keycloak:keycloak-quarkus-dist:<version>:zip}), unpacked ONCE
 * into the user's cache ({@code ~/.cache/torneo/keycloak-<version>}), so that {@code mvn clean} does not pay
 * the 165 MB unpack again. The build writes the zip's path (resolved by Maven like the broker's jars) into
 * {@code keycloak-dist.txt} next to this class; {@code TORNEO_KEYCLOAK_ZIP} overrides it and
 * {@code TORNEO_KEYCLOAK_HOME} points at an already unpacked distribution instead.
 * <p>
 * The unpacked tree is shared by every Keycloak this user starts and is never written after unpacking: each
 * server gets its own home ({@link KeycloakServer}) that links to the distribution's jars.
 */
public final class KeycloakDistribution {

    private static final String ZIP_RESOURCE = "/org/torneo/stack/identity/keycloak-dist.txt";
    private static final Pattern VERSION = Pattern.compile("keycloak-quarkus-dist-([0-9][^/]*)\\.zip$");

    private KeycloakDistribution() {
    }

    /** The unpacked distribution (its {@code bin/kc.sh} exists), unpacking it first if needed. */
    public static Path unpacked() {
        String home = System.getenv("TORNEO_KEYCLOAK_HOME");
        if (home != null && !home.isBlank()) {
            Path dir = Path.of(home.trim());
            if (!Files.isRegularFile(dir.resolve("bin/kc.sh"))) {
                throw new IllegalStateException("TORNEO_KEYCLOAK_HOME=" + dir + " is not a Keycloak distribution"
                        + " (no bin/kc.sh)");
            }
            return dir;
        }
        Path zip = zip();
        Path target = cacheDir().resolve("keycloak-" + version(zip));
        if (Files.isRegularFile(target.resolve("bin/kc.sh"))) {
            return target;
        }
        return unpack(zip, target);
    }

    /** The distribution zip: TORNEO_KEYCLOAK_ZIP, else the path the build wrote. */
    static Path zip() {
        String override = System.getenv("TORNEO_KEYCLOAK_ZIP");
        Path zip;
        if (override != null && !override.isBlank()) {
            zip = Path.of(override.trim());
        } else {
            try (InputStream in = KeycloakDistribution.class.getResourceAsStream(ZIP_RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException(ZIP_RESOURCE + " is missing: build deploy/local with Maven (it"
                            + " resolves org.keycloak:keycloak-quarkus-dist) or set TORNEO_KEYCLOAK_ZIP");
                }
                zip = Path.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).trim());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        if (!Files.isRegularFile(zip)) {
            throw new IllegalStateException("the Keycloak distribution is missing: " + zip
                    + " (run ./mvnw install once to download it, or set TORNEO_KEYCLOAK_ZIP)");
        }
        return zip;
    }

    /** 26.5.6 from .../keycloak-quarkus-dist-26.5.6.zip; the file name otherwise. */
    static String version(Path zip) {
        Matcher matcher = VERSION.matcher(zip.getFileName().toString());
        return matcher.find() ? matcher.group(1) : zip.getFileName().toString().replaceAll("\\.zip$", "");
    }

    /**
     * Unpacks into a directory of its own, then renames it into place: two JVMs unpacking at the same time both
     * succeed and neither ever sees a half-written tree. The top folder of the zip (keycloak-26.5.6/) is dropped.
     */
    static Path unpack(Path zip, Path target) {
        Path temporary = null;
        try {
            temporary = Files.createTempDirectory(target.getParent(), target.getFileName() + ".unpacking-");
            try (ZipFile archive = new ZipFile(zip.toFile())) {
                Enumeration<? extends ZipEntry> entries = archive.entries();
                while (entries.hasMoreElements()) {
                    ZipEntry entry = entries.nextElement();
                    String name = entry.getName();
                    int slash = name.indexOf('/');
                    if (slash < 0 || slash == name.length() - 1) {
                        continue; // the top folder itself
                    }
                    Path file = temporary.resolve(name.substring(slash + 1)).normalize();
                    if (!file.startsWith(temporary)) {
                        throw new IllegalStateException("unsafe entry in " + zip + ": " + name);
                    }
                    if (entry.isDirectory()) {
                        Files.createDirectories(file);
                        continue;
                    }
                    Files.createDirectories(file.getParent());
                    try (InputStream in = archive.getInputStream(entry)) {
                        Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                    }
                    if (name.endsWith(".sh")) {
                        file.toFile().setExecutable(true, false); // zip entries carry no Unix mode for java.util.zip
                    }
                }
            }
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                if (!Files.isRegularFile(target.resolve("bin/kc.sh"))) {
                    throw e;
                }
                deleteTree(temporary); // another JVM unpacked it meanwhile
            }
            return target;
        } catch (IOException e) {
            if (temporary != null) {
                deleteTree(temporary);
            }
            throw new UncheckedIOException("cannot unpack " + zip + " into " + target, e);
        }
    }

    /**
     * {@code $XDG_CACHE_HOME/torneo}, else {@code ~/.cache/torneo} (survives mvn clean); the system property
     * {@code torneo.cache.dir} overrides both (the start-up benchmark measures a first start in an empty cache).
     */
    static Path cacheDir() {
        String property = System.getProperty("torneo.cache.dir");
        if (property != null && !property.isBlank()) {
            try {
                return Files.createDirectories(Path.of(property));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create the cache directory " + property, e);
            }
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache = (xdg != null && !xdg.isBlank() ? Path.of(xdg.trim()) : Path.of(System.getProperty("user.home"), ".cache"))
                .resolve("torneo");
        try {
            Files.createDirectories(cache);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the cache directory " + cache, e);
        }
        return cache;
    }

    /** Deletes a directory tree; links are removed, never followed (a home links to the shared jars). */
    public static void deleteTree(Path dir) {
        if (!Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    // best effort: a leftover in a temporary directory harms nothing
                }
            });
        } catch (IOException e) {
            // best effort
        }
    }
}

package org.torneo.game.app.runtime;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * Loads every class of the jars (or class directories) that hold the given classes, before the first command:
 * the first moves after a start then do not pay class loading, and all of the decider's classes come from the
 * same jar even if a build replaces that jar while the service runs.
 */
public final class ClassWarmup {

    private static final Logger LOG = Logger.getLogger(ClassWarmup.class.getName());

    private ClassWarmup() {
    }

    /** Returns how many classes were loaded. */
    public static int load(Class<?>... anchors) {
        int loaded = 0;
        for (Class<?> anchor : anchors) {
            CodeSource source = anchor.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                continue;
            }
            try {
                Path location = Path.of(source.getLocation().toURI());
                ClassLoader loader = anchor.getClassLoader();
                if (Files.isDirectory(location)) {
                    try (Stream<Path> files = Files.walk(location)) {
                        for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                            loaded += load(loader, location.relativize(file).toString());
                        }
                    }
                } else {
                    try (JarFile jar = new JarFile(location.toFile())) {
                        for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
                            loaded += load(loader, entries.nextElement().getName());
                        }
                    }
                }
            } catch (IOException | URISyntaxException | IllegalArgumentException e) {
                LOG.fine("class warm-up skipped for " + anchor.getName() + ": " + e);
            }
        }
        return loaded;
    }

    private static int load(ClassLoader loader, String entry) {
        if (!entry.endsWith(".class") || entry.contains("-info") || entry.startsWith("META-INF")) {
            return 0;
        }
        String name = entry.substring(0, entry.length() - ".class".length()).replace('/', '.').replace('\\', '.');
        try {
            Class.forName(name, false, loader);
            return 1;
        } catch (ClassNotFoundException | LinkageError e) {
            return 0;
        }
    }
}

package org.torneo.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The last lines of a server's log, for the error that says why it did not start (broker, Keycloak). */
public final class LogTail {

    private LogTail() {
    }

    /** The last {@code lines} lines of {@code file}, or a word on why there are none; never throws. */
    public static String of(Path file, int lines) {
        try {
            if (!Files.exists(file)) {
                return "(no log)";
            }
            List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(cannot read " + file + ": " + e.getMessage() + ")";
        }
    }
}

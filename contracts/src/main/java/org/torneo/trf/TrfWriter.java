package org.torneo.trf;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a {@link TrfDocument}: unchanged lines exactly as read (with their own terminators), changed or new
 * player records formatted by {@link TrfPlayer#format()}. A PAB is always {@code U} (never {@code F}).
 */
public final class TrfWriter {

    private TrfWriter() {
    }

    public static String write(TrfDocument doc) {
        StringBuilder sb = new StringBuilder();
        for (TrfLine line : doc.lines()) {
            switch (line) {
                case TrfLine.Text t -> sb.append(t.text());
                case TrfLine.PlayerRecord p -> sb.append(p.text());
            }
            sb.append(line.terminator());
        }
        return sb.toString();
    }

    public static void write(TrfDocument doc, Path file) throws IOException {
        Files.write(file, write(doc).getBytes(StandardCharsets.UTF_8));
    }
}

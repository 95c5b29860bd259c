package org.torneo.game.core;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Reads the conformance corpus copied into src/test/resources/laws (the shared corpus of the project). */
public final class Corpus {
    private Corpus() {
    }

    /** Rows of a TSV file without its header, each split on TAB. */
    public static List<String[]> tsv(String name) {
        List<String[]> rows = new ArrayList<>();
        List<String> lines = lines(name);
        for (int i = 1; i < lines.size(); i++) {
            if (!lines.get(i).isEmpty()) {
                rows.add(lines.get(i).split("\t", -1));
            }
        }
        return rows;
    }

    public static List<String> lines(String name) {
        try (InputStream in = Corpus.class.getResourceAsStream("/laws/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource laws/" + name);
            }
            return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String text(String name) {
        return String.join("\n", lines(name)) + "\n";
    }
}

package org.torneo.cli.laws;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.torneo.cli.Main;

/** `replay --format tsv` over the corpus games (copied from the shared corpus) against games.expected.tsv. */
class ReplayCorpusTest {

    @TempDir
    Path dir;

    private static String resource(String name) throws Exception {
        try (InputStream in = ReplayCorpusTest.class.getResourceAsStream("/laws/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void everyColumnMatchesTheCorpus() throws Exception {
        Path pgn = dir.resolve("games.pgn");
        Files.writeString(pgn, resource("games.pgn"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(List.of("replay", "--format", "tsv", pgn.toString()), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        List<String> actual = out.toString(StandardCharsets.UTF_8).lines().toList();
        List<String> expected = resource("games.expected.tsv").lines().toList();
        assertEquals(expected.size(), actual.size());
        assertEquals(List.of("game_id", "plies", "final_fen", "ending", "threefold_ply", "fivefold_ply", "fifty_move_ply",
                "seventyfive_move_ply", "dead_position_ply"), List.of(actual.get(0).split("\t")));
        List<String> expectedHeader = List.of(expected.get(0).split("\t"));
        List<String> actualHeader = List.of(actual.get(0).split("\t"));
        List<String> failures = new ArrayList<>();
        for (int i = 1; i < expected.size(); i++) {
            String[] e = expected.get(i).split("\t", -1);
            String[] a = actual.get(i).split("\t", -1);
            for (int c = 0; c < actualHeader.size(); c++) {
                String column = actualHeader.get(c);
                String want = e[expectedHeader.indexOf(column)];
                if (!want.equals(a[c])) {
                    failures.add(e[0] + " " + column + ": expected " + want + ", got " + a[c]);
                }
            }
        }
        assertEquals(List.of(), failures);
    }
}

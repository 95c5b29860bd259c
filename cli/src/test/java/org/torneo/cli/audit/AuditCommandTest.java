package org.torneo.cli.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.torneo.cli.Command;

/**
 * The log under test is the audit core's fixture (a 4-player Harkness event played through the real deciders and
 * sealed with the codec), kept as a resource: regenerate it with
 * {@code ./mvnw -o -pl services/audit/core test -Dtest=AuditCleanLogTest -Dtorneo.audit.writeLog=PATH}.
 */
class AuditCommandTest {

    @TempDir
    Path dir;

    @Test
    void an_untouched_log_audits_clean_with_exit_0_and_writes_the_three_reports() throws Exception {
        Path log = copyOfFixture(lines -> { });
        Path html = dir.resolve("a.html");
        Path md = dir.resolve("a.md");
        Path json = dir.resolve("a.json");

        Run run = run(List.of(log.toString(), "--html", html.toString(), "--md", md.toString(), "--json", json.toString()));

        assertEquals(0, run.code, run.out);
        String[] out = run.out.strip().split("\n");
        assertTrue(out[out.length - 1].matches(
                "audit: \\d+ decisions checked, 0 discrepant, 0 decisions without authority, chain intact"), run.out);
        // issue 22: the resignation (round 2 board 1, then corrected) is re-checked and counted
        assertEquals("re-checked: 1 resignations, 0 arbiter rulings, 0 standings, 0 prize lists", out[out.length - 2],
                run.out);
        assertTrue(Files.readString(json).contains("\"resignationsChecked\" : 1"));
        assertTrue(Files.readString(html).contains("<h2>t-audit round 2</h2>"));
        assertTrue(Files.readString(md).contains("| draw claim (threefold) |"));
        assertTrue(Files.readString(json).contains("\"status\" : \"confirmed\""));
    }

    @Test
    void an_edited_record_breaks_the_chain_with_exit_1_naming_the_event() throws Exception {
        Path log = copyOfFixture(lines -> {
            int i = indexOf(lines, "\"type\":\"results.GameEnded\"");
            lines.set(i, lines.get(i).replace("\"played\":true", "\"played\":false"));
        });

        Run run = run(List.of(log.toString()));

        assertEquals(1, run.code);
        assertTrue(run.out.contains("chain changed: t-audit/r1/b1 #16"), run.out);
        String[] out = run.out.strip().split("\n");
        assertTrue(out[out.length - 1].matches(
                "audit: \\d+ decisions checked, 0 discrepant, 0 decisions without authority, chain broken"), run.out);
    }

    @Test
    void a_signed_log_with_its_trust_file_and_anchors_audits_clean() throws Exception {
        Run run = run(List.of(signed("signed.jsonl"), "--trust", signed("trust.txt"), "--anchor",
                signed("round-1.anchor"), "--anchor", signed("round-2.anchor")));

        assertEquals(0, run.code, run.out);
        assertTrue(run.out.matches("(?s).*signatures: (\\d+) of \\1 heads notes valid, 2 anchor\\(s\\), 0 finding\\(s\\).*"),
                run.out);
        assertTrue(run.out.strip().endsWith("chain intact"), run.out);
    }

    @Test
    void a_raised_rating_resealed_passes_the_chain_alone_but_fails_its_signature_naming_the_event() throws Exception {
        Run unsigned = run(List.of(signed("rating-raised.jsonl")));
        assertEquals(0, unsigned.code, unsigned.out); // what issue 17 found: a re-sealed chain is "intact"

        Run run = run(List.of(signed("rating-raised.jsonl"), "--trust", signed("trust.txt")));

        assertEquals(1, run.code, run.out);
        List<String> lines = Files.readAllLines(Path.of(signed("signed.jsonl")));
        String registered = lines.get(indexOf(lines, "\"type\":\"tournament.PlayerRegistered\""));
        String eventId = registered.replaceAll(".*\"eventId\":\"([^\"]+)\".*", "$1");
        assertTrue(run.out.contains("first failing event: t-audit #3 (" + eventId + "): not_as_signed: "), run.out);
        assertTrue(run.out.strip().endsWith("chain broken"), run.out);
    }

    @Test
    void an_anchor_needs_a_trust_file_and_a_bad_trust_file_is_named() throws Exception {
        assertThrows(Command.UsageException.class, () -> run(List.of(signed("signed.jsonl"), "--anchor",
                signed("round-1.anchor"))));
        Path bad = dir.resolve("trust.txt");
        Files.writeString(bad, "game 00000000 AAAA 2026-01-01T00:00:00Z -\n");
        Command.UsageException e = assertThrows(Command.UsageException.class, () -> run(List.of(signed("signed.jsonl"),
                "--trust", bad.toString())));
        assertTrue(e.getMessage().contains("line 1, public key: an Ed25519 key has 32 bytes, not 3"), e.getMessage());
    }

    @Test
    void bad_usage_is_a_usage_error() {
        assertThrows(Command.UsageException.class, () -> run(List.of()));
        assertThrows(Command.UsageException.class, () -> run(List.of(dir.resolve("missing.jsonl").toString())));
        assertThrows(Command.UsageException.class, () -> run(List.of("a.jsonl", "--tournament", "t")));
    }

    /** The audit core's signed fixture (SignedLogForgeriesTest, -Dtorneo.audit.writeSigned=DIR), as a file. */
    private Path signedDir;

    private String signed(String name) throws Exception {
        if (signedDir == null) {
            signedDir = dir.resolve("signed");
            Files.createDirectories(signedDir);
        }
        Path file = signedDir.resolve(name);
        if (!Files.exists(file)) {
            try (InputStream in = getClass().getResourceAsStream("/audit/signed/" + name)) {
                Files.write(file, in.readAllBytes());
            }
        }
        return file.toString();
    }

    private record Run(int code, String out) {
    }

    private static Run run(List<String> args) throws Exception {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int code = new AuditCommand().run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8));
    }

    private Path copyOfFixture(java.util.function.Consumer<List<String>> edit) throws Exception {
        List<String> lines;
        try (InputStream in = getClass().getResourceAsStream("/audit/tournament.jsonl")) {
            lines = new ArrayList<>(List.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")));
        }
        edit.accept(lines);
        Path log = dir.resolve("t.jsonl");
        Files.write(log, lines);
        return log;
    }

    private static int indexOf(List<String> lines, String text) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i;
            }
        }
        throw new IllegalArgumentException(text);
    }
}

package org.torneo.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.torneo.audit.verify.Decision;

/** Given a log the real deciders wrote and nobody touched, when audited, then every decision is confirmed. */
class AuditCleanLogTest {

    private static final TournamentLogFixture LOG = TournamentLogFixture.build();

    @Test
    void every_decision_of_an_untouched_log_is_confirmed_and_the_chains_are_intact() {
        AuditReport report = new Audit().ofLines(LOG.lines);

        assertTrue(report.chainIntact(), () -> report.chainFindings().toString());
        assertEquals(List.of(), report.decisions().stream().filter(d -> !d.confirmed()).toList());
        Set<String> kinds = report.decisions().stream().map(Decision::kind).collect(Collectors.toSet());
        assertEquals(Set.of("draw claim (threefold)", "wrong-claim penalty", "illegal-move penalty", "flag fall",
                "clock adjustment", "result correction", "result", "pairing", "ending (checkmate)", "resignation"), kinds);
        assertEquals(1, count(report, "resignation"));
        assertTrue(report.recheckedLine().startsWith("re-checked: 1 resignations, 0 arbiter rulings"),
                report.recheckedLine());
        assertEquals(2, count(report, "pairing"));
        assertEquals(2, count(report, "draw claim (threefold)"));
        assertEquals(4, count(report, "result"));
        assertEquals(List.of(), report.withoutAuthority());
        assertTrue(report.summaryLine().matches(
                "audit: \\d+ decisions checked, 0 discrepant, 0 decisions without authority, chain intact"),
                report.summaryLine());
    }

    /** {@code -Dtorneo.audit.writeLog=PATH} writes the fixture's log there (the CLI tests keep a copy). */
    @Test
    void the_fixture_log_can_be_written_for_other_modules() throws java.io.IOException {
        String path = System.getProperty("torneo.audit.writeLog");
        if (path != null) {
            java.nio.file.Files.write(java.nio.file.Path.of(path), LOG.lines);
        }
        assertEquals(LOG.lines.size(), new Audit().ofLines(LOG.lines).chain().events());
    }

    private static long count(AuditReport report, String kind) {
        return report.decisions().stream().filter(d -> d.kind().equals(kind)).count();
    }
}

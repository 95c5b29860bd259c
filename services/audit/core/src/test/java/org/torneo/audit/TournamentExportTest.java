package org.torneo.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.audit.log.TournamentExport;
import org.torneo.audit.log.TournamentExport.RawRecord;

/** Given the fixture's events spread over topic partitions with another tournament's, the export keeps exactly T's. */
class TournamentExportTest {

    private static final TournamentLogFixture LOG = TournamentLogFixture.build();

    @Test
    void exports_the_tournament_events_by_key_and_game_in_partition_order_and_they_audit_clean() {
        List<RawRecord> records = new ArrayList<>();
        long[] nextOffset = new long[4];
        for (int i = 0; i < LOG.lines.size(); i++) {
            ObjectNode line = LogSurgery.parse(LOG.lines.get(i));
            String topic = line.get("topic").asText();
            String aggregate = line.get("envelope").get("aggregateId").asText();
            String key = topic.equals("torneo.results") ? TournamentLogFixture.T : aggregate;
            int partition = Math.floorMod(key.hashCode(), 4);
            records.add(new RawRecord(topic, partition, nextOffset[partition]++, 1_000 + i, key,
                    line.get("envelope").toString()));
            // another tournament's records on the same topics (by key): never exported
            records.add(new RawRecord(topic, partition, nextOffset[partition]++, 1_000 + i, key.replace("t-audit",
                    "t-other"), line.get("envelope").toString()));
        }
        Collections.shuffle(records, new java.util.Random(7));

        List<String> exported = TournamentExport.lines(LOG.codec, TournamentLogFixture.T, records);

        assertEquals(LOG.lines.size(), exported.size());
        assertEquals(LOG.lines.stream().map(LogSurgery::eventId).toList(),
                exported.stream().map(LogSurgery::eventId).toList());
        AuditReport report = new Audit().ofLines(exported);
        assertTrue(report.clean(), report::summaryLine);
        assertEquals(new Audit().ofLines(LOG.lines).summaryLine(), report.summaryLine());
    }

    @Test
    void carries_the_signed_heads_that_name_the_tournament_whole_and_the_export_passes_its_signatures() {
        SignedLog signed = SignedLog.of(LOG.lines);
        List<RawRecord> records = new ArrayList<>();
        long offset = 0;
        for (String text : signed.lines) {
            ObjectNode line = LogSurgery.parse(text);
            String topic = line.get("topic").asText();
            if (line.has("note")) {
                String note = line.get("note").asText();
                records.add(new RawRecord(topic, 0, offset++, offset, "any", note));
                // another tournament's heads on the same topic: never exported
                records.add(new RawRecord(topic, 0, offset++, offset, "any", signedElsewhere(signed, note)));
                continue;
            }
            String aggregate = line.get("envelope").get("aggregateId").asText();
            String key = topic.equals("torneo.results") ? TournamentLogFixture.T : aggregate;
            records.add(new RawRecord(topic, 1, offset++, offset, key, line.get("envelope").toString()));
        }

        List<String> exported = TournamentExport.lines(LOG.codec, TournamentLogFixture.T, records);

        assertEquals(signed.lines.size(), exported.size());
        assertTrue(exported.stream().filter(l -> l.contains("\"note\"")).allMatch(signed.lines::contains));
        AuditReport report = new Audit().ofLines(exported, signed.trust(), signed.anchors);
        assertTrue(report.clean(), () -> report.chainFindings().toString());
        assertEquals(report.signatures().notes(), report.signatures().validNotes());
    }

    /** The same heads for t-other's aggregates, signed by the same service. */
    private static String signedElsewhere(SignedLog signed, String note) {
        var heads = org.torneo.contracts.signing.ChainHeads.read(org.torneo.contracts.signing.SignedNote.parse(note));
        var moved = new org.torneo.contracts.signing.ChainHeads(heads.service(), heads.signedAt(), heads.heads().stream()
                .map(h -> new org.torneo.contracts.signing.ChainHead(h.topic(), h.aggregateId().replace("t-audit",
                        "t-other"), h.sequence(), h.hash())).toList());
        return moved.sign(signed.keys.get(heads.service())).encode();
    }
}

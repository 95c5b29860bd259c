package org.torneo.cli.rating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.cli.CliRun.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.torneo.cli.CliRun;

/** The standings as JSON after their schema (validated by a JSON Schema 2020-12 validator) and the crosstable as CSV. */
class StandingsExportTest {

    @TempDir
    Path dir;

    private static Path real(String name) throws Exception {
        return Path.of(StandingsExportTest.class.getResource("/realfiles/" + name).toURI());
    }

    @Test
    void theJsonOfARealEventValidatesAgainstTheSchemaAndCarriesTheTsvValues() throws Exception {
        // given the Karl-Mala export (283 players and the dummy, 7 rounds, blank entries, forfeits)
        Path trf = real("karl-mala-2005.trf");

        // when its standings are written as JSON
        CliRun r = run("standings", trf.toString(), "--format", "json", "--tiebreaks", "PTS,BH/C1,BH,SB,ARO");
        assertEquals(0, r.code(), r.err());

        // then the document is valid under the schema --schema prints
        CliRun schemaRun = run("standings", "--schema");
        assertEquals(0, schemaRun.code());
        JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schemaRun.out());
        ObjectMapper mapper = new ObjectMapper();
        JsonNode doc = mapper.readTree(r.out());
        Set<ValidationMessage> errors = schema.validate(doc);
        assertTrue(errors.isEmpty(), errors.toString());
        assertEquals("9. Karl-Mala-Gedenkturnier", doc.get("tournament").asText());
        assertEquals("2005-07-28", doc.get("startDate").asText());
        assertEquals("2024", doc.get("rules").asText(), "the C.07 edition of 2005's successor in force before 2026");
        assertEquals(284, doc.get("standings").size());
        JsonNode first = doc.get("standings").get(0);
        assertEquals(1, first.get("rank").asInt());
        assertEquals(5, first.get("startNo").asInt(), "Mikhaletz, 6.5 points, rank 1 in the file");
        assertEquals(List.of("145w1", "82b1", "46w1", "24b1", "35w1", "3b=", "25w1"),
                mapper.convertValue(first.get("results"), List.class));

        // and every value equals the TSV's
        List<String> tsv = run("standings", trf.toString(), "--format", "tsv", "--tiebreaks", "PTS,BH/C1,BH,SB,ARO")
                .out().lines().skip(1).toList();
        for (JsonNode row : doc.get("standings")) {
            String[] cells = tsv.get(row.get("startNo").asInt() - 1).split("\t");
            for (int c = 0; c < 5; c++) {
                JsonNode v = row.get("values").get(c);
                if (cells[c + 1].equals("NA")) {
                    assertTrue(v.isNull(), row.toString());
                } else {
                    assertEquals(0, new BigDecimal(cells[c + 1]).compareTo(v.decimalValue()), row.toString());
                }
            }
            assertEquals(cells[6], row.get("rank").asText());
        }
        // a withdrawn player's blank entries, a forfeit without colours, the PAB written 0000 - +
        JsonNode withdrawn = row(doc, 13);
        assertEquals("", withdrawn.get("results").get(1).asText());
        assertEquals("234--", row(doc, 179).get("results").get(3).asText());
        assertEquals("+", row(doc, 282).get("results").get(4).asText());
    }

    private static JsonNode row(JsonNode doc, int startNo) {
        for (JsonNode row : doc.get("standings")) {
            if (row.get("startNo").asInt() == startNo) {
                return row;
            }
        }
        throw new AssertionError("no player " + startNo);
    }

    @Test
    void theCrosstableAsCsvHasARoundColumnPerRoundAndQuotesWhatNeedsIt() throws Exception {
        // given the 9-player lichess Swiss with a name that holds a comma and quotes
        String text = Files.readString(real("lichess-swiss-2020-06.trf")).replace("Player 0001", "Mu, \"Hans\" ");
        Path trf = dir.resolve("event.trf");
        Files.writeString(trf, text);

        CliRun r = run("standings", trf.toString(), "--format", "csv", "--tiebreaks", "PTS,BH");

        assertEquals(0, r.code(), r.err());
        List<String> lines = List.of(r.out().split("\r\n"));
        assertEquals("Rank,SNo,Name,Rating,R1,R2,R3,R4,R5,R6,R7,R8,R9,PTS,BH", lines.get(0));
        assertEquals(10, lines.size());
        String first = lines.stream().filter(l -> l.contains(",1,\"Mu")).findFirst().orElseThrow();
        assertTrue(first.matches("[12],1,\"Mu, \"\"Hans\"\"\",,6w1,2b=,9w1,5b1,4w1,3b0,7w1,8b1,U,7.5,[0-9.]+"), first);
        assertTrue(r.out().endsWith("\r\n"));
    }
}

package org.torneo.cli.coverage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The coverage map of the Laws is true (issue 22): every article of each seed edition has an entry, every entry names
 * an article of the list and methods that exist, and docs/laws-coverage.md is what the generator writes
 * ({@code -Dtorneo.laws.writeMap=true} rewrites it).
 */
class LawsCoverageMapTest {

    private static final Path ROOT = LawsCoverageMap.findRoot(Path.of(""));

    @Test
    void every_article_of_every_seed_edition_has_an_entry_and_every_entry_is_true() {
        LawsCoverageMap map = new LawsCoverageMap(ROOT);

        assertEquals(List.of(), map.problems(), () -> String.join("\n", map.problems()));
    }

    @Test
    void the_committed_map_is_the_generated_one() throws Exception {
        LawsCoverageMap map = new LawsCoverageMap(ROOT);
        String generated = map.render();
        if (Boolean.getBoolean("torneo.laws.writeMap")) {
            Files.writeString(map.mapFile(), generated, StandardCharsets.UTF_8);
        }
        assertTrue(Files.exists(map.mapFile()), "docs/laws-coverage.md is missing: run with -Dtorneo.laws.writeMap=true");
        assertEquals(generated, Files.readString(map.mapFile(), StandardCharsets.UTF_8),
                "docs/laws-coverage.md is not what LawsCoverageMap writes: run LawsCoverageMapTest with "
                        + "-Dtorneo.laws.writeMap=true and commit the result");
    }

    @Test
    void references_are_read_per_edition_with_ranges_and_lettered_paragraphs() {
        LawsCoverageMap map = new LawsCoverageMap(ROOT);

        assertEquals(List.of(new LawsCoverageMap.Reference(LawsCoverageMap.Edition.FIDE_1997, "10.2"),
                        new LawsCoverageMap.Reference(LawsCoverageMap.Edition.FIDE_2001, "10.2"),
                        new LawsCoverageMap.Reference(LawsCoverageMap.Edition.FIDE_2018, "III.4"),
                        new LawsCoverageMap.Reference(LawsCoverageMap.Edition.FIDE_2018, "III.5")),
                map.references("// FIDE 1997/2001 10.2b, 2018 III.4-III.5: the claim"));
        assertEquals(List.of(new LawsCoverageMap.Reference(LawsCoverageMap.Edition.CODE_1970, "XII-3"),
                        new LawsCoverageMap.Reference(LawsCoverageMap.Edition.CODE_1970, "XVIIA-2")),
                map.references("(Code 1970 art. XII.3) and 1970 art. XVII-A-2"));
        assertEquals(List.of(), map.references("Instant.parse(\"2018-01-01T00:00:00Z\") and 2001 players"));
    }

    @Test
    void an_article_without_entry_and_an_entry_naming_a_missing_method_are_problems(@org.junit.jupiter.api.io.TempDir
                                                                                     Path copy) throws Exception {
        // a copy of the inputs: one more article in the 2018 list, and an entry naming a method that does not exist
        Files.createDirectories(copy.resolve("docs/laws"));
        Files.createDirectories(copy.resolve("services"));
        Files.writeString(copy.resolve("pom.xml"), "<artifactId>torneo-parent</artifactId>");
        for (String edition : List.of("1970", "1997", "2001", "2018")) {
            Files.writeString(copy.resolve("docs/laws/articles-" + edition + ".tsv"), "article\ttext\n"
                    + (edition.equals("2018") ? "99.1\tan article nobody covers\n1.1\tthe board\n" : ""));
        }
        Files.writeString(copy.resolve("docs/laws/entries.tsv"), "edition\tarticle\tstatus\tdetail\n"
                + "2018\t1.1\ttested\tNoSuchTest#nothing — the board\n2018\t7.7\tn/a\tnot in the list\n");

        List<String> problems = new LawsCoverageMap(copy).problems();

        assertTrue(problems.stream().anyMatch(p -> p.contains("2018 99.1 has no entry")), problems::toString);
        assertTrue(problems.stream().anyMatch(p -> p.contains("no class NoSuchTest")), problems::toString);
        assertTrue(problems.stream().anyMatch(p -> p.contains("2018 7.7 is not an article of the list")),
                problems::toString);
    }
}

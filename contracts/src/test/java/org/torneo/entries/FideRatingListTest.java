package org.torneo.entries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * The sample is five lines in the layout of FIDE's combined TXT list ("players_list"), written as the download is:
 * Latin-1, CRLF, the header's columns at their places (Name at 16, Fed at 77, SRtng at 114, B-day at 153).
 */
class FideRatingListTest {

    private static String sample() throws IOException {
        try (InputStream in = FideRatingListTest.class.getResourceAsStream("/entries/players_list_sample.txt")) {
            return EntryFiles.decode(in.readAllBytes());
        }
    }

    @Test
    void the_combined_list_gives_id_name_federation_title_standard_rating_and_birth_year() throws IOException {
        EntryList list = FideRatingList.read(sample());

        assertEquals(List.of(), list.problems());
        assertEquals(List.of(
                new PlayerEntry(2, "1503014", "Carlsen, Magnus", 2831, "1503014", "GM", "NOR", 1990),
                // Tit before WTit: a woman grandmaster who is a grandmaster is GM
                new PlayerEntry(3, "8602980", "Hou, Yifan", 2633, "8602980", "GM", "CHN", 1994),
                new PlayerEntry(4, "700070", "Polgar, Judit", 2675, "700070", "GM", "HUN", 1976),
                new PlayerEntry(5, "2205254", "Vallejo Pons, Francisco", 2650, "2205254", "GM", "ESP", 1982),
                // no standard rating: unrated (the rapid one is not taken); the Latin-1 name decoded
                new PlayerEntry(6, "32000111", "Núñez Peña, Lucía", 0, "32000111", "", "ESP", 2009)),
                list.entries());
    }

    @Test
    void only_the_ids_asked_for_are_read_and_an_id_not_in_the_list_is_named() throws IOException {
        EntryList list = FideRatingList.read(sample(), Set.of("700070", "2205254", "99999999"));

        assertEquals(List.of("700070", "2205254"), list.entries().stream().map(PlayerEntry::playerId).toList());
        assertEquals(List.of(new EntryProblem(0, 0, "FIDE id", "'99999999' is not in the list")), list.problems());
    }

    @Test
    void a_single_list_with_its_months_column_is_read_by_its_header() {
        String header = "ID Number      Name                                                         "
                + "Fed Sex Tit  WTit OTit           FOA SEP26 Gms K  B-day Flag";
        String line = String.format("%-15s%-61s%-4s%-4s%-5s%-5s%-15s%-4s%-6s%-4s%-3s%-6s%s", "4100018", "Anand, Viswanathan",
                "IND", "M", "GM", "", "", "", "2750", "9", "10", "1969", "");
        EntryList list = FideRatingList.read(header + "\n" + line + "\n");

        assertEquals(List.of(), list.problems());
        assertEquals(List.of(new PlayerEntry(2, "4100018", "Anand, Viswanathan", 2750, "4100018", "GM", "IND", 1969)),
                list.entries());
    }

    @Test
    void a_bad_line_is_named_with_its_line_column_and_field() throws IOException {
        List<String> lines = new java.util.ArrayList<>(sample().lines().toList());
        // line 3: a letter in the rating (its column starts at 114, the figures are right-aligned); line 5: cut short before the name (column 16)
        lines.set(2, lines.get(2).substring(0, 114) + "6x3" + lines.get(2).substring(117));
        lines.set(4, "2205254");
        EntryList list = FideRatingList.read(String.join("\n", lines));

        assertEquals(List.of("1503014", "700070", "32000111"), list.entries().stream().map(PlayerEntry::playerId)
                .toList());
        assertEquals(List.of(
                "line 3, column 114 (rating SRtng): '6x33' is not a rating (a whole number 0-3500)",
                "line 5, column 16 (name): the line ends at column 7, before the name column"),
                list.problems().stream().map(EntryProblem::text).toList());
    }

    @Test
    void a_file_that_is_not_the_list_is_refused_at_its_first_line() {
        EntryList list = FideRatingList.read("name;rating\nCarlsen;2831\n");

        assertEquals(List.of(), list.entries());
        assertTrue(list.problems().get(0).text().startsWith("line 1, column 1 (header): not a FIDE rating list"),
                list.problems().toString());
    }
}

package org.torneo.entries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

class CsvEntriesTest {

    @Test
    void a_spanish_spreadsheets_semicolon_file_in_latin1_gives_every_field() {
        // given a spreadsheet export in Latin-1 with Spanish headers, a quoted name holding the separator
        byte[] file = ("Nombre;Elo;ID FIDE;Título;Federación;Año de nacimiento\r\n"
                + "\"Núñez; Lucía\";1512;32000111;;esp;2009\r\n"
                + "Vallejo Pons, Francisco;2650;2205254;GM;ESP;1982\r\n").getBytes(StandardCharsets.ISO_8859_1);

        // when it is read
        EntryList list = CsvEntries.read(EntryFiles.decode(file));

        // then both players, with the FIDE id as the player id
        assertEquals(List.of(), list.problems());
        assertEquals(List.of(
                new PlayerEntry(2, "32000111", "Núñez; Lucía", 1512, "32000111", "", "ESP", 2009),
                new PlayerEntry(3, "2205254", "Vallejo Pons, Francisco", 2650, "2205254", "GM", "ESP", 1982)),
                list.entries());
    }

    @Test
    void a_comma_file_in_utf8_with_a_bom_and_only_names_gets_ids_made_of_the_names() {
        // given UTF-8 with a byte-order mark, a column the readers do not know, a line shorter than the header
        byte[] file = "\uFEFFName,Rating,Club\n\"Pérez, Ana\"\n\"Smith, John\",1800,Hastings\n"
                .getBytes(StandardCharsets.UTF_8);

        EntryList list = CsvEntries.read(EntryFiles.decode(file));

        assertEquals(List.of(), list.problems());
        assertEquals(List.of(new PlayerEntry(2, "perez-ana", "Pérez, Ana", 0, "", "", "", 0),
                new PlayerEntry(3, "smith-john", "Smith, John", 1800, "", "", "", 0)), list.entries());
    }

    @Test
    void every_bad_field_is_named_with_its_line_and_column_and_the_line_gives_no_player() {
        String file = "name;rating;fide id;title;federation;birth year\n"
                + "Good, One;2100;123456;FM;ESP;1990\n"
                + "Bad, Rating;21OO;;;;\n"
                + "Bad, Title;2000;;XM;SPAIN;19\n"
                + ";1900;;;;\n"
                + "Too;many;fields;;;;x\n"
                + "\"Open quote;1800;;;;\n"
                + "Good, One Again;1700;123456;;;\n";

        EntryList list = CsvEntries.read(file);

        assertEquals(List.of(new PlayerEntry(2, "123456", "Good, One", 2100, "123456", "FM", "ESP", 1990)),
                list.entries());
        List<String> problems = list.problems().stream().map(EntryProblem::text).toList();
        assertEquals(List.of(
                "line 3, column 13 (rating): '21OO' is not a rating (a whole number 0-3500)",
                "line 4, column 18 (title): 'XM' is not a FIDE title (CM, FM, GM, IM, WCM, WFM, WGM, WIM)",
                "line 4, column 21 (federation): 'SPAIN' is not a federation (three letters, e.g. ESP)",
                "line 4, column 27 (birth year): '19' is not a year of birth (four digits)",
                "line 5, column 1 (name): the name is empty",
                "line 6, column 20: 7 fields where the header has 6 (a ';' inside a field needs the field quoted)",
                "line 7: column 1: the quote opened here is not closed",
                "line 8, column 22 (player id): '123456' is already an earlier line's player"), problems);
        assertEquals(6, list.badLines());
    }

    @Test
    void a_file_without_a_name_column_says_what_its_header_should_hold() {
        EntryList list = CsvEntries.read("surname;elo\nCarlsen;2831\n");

        assertEquals(List.of(), list.entries());
        assertEquals(1, list.problems().size());
        assertTrue(list.problems().get(0).text().startsWith("line 1 (header): no name column"), list.problems().toString());
    }
}

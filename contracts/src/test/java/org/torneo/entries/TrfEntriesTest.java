package org.torneo.entries;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class TrfEntriesTest {

    @Test
    void the_players_of_a_trf_are_entries_with_title_federation_fide_id_and_birth_year() {
        // given a TRF-16 with an older writer's title code, a FIDE id and birth date on one line, a bare line beside it
        String trf = "012 Open de Primavera\n"
                + "XXR 9\n"
                + "001    1 m  g Pérez, Ana                        2310 ESP     2205254 1990/05/01  0.0    1\n"
                + "001    2      Ruiz, Marta                       1890                             0.0    2\n";

        // when it is read as entries
        EntryList list = TrfEntries.read(trf);

        // then both players, the FIDE id as the player id where there is one; the file's start numbers are left out
        assertEquals(List.of(), list.problems());
        assertEquals(List.of(
                new PlayerEntry(3, "2205254", "Pérez, Ana", 2310, "2205254", "GM", "ESP", 1990),
                new PlayerEntry(4, "ruiz-marta", "Ruiz, Marta", 1890, "", "", "", 0)), list.entries());
    }

    @Test
    void a_line_that_does_not_read_is_a_problem_with_its_line_and_column_and_the_others_still_count() {
        String trf = "012 Open\n"
                + "001    1      Alpha, Ann                        23x0 ESP                         0.0    1\n"
                + "001    2   x  Bravo, Ben                        2250 FRA                         0.0    2\n"
                + "001    3      Charlie, Cy                       2200                             0.0    3\n";

        EntryList list = TrfEntries.read(trf);

        assertEquals(List.of("Charlie, Cy"), list.entries().stream().map(PlayerEntry::name).toList());
        assertEquals(List.of(2, 3), list.problems().stream().map(EntryProblem::line).toList());
        assertEquals(49, list.problems().get(0).column(), list.problems().toString());
        assertEquals("title", list.problems().get(1).field(), list.problems().toString());
    }

    @Test
    void a_file_without_player_records_says_so() {
        EntryList list = TrfEntries.read("012 Open\nXXR 9\n");

        assertEquals(List.of(), list.entries());
        assertEquals(1, list.problems().size());
        assertEquals("file", list.problems().get(0).field());
    }
}

package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.torneo.game.core.board.Side;
import org.torneo.identity.TournamentAuthority.DeviceAssignment;

/**
 * Which sheet a code denotes (the lookup alone; what it reads is given here as the services would answer). The two
 * tournaments below were found by search: board 1's Black sheet has code 39PE6P in round 1 of both.
 */
class SheetCodeLookupTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final BoardCodes CODES = new BoardCodes("torneo-development-board-codes");
    private static final String MEETING = "39PE6P";

    /** The services as the lookup reads them: tournaments with their last round, games by tournament and hall. */
    private final List<SheetCodeLookup.TournamentRound> tournaments = new ArrayList<>();
    private final Map<String, List<JsonNode>> games = new HashMap<>();
    private final AtomicInteger hallReads = new AtomicInteger();
    private final AtomicLong now = new AtomicLong(1_000_000);
    private final SheetCodeLookup lookup = new SheetCodeLookup(CODES, new SheetCodeLookup.Source() {
        @Override
        public List<SheetCodeLookup.TournamentRound> tournaments() {
            return List.copyOf(tournaments);
        }

        @Override
        public List<JsonNode> hallGames(String tournamentId, int round, String hall) {
            hallReads.incrementAndGet();
            return games.getOrDefault(tournamentId + "/" + round + "/" + hall, List.of());
        }
    }, now::get);

    private void round(String tournamentId, int round, String hall, int boards) {
        tournaments.removeIf(t -> t.tournamentId().equals(tournamentId));
        tournaments.add(new SheetCodeLookup.TournamentRound(tournamentId, round));
        List<JsonNode> list = new ArrayList<>();
        for (int board = 1; board <= boards; board++) {
            list.add(JSON.createObjectNode().put("board", board).put("gameId", tournamentId + "-r" + round + "-b" + board)
                    .put("whitePlayerId", tournamentId + "-w" + board).put("blackPlayerId", tournamentId + "-b" + board)
                    .put("edition", "FIDE_2018"));
        }
        games.put(tournamentId + "/" + round + "/" + hall, list);
    }

    private Optional<Scoresheets.Binding> resolve(String code, SheetCodeLookup.Assignments assignments) {
        return lookup.resolve(code, "device-1", assignments);
    }

    private static SheetCodeLookup.Assignments in(Map<String, DeviceAssignment> assignments) {
        return tid -> Optional.ofNullable(assignments.get(tid));
    }

    @Test
    void the_search_found_two_tournaments_whose_board_one_black_sheets_share_a_code() {
        assertEquals(MEETING, CODES.code("meet-2283", 1, 1, "BLACK"));
        assertEquals(MEETING, CODES.code("meet-32933", 1, 1, "BLACK"));
    }

    @Test
    void a_device_assigned_in_both_tournaments_is_told_which_boards_have_the_code_and_bound_to_neither() {
        // given two tournaments in hall A whose board 1 Black sheets share a code, a device assigned in both
        round("meet-2283", 1, "A", 3);
        round("meet-32933", 1, "A", 3);
        var device = in(Map.of("meet-2283", new DeviceAssignment("A", Set.of()),
                "meet-32933", new DeviceAssignment("A", Set.of())));
        // when it types the code
        var refused = assertThrows(SheetCodeLookup.AmbiguousCode.class, () -> resolve(MEETING, device));
        // then it is bound to neither, and told both boards
        assertTrue(refused.getMessage().contains("tournament meet-2283 board 1 (Black)"), refused.getMessage());
        assertTrue(refused.getMessage().contains("tournament meet-32933 board 1 (Black)"), refused.getMessage());
    }

    @Test
    void a_device_assigned_in_one_tournament_is_bound_to_its_board_whatever_the_other_has() {
        round("meet-2283", 1, "A", 3);
        round("meet-32933", 1, "A", 3);
        var first = resolve(MEETING, in(Map.of("meet-2283", new DeviceAssignment("A", Set.of())))).orElseThrow();
        var second = resolve(MEETING, in(Map.of("meet-32933", new DeviceAssignment("A", Set.of()))))
                .orElseThrow();
        assertEquals("meet-2283-r1-b1", first.gameId());
        assertEquals("meet-32933-r1-b1", second.gameId());
        assertEquals(Side.BLACK, second.side());
        // and a device whose boards leave the other board out is bound to its own board too
        var onlyBoardOne = in(Map.of("meet-2283", new DeviceAssignment("A", Set.of(1)),
                "meet-32933", new DeviceAssignment("A", Set.of(2, 3))));
        assertEquals("meet-2283-r1-b1", resolve(MEETING, onlyBoardOne).orElseThrow().gameId());
    }

    @Test
    void a_code_of_another_hall_or_a_tournament_the_device_does_not_serve_denotes_nothing() {
        round("meet-2283", 1, "A", 3);
        round("meet-32933", 1, "B", 3);
        assertEquals(Optional.empty(), resolve(CODES.code("meet-32933", 1, 2, "WHITE"),
                in(Map.of("meet-2283", new DeviceAssignment("A", Set.of())))));
        assertEquals(Optional.empty(), resolve(CODES.code("meet-32933", 1, 2, "WHITE"),
                in(Map.of("meet-32933", new DeviceAssignment("A", Set.of())))));
        assertEquals("meet-32933-r1-b2", resolve(CODES.code("meet-32933", 1, 2, "WHITE"),
                in(Map.of("meet-32933", new DeviceAssignment("B", Set.of())))).orElseThrow().gameId());
    }

    @Test
    void a_hall_is_read_once_for_its_round_and_again_when_the_next_round_is_paired() {
        round("open", 1, "A", 500);
        var device = in(Map.of("open", new DeviceAssignment("A", Set.of())));
        for (int board = 1; board <= 500; board++) {
            assertEquals(board, resolve(CODES.code("open", 1, board, "WHITE"), device).orElseThrow().board());
        }
        assertEquals(1, hallReads.get(), "500 sheets bound from one reading of the hall");
        // when round 2 is paired after the list of tournaments was read, a round 2 code is found all the same
        round("open", 2, "A", 500);
        var board7 = resolve(CODES.code("open", 2, 7, "BLACK"), device).orElseThrow();
        assertEquals(2, board7.round());
        assertEquals("open-r2-b7", board7.gameId());
    }

    @Test
    void a_device_assigned_as_one_player_s_sheet_is_refused_the_other_player_s_code() {
        round("open", 1, "A", 3);
        var whiteOnly = in(Map.of("open", new DeviceAssignment("A", Set.of(), org.torneo.contracts.Side.WHITE)));
        assertEquals(Side.WHITE, resolve(CODES.code("open", 1, 2, "WHITE"), whiteOnly).orElseThrow().side());
        var refused = assertThrows(SheetCodeLookup.WrongSide.class,
                () -> resolve(CODES.code("open", 1, 2, "BLACK"), whiteOnly));
        assertEquals(403, refused.status().getStatusCode());
        assertTrue(refused.getMessage().contains("Black's sheet of board 2"), refused.getMessage());
    }
}

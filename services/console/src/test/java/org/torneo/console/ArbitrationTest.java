package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;

/** The claims queue's reading of a game's file, the penalty catalogue by edition, clocks and move numbers. */
class ArbitrationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** An incident row as the game service lists it: the envelope as JSON text in details. */
    private static ObjectNode incident(String type, String payload) throws Exception {
        ObjectNode row = JSON.createObjectNode();
        row.put("type", type);
        ObjectNode envelope = JSON.createObjectNode();
        envelope.put("eventId", "00000000-0000-0000-0000-0000000000" + Math.abs(type.hashCode() % 90 + 10));
        envelope.set("payload", JSON.readTree(payload));
        row.put("details", JSON.writeValueAsString(envelope));
        return row;
    }

    @Test
    void a_quickplay_claim_is_before_the_arbiter_until_he_upholds_or_rejects_it() throws Exception {
        ArrayNode file = JSON.createArrayNode();
        file.add(incident("game.ClaimFiled", "{\"by\":\"WHITE\",\"kind\":\"QUICKPLAY_FINISH\",\"ply\":40,"
                + "\"clock\":{\"whiteRemainingMillis\":90000,\"blackRemainingMillis\":245000},\"conditions\":\"c\"}"));
        Arbitration.OpenClaim open = Arbitration.openClaim(file).orElseThrow();
        assertEquals("WHITE", open.by());
        assertEquals("QUICKPLAY_FINISH", open.kind());
        assertEquals("White 1:30, Black 4:05", open.clock());
        assertFalse(open.postponed());

        file.add(incident("game.ClaimPostponed", "{\"by\":\"WHITE\",\"kind\":\"QUICKPLAY_FINISH\"}"));
        assertTrue(Arbitration.openClaim(file).orElseThrow().postponed());
        file.add(incident("game.FlagFellDuringPostponedClaim", "{\"side\":\"WHITE\"}"));
        assertTrue(Arbitration.openClaim(file).orElseThrow().flagFell());

        file.add(incident("game.ClaimRejected", "{\"by\":\"WHITE\",\"kind\":\"QUICKPLAY_FINISH\"}"));
        assertTrue(Arbitration.openClaim(file).isEmpty(), "a rejected claim is no longer before the arbiter");
    }

    @Test
    void threefold_and_fifty_move_claims_are_never_open_they_are_decided_at_once() throws Exception {
        ArrayNode file = JSON.createArrayNode();
        file.add(incident("game.ClaimFiled", "{\"by\":\"BLACK\",\"kind\":\"THREEFOLD\",\"ply\":12}"));
        file.add(incident("game.ClaimRejected", "{\"by\":\"BLACK\",\"kind\":\"THREEFOLD\",\"evidence\":"
                + "{\"judgedFen\":\"8/8/8/8/8/8/8/K6k w - - 0 1\",\"repetitionPlies\":[4,8],"
                + "\"lastCaptureOrPawnMovePly\":-1,\"pliesWithoutCaptureOrPawnMove\":9}}"));
        assertTrue(Arbitration.openClaim(file).isEmpty());
        // the evidence in the arbiter's words: where the position occurred, and the 50-move count
        String evidence = Arbitration.evidence(Arbitration.payload(file.get(1)).path("evidence"));
        assertTrue(evidence.contains("occurred 2 time(s): after 2..., after 4..."), evidence);
        assertTrue(evidence.contains("4½ moves each without a capture or pawn move (9 plies)"), evidence);
    }

    @Test
    void the_game_ending_closes_a_claim_left_open() throws Exception {
        ArrayNode file = JSON.createArrayNode();
        file.add(incident("game.ClaimFiled", "{\"by\":\"BLACK\",\"kind\":\"QUICKPLAY_INCREMENT\",\"ply\":61}"));
        assertEquals("QUICKPLAY_INCREMENT", Arbitration.openClaim(file).orElseThrow().kind());
        file.add(incident("results.GameEnded", "{\"result\":\"DRAW\"}"));
        assertTrue(Arbitration.openClaim(file).isEmpty());
    }

    @Test
    void each_edition_offers_its_own_penalties_with_their_articles() {
        assertEquals(List.of("WARNING", "ADD_TIME", "DEDUCT_TIME", "LOSS_OF_GAME", "FINE", "EXCLUDE_FROM_ROUNDS",
                "EXPEL"), Arbitration.catalogue("FIDE_2018").stream().map(Arbitration.Penalty::kind).toList());
        assertEquals("FIDE 2018 12.9.2", Arbitration.penalty("FIDE_2018", "ADD_TIME").orElseThrow().article());
        assertTrue(Arbitration.penalty("FIDE_2018", "ADD_TIME").orElseThrow().toOpponent(),
                "time is added to the offender's opponent (12.9.2)");
        // fines and exclusions came with 2018 (12.9.7-8); 2001 expels under 13.4g, 1997 under 13.4e
        assertTrue(Arbitration.penalty("FIDE_2001", "FINE").isEmpty());
        assertEquals("FIDE 2001 13.4g", Arbitration.penalty("FIDE_2001", "EXPEL").orElseThrow().article());
        assertEquals("FIDE 1997 13.4e", Arbitration.penalty("FIDE_1997", "EXPEL").orElseThrow().article());
        assertEquals("FIDE 2001 10.2", Arbitration.claimArticle("FIDE_2001", "QUICKPLAY_FINISH"));
        assertEquals("FIDE 2018 III.4", Arbitration.claimArticle("FIDE_2018", "QUICKPLAY_INCREMENT"));
    }

    @Test
    void clocks_are_read_as_typed_and_refused_with_the_field_when_not() throws Exception {
        assertEquals(90_000L, Arbitration.clockMillis("1:30", "White's clock"));
        assertEquals(3_900_000L, Arbitration.clockMillis("1:05:00", "White's clock"));
        assertNull(Arbitration.clockMillis(" ", "White's clock"));
        Arbitration.Invalid bad = assertThrows(Arbitration.Invalid.class,
                () -> Arbitration.clockMillis("1:75", "Black's clock"));
        assertEquals("Black's clock: '1:75' is not a clock reading (m:ss or h:mm:ss, e.g. 1:30)", bad.getMessage());
        assertEquals("1:01:05", Arbitration.time(3_665_000));
    }

    @Test
    void the_diagram_reads_the_position_rank_eight_first() {
        List<Arbitration.Rank> ranks = Arbitration.diagram("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assertEquals(8, ranks.size());
        assertEquals(8, ranks.get(0).number());
        assertEquals("a8", ranks.get(0).squares().get(0).name());
        assertEquals("r", ranks.get(0).squares().get(0).piece());
        assertEquals("P", ranks.get(4).squares().get(4).piece(), "e4");
        assertEquals("e4", ranks.get(4).squares().get(4).name());
        assertFalse(ranks.get(7).squares().get(0).dark() == ranks.get(7).squares().get(1).dark());
        assertTrue(ranks.get(7).squares().get(0).dark(), "a1 is a dark square");
        assertTrue(Arbitration.diagram("not a fen").isEmpty());
    }

    @Test
    void the_scoresheet_numbers_the_moves_and_leaves_out_those_taken_back() throws Exception {
        JsonNode moves = JSON.readTree("[{\"ply\":1,\"san\":\"e4\",\"standing\":true},"
                + "{\"ply\":2,\"san\":\"e5\",\"standing\":true},{\"ply\":3,\"san\":\"Nf3\",\"standing\":false}]");
        assertEquals("1. e4 e5", Arbitration.scoresheet(moves));
        assertEquals("after 12.", Arbitration.afterPly(23));
        assertEquals("after 12...", Arbitration.afterPly(24));
        assertEquals("the initial position", Arbitration.afterPly(0));
    }
}

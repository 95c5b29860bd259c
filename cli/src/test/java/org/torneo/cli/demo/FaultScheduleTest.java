package org.torneo.cli.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

class FaultScheduleTest {

    static final List<String> TARGETS = List.of("game", "clock", "pairing", "rating", "feed", "console", "kafka", "postgres");

    @Test
    void the_same_seed_gives_the_same_schedule_and_another_seed_another() {
        FaultSchedule first = FaultSchedule.plan(11, TARGETS, 16, 5000, 7);
        assertEquals(first, FaultSchedule.plan(11, TARGETS, 16, 5000, 7));
        assertNotEquals(first, FaultSchedule.plan(12, TARGETS, 16, 5000, 7));
    }

    @Test
    void two_faults_per_process_kill_every_process_at_least_twice_within_the_tournament() {
        for (long seed = 1; seed <= 50; seed++) {
            FaultSchedule schedule = FaultSchedule.plan(seed, TARGETS, 2 * TARGETS.size(), 5000, 7);
            assertEquals(2 * TARGETS.size(), schedule.faults().size(), "seed " + seed);
            assertTrue(schedule.kills() >= schedule.faults().size(), "seed " + seed);
            Map<String, Integer> kills = new HashMap<>();
            long lastMove = 0;
            for (FaultSchedule.Fault fault : schedule.faults()) {
                kills.merge(fault.target(), fault.replayKillMs() > 0 ? 2 : 1, Integer::sum);
                if (fault.atPairing() > 0) {
                    assertEquals("pairing", fault.target());
                    assertTrue(fault.atPairing() >= 2 && fault.atPairing() <= 7, fault.describe());
                } else {
                    assertTrue(fault.atMove() >= 1 && fault.atMove() <= 0.75 * 5000, fault.describe());
                    assertTrue(fault.atMove() >= lastMove, "in tournament order: " + schedule);
                    lastMove = fault.atMove();
                }
            }
            for (String target : TARGETS) {
                assertTrue(kills.getOrDefault(target, 0) >= 2, "seed " + seed + ": " + target + " killed "
                        + kills.get(target) + " times in " + schedule);
            }
        }
    }

    @Test
    void planned_moves_follow_from_the_seed_alone() {
        long moves = FaultSchedule.plannedMoves(11, 3, 6);
        assertEquals(moves, FaultSchedule.plannedMoves(11, 3, 6));
        assertTrue(moves > 3 * 6 * 10, "games of more than ten moves on average: " + moves);
    }

    @Test
    void normalizing_takes_out_ids_instants_clock_readings_sequence_and_the_tournament_id_but_keeps_the_facts()
            throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode a = json.readTree("""
                {"eventId":"e1","causationId":"c1","hash":"h1","previousHash":"h0","occurredAt":"2026-01-01T00:00:00Z",
                 "aggregateId":"demo11-abc-r1-b2","sequence":7,"type":"clock.ClockSwitched",
                 "payload":{"at":1795671169283,"commandId":"c1","elapsedMillis":2905,"gameId":"demo11-abc-r1-b2",
                            "moveNumber":1,"mover":"WHITE"}}""");
        JsonNode b = json.readTree("""
                {"eventId":"e2","causationId":"c2","hash":"h2","previousHash":"h9","occurredAt":"2026-01-01T01:00:00Z",
                 "aggregateId":"demo11-xyz-r1-b2","sequence":9,"type":"clock.ClockSwitched",
                 "payload":{"at":1795671999999,"commandId":"c2","elapsedMillis":1234,"gameId":"demo11-xyz-r1-b2",
                            "moveNumber":1,"mover":"WHITE"}}""");
        JsonNode other = json.readTree(b.toString().replace("\"moveNumber\":1", "\"moveNumber\":2"));
        JsonNode left = RunRecord.normalized(a, "demo11-abc", "torneo.clock");
        assertEquals(left, RunRecord.normalized(b, "demo11-xyz", "torneo.clock"));
        assertNotEquals(left, RunRecord.normalized(other, "demo11-xyz", "torneo.clock"));
        assertEquals("T-r1-b2", left.get("aggregateId").asText());
    }
}

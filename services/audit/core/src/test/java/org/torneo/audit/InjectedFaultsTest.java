package org.torneo.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.audit.LogSurgery.Seal.NONE;
import static org.torneo.audit.LogSurgery.Seal.THIS_EVENT;
import static org.torneo.audit.LogSurgery.Seal.WHOLE_CHAIN;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.audit.chain.ChainFinding;
import org.torneo.audit.verify.Decision;

/**
 * Given the fixture's log with one deliberately wrong decision or one tampered record, when audited, then that
 * decision or record is reported, naming the event. Decisions are forged with the whole chain re-sealed (an
 * insider who can re-sign), so only the re-verification can catch them; tampering is left for the chain audit.
 */
class InjectedFaultsTest {

    private static final TournamentLogFixture LOG = TournamentLogFixture.build();
    private static final String G1 = "t-audit-r1-b1";
    private static final String G2 = "t-audit-r1-b2";
    private static final String G3 = "t-audit-r2-b1";
    private static final String G4 = "t-audit-r2-b2";

    // ----------------------------------------------------------------------------------- wrong decisions

    @Test
    void a_claim_upheld_that_was_not_valid_is_discrepant() {
        int i = LogSurgery.find(LOG.lines, LogSurgery.type("game.ClaimRejected"));
        List<String> forged = LogSurgery.edit(LOG.lines, i, env -> {
            ObjectNode p = (ObjectNode) env.get("payload");
            env.put("type", "game.ClaimUpheld");
            p.remove(List.of("reason", "penalty", "standsAsDrawOffer"));
            p.put("article", "FIDE 2018 9.2");
        }, WHOLE_CHAIN);

        AuditReport report = new Audit().ofLines(forged);

        assertTrue(report.chainIntact());
        Decision claim = discrepancy(report, "draw claim (threefold)", LogSurgery.eventId(forged.get(i)));
        assertTrue(claim.finding().contains("logged upheld") && claim.finding().contains("is not correct"),
                claim.finding());
        assertTrue(claim.evidence().contains("occurred at plies [0, 4]"), claim.evidence());
        assertFalse(report.clean());
    }

    @Test
    void a_rejected_claim_whose_evidence_was_padded_is_discrepant() {
        int i = LogSurgery.find(LOG.lines, LogSurgery.type("game.ClaimRejected"));
        List<String> forged = LogSurgery.edit(LOG.lines, i,
                env -> ((ArrayNode) env.get("payload").get("evidence").get("repetitionPlies")).add(2), WHOLE_CHAIN);

        AuditReport report = new Audit().ofLines(forged);

        Decision claim = discrepancy(report, "draw claim (threefold)", LogSurgery.eventId(forged.get(i)));
        assertTrue(claim.finding().contains("plies [0, 4, 2]") && claim.evidence().contains("plies [0, 4]"),
                claim.finding());
    }

    @Test
    void an_illegal_move_penalty_of_the_wrong_size_is_discrepant_and_so_is_the_clock_that_applied_the_right_one() {
        int i = LogSurgery.find(LOG.lines, LogSurgery.type("game.IllegalMoveRecorded"));
        List<String> forged = LogSurgery.edit(LOG.lines, i,
                env -> ((ObjectNode) env.get("payload").get("penalty")).put("addedToOpponentMillis", 60_000), WHOLE_CHAIN);

        AuditReport report = new Audit().ofLines(forged);

        assertTrue(report.chainIntact());
        Decision penalty = discrepancy(report, "illegal-move penalty", LogSurgery.eventId(forged.get(i)));
        assertTrue(penalty.finding().contains("opponent +60 s, due +120 s"), penalty.finding());
        // the clock applied the true +120 s (answering nothing now) and the forged +60 s was never applied
        assertEquals(3, report.discrepant(), () -> report.decisions().toString());
        assertTrue(report.decisions().stream().anyMatch(d -> !d.confirmed() && d.kind().equals("clock adjustment")
                && d.finding().contains("+120 s for BLACK answers no penalty")));
    }

    @Test
    void a_wrong_claim_penalty_of_the_wrong_size_is_discrepant() {
        int i = LogSurgery.find(LOG.lines, LogSurgery.type("game.ClaimRejected"));
        List<String> forged = LogSurgery.edit(LOG.lines, i,
                env -> ((ObjectNode) env.get("payload").get("penalty")).put("addedToOpponentMillis", 180_000), WHOLE_CHAIN);

        AuditReport report = new Audit().ofLines(forged);

        Decision penalty = discrepancy(report, "wrong-claim penalty", LogSurgery.eventId(forged.get(i)));
        assertTrue(penalty.finding().contains("logged opponent +180 s") && penalty.finding().contains("due opponent +120 s"),
                penalty.finding());
        assertEquals(1, report.discrepant());
    }

    @Test
    void a_flag_fall_of_the_side_whose_flag_the_clock_did_not_see_fall_is_discrepant() {
        // the game's clock recorded White's flag (its time addition edited into that flag fall) but the result is
        // scored as Black's flag fall: 1-0, which the position alone would allow (White has a rook)
        int i = LogSurgery.find(LOG.lines, n -> LogSurgery.type("clock.TimeAdded").test(n)
                && n.get("envelope").get("aggregateId").asText().equals(G2));
        List<String> forged = LogSurgery.edit(LOG.lines, i, env -> {
            ObjectNode p = (ObjectNode) env.get("payload");
            env.put("type", "clock.FlagFell");
            String game = p.get("gameId").asText();
            String command = p.get("commandId").asText();
            com.fasterxml.jackson.databind.JsonNode actor = p.get("actor");
            long at = p.get("at").asLong();
            p.removeAll();
            p.put("gameId", game).put("commandId", command).set("actor", actor);
            p.put("at", at).put("side", "WHITE").put("period", 1).put("movesMade", 0).put("movesRequired", 40)
                    .put("requirementMet", false).put("finalPeriod", false);
        }, WHOLE_CHAIN);
        int ended = LogSurgery.find(forged, n -> LogSurgery.type("results.GameEnded").test(n)
                && n.get("envelope").get("aggregateId").asText().equals(G2));
        forged = LogSurgery.edit(forged, ended, env -> ((ObjectNode) env.get("payload")).put("result", "WHITE_WINS")
                .put("whiteHalfPoints", 2).put("blackHalfPoints", 0).put("reason", "FLAG_FALL"), WHOLE_CHAIN);

        AuditReport report = new Audit().ofLines(forged);

        Decision flag = discrepancy(report, "flag fall", LogSurgery.eventId(forged.get(ended)));
        assertTrue(flag.finding().contains("BLACK's flag") && flag.finding().contains("6.10.1"), flag.finding());
        assertTrue(flag.evidence().contains("the clock recorded only [WHITE"), flag.evidence());
    }

    @Test
    void a_flag_fall_scored_as_a_win_though_the_opponent_could_not_mate_is_discrepant() {
        int i = LogSurgery.find(LOG.lines, n -> LogSurgery.type("results.GameEnded").test(n)
                && n.get("envelope").get("aggregateId").asText().equals(G2));
        List<String> forged = LogSurgery.edit(LOG.lines, i, env -> {
            ObjectNode p = (ObjectNode) env.get("payload");
            p.put("result", "BLACK_WINS").put("whiteHalfPoints", 0).put("blackHalfPoints", 2).put("reason", "FLAG_FALL");
        }, WHOLE_CHAIN);

        AuditReport report = new Audit().ofLines(forged);

        Decision flag = discrepancy(report, "flag fall", LogSurgery.eventId(forged.get(i)));
        assertTrue(flag.finding().contains("logged 0-1") && flag.finding().contains("due ½-½"), flag.finding());
        assertTrue(flag.evidence().contains("BLACK can mate: UNWINNABLE"), flag.evidence());
        // the tournament still records the draw the game really ended with: it disagrees with the forged result
        assertTrue(report.decisions().stream().anyMatch(d -> !d.confirmed() && d.kind().equals("result")));
    }

    @Test
    void an_edited_result_in_the_tournament_is_discrepant_with_the_game() {
        int i = LogSurgery.find(LOG.lines, n -> LogSurgery.type("tournament.ResultRecorded").test(n)
                && n.get("envelope").get("payload").get("round").asInt() == 2
                && n.get("envelope").get("payload").get("result").asText().equals("BLACK_WINS"));
        List<String> forged = LogSurgery.edit(LOG.lines, i,
                env -> ((ObjectNode) env.get("payload")).put("result", "WHITE_WINS"), WHOLE_CHAIN);

        AuditReport report = new Audit().ofLines(forged);

        Decision result = discrepancy(report, "result", LogSurgery.eventId(forged.get(i)));
        assertTrue(result.finding().contains("WHITE_WINS, but game " + G4 + " stands at 0-1"), result.finding());
        assertEquals(1, report.discrepant());
    }

    @Test
    void a_resignation_rewritten_as_a_checkmate_is_discrepant() {
        int i = LogSurgery.find(LOG.lines, n -> LogSurgery.type("results.GameEnded").test(n)
                && n.get("envelope").get("aggregateId").asText().equals(G3));
        List<String> forged = LogSurgery.edit(LOG.lines, i,
                env -> ((ObjectNode) env.get("payload")).put("reason", "CHECKMATE"), WHOLE_CHAIN);

        AuditReport report = new Audit().ofLines(forged);

        Decision ending = discrepancy(report, "ending (checkmate)", LogSurgery.eventId(forged.get(i)));
        assertTrue(ending.finding().contains("the side to move is not checkmated"), ending.finding());
        assertEquals(1, report.discrepant());
    }

    @Test
    void a_result_correction_by_a_player_is_discrepant() {
        int i = LogSurgery.find(LOG.lines, LogSurgery.type("results.ResultCorrected"));
        List<String> forged = LogSurgery.edit(LOG.lines, i, env -> {
            ((ObjectNode) env.get("actor")).put("role", "PLAYER").put("id", "p4");
            ((ObjectNode) env.get("payload")).put("by", "p4");
        }, WHOLE_CHAIN);

        AuditReport report = new Audit().ofLines(forged);

        Decision correction = discrepancy(report, "result correction", LogSurgery.eventId(forged.get(i)));
        assertTrue(correction.finding().contains("corrected by PLAYER p4, not an arbiter"), correction.finding());
    }

    @Test
    void a_changed_pairing_is_discrepant() {
        int i = LogSurgery.find(LOG.lines, n -> LogSurgery.type("tournament.RoundPaired").test(n)
                && n.get("envelope").get("payload").get("round").asInt() == 2);
        List<String> forged = LogSurgery.edit(LOG.lines, i, env -> {
            ArrayNode boards = (ArrayNode) env.get("payload").get("boards");
            ObjectNode first = (ObjectNode) boards.get(0);
            String white = first.get("white").asText();
            first.put("white", first.get("black").asText()).put("black", white);
        }, WHOLE_CHAIN);

        AuditReport report = new Audit().ofLines(forged);

        Decision pairing = discrepancy(report, "pairing", LogSurgery.eventId(forged.get(i)));
        assertTrue(pairing.finding().startsWith("re-pairing gives 1: p4-p1"), pairing.finding());
        assertTrue(pairing.evidence().contains("logged 1: p1-p4"), pairing.evidence());
    }

    // ------------------------------------------------------------------------------------------ tampering

    @Test
    void a_removed_event_is_named_by_its_sequence() {
        int i = LogSurgery.find(LOG.lines, LogSurgery.event(G1, 3));
        List<String> forged = new ArrayList<>(LOG.lines);
        String nextId = LogSurgery.eventId(LOG.lines.get(LogSurgery.find(LOG.lines, LogSurgery.event(G1, 4))));
        forged.remove(i);

        AuditReport report = new Audit().ofLines(forged);

        assertFalse(report.chainIntact());
        ChainFinding removed = onlyFinding(report);
        assertEquals(ChainFinding.Kind.REMOVED, removed.kind());
        assertEquals(G1, removed.aggregateId());
        assertEquals(3, removed.sequence());
        assertTrue(removed.detail().contains("#3 is missing before #4 (" + nextId + ")"), removed.detail());
        assertTrue(report.summaryLine().endsWith("chain broken"));
    }

    @Test
    void two_swapped_events_are_reported_as_reordered() {
        int a = LogSurgery.find(LOG.lines, LogSurgery.event(G1, 3));
        int b = LogSurgery.find(LOG.lines, LogSurgery.event(G1, 4));
        List<String> forged = new ArrayList<>(LOG.lines);
        forged.set(a, LOG.lines.get(b));
        forged.set(b, LOG.lines.get(a));

        AuditReport report = new Audit().ofLines(forged);

        ChainFinding reordered = onlyFinding(report);
        assertEquals(ChainFinding.Kind.REORDERED, reordered.kind());
        assertEquals(3, reordered.sequence());
        assertEquals(LogSurgery.eventId(LOG.lines.get(a)), reordered.eventId().toString());
        assertTrue(reordered.detail().contains("comes after #4"), reordered.detail());
    }

    @Test
    void a_payload_edited_without_fixing_the_hash_is_reported_as_changed() {
        int i = LogSurgery.find(LOG.lines, LogSurgery.type("results.GameEnded"));
        List<String> forged = LogSurgery.edit(LOG.lines, i,
                env -> ((ObjectNode) env.get("payload")).put("article", "FIDE 2018 9.6"), NONE);

        AuditReport report = new Audit().ofLines(forged);

        ChainFinding changed = onlyFinding(report);
        assertEquals(ChainFinding.Kind.CHANGED, changed.kind());
        assertEquals(LogSurgery.eventId(forged.get(i)), changed.eventId().toString());
    }

    @Test
    void an_event_edited_with_a_recomputed_hash_breaks_the_chain_at_the_next_event() {
        int i = LogSurgery.find(LOG.lines, LogSurgery.event(G3, 4));
        List<String> forged = LogSurgery.edit(LOG.lines, i, env -> {
            ObjectNode p = (ObjectNode) env.get("payload");
            p.put("result", "BLACK_WINS").put("whiteHalfPoints", 0).put("blackHalfPoints", 2);
        }, THIS_EVENT);

        AuditReport report = new Audit().ofLines(forged);

        ChainFinding resealed = onlyFinding(report);
        assertEquals(ChainFinding.Kind.CHANGED_AND_RESEALED, resealed.kind());
        assertEquals(G3, resealed.aggregateId());
        assertEquals(4, resealed.sequence());
        assertEquals(LogSurgery.eventId(forged.get(i)), resealed.eventId().toString());
        assertTrue(resealed.detail().contains("#5"), resealed.detail());
    }

    @Test
    void an_inserted_event_with_a_taken_sequence_is_reported() {
        int i = LogSurgery.find(LOG.lines, LogSurgery.event(G4, 2));
        List<String> forged = new ArrayList<>(LOG.lines);
        ObjectNode copy = LogSurgery.parse(LOG.lines.get(i));
        ((ObjectNode) copy.get("envelope")).put("eventId", "00000000-0000-0000-0000-0000000000ee");
        forged.add(i + 1, copy.toString());

        AuditReport report = new Audit().ofLines(forged);

        assertTrue(report.chainFindings().stream().anyMatch(f -> f.kind() == ChainFinding.Kind.INSERTED
                && f.aggregateId().equals(G4) && f.sequence() == 2
                && f.eventId().toString().equals("00000000-0000-0000-0000-0000000000ee")), report.chainFindings()::toString);
    }

    @Test
    void an_unreadable_line_is_reported_with_its_line_number() {
        List<String> forged = new ArrayList<>(LOG.lines);
        forged.add(3, "{\"topic\":\"torneo.game.moves\",\"envelope\":{\"type\":\"game.Nonsense\",\"version\":1}}");

        AuditReport report = new Audit().ofLines(forged);

        ChainFinding unreadable = onlyFinding(report);
        assertEquals(ChainFinding.Kind.UNREADABLE, unreadable.kind());
        assertTrue(unreadable.detail().startsWith("line 4: ") && unreadable.detail().contains("game.Nonsense"),
                unreadable.detail());
    }

    private static Decision discrepancy(AuditReport report, String kind, String eventId) {
        List<Decision> found = report.decisions().stream()
                .filter(d -> !d.confirmed() && d.kind().equals(kind) && String.valueOf(d.eventId()).equals(eventId))
                .toList();
        assertEquals(1, found.size(), () -> "expected one discrepant " + kind + " naming " + eventId + " in "
                + report.decisions());
        return found.get(0);
    }

    private static ChainFinding onlyFinding(AuditReport report) {
        assertEquals(1, report.chainFindings().size(), report.chainFindings()::toString);
        return report.chainFindings().get(0);
    }
}

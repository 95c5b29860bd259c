package org.torneo.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.torneo.audit.chain.ChainFinding;
import org.torneo.audit.log.EventLog;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.rating.RatingEvent;

/**
 * The rating service's chain runs over torneo.ratings and its internal sheet topic, so on torneo.ratings it has
 * gaps: given the tournament's id also on the tournament chain, the two are audited apart; gaps are expected,
 * links between consecutive sequences are not.
 */
class RatingChainTest {

    private final JsonCodec codec = JsonCodec.standard();

    @Test
    void a_rating_chain_with_gaps_is_intact_beside_the_tournament_chain_of_the_same_id() {
        List<String> lines = new ArrayList<>(TournamentLogFixture.build().lines);
        lines.addAll(ratingChain(false));

        AuditReport report = new Audit().ofLines(lines);

        assertTrue(report.chainIntact(), report.chainFindings()::toString);
    }

    @Test
    void a_broken_link_between_consecutive_rating_events_is_reported() {
        List<String> lines = ratingChain(true);

        AuditReport report = new Audit().ofLines(lines);

        assertEquals(1, report.chainFindings().size(), report.chainFindings()::toString);
        ChainFinding finding = report.chainFindings().get(0);
        assertEquals(ChainFinding.Kind.CHANGED_AND_RESEALED, finding.kind());
        assertEquals(5, finding.sequence());
    }

    /** Sequences 5, 6 (linked) and 9 (after a gap, linked to an event on the sheet topic). */
    private List<String> ratingChain(boolean breakLink) {
        String sheetHash = "ab".repeat(32);
        Envelope five = seal(5, RatingEvent.StandingsComputed.example(), sheetHash);
        Envelope six = seal(6, RatingEvent.RatingChangesComputed.example(), breakLink ? sheetHash : five.hash());
        Envelope nine = seal(9, RatingEvent.StandingsComputed.example(), "cd".repeat(32));
        return List.of(EventLog.line(codec, "torneo.ratings", five), EventLog.line(codec, "torneo.ratings", six),
                EventLog.line(codec, "torneo.ratings", nine));
    }

    private Envelope seal(long sequence, EventMessage event, String previousHash) {
        return codec.seal(Envelope.event(UUID.nameUUIDFromBytes(("rating#" + sequence).getBytes()),
                UUID.nameUUIDFromBytes(("cause#" + sequence).getBytes()), null, TournamentLogFixture.T, sequence,
                Actor.system("rating"), Instant.parse("2026-05-01T18:00:00Z"), event), previousHash);
    }
}

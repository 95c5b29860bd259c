package org.torneo.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.torneo.audit.LogSurgery.Seal.WHOLE_CHAIN;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.torneo.audit.verify.Decision;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.game.ClaimEvent;
import org.torneo.contracts.game.ClaimEvidence;
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.EventRegulations;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.Penalty;
import org.torneo.contracts.game.QuickplayFinishGuidelines;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent;

/**
 * Quickplay-finish claims (FIDE 1997/2001 10.2, 2018 Guidelines III.4-III.5) and the 1997 10.3 illegal-move penalties,
 * played through the real game decider: an untouched log is confirmed, a forged decision is discrepant and named.
 */
class QuickplayFinishAuditTest {

    private static final TimeControl SUDDEN_DEATH_15 = TimeControl.of(Period.suddenDeath(15 * 60_000));
    private static final Ruleset FIDE_2018_RAPID = new Ruleset(Ruleset.Edition.FIDE_2018, Ruleset.Category.RAPID);
    private static final Ruleset FIDE_1997 = new Ruleset(Ruleset.Edition.FIDE_1997, Ruleset.Category.STANDARD);
    private static final EventRegulations DRAW_CLAIMS = new EventRegulations(0, true,
            QuickplayFinishGuidelines.DRAW_CLAIMS);
    private static final EventRegulations INCREMENT_ON_REQUEST = new EventRegulations(0, true,
            QuickplayFinishGuidelines.INCREMENT_ON_REQUEST);

    private static GameCommand.ClaimDraw claim(TournamentLogFixture log, Side by, long whiteSeconds, long blackSeconds) {
        return new GameCommand.ClaimDraw(by, DrawClaimKind.QUICKPLAY_FINISH, null,
                new ClockReading(whiteSeconds * 1000, blackSeconds * 1000), log.at());
    }

    private static GameCommand.ArbiterRuling ruling(TournamentLogFixture log, RulingKind kind, String article) {
        return new GameCommand.ArbiterRuling(kind, article, "", null, null, -1, -1, -1, 0, log.at());
    }

    /** 2018 III.5: White's claim rejected (+2 min), Black's postponed (+2 min), Black's flag falls, then upheld. */
    private static TournamentLogFixture fide2018Game() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        String g = log.startTimed("g-qp", FIDE_2018_RAPID, null, SUDDEN_DEATH_15, DRAW_CLAIMS);
        log.move(g, "e2e4");
        log.move(g, "e7e5");
        log.game(g, TournamentLogFixture.SYSTEM, claim(log, Side.WHITE, 95, 300));
        List<EventMessage> rejected = log.game(g, TournamentLogFixture.ARBITER,
                ruling(log, RulingKind.REJECT_CLAIM, "FIDE 2018 III.5.3"));
        assertInstanceOf(ClaimEvent.ClaimRejected.class, rejected.get(1));
        log.move(g, "g1f3");
        log.game(g, TournamentLogFixture.SYSTEM, claim(log, Side.BLACK, 90, 80));
        List<EventMessage> postponed = log.game(g, TournamentLogFixture.ARBITER,
                new GameCommand.PostponeClaim(120_000, null, "watching the game", log.at()));
        assertInstanceOf(ClaimEvent.ClaimPostponed.class, postponed.get(0));
        log.move(g, "b8c6");
        log.move(g, "f1b5");
        List<EventMessage> flag = log.game(g, TournamentLogFixture.SYSTEM,
                new GameCommand.ReportFlagFall(Side.BLACK, true, true, log.at()));
        assertInstanceOf(ClaimEvent.FlagFellDuringPostponedClaim.class, flag.get(0));
        List<EventMessage> upheld = log.game(g, TournamentLogFixture.ARBITER,
                ruling(log, RulingKind.UPHOLD_CLAIM, "FIDE 2018 III.5.2"));
        assertEquals(GameResult.DRAW, assertInstanceOf(ResultEvent.GameEnded.class, upheld.get(upheld.size() - 1))
                .result());
        return log;
    }

    private static List<Decision> quickplay(AuditReport report) {
        return report.decisions().stream().filter(d -> d.kind().startsWith("quickplay") || d.kind().startsWith(
                "increment") || d.kind().startsWith("flag during")).toList();
    }

    @Test
    void fide2018_claims_rejection_postponement_flag_and_upholding_are_confirmed_on_an_untouched_log() {
        TournamentLogFixture log = fide2018Game();
        AuditReport report = new Audit().ofLines(log.lines);
        List<Decision> decisions = quickplay(report);
        assertEquals(List.of("quickplay-finish claim", "quickplay claim rejected", "quickplay-finish claim",
                "quickplay claim postponed", "flag during a postponed claim", "quickplay claim upheld"),
                decisions.stream().map(Decision::kind).toList());
        assertTrue(decisions.stream().allMatch(Decision::confirmed), decisions::toString);
        assertTrue(decisions.get(0).finding().contains("1:35"), decisions.get(0).finding());
        // nothing in the whole game is reported: the claims are not taken for undecided 9.2/9.3 claims
        assertTrue(report.decisions().stream().filter(d -> d.subject().equals("g-qp")).allMatch(Decision::confirmed),
                report.decisions()::toString);
    }

    @Test
    void fide2018_a_claim_with_two_minutes_or_more_is_not_admissible() {
        TournamentLogFixture log = fide2018Game();
        int filed = LogSurgery.find(log.lines, LogSurgery.type("game.ClaimFiled"));
        List<String> forged = LogSurgery.edit(log.lines, filed, env -> ((ObjectNode) env.get("payload").get("clock"))
                .put("whiteRemainingMillis", 150_000), WHOLE_CHAIN);
        Decision wrong = quickplay(new Audit().ofLines(forged)).get(0);
        assertFalse(wrong.confirmed());
        assertEquals(LogSurgery.eventId(forged.get(filed)), wrong.eventId().toString());
        assertTrue(wrong.finding().contains("WHITE had 2:30, not less than two minutes"), wrong.finding());
    }

    @Test
    void fide2018_a_rejection_giving_the_opponent_one_minute_is_discrepant_and_named() {
        TournamentLogFixture log = fide2018Game();
        int rejected = LogSurgery.find(log.lines, LogSurgery.type("game.ClaimRejected"));
        List<String> forged = LogSurgery.edit(log.lines, rejected, env -> ((ObjectNode) env.get("payload")
                .get("penalty")).put("addedToOpponentMillis", 60_000), WHOLE_CHAIN);
        Decision wrong = quickplay(new Audit().ofLines(forged)).get(1);
        assertFalse(wrong.confirmed());
        assertEquals("quickplay claim rejected", wrong.kind());
        assertEquals(LogSurgery.eventId(forged.get(rejected)), wrong.eventId().toString());
        assertTrue(wrong.finding().contains("rejection gives the opponent +60 s, due +120 s"), wrong.finding());
    }

    @Test
    void fide2018_a_postponement_giving_other_than_two_minutes_is_discrepant() {
        TournamentLogFixture log = fide2018Game();
        int postponed = LogSurgery.find(log.lines, LogSurgery.type("game.ClaimPostponed"));
        List<String> forged = LogSurgery.edit(log.lines, postponed, env -> ((ObjectNode) env.get("payload")
                .get("penalty")).put("addedToOpponentMillis", 180_000), WHOLE_CHAIN);
        Decision wrong = quickplay(new Audit().ofLines(forged)).get(3);
        assertFalse(wrong.confirmed());
        assertEquals(LogSurgery.eventId(forged.get(postponed)), wrong.eventId().toString());
        assertTrue(wrong.finding().contains("opponent +180 s, the arbiter may give 120 s or nothing"), wrong.finding());
    }

    @Test
    void fide1997_any_player_may_claim_but_the_arbiter_may_not_reject() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        String g = log.startTimed("g-97", FIDE_1997, null, SUDDEN_DEATH_15, EventRegulations.DEFAULT);
        log.move(g, "e2e4");
        // 1997 10.2: Black claims, although White has the move
        log.game(g, TournamentLogFixture.SYSTEM, claim(log, Side.BLACK, 300, 70));
        List<Decision> clean = quickplay(new Audit().ofLines(log.lines));
        assertEquals(1, clean.size());
        assertTrue(clean.get(0).confirmed(), clean::toString);
        assertTrue(clean.get(0).finding().contains("any player may claim"), clean.get(0).finding());

        // a faulty service rejects it with two minutes for White: 1997 10.2a knows only a draw or a postponement
        ClaimEvidence evidence = new ClaimEvidence("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                List.of(1), 1, 0);
        log.appendUnchecked(g, TournamentLogFixture.ARBITER,
                new ClaimEvent.RulingIssued(RulingKind.REJECT_CLAIM, "FIDE 1997 10.2", "", null, null, -1, -1, -1, 0,
                        log.at()),
                new ClaimEvent.ClaimRejected(Side.BLACK, DrawClaimKind.QUICKPLAY_FINISH, "no", "FIDE 1997 10.2",
                        new Penalty(120_000, 0, "FIDE 1997 10.2", "opponent +120 s"), false, evidence, log.at()));
        List<Decision> forged = quickplay(new Audit().ofLines(log.lines));
        Decision wrong = forged.get(1);
        assertEquals("quickplay claim rejected", wrong.kind());
        assertFalse(wrong.confirmed());
        assertEquals("FIDE 1997 10.2a", wrong.article());
        assertTrue(wrong.finding().contains("he cannot reject the claim (FIDE 1997 10.2a)"), wrong.finding());
    }

    @Test
    void fide1997_10_3_in_the_quickplay_finish_two_penalties_then_the_third_illegal_move_loses() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        // the bishop on e2 is pinned by the rook on e8
        String g = log.startTimed("g-97-illegal", FIDE_1997, "4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1", SUDDEN_DEATH_15,
                EventRegulations.DEFAULT);
        log.illegal(g, "e2d3");
        log.illegal(g, "e2f3");
        List<EventMessage> third = log.illegal(g, "e2d3");
        assertEquals(GameResult.BLACK_WINS, assertInstanceOf(ResultEvent.GameEnded.class,
                third.get(third.size() - 1)).result());

        List<Decision> penalties = penalties(new Audit().ofLines(log.lines));
        assertEquals(3, penalties.size());
        assertTrue(penalties.stream().allMatch(Decision::confirmed), penalties::toString);
        assertTrue(penalties.stream().allMatch(d -> d.article().equals("FIDE 1997 10.3")), penalties::toString);
        assertTrue(penalties.get(0).finding().contains("illegal move 1: opponent +120 s"), penalties.get(0).finding());
        assertTrue(penalties.get(2).finding().contains("illegal move 3: game lost"), penalties.get(2).finding());

        // the second penalty forged away, as 7.4 alone would have it
        int second = LogSurgery.find(log.lines, LogSurgery.event(g, 3));
        List<String> forged = LogSurgery.edit(log.lines, second, env -> ((ObjectNode) env.get("payload")
                .get("penalty")).put("addedToOpponentMillis", 0), WHOLE_CHAIN);
        Decision wrong = penalties(new Audit().ofLines(forged)).get(1);
        assertFalse(wrong.confirmed());
        assertEquals(LogSurgery.eventId(forged.get(second)), wrong.eventId().toString());
        assertTrue(wrong.finding().contains("penalty opponent +0 s, due +120 s"), wrong.finding());
    }

    @Test
    void fide1997_outside_the_quickplay_finish_7_4_alone_gives_no_penalty() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        String g = log.startAlone("g-97-untimed", FIDE_1997, "4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1");
        log.illegal(g, "e2d3");
        Decision first = penalties(new Audit().ofLines(log.lines)).get(0);
        assertTrue(first.confirmed(), first::toString);
        assertFalse(first.article().contains("10.3"), first.article());
        assertTrue(first.finding().contains("opponent +0 s"), first.finding());
    }

    @Test
    void fide2018_III_4_a_granted_increment_is_confirmed_and_a_forged_size_is_caught() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        String g = log.startTimed("g-inc", FIDE_2018_RAPID, null, SUDDEN_DEATH_15, INCREMENT_ON_REQUEST);
        log.move(g, "e2e4");
        log.move(g, "e7e5");
        log.game(g, TournamentLogFixture.SYSTEM, new GameCommand.ClaimDraw(Side.WHITE,
                DrawClaimKind.QUICKPLAY_INCREMENT, null, new ClockReading(60_000, 400_000), log.at()));
        log.game(g, new org.torneo.contracts.Actor(org.torneo.contracts.Actor.Role.PLAYER, "p2"),
                new GameCommand.DeclineDraw(Side.BLACK, log.at()));
        List<EventMessage> granted = log.game(g, TournamentLogFixture.ARBITER,
                ruling(log, RulingKind.UPHOLD_CLAIM, "FIDE 2018 III.4"));
        assertInstanceOf(ClaimEvent.QuickplayIncrementGranted.class, granted.get(1));
        List<Decision> clean = quickplay(new Audit().ofLines(log.lines));
        assertEquals(List.of("quickplay increment request", "increment granted"),
                clean.stream().map(Decision::kind).toList());
        assertTrue(clean.stream().allMatch(Decision::confirmed), clean::toString);

        int grant = LogSurgery.find(log.lines, LogSurgery.type("game.QuickplayIncrementGranted"));
        List<String> forged = LogSurgery.edit(log.lines, grant, env -> ((ObjectNode) env.get("payload"))
                .put("incrementMillis", 10_000), WHOLE_CHAIN);
        Decision wrong = quickplay(new Audit().ofLines(forged)).get(1);
        assertFalse(wrong.confirmed());
        assertEquals(LogSurgery.eventId(forged.get(grant)), wrong.eventId().toString());
        assertTrue(wrong.finding().contains("increment 10 s a move and opponent +120 s, due 5 s and +120 s"),
                wrong.finding());
    }

    @Test
    void fide2018_a_claim_by_the_player_not_on_the_move_is_not_admissible() {
        TournamentLogFixture log = fide2018Game();
        // Black's claim (Black to move, 1:20 left) forged into White's (1:30 left, but not on the move)
        int filed = indexOf(log.lines, "game.ClaimFiled", 2);
        List<String> forged = LogSurgery.edit(log.lines, filed, env -> ((ObjectNode) env.get("payload"))
                .put("by", "WHITE"), WHOLE_CHAIN);
        Decision wrong = quickplay(new Audit().ofLines(forged)).get(2);
        assertFalse(wrong.confirmed());
        assertEquals(LogSurgery.eventId(forged.get(filed)), wrong.eventId().toString());
        assertTrue(wrong.finding().contains("WHITE claimed, but BLACK had the move"), wrong.finding());
    }

    @Test
    void a_flag_that_is_not_the_claimants_does_not_wait_for_the_ruling() {
        TournamentLogFixture log = fide2018Game();
        int fell = LogSurgery.find(log.lines, LogSurgery.type("game.FlagFellDuringPostponedClaim"));
        List<String> forged = LogSurgery.edit(log.lines, fell, env -> ((ObjectNode) env.get("payload"))
                .put("side", "WHITE"), WHOLE_CHAIN);
        Decision wrong = quickplay(new Audit().ofLines(forged)).get(4);
        assertEquals("flag during a postponed claim", wrong.kind());
        assertFalse(wrong.confirmed());
        assertEquals(LogSurgery.eventId(forged.get(fell)), wrong.eventId().toString());
        assertTrue(wrong.finding().contains("the claim is BLACK's: WHITE's flag decides"), wrong.finding());
    }

    @Test
    void fide2018_rejected_after_the_claimants_flag_the_flag_decides_and_the_clock_adds_the_postponement_bonus() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        String g = log.startTimed("g-qp-flag", FIDE_2018_RAPID, null, SUDDEN_DEATH_15, DRAW_CLAIMS);
        log.move(g, "e2e4");
        log.move(g, "e7e5");
        log.game(g, TournamentLogFixture.SYSTEM, claim(log, Side.WHITE, 95, 300));
        List<EventMessage> postponed = log.game(g, TournamentLogFixture.ARBITER,
                new GameCommand.PostponeClaim(120_000, null, "", log.at()));
        ClaimEvent.ClaimPostponed p = assertInstanceOf(ClaimEvent.ClaimPostponed.class, postponed.get(0));
        log.clockAdds(g, Side.BLACK, p.penalty().addedToOpponentMillis(), p.penalty().article());
        log.move(g, "g1f3");
        log.game(g, TournamentLogFixture.SYSTEM, new GameCommand.ReportFlagFall(Side.WHITE, true, true, log.at()));
        List<EventMessage> rejected = log.game(g, TournamentLogFixture.ARBITER,
                ruling(log, RulingKind.REJECT_CLAIM, "FIDE 2018 III.5.2"));
        ResultEvent.GameEnded ended = assertInstanceOf(ResultEvent.GameEnded.class, rejected.get(rejected.size() - 1));
        assertEquals(GameResult.BLACK_WINS, ended.result());

        AuditReport report = new Audit().ofLines(log.lines);
        List<Decision> decisions = quickplay(report);
        assertTrue(decisions.stream().allMatch(Decision::confirmed), decisions::toString);
        assertEquals("quickplay claim rejected", decisions.get(decisions.size() - 1).kind());
        List<Decision> clock = report.decisions().stream().filter(d -> d.kind().equals("clock adjustment")).toList();
        assertEquals(1, clock.size());
        assertTrue(clock.get(0).confirmed(), clock::toString);
        assertTrue(clock.get(0).evidence().contains("FIDE 2018 III.5.2"), clock.get(0).evidence());
        assertTrue(report.decisions().stream().filter(d -> d.subject().equals(g)).allMatch(Decision::confirmed),
                report.decisions()::toString);

        // the flag fall forged into a draw: the ruling's events no longer are the game's
        int end = LogSurgery.find(log.lines, LogSurgery.type("results.GameEnded"));
        List<String> forged = LogSurgery.edit(log.lines, end, env -> ((ObjectNode) env.get("payload"))
                .put("result", "DRAW").put("whiteHalfPoints", 1).put("blackHalfPoints", 1), WHOLE_CHAIN);
        List<Decision> after = quickplay(new Audit().ofLines(forged));
        Decision wrong = after.get(after.size() - 1);
        assertFalse(wrong.confirmed());
        assertEquals(LogSurgery.eventId(forged.get(end)), wrong.eventId().toString());
    }

    @Test
    void fide2001_a_rejected_claim_stands_as_a_draw_offer_and_a_forged_record_of_it_is_caught() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        String g = log.startTimed("g-2001", new Ruleset(Ruleset.Edition.FIDE_2001, Ruleset.Category.STANDARD), null,
                SUDDEN_DEATH_15, EventRegulations.DEFAULT);
        log.move(g, "e2e4");
        log.game(g, TournamentLogFixture.SYSTEM, claim(log, Side.BLACK, 300, 100));
        List<EventMessage> rejected = log.game(g, TournamentLogFixture.ARBITER,
                ruling(log, RulingKind.REJECT_CLAIM, "FIDE 2001 10.2c"));
        // FIDE 2001 9.1c: a claim under 10.2 counts as a draw offer
        assertTrue(assertInstanceOf(ClaimEvent.ClaimRejected.class, rejected.get(1)).standsAsDrawOffer());
        assertInstanceOf(ClaimEvent.DrawOffered.class, rejected.get(2));
        List<Decision> clean = quickplay(new Audit().ofLines(log.lines));
        assertEquals(2, clean.size());
        assertTrue(clean.stream().allMatch(Decision::confirmed), clean::toString);
        assertEquals("FIDE 2001 10.2c", clean.get(1).article());

        int index = LogSurgery.find(log.lines, LogSurgery.type("game.ClaimRejected"));
        List<String> forged = LogSurgery.edit(log.lines, index, env -> ((ObjectNode) env.get("payload"))
                .put("standsAsDrawOffer", false), WHOLE_CHAIN);
        Decision wrong = quickplay(new Audit().ofLines(forged)).get(1);
        assertFalse(wrong.confirmed());
        assertEquals(LogSurgery.eventId(forged.get(index)), wrong.eventId().toString());
        assertTrue(wrong.finding().contains("standsAsDrawOffer=false"), wrong.finding());
    }

    @Test
    void a_game_ended_by_the_claimants_flag_during_his_postponed_claim_is_discrepant() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        String g = log.startTimed("g-qp-early", FIDE_2018_RAPID, null, SUDDEN_DEATH_15, DRAW_CLAIMS);
        log.move(g, "e2e4");
        log.move(g, "e7e5");
        log.game(g, TournamentLogFixture.SYSTEM, claim(log, Side.WHITE, 95, 300));
        log.game(g, TournamentLogFixture.ARBITER, new GameCommand.PostponeClaim(0, null, "", log.at()));
        // a faulty service lets White's flag decide at once: FIDE 2018 III.5.2 has the arbiter declare the result
        log.appendUnchecked(g, TournamentLogFixture.SYSTEM, new ResultEvent.GameEnded(g, TournamentLogFixture.T, 1, 1,
                "p1", "p2", GameResult.BLACK_WINS, 0, 2, org.torneo.contracts.results.EndReason.FLAG_FALL,
                "FIDE 2018 6.9", true, log.at()));
        Decision flag = new Audit().ofLines(log.lines).decisions().stream()
                .filter(d -> d.kind().equals("flag fall")).findFirst().orElseThrow();
        assertFalse(flag.confirmed());
        assertEquals(log.lastEventIdOf(g), flag.eventId());
        assertTrue(flag.finding().contains("due no result"), flag.finding());
    }

    private static int indexOf(List<String> lines, String type, int occurrence) {
        int seen = 0;
        for (int i = 0; i < lines.size(); i++) {
            if (LogSurgery.type(type).test(LogSurgery.parse(lines.get(i))) && ++seen == occurrence) {
                return i;
            }
        }
        throw new IllegalArgumentException("no occurrence " + occurrence + " of " + type);
    }

    private static List<Decision> penalties(AuditReport report) {
        return report.decisions().stream().filter(d -> d.kind().equals("illegal-move penalty")).toList();
    }
}

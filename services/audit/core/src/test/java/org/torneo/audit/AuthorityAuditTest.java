package org.torneo.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.torneo.audit.report.ReportWriter;
import org.torneo.audit.verify.AuthorityCheck;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.identity.Permission;

/**
 * Issue 16 item 6. Given a log, when audited, then every decision whose actor did not hold the permission at that
 * moment of the replayed tournament is reported with the permission, its rule and why; a proper log has none.
 */
class AuthorityAuditTest {

    private static final Actor ARBITER_B = new Actor(Actor.Role.ARBITER, "arb-b");

    @Test
    void aProperLogHasEveryDecisionCheckedAndNoneWithoutAuthority() {
        AuditReport report = new Audit().ofLines(TournamentLogFixture.build().lines);

        assertEquals(List.of(), report.withoutAuthority());
        Set<Permission> needed = report.authority().stream().map(AuthorityCheck::permission).collect(Collectors.toSet());
        assertTrue(needed.containsAll(Set.of(Permission.CREATE_TOURNAMENT, Permission.APPOINT_CHIEF_ARBITER,
                Permission.REGISTER_PLAYER, Permission.LINK_PLAYER_ACCOUNT, Permission.PAIR_ROUND,
                Permission.START_GAME, Permission.MOVE, Permission.CLAIM, Permission.RESIGN, Permission.CORRECT_RESULT,
                Permission.DECLARE_RESULT, Permission.CLOSE_ROUND, Permission.CONTROL_CLOCK, Permission.RULE)),
                needed.toString());
        assertTrue(report.authority().size() > 40, "every decision is checked: " + report.authority().size());
        assertTrue(report.clean());
        assertTrue(report.summaryLine().contains(", 0 decisions without authority, chain intact"), report.summaryLine());
    }

    @Test
    void aHallBArbiterRulingOnAHallABoardIsReportedWithTheRuleItNeeded() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        log.createWithPlayers(4, List.of(new Hall("A", 1, 10), new Hall("B", 11, 20)));
        log.tournamentDoes(TournamentLogFixture.ORGANISER, new TournamentCommand.AppointArbiter(TournamentLogFixture.T,
                log.commandId(), TournamentLogFixture.ORGANISER, log.at(), "arb-b", false, List.of("B")));
        RoundPaired round = log.pairRound(7);
        Board board1 = round.boards().get(0);
        assertEquals("A", board1.hall());
        String game = log.startBoard(round, board1);
        log.game(game, ARBITER_B, new GameCommand.ArbiterRuling(RulingKind.WARNING, "FIDE 2018 12.9.1",
                "distracting the opponent", Side.WHITE, null, -1, -1, -1, 0, log.at()));

        AuditReport report = new Audit().ofLines(log.lines);

        List<AuthorityCheck> without = report.withoutAuthority();
        assertEquals(1, without.size(), without.toString());
        AuthorityCheck ruling = without.get(0);
        assertEquals("RulingIssued", ruling.event());
        assertEquals(Permission.RULE, ruling.permission());
        assertEquals(ARBITER_B, ruling.actor());
        assertTrue(ruling.verdict().reason().contains("arb-b is arbiter of halls [B] of t-audit, not of hall A"),
                ruling.verdict().reason());
        assertTrue(ruling.verdict().rule().contains("FIDE 2018 12.1-12.9"), ruling.verdict().rule());
        assertFalse(report.clean());
        assertTrue(report.summaryLine().contains(", 1 decisions without authority, chain intact"), report.summaryLine());
        assertTrue(ReportWriter.markdown(report).contains("arb-b is arbiter of halls [B] of t-audit, not of hall A"));
        assertTrue(ReportWriter.json(report).contains("\"permission\" : \"RULE\""), ReportWriter.json(report));
        assertTrue(ReportWriter.html(report).contains("Decisions without authority"));
    }

    @Test
    void aPlayerMovingForHisOpponentIsReported() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        log.createWithPlayers(4);
        RoundPaired round = log.pairRound(7);
        Board board = round.boards().get(0);
        String game = log.startBoard(round, board);
        log.move(game, "e2e4");
        // White's player enters Black's reply. The game core refuses that (FIDE 2018 1.3), so the log was written by
        // a faulty or forged writer: exactly what the audit is for
        log.appendUnchecked(game, new Actor(Actor.Role.PLAYER, board.white()), new MoveEvent.MovePlayed(2, Side.BLACK,
                "e5", "e7e5", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", MoveSource.EBOARD, null,
                log.at()));

        AuditReport report = new Audit().ofLines(log.lines);

        List<AuthorityCheck> without = report.withoutAuthority();
        assertEquals(1, without.size(), without.toString());
        AuthorityCheck move = without.get(0);
        assertEquals("MovePlayed", move.event());
        assertEquals(Permission.MOVE, move.permission());
        assertEquals(game, move.subject());
        assertEquals(board.white() + " is player " + board.white() + ", not Black (" + board.black() + ") on board "
                + board.number() + " (hall Main) of t-audit", move.verdict().reason());
    }

    @Test
    void aFlagFallClaimedByTheOpponentPassesAndOneClaimedByAStrangerDoesNot() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        log.createWithPlayers(4);
        RoundPaired round = log.pairRound(7);
        Board first = round.boards().get(0);
        Board second = round.boards().get(1);
        String claimed = log.startBoard(round, first);
        log.move(claimed, "e2e4");
        // FIDE 2018 6.9: Black's player claims White's flag
        log.game(claimed, new Actor(Actor.Role.PLAYER, first.black()), new GameCommand.ReportFlagFall(Side.WHITE, true,
                true, log.at()));
        String foreign = log.startBoard(round, second);
        log.move(foreign, "e2e4");
        // a player of another board claims this board's flag
        log.game(foreign, new Actor(Actor.Role.PLAYER, first.white()), new GameCommand.ReportFlagFall(Side.WHITE, true,
                true, log.at()));

        List<AuthorityCheck> flags = new Audit().ofLines(log.lines).authority().stream()
                .filter(c -> c.event().equals("GameEnded")).toList();
        assertEquals(2, flags.size(), flags.toString());
        assertTrue(flags.get(0).allowed(), flags.get(0).describe());
        assertEquals(Permission.CLAIM, flags.get(0).permission());
        assertFalse(flags.get(1).allowed());
        assertTrue(flags.get(1).verdict().reason().contains("as CLAIM: " + first.white() + " is player "
                + first.white() + ", not White (" + second.white() + ")"), flags.get(1).verdict().reason());
    }

    @Test
    void authorityIsJudgedAtTheMomentOfTheDecision() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        log.createWithPlayers(4, List.of(new Hall("A", 1, 10), new Hall("B", 11, 20)));
        RoundPaired round = log.pairRound(7);
        String game = log.startBoard(round, round.boards().get(0));
        GameCommand.ArbiterRuling warning = new GameCommand.ArbiterRuling(RulingKind.WARNING, "FIDE 2018 12.9.1",
                "noise", Side.BLACK, null, -1, -1, -1, 0, log.at());
        log.game(game, ARBITER_B, warning); // before any appointment
        log.tournamentDoes(TournamentLogFixture.ORGANISER, new TournamentCommand.AppointArbiter(TournamentLogFixture.T,
                log.commandId(), TournamentLogFixture.ORGANISER, log.at(), "arb-b", false, List.of("A")));
        log.game(game, ARBITER_B, warning); // now of hall A
        log.tournamentDoes(TournamentLogFixture.ORGANISER, new TournamentCommand.DismissArbiter(TournamentLogFixture.T,
                log.commandId(), TournamentLogFixture.ORGANISER, log.at(), "arb-b", "replaced"));
        log.game(game, ARBITER_B, warning); // dismissed

        List<AuthorityCheck> rulings = new Audit().ofLines(log.lines).authority().stream()
                .filter(c -> c.event().equals("RulingIssued")).toList();
        assertEquals(List.of(false, true, false), rulings.stream().map(AuthorityCheck::allowed).toList());
        assertEquals("arb-b is not an arbiter of t-audit", rulings.get(2).verdict().reason());
    }

    @Test
    void aServiceIsCheckedAgainstTheReactionsItMayHaveAndAnUnappointedPairingIsReported() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        log.createWithPlayers(4);
        Actor stranger = new Actor(Actor.Role.ARBITER, "arb-x");
        log.tournamentDoes(stranger, new TournamentCommand.PairNextRound(TournamentLogFixture.T, log.commandId(),
                stranger, log.at(), 7));
        log.startAlone("g-feed", TournamentLogFixture.RULESET, null);
        AuditReport report = new Audit().ofLines(log.lines);
        List<AuthorityCheck> without = report.withoutAuthority();
        assertEquals(List.of(Permission.PAIR_ROUND), without.stream().map(AuthorityCheck::permission).distinct().toList(),
                without.toString());
        assertTrue(without.get(0).verdict().reason().contains("arb-x is not an arbiter of t-audit"));
        // the lone game was started by the game service: that reaction is the game service's
        assertTrue(report.authority().stream().anyMatch(c -> c.subject().equals("g-feed")
                && c.permission() == Permission.START_GAME && c.allowed()));
    }

    @Test
    void theClocksFlagReportIsAReactionOfTheClockServiceButAMoveWrittenByTheFeedIsNot() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        log.createWithPlayers(4);
        RoundPaired round = log.pairRound(7);
        String flagged = log.startBoard(round, round.boards().get(0));
        log.move(flagged, "e2e4");
        log.game(flagged, Actor.system("clock"), new GameCommand.ReportFlagFall(Side.BLACK, true, true, log.at()));
        String forged = log.startBoard(round, round.boards().get(1));
        log.appendUnchecked(forged, Actor.system("feed"), new MoveEvent.MovePlayed(1, Side.WHITE, "e4", "e2e4",
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", MoveSource.EBOARD, null, log.at()));

        AuditReport report = new Audit().ofLines(log.lines);

        assertTrue(report.authority().stream().anyMatch(c -> c.subject().equals(flagged) && c.event().equals("GameEnded")
                && c.allowed() && c.verdict().actor().equals(Actor.system("clock"))));
        List<AuthorityCheck> without = report.withoutAuthority();
        assertEquals(1, without.size(), without.toString());
        assertEquals(forged, without.get(0).subject());
        assertEquals("token has no role for this: MOVE needs role player|device|arbiter, feed has [service]",
                without.get(0).verdict().reason());
    }

    /**
     * Given two games ended by resignation, when the pairing service records each result as a reaction to the game's
     * GameEnded, then the one under the service's actor is checked at its cause (SERVICE_REACTION, allowed), and the one
     * written under the resigning player's actor (the runtime before it recorded reactions as the service's) is reported.
     */
    @Test
    void aReactionIsTheServicesAndIsCheckedAtItsCause() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        log.createWithPlayers(4);
        RoundPaired round = log.pairRound(7);
        String first = log.startBoard(round, round.boards().get(0));
        String second = log.startBoard(round, round.boards().get(1));
        for (String game : List.of(first, second)) {
            log.game(game, log.playerOf(game, Side.WHITE), new GameCommand.Resign(Side.WHITE, log.at()));
        }
        log.recordAsReaction(first, Actor.system("pairing"));
        log.recordAsReaction(second, log.playerOf(second, Side.WHITE));
        // the clock's reaction to the game's end: same aggregate id (the game's), another stream
        log.clockStarts(first, org.torneo.contracts.clock.TimeControl.example());
        log.clockReacts(first, Actor.system("clock"), at -> new org.torneo.contracts.clock.ClockCommand.AddTime(
                first, "add-1", Actor.system("clock"), at, Side.BLACK, 120_000, "FIDE 2018 7.5.5", "penalty"));

        AuditReport report = new Audit().ofLines(log.lines);

        List<AuthorityCheck> recorded = report.authority().stream()
                .filter(c -> c.event().equals("ResultRecorded")).toList();
        assertEquals(2, recorded.size(), recorded.toString());
        assertEquals(List.of(Permission.SERVICE_REACTION, Permission.SERVICE_REACTION),
                recorded.stream().map(AuthorityCheck::permission).toList());
        assertTrue(recorded.get(0).allowed(), recorded.get(0).describe());
        assertTrue(recorded.get(0).verdict().reason().contains("reacting to GameEnded"), recorded.get(0).describe());
        assertFalse(recorded.get(1).allowed(), recorded.get(1).describe());
        assertEquals(List.of(recorded.get(1)), report.withoutAuthority());
        AuthorityCheck added = report.authority().stream().filter(c -> c.event().equals("TimeAdded")).findFirst()
                .orElseThrow();
        assertEquals(Permission.SERVICE_REACTION, added.permission(), added.describe());
        assertTrue(added.allowed(), added.describe());
        // the resignations themselves, the causes, are the players' and checked as RESIGN
        assertEquals(2, report.authority().stream().filter(c -> c.event().equals("GameEnded")
                && c.permission() == Permission.RESIGN && c.allowed()).count());
    }

    /**
     * A log written before the offices existed (the fixture as it was, kept byte for byte) still decodes with its chain
     * intact and every decision confirmed; its arbiter was never appointed and its players never linked, so the
     * decisions of people are reported without authority, and the services' reactions are not.
     */
    @Test
    void aLogWrittenBeforeTheOfficesDecodesUnchangedAndReportsItsUnappointedDecisions() throws Exception {
        List<String> lines;
        try (var in = getClass().getResourceAsStream("/authority/before-offices.jsonl")) {
            lines = List.of(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n"));
        }
        AuditReport report = new Audit().ofLines(lines);

        assertTrue(report.chainIntact(), () -> report.chainFindings().toString());
        assertEquals(0, report.discrepant());
        List<AuthorityCheck> without = report.withoutAuthority();
        assertFalse(without.isEmpty());
        for (AuthorityCheck check : without) {
            assertTrue(check.actor().role() == Actor.Role.ARBITER || check.actor().role() == Actor.Role.PLAYER,
                    check.describe());
            String reason = check.verdict().reason();
            assertTrue(reason.contains("arb-1 is not an arbiter of t-audit")
                    || reason.contains("is linked to no player of t-audit"), reason);
        }
        assertTrue(report.authority().stream().filter(c -> c.actor().role() == Actor.Role.SYSTEM
                || c.actor().role() == Actor.Role.ORGANISER).allMatch(AuthorityCheck::allowed));
    }

    @Test
    void aGameWhoseTournamentIsNotInTheLogIsListedAsNotChecked() {
        TournamentLogFixture log = TournamentLogFixture.empty();
        log.startAlone("g-1", TournamentLogFixture.RULESET, null);
        AuditReport report = new Audit().ofLines(log.lines);
        assertEquals(List.of(), report.authority());
        assertTrue(report.unchecked().contains("authority of 1 decisions of game g-1 not checked: tournament t-audit"
                + " is not in the log"), report.unchecked().toString());
    }
}

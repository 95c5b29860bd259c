package org.torneo.pairing.tournament;

import static org.torneo.pairing.tournament.RefusalAssertions.refusalIn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Side;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.GameResult;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.HandChange;
import org.torneo.contracts.tournament.PairingChangeKind;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.RoundSeat;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.SeatChange;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.contracts.tournament.TournamentCommand.ChangePairing;
import org.torneo.contracts.tournament.TournamentCommand.CloseRound;
import org.torneo.contracts.tournament.TournamentCommand.CreateTournament;
import org.torneo.contracts.tournament.TournamentCommand.ForbidPairing;
import org.torneo.contracts.tournament.TournamentCommand.PairNextRound;
import org.torneo.contracts.tournament.TournamentCommand.RecordResult;
import org.torneo.contracts.tournament.TournamentCommand.RegisterPlayer;
import org.torneo.contracts.tournament.TournamentCommand.RequestBye;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.CommandRejected;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;

/**
 * The chief arbiter's changes by hand to a published round, through the aggregate with the FIDE Dutch engine: given
 * a round paired, when a change, then the PairingCorrected that records what changed, by whom and why, or a refusal
 * naming the rule.
 */
class HandChangesTest {

    private static final String ID = "hand-open";
    private static final Instant AT = Instant.parse("2026-04-02T09:00:00Z");
    private static final Actor ORGANISER = new Actor(Actor.Role.ORGANISER, "organiser");
    private static final Actor CHIEF = new Actor(Actor.Role.ARBITER, "chief");

    private final List<TournamentEvent> log = new ArrayList<>();
    private int commands;
    private RoundPaired round1;

    private TournamentState state() {
        return TournamentDecider.replay(log);
    }

    private List<TournamentEvent> when(TournamentCommand command) {
        TournamentState state = state();
        List<TournamentEvent> events = TournamentDecider.withAllSystems(state).decide(command, state);
        log.addAll(events);
        return events;
    }

    private CommandRejected refused(RefusalReason reason, TournamentCommand command) {
        TournamentState state = state();
        CommandRejected refusal = refusalIn(TournamentDecider.withAllSystems(state).decide(command, state));
        assertEquals(reason.name(), refusal.reason(), refusal.message());
        return refusal;
    }

    private String id() {
        return "c" + (++commands);
    }

    /** Eight players p1..p8 (p8 asked for a zero-point bye in round 1), halls A 1-2 and B 3-20; round 1 paired. */
    @BeforeEach
    void givenRoundOnePaired() {
        when(new CreateTournament(ID, id(), ORGANISER, AT, "Hand open", PairingSystemKind.DUTCH, 5, Scoring.classic(),
                "fide-2018-standard", List.of(new Hall("A", 1, 2), new Hall("B", 3, 20))));
        for (int i = 1; i <= 8; i++) {
            when(new RegisterPlayer(ID, id(), ORGANISER, AT, "p" + i, "Player " + i, 2500 - 50 * i, 1));
        }
        when(new RequestBye(ID, id(), CHIEF, AT, "p8", 1, ByeKind.ZERO_POINT));
        List<TournamentEvent> events = when(new PairNextRound(ID, id(), CHIEF, AT, 11));
        round1 = assertInstanceOf(RoundPaired.class, events.get(events.size() - 1));
        assertEquals(3, round1.boards().size(), "seven players: three boards and the pairing-allocated bye");
    }

    private ChangePairing change(HandChange change, String reason) {
        return new ChangePairing(ID, id(), CHIEF, AT, 1, change, reason);
    }

    private PairingCorrected corrected(TournamentCommand command) {
        List<TournamentEvent> events = when(command);
        assertEquals(1, events.size(), events.toString());
        return assertInstanceOf(PairingCorrected.class, events.get(0));
    }

    private static RoundSeat seat(int board, Side side) {
        return RoundSeat.onBoard(board, side);
    }

    private String pab() {
        return round1.byes().stream().filter(b -> b.kind() == ByeKind.PAIRING_BYE).findFirst().orElseThrow().playerId();
    }

    @Test
    void twoPlayersSwapBetweenBoards() {
        Board one = round1.boards().get(0);
        Board two = round1.boards().get(1);
        PairingCorrected swap = corrected(change(HandChange.swap(one.white(), two.black()), "seated at the wrong boards"));
        assertEquals(new Board(1, "A", two.black(), one.black()), swap.boards().get(0));
        assertEquals(new Board(2, "A", two.white(), one.white()), swap.boards().get(1));
        assertEquals(round1.boards().get(2), swap.boards().get(2));
        assertEquals(round1.byes(), swap.byes());
        assertEquals(CHIEF, swap.actor(), "who changed it is recorded");
        assertTrue(swap.reason().startsWith("hand change: '" + one.white() + "' (board 1, White) and '" + two.black()
                + "' (board 2, Black) swapped"), swap.reason());
        assertTrue(swap.reason().endsWith("reason: seated at the wrong boards"), swap.reason());
        assertEquals(swap.boards(), state().round(1).orElseThrow().boards(), "the round is the changed one");
        // and in structure: the kind, the arbiter's own reason, the two players as he named them with their seats
        assertEquals(PairingChangeKind.SWAP_PLAYERS, swap.kind());
        assertEquals("seated at the wrong boards", swap.arbiterReason());
        assertEquals(List.of(new SeatChange(one.white(), seat(1, Side.WHITE), seat(2, Side.BLACK)),
                new SeatChange(two.black(), seat(2, Side.BLACK), seat(1, Side.WHITE))), swap.moved());
    }

    @Test
    void coloursAreExchangedOnABoard() {
        Board three = round1.boards().get(2);
        PairingCorrected exchanged = corrected(change(HandChange.exchangeColours(3), "colour preference"));
        assertEquals(new Board(3, "B", three.black(), three.white()), exchanged.boards().get(2));
        assertTrue(exchanged.reason().contains("colours exchanged on board 3"), exchanged.reason());
        assertEquals(PairingChangeKind.EXCHANGE_COLOURS, exchanged.kind());
        assertEquals(List.of(new SeatChange(three.black(), seat(3, Side.BLACK), seat(3, Side.WHITE)),
                new SeatChange(three.white(), seat(3, Side.WHITE), seat(3, Side.BLACK))), exchanged.moved(),
                "White, then Black, of the board after");
        refused(RefusalReason.NO_SUCH_GAME, change(HandChange.exchangeColours(9), "no such board"));
    }

    @Test
    void aPlayerOnABoardSwapsWithThePairingAllocatedBye() {
        String bye = pab();
        Board three = round1.boards().get(2);
        PairingCorrected swap = corrected(change(HandChange.swap(three.black(), bye), "  arrived late "));
        assertEquals(new Board(3, "B", three.white(), bye), swap.boards().get(2));
        assertEquals(PairingChangeKind.SWAP_PLAYERS, swap.kind());
        assertEquals("arrived late", swap.arbiterReason(), "the arbiter's words, trimmed");
        assertEquals(List.of(new SeatChange(three.black(), seat(3, Side.BLACK), RoundSeat.inBye(ByeKind.PAIRING_BYE)),
                new SeatChange(bye, RoundSeat.inBye(ByeKind.PAIRING_BYE), seat(3, Side.BLACK))), swap.moved());
        assertTrue(swap.byes().contains(new Bye(three.black(), ByeKind.PAIRING_BYE,
                round1.byes().stream().filter(b -> b.playerId().equals(bye)).findFirst().orElseThrow().points())));
    }

    @Test
    void aLateArrivalIsPairedWithThePairingAllocatedByeOnANewBoardOfItsHall() {
        String bye = pab();
        PairingCorrected paired = corrected(change(HandChange.pair("p8", bye), "p8 arrived before the start"));
        assertEquals(new Board(4, "B", "p8", bye), paired.boards().get(3));
        assertTrue(paired.byes().isEmpty(), "both byes are gone: " + paired.byes());
        assertTrue(paired.reason().contains("paired on board 4"), paired.reason());
        assertEquals(PairingChangeKind.PAIR_UNPAIRED, paired.kind());
        assertEquals("p8 arrived before the start", paired.arbiterReason());
        assertEquals(List.of(new SeatChange("p8", RoundSeat.inBye(ByeKind.ZERO_POINT), seat(4, Side.WHITE)),
                new SeatChange(bye, RoundSeat.inBye(ByeKind.PAIRING_BYE), seat(4, Side.BLACK))), paired.moved());
        // the game is what the round holds: its result is recorded on board 4
        when(new RecordResult(ID, id(), Actor.system("game"), AT, 1, "p8", bye, GameResult.DRAW, true));
        assertEquals(1, state().round(1).orElseThrow().results().size());
    }

    @Test
    void refusalsNameTheRule() {
        Board one = round1.boards().get(0);
        Board two = round1.boards().get(1);
        assertTrue(refused(RefusalReason.INVALID, change(HandChange.swap(one.white(), one.black()), "same board"))
                .message().contains("exchange the colours"));
        refused(RefusalReason.INVALID, change(HandChange.swap(one.white(), "p8"), "p8 has a requested bye"));
        refused(RefusalReason.INVALID, change(HandChange.pair(one.white(), "p8"), "already plays"));
        refused(RefusalReason.UNKNOWN_PLAYER, change(HandChange.swap(one.white(), "ghost"), "nobody"));
        refused(RefusalReason.INVALID, change(HandChange.exchangeColours(1), " "));
        refused(RefusalReason.NOT_AN_ARBITER, new ChangePairing(ID, id(), ORGANISER, AT, 1, HandChange.exchangeColours(1),
                "not his office"));
        refused(RefusalReason.ROUND_NOT_PAIRED, new ChangePairing(ID, id(), CHIEF, AT, 2, HandChange.exchangeColours(1),
                "not paired"));
        // a forbidden pair may not be seated together by hand either (C.04.1.b)
        when(new ForbidPairing(ID, id(), CHIEF, AT, one.white(), two.white(), "same family"));
        CommandRejected forbidden = refused(RefusalReason.FORBIDDEN_PAIR,
                change(HandChange.swap(one.black(), two.white()), "would seat the family together"));
        assertTrue(forbidden.message().contains("C.04.1.b"), forbidden.message());
        // once a game of the round has a result, the round is played as paired
        when(new RecordResult(ID, id(), Actor.system("game"), AT, 1, one.white(), one.black(), GameResult.WHITE_WINS,
                true));
        CommandRejected begun = refused(RefusalReason.RESULT_ALREADY_RECORDED, change(HandChange.exchangeColours(2),
                "too late"));
        assertTrue(begun.message().contains("F.6-F.7"), begun.message());
    }

    @Test
    void aClosedRoundCannotBeChangedAndPlayersWhoMetCannotBeSeatedAgain() {
        for (Board board : round1.boards()) {
            when(new RecordResult(ID, id(), Actor.system("game"), AT, 1, board.white(), board.black(),
                    GameResult.DRAW, true));
        }
        when(new CloseRound(ID, id(), CHIEF, AT, 1));
        refused(RefusalReason.ROUND_CLOSED, change(HandChange.exchangeColours(1), "after the round"));
        List<TournamentEvent> events = when(new PairNextRound(ID, id(), CHIEF, AT, 12));
        RoundPaired round2 = assertInstanceOf(RoundPaired.class, events.get(events.size() - 1));
        // seat two players of a round-1 board together in round 2: refused, they met (C.04.1.b)
        Board met = round1.boards().get(0);
        Board theirs = round2.boards().stream().filter(b -> b.involves(met.black())).findFirst().orElseThrow();
        Board other = round2.boards().stream().filter(b -> b.involves(met.white())).findFirst().orElseThrow();
        String opponentOfWhite = other.white().equals(met.white()) ? other.black() : other.white();
        assertFalse(theirs.involves(met.white()), "the Dutch engine does not pair them again");
        CommandRejected again = refused(RefusalReason.ALREADY_MET, new ChangePairing(ID, id(), CHIEF, AT, 2,
                HandChange.swap(opponentOfWhite, met.black()), "would repeat round 1"));
        assertTrue(again.message().contains("round 1"), again.message());
    }

    @Test
    void noPlayerIsSwappedIntoASecondPairingAllocatedBye() {
        String firstBye = pab();
        for (Board board : round1.boards()) {
            when(new RecordResult(ID, id(), Actor.system("game"), AT, 1, board.white(), board.black(),
                    GameResult.DRAW, true));
        }
        when(new CloseRound(ID, id(), CHIEF, AT, 1));
        when(new org.torneo.contracts.tournament.TournamentCommand.WithdrawPlayer(ID, id(), CHIEF, AT, "p8", "ill"));
        List<TournamentEvent> events = when(new PairNextRound(ID, id(), CHIEF, AT, 14));
        RoundPaired round2 = assertInstanceOf(RoundPaired.class, events.get(events.size() - 1));
        String secondBye = round2.byes().stream().filter(b -> b.kind() == ByeKind.PAIRING_BYE).findFirst()
                .orElseThrow().playerId();
        assertFalse(secondBye.equals(firstBye), "the Dutch engine gives the bye once");
        CommandRejected twice = refused(RefusalReason.INVALID, new ChangePairing(ID, id(), CHIEF, AT, 2,
                HandChange.swap(firstBye, secondBye), "would give the bye again"));
        assertTrue(twice.message().contains("C.04.1.d"), twice.message());
    }

    @Test
    void theNextRoundIsPairedFromTheChangedRound() {
        Board one = round1.boards().get(0);
        Board two = round1.boards().get(1);
        PairingCorrected swap = corrected(change(HandChange.swap(one.white(), two.white()), "hand change"));
        for (Board board : swap.boards()) {
            when(new RecordResult(ID, id(), Actor.system("game"), AT, 1, board.white(), board.black(),
                    GameResult.DRAW, true));
        }
        when(new CloseRound(ID, id(), CHIEF, AT, 1));
        List<TournamentEvent> events = when(new PairNextRound(ID, id(), CHIEF, AT, 13));
        RoundPaired round2 = assertInstanceOf(RoundPaired.class, events.get(events.size() - 1));
        for (Board played : swap.boards()) {
            assertTrue(round2.boards().stream().noneMatch(b -> b.involves(played.white()) && b.involves(played.black())),
                    "round 2 repeats the changed round's game " + played + ": " + round2.boards());
        }
    }
}

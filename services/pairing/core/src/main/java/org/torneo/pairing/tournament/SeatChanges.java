package org.torneo.pairing.tournament;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.torneo.contracts.Side;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.RoundSeat;
import org.torneo.contracts.tournament.SeatChange;
import org.torneo.pairing.tournament.TournamentState.Round;

/**
 * The players a change to a published round moved, each with his seat before and after it (C.04.2; FIDE practice,
 * C.04.3 of 2017 F.6-F.7: who changed what is recorded), recorded in the {@code PairingCorrected} so a reader says the
 * change in its own words without reading the round before and after.
 */
final class SeatChanges {

    private SeatChanges() {
    }

    /**
     * Every player whose seat differs between the round as it stands and its new boards and byes: the players of
     * {@code named} first, in that order (those the change names: a swap's two as the arbiter named them, White then
     * Black of a board), then the others by their seats before (boards in order, White first, then the byes, then
     * those not in the round before).
     */
    static List<SeatChange> between(Round before, List<Board> boards, List<Bye> byes, List<String> named) {
        Map<String, RoundSeat> was = seats(before.boards(), before.byes());
        Map<String, RoundSeat> is = seats(boards, byes);
        Set<String> players = new LinkedHashSet<>(was.keySet());
        players.addAll(is.keySet());
        List<SeatChange> moved = new ArrayList<>();
        for (String player : players) {
            if (!Objects.equals(was.get(player), is.get(player))) {
                moved.add(new SeatChange(player, was.get(player), is.get(player)));
            }
        }
        moved.sort(Comparator.comparingInt((SeatChange m) -> named.contains(m.playerId())
                ? named.indexOf(m.playerId()) : named.size()).thenComparingLong(m -> rank(m.before())));
        return List.copyOf(moved);
    }

    private static Map<String, RoundSeat> seats(List<Board> boards, List<Bye> byes) {
        Map<String, RoundSeat> seats = new LinkedHashMap<>();
        for (Board board : boards) {
            seats.put(board.white(), RoundSeat.onBoard(board.number(), Side.WHITE));
            seats.put(board.black(), RoundSeat.onBoard(board.number(), Side.BLACK));
        }
        for (Bye bye : byes) {
            seats.put(bye.playerId(), RoundSeat.inBye(bye.kind()));
        }
        return seats;
    }

    /** Boards in order, White before Black, then the byes, then not in the round. */
    private static long rank(RoundSeat seat) {
        if (seat == null) {
            return Long.MAX_VALUE;
        }
        return seat.hasBoard() ? seat.board() * 2L + (seat.side() == Side.WHITE ? 0 : 1) : Long.MAX_VALUE - 1;
    }
}

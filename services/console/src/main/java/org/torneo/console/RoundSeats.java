package org.torneo.console;

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
import org.torneo.contracts.tournament.PairingChangeKind;
import org.torneo.contracts.tournament.RoundSeat;
import org.torneo.contracts.tournament.SeatChange;

/**
 * Where each player of a published round sits, and what a correction of the round changed: the structured form of a
 * change by hand (C.04.2; the pairing service's {@code HandChanges}) as the {@code PairingCorrected} records it since
 * its version 3 (its kind and the players it moved with their seats), or, for a record written before, read from the
 * round's boards and byes before and after it; never from the service's English sentence, so a page can say it in the
 * user's language with the players' names.
 */
final class RoundSeats {

    /** A seat: a board with White or Black, or a bye of a kind ({@code board} 0). */
    record Seat(int board, boolean white, String byeKind) {
        static Seat onBoard(int board, boolean white) {
            return new Seat(board, white, null);
        }

        static Seat bye(String kind) {
            return new Seat(0, false, kind);
        }

        boolean onBoard() {
            return board > 0;
        }
    }

    /** A player whose seat the change moved; {@code before} or {@code after} null: not in the round then. */
    record Moved(String playerId, Seat before, Seat after) {
    }

    /**
     * What a correction did: its kind and the players it moved (a swap: the two in the order of their first seats; a
     * colour exchange and a pairing of two players without a game: White, then Black).
     */
    record Change(PairingChangeKind kind, List<Moved> moved) {
        Change {
            moved = List.copyOf(moved);
        }
    }

    private RoundSeats() {
    }

    /** The round's seats by player id. */
    static Map<String, Seat> of(List<Board> boards, List<Bye> byes) {
        Map<String, Seat> seats = new LinkedHashMap<>();
        for (Board b : boards) {
            seats.put(b.white(), Seat.onBoard(b.number(), true));
            seats.put(b.black(), Seat.onBoard(b.number(), false));
        }
        for (Bye bye : byes) {
            seats.put(bye.playerId(), Seat.bye(bye.kind().name()));
        }
        return seats;
    }

    /**
     * The change as the pairing service recorded it (version 3 on): its kind and the players it moved, in its order. A
     * record whose moves do not fit its kind (not two players for a change by hand, or a colour exchange or a pairing
     * that leaves them off a board) is said as a correction listing whom it moved, rather than misread.
     */
    static Change recorded(PairingChangeKind kind, List<SeatChange> recorded) {
        List<Moved> moved = recorded.stream().map(m -> new Moved(m.playerId(), seat(m.before()), seat(m.after())))
                .toList();
        boolean fits = switch (kind) {
            case SWAP_PLAYERS -> moved.size() == 2 && moved.get(0).before() != null && moved.get(1).before() != null;
            case EXCHANGE_COLOURS, PAIR_UNPAIRED -> moved.size() == 2 && moved.get(0).after() != null
                    && moved.get(1).after() != null && moved.get(0).after().onBoard() && moved.get(1).after().onBoard();
            case CORRECTION -> true;
        };
        return new Change(fits ? kind : PairingChangeKind.CORRECTION, moved);
    }

    private static Seat seat(RoundSeat seat) {
        if (seat == null) {
            return null;
        }
        return seat.hasBoard() ? Seat.onBoard(seat.board(), seat.side() == Side.WHITE) : Seat.bye(seat.bye().name());
    }

    /**
     * The change from one round's seats to the next, for a record written before the change was recorded in structure
     * (version 1 and 2 of {@code PairingCorrected}); {@code before} null: the round was not seen, e.g. a correction of a
     * round paired before the records began, read as a correction.
     */
    static Change between(Map<String, Seat> before, Map<String, Seat> after) {
        if (before == null) {
            return new Change(PairingChangeKind.CORRECTION, List.of());
        }
        Set<String> players = new LinkedHashSet<>(before.keySet());
        players.addAll(after.keySet());
        List<Moved> moved = new ArrayList<>();
        for (String player : players) {
            Seat was = before.get(player);
            Seat is = after.get(player);
            if (!Objects.equals(was, is)) {
                moved.add(new Moved(player, was, is));
            }
        }
        moved.sort(Comparator.comparing(Moved::before, RoundSeats::order));
        if (moved.size() != 2) {
            return new Change(PairingChangeKind.CORRECTION, moved);
        }
        Moved a = moved.get(0);
        Moved b = moved.get(1);
        if (a.before() != null && b.before() != null && a.after() != null && b.after() != null
                && a.before().onBoard() && b.before().onBoard() && a.after().onBoard() && b.after().onBoard()
                && a.before().board() == b.before().board() && a.after().board() == a.before().board()
                && b.after().board() == b.before().board()) {
            return new Change(PairingChangeKind.EXCHANGE_COLOURS, a.after().white() ? List.of(a, b) : List.of(b, a));
        }
        if (Objects.equals(a.after(), b.before()) && Objects.equals(b.after(), a.before()) && a.before() != null) {
            return new Change(PairingChangeKind.SWAP_PLAYERS, moved);
        }
        if (a.after() != null && b.after() != null && a.after().onBoard() && a.after().board() == b.after().board()
                && (a.before() == null || !a.before().onBoard()) && (b.before() == null || !b.before().onBoard())) {
            return new Change(PairingChangeKind.PAIR_UNPAIRED, a.after().white() ? List.of(a, b) : List.of(b, a));
        }
        return new Change(PairingChangeKind.CORRECTION, moved);
    }

    /** Boards in order, White before Black, then the byes, then players who were not in the round. */
    private static int order(Seat a, Seat b) {
        return Integer.compare(rank(a), rank(b));
    }

    private static int rank(Seat seat) {
        if (seat == null) {
            return Integer.MAX_VALUE;
        }
        return seat.onBoard() ? seat.board() * 2 + (seat.white() ? 0 : 1) : Integer.MAX_VALUE - 1;
    }
}

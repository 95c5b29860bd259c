package org.torneo.pairing.tournament;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.HandChange;
import org.torneo.contracts.tournament.PairingChangeKind;
import org.torneo.contracts.tournament.PairingWarning;
import org.torneo.contracts.tournament.TournamentCommand.ChangePairing;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.pairing.tournament.TournamentState.Player;
import org.torneo.pairing.tournament.TournamentState.Round;

import static org.torneo.pairing.tournament.TournamentRefusals.knownPlayer;
import static org.torneo.pairing.tournament.TournamentRefusals.reject;
import static org.torneo.pairing.tournament.TournamentRefusals.requireText;

/**
 * The chief arbiter's changes by hand to a published round (the seeds are silent; FIDE practice, C.04.2 and C.04.3 of
 * 2017 F.6-F.7: the arbiter may change a pairing made public before it is played, and the change is recorded with who
 * made it and why). Each change is decided on the round as it stands and recorded as a {@link PairingCorrected} (the
 * event every service already follows: the game service corrects, starts or cancels the games it touches), whose
 * reason says what changed. A change may not make a pairing the pairing rules forbid absolutely: two players who met
 * (C.04.1.b) or a forbidden pair (C.04.1.b, the event's regulations). A change that is allowed but makes the round
 * worse than the Dutch system wants (C.04.3 C3 colours, preferences, score differences, repeated floats) is recorded
 * with the Dutch checker's warnings ({@link HandChangeWarnings}).
 */
final class HandChanges {

    /** Where a player is in the round: on a board (with his colour) or in a bye (or in neither: not in the round). */
    private record Seat(Board board, boolean white, Bye bye) {
        String describe() {
            return board != null ? "board " + board.number() + ", " + (white ? "White" : "Black")
                    : bye != null ? bye.kind() + " bye" : "not in the round";
        }
    }

    List<TournamentEvent> change(ChangePairing c, TournamentState state) {
        if (c.actor() == null || c.actor().role() != Actor.Role.ARBITER) {
            throw reject(RefusalReason.NOT_AN_ARBITER, "only an arbiter may change a published pairing (C.04.2)");
        }
        requireText(c.reason(), "reason for the change");
        if (state.system().isRoundRobin()) {
            throw reject(RefusalReason.NOT_FOR_ROUND_ROBIN, "round robin: the Berger table of C.05 fixes who meets whom and"
                    + " with which colour; a change by hand is a correction of the whole round");
        }
        Round round = state.round(c.round()).orElseThrow(() -> reject(RefusalReason.ROUND_NOT_PAIRED,
                "round " + c.round() + " has not been paired"));
        if (round.closed()) {
            throw reject(RefusalReason.ROUND_CLOSED, "round " + c.round() + " is closed: its pairing was played and stands"
                    + " (C.04.2)");
        }
        if (!round.results().isEmpty()) {
            throw reject(RefusalReason.RESULT_ALREADY_RECORDED, "round " + c.round() + " already has results (board "
                    + round.results().keySet().iterator().next() + "): its games have begun and are played as paired"
                    + " (C.04.3 of 2017 F.6-F.7), so its pairing can no longer be changed by hand");
        }
        HandChange change = c.change();
        List<Board> boards = new ArrayList<>(round.boards());
        List<Bye> byes = new ArrayList<>(round.byes());
        String what = switch (change.kind()) {
            case SWAP_PLAYERS -> swap(state, round, change, boards, byes);
            case EXCHANGE_COLOURS -> exchangeColours(round, change, boards);
            case PAIR_UNPAIRED -> pairUnpaired(state, round, change, boards, byes);
        };
        // allowed, but perhaps worse than the Dutch rules want: recorded with the change, shown beside it
        List<PairingWarning> warnings = HandChangeWarnings.of(state, round.number(), round.boards(), boards);
        // C.04.2 (FIDE practice: who changed what and why is recorded): the change in words and in structure
        String reason = c.reason().strip();
        return List.of(new PairingCorrected(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.round(), boards, byes,
                "hand change: " + what + "; reason: " + reason, warnings, PairingChangeKind.of(change.kind()), reason,
                SeatChanges.between(round, boards, byes, named(state, change, boards))));
    }

    /** The players the change names: a swap's two as the arbiter named them; White, then Black, of the board paired. */
    private static List<String> named(TournamentState state, HandChange change, List<Board> boards) {
        return switch (change.kind()) {
            case SWAP_PLAYERS, PAIR_UNPAIRED -> List.of(player(state, change.firstPlayerId(), "first player"),
                    player(state, change.secondPlayerId(), "second player"));
            case EXCHANGE_COLOURS -> {
                Board board = boards.get(indexOf(boards, change.board()));
                yield List.of(board.white(), board.black());
            }
        };
    }

    private static String swap(TournamentState state, Round round, HandChange change, List<Board> boards,
                               List<Bye> byes) {
        String a = player(state, change.firstPlayerId(), "first player");
        String b = player(state, change.secondPlayerId(), "second player");
        if (a.equals(b)) {
            throw reject(RefusalReason.INVALID, "a player cannot be swapped with himself ('" + a + "')");
        }
        Seat seatA = seat(round, a);
        Seat seatB = seat(round, b);
        for (Map.Entry<String, Seat> e : Map.of(a, seatA, b, seatB).entrySet()) {
            Seat seat = e.getValue();
            if (seat.board() == null && (seat.bye() == null || seat.bye().kind() != ByeKind.PAIRING_BYE)) {
                throw reject(RefusalReason.INVALID, "'" + e.getKey() + "' has no board in round " + round.number() + " ("
                        + seat.describe() + "): a swap moves players between boards or with the pairing-allocated"
                        + " bye; pair players without a game with PAIR_UNPAIRED");
            }
        }
        if (seatA.board() == null && seatB.board() == null) {
            throw reject(RefusalReason.INVALID, "neither '" + a + "' nor '" + b + "' has a board in round " + round.number());
        }
        if (seatA.board() != null && seatB.board() != null && seatA.board().number() == seatB.board().number()) {
            throw reject(RefusalReason.INVALID, "'" + a + "' and '" + b + "' play each other on board "
                    + seatA.board().number() + ": exchange the colours of the board instead");
        }
        noSecondPairingBye(state, round.number(), seatA, b);
        noSecondPairingBye(state, round.number(), seatB, a);
        place(boards, byes, seatA, b);
        place(boards, byes, seatB, a);
        checkAbsoluteCriteria(state, round.number(), boards);
        return "'" + a + "' (" + seatA.describe() + ") and '" + b + "' (" + seatB.describe() + ") swapped";
    }

    /** C.04.1.d: a player who already received the pairing-allocated bye shall not receive it again. */
    private static void noSecondPairingBye(TournamentState state, int roundNumber, Seat seat, String player) {
        if (seat.bye() == null) {
            return;
        }
        for (Round other : state.rounds().values()) {
            if (other.number() != roundNumber && other.byes().stream().anyMatch(
                    bye -> bye.playerId().equals(player) && bye.kind() == ByeKind.PAIRING_BYE)) {
                throw reject(RefusalReason.INVALID, "'" + player + "' received the pairing-allocated bye in round "
                        + other.number() + ": a player shall not receive it twice (C.04.1.d)");
            }
        }
    }

    /** Seats {@code player} where {@code seat} was: the same board and colour, or the same bye. */
    private static void place(List<Board> boards, List<Bye> byes, Seat seat, String player) {
        if (seat.board() != null) {
            int i = indexOf(boards, seat.board().number());
            Board now = boards.get(i);
            boards.set(i, seat.white() ? new Board(now.number(), now.hall(), player, now.black())
                    : new Board(now.number(), now.hall(), now.white(), player));
        } else {
            byes.set(byes.indexOf(seat.bye()), new Bye(player, seat.bye().kind(), seat.bye().points()));
        }
    }

    private static String exchangeColours(Round round, HandChange change, List<Board> boards) {
        int i = indexOf(boards, change.board());
        if (i < 0) {
            throw reject(RefusalReason.NO_SUCH_GAME, "round " + round.number() + " has no board " + change.board()
                    + " (boards " + boards.stream().map(b -> String.valueOf(b.number()))
                    .collect(Collectors.joining(", ")) + ")");
        }
        Board b = boards.get(i);
        boards.set(i, new Board(b.number(), b.hall(), b.black(), b.white()));
        return "colours exchanged on board " + b.number() + " ('" + b.black() + "' now White, '" + b.white()
                + "' Black)";
    }

    /**
     * A late arrival (a requested bye, or absent from the pairing) paired with another player without a game, e.g. the
     * pairing-allocated bye. A late entrant registered for a later round is not in this round: he keeps his round.
     * Every player who may play this round was numbered when it was paired.
     */
    private static String pairUnpaired(TournamentState state, Round round, HandChange change, List<Board> boards,
                                       List<Bye> byes) {
        String white = player(state, change.firstPlayerId(), "player given White");
        String black = player(state, change.secondPlayerId(), "player given Black");
        if (white.equals(black)) {
            throw reject(RefusalReason.INVALID, "a player cannot be paired with himself ('" + white + "')");
        }
        for (String id : List.of(white, black)) {
            Player player = state.players().get(id);
            if (player.withdrawn()) {
                throw reject(RefusalReason.PLAYER_WITHDRAWN, "'" + id + "' has withdrawn and is not paired (C.04.2)");
            }
            if (player.joinsRound() > round.number()) {
                throw reject(RefusalReason.INVALID, "'" + id + "' entered for round " + player.joinsRound()
                        + " (a late entry): he has no game in round " + round.number());
            }
            Seat seat = seat(round, id);
            if (seat.board() != null) {
                throw reject(RefusalReason.INVALID, "'" + id + "' already plays on board " + seat.board().number()
                        + " of round " + round.number() + ": swap players instead");
            }
            if (seat.bye() != null) {
                byes.remove(seat.bye());
            }
        }
        int number = Math.max(boards.stream().mapToInt(Board::number).max().orElse(0),
                round.removedBoards().stream().mapToInt(Integer::intValue).max().orElse(0)) + 1;
        boards.add(new Board(number, hallFor(state.halls(), number), white, black));
        checkAbsoluteCriteria(state, round.number(), boards);
        return "'" + white + "' (White) and '" + black + "' (Black), without a game, paired on board " + number;
    }

    /** C.04.1.b: two players shall not meet more than once; nor may a forbidden pair meet. */
    private static void checkAbsoluteCriteria(TournamentState state, int roundNumber, List<Board> boards) {
        for (Board board : boards) {
            if (state.isForbidden(board.white(), board.black())) {
                throw reject(RefusalReason.FORBIDDEN_PAIR, "'" + board.white() + "' and '" + board.black() + "' are forbidden"
                        + " to meet (C.04.1.b, the event's regulations): board " + board.number()
                        + " cannot pair them; lift the forbidden pair first if the regulations allow it");
            }
            for (Round other : state.rounds().values()) {
                if (other.number() == roundNumber) {
                    continue;
                }
                Optional<Board> met = other.boards().stream()
                        .filter(b -> b.involves(board.white()) && b.involves(board.black())).findFirst();
                if (met.isPresent()) {
                    throw reject(RefusalReason.ALREADY_MET, "'" + board.white() + "' and '" + board.black() + "' met in round "
                            + other.number() + " (board " + met.get().number() + "): two players shall not play each"
                            + " other more than once (C.04.1.b)");
                }
            }
        }
    }

    private static Seat seat(Round round, String player) {
        for (Board board : round.boards()) {
            if (board.involves(player)) {
                return new Seat(board, board.white().equals(player), null);
            }
        }
        for (Bye bye : round.byes()) {
            if (bye.playerId().equals(player)) {
                return new Seat(null, false, bye);
            }
        }
        return new Seat(null, false, null);
    }

    private static int indexOf(List<Board> boards, int number) {
        for (int i = 0; i < boards.size(); i++) {
            if (boards.get(i).number() == number) {
                return i;
            }
        }
        return -1;
    }

    private static String player(TournamentState state, String id, String field) {
        if (id == null || id.isBlank()) {
            throw reject(RefusalReason.INVALID, "the " + field + " is missing");
        }
        return knownPlayer(state, id.strip()).id();
    }

    private static String hallFor(List<Hall> halls, int board) {
        if (halls.isEmpty()) {
            return "";
        }
        return halls.stream().filter(h -> h.holds(board)).map(Hall::name).findFirst().orElseThrow(() -> reject(
                RefusalReason.INVALID, "no hall holds board " + board + ", the next board of the round (halls hold boards "
                        + halls.stream().map(h -> h.name() + " " + h.firstBoard() + "-" + h.lastBoard())
                        .collect(Collectors.joining(", ")) + ")"));
    }
}

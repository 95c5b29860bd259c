package org.torneo.pairing.tournament;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingChangeKind;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand.CorrectPairing;
import org.torneo.contracts.tournament.TournamentCommand.PairNextRound;
import org.torneo.contracts.tournament.TournamentEvent.PairingCorrected;
import org.torneo.contracts.tournament.TournamentEvent.PairingNumbersAssigned;
import org.torneo.contracts.tournament.TournamentEvent.PlayerWithdrew;
import org.torneo.contracts.tournament.TournamentEvent.RoundPaired;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.pairing.tournament.TournamentState.Player;
import org.torneo.pairing.tournament.TournamentState.Result;
import org.torneo.pairing.tournament.TournamentState.Round;

import static org.torneo.pairing.tournament.TournamentEvolution.evolve;
import static org.torneo.pairing.tournament.TournamentRefusals.knownPlayer;
import static org.torneo.pairing.tournament.TournamentRefusals.reject;
import static org.torneo.pairing.tournament.TournamentRefusals.requireText;

/** A round paired by the tournament's system (C.04), and a published pairing corrected by the arbiter. */
final class RoundPairing {

    private final Map<PairingSystemKind, PairingSystem> systems;

    RoundPairing(Map<PairingSystemKind, PairingSystem> systems) {
        this.systems = systems;
    }

    List<TournamentEvent> pairNextRound(PairNextRound c, TournamentState state) {
        int next = state.lastRound() + 1;
        if (state.lastRound() > 0 && !state.round(state.lastRound()).orElseThrow().closed()) {
            throw reject(RefusalReason.ROUND_NOT_CLOSED, "round " + state.lastRound() + " is not closed; round " + next
                    + " cannot be paired yet");
        }
        if (state.players().size() < 2) {
            throw reject(RefusalReason.INVALID, "at least 2 players must be registered, there are " + state.players().size());
        }
        if (next > state.totalRounds()) {
            throw reject(RefusalReason.TOURNAMENT_FINISHED, "all " + state.totalRounds() + " rounds have been paired");
        }
        if (next == 1 && !state.system().isRoundRobin() && state.checkInUsed()) {
            long present = state.players().values().stream().filter(Player::checkedIn).filter(p -> !p.withdrawn())
                    .count();
            if (present < 2) {
                throw reject(RefusalReason.INVALID, "round 1 pairs the players checked in, and only " + present
                        + " is: at least 2 must check in (or cancel the check-in to pair everyone)");
            }
        }
        List<TournamentEvent> events = new ArrayList<>();
        if (state.system() == PairingSystemKind.HARKNESS) {
            for (Player player : state.players().values()) {
                if (!player.withdrawn() && missedRounds(state, player) >= 2) {
                    // Code 1970 US rule VI: "cualquier jugador que por cualquier motivo haya faltado a dos
                    // rondas ... debe ser excluido"
                    PlayerWithdrew excluded = new PlayerWithdrew(c.tournamentId(), c.commandId(), c.actor(), c.at(),
                            player.id(), "excluded after missing two rounds (Code 1970 US rule VI)");
                    events.add(excluded);
                    state = evolve(state, excluded);
                }
            }
        }
        Map<String, Integer> newNumbers = assignNumbers(state, c.seed());
        if (!newNumbers.isEmpty()) {
            PairingNumbersAssigned assigned = new PairingNumbersAssigned(c.tournamentId(), c.commandId(), c.actor(),
                    c.at(), newNumbers);
            events.add(assigned);
            state = evolve(state, assigned);
        }
        PairingRequest request = request(state, next, c.seed());
        PairingOutcome outcome = systems.get(state.system()).pair(request);
        if (outcome instanceof PairingOutcome.NoValidPairing none) {
            throw reject(RefusalReason.NO_VALID_PAIRING, "round " + next + ": " + none.reason());
        }
        PairingOutcome.Paired paired = (PairingOutcome.Paired) outcome;
        events.add(roundPaired(c, state, next, request, paired));
        return events;
    }

    List<TournamentEvent> correctPairing(CorrectPairing c, TournamentState state) {
        if (c.actor() == null || c.actor().role() != Actor.Role.ARBITER) {
            throw reject(RefusalReason.NOT_AN_ARBITER, "only an arbiter may correct published pairings");
        }
        requireText(c.reason(), "reason for the correction");
        Round round = state.round(c.round()).orElseThrow(() -> reject(RefusalReason.ROUND_NOT_PAIRED,
                "round " + c.round() + " has not been paired"));
        if (round.closed()) {
            throw reject(RefusalReason.ROUND_CLOSED, "round " + c.round() + " is closed");
        }
        if (!round.results().isEmpty()) {
            throw reject(RefusalReason.RESULT_ALREADY_RECORDED, "round " + c.round() + " already has results; its pairings"
                    + " can no longer be corrected");
        }
        Set<String> before = participants(round.boards(), round.byes());
        Set<String> after = new HashSet<>();
        Set<Integer> boardNumbers = new HashSet<>();
        for (Board board : c.boards()) {
            for (String id : List.of(board.white(), board.black())) {
                knownPlayer(state, id);
                if (!after.add(id)) {
                    throw reject(RefusalReason.INVALID, "the correction lists '" + id + "' twice");
                }
            }
            if (!boardNumbers.add(board.number())) {
                throw reject(RefusalReason.INVALID, "the correction uses board " + board.number() + " twice");
            }
            if (round.removedBoards().contains(board.number())) {
                // C.04.2; C.04.3 (2017) F.6-F.7: the removed board's game was cancelled for good (the game service
                // refuses every later command to it), so the number cannot carry a game of this round again
                throw reject(RefusalReason.INVALID, "board " + board.number() + " of round " + c.round() + " was removed by an"
                        + " earlier correction and its game cancelled: use another board number");
            }
        }
        for (Bye bye : c.byes()) {
            knownPlayer(state, bye.playerId());
            if (!after.add(bye.playerId())) {
                throw reject(RefusalReason.INVALID, "the correction lists '" + bye.playerId() + "' twice");
            }
        }
        if (!after.equals(before)) {
            Set<String> missing = new LinkedHashSet<>(before);
            missing.removeAll(after);
            Set<String> extra = new LinkedHashSet<>(after);
            extra.removeAll(before);
            throw reject(RefusalReason.INVALID, "the correction must place the same players as the published round"
                    + (missing.isEmpty() ? "" : "; missing " + missing) + (extra.isEmpty() ? "" : "; not in the round " + extra));
        }
        // C.04.2 (FIDE practice: who changed what and why is recorded): the arbiter's reason, and whom it moved where
        return List.of(new PairingCorrected(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.round(), c.boards(),
                c.byes(), c.reason(), List.of(), PairingChangeKind.CORRECTION, c.reason().strip(),
                SeatChanges.between(round, c.boards(), c.byes(), List.of())));
    }

    /**
     * Pairing numbers are given once, when a player is first paired, and never change ("frozen"):
     * a Swiss numbers by rating, unrated players last in alphabetical order (Code 1970, Harkness);
     * a round robin draws its numbers by lot (FIDE C.05). A late entrant gets the next free number;
     * the Harkness ranking still places him at his rating (Code 1970: "45A").
     */
    private static Map<String, Integer> assignNumbers(TournamentState state, long seed) {
        // a round robin's table is drawn for those still in the event when it starts
        List<Player> unnumbered = state.players().values().stream()
                .filter(p -> !state.numbers().containsKey(p.id()))
                .filter(p -> !(state.system().isRoundRobin() && p.withdrawn()))
                .collect(Collectors.toCollection(ArrayList::new));
        if (unnumbered.isEmpty()) {
            return Map.of();
        }
        if (state.system().isRoundRobin()) {
            Collections.shuffle(unnumbered, new Random(seed));
        } else {
            unnumbered.sort(ratingOrder());
        }
        int next = state.numbers().values().stream().mapToInt(Integer::intValue).max().orElse(0) + 1;
        Map<String, Integer> numbers = new LinkedHashMap<>();
        for (Player player : unnumbered) {
            numbers.put(player.id(), next++);
        }
        return numbers;
    }

    /** Code 1970 Harkness: highest rating No. 1; unrated players follow in alphabetical order. */
    private static Comparator<Player> ratingOrder() {
        return Comparator.comparing((Player p) -> p.rating() == 0)
                .thenComparing(Comparator.comparingInt(Player::rating).reversed())
                .thenComparing(Player::name)
                .thenComparing(Player::id);
    }

    /**
     * Rounds a player missed after joining: a requested bye, or a game lost without being played (he did
     * not appear). A late entrant's rounds before he joined do not count.
     */
    static int missedRounds(TournamentState state, Player player) {
        int missed = 0;
        for (Round round : state.rounds().values()) {
            if (round.number() < player.joinsRound()) {
                continue;
            }
            for (Bye bye : round.byes()) {
                if (bye.playerId().equals(player.id())
                        && (bye.kind() == ByeKind.HALF_POINT || bye.kind() == ByeKind.ZERO_POINT)) {
                    missed++;
                }
            }
            for (Board board : round.boards()) {
                Result result = round.results().get(board.number());
                if (!board.involves(player.id()) || result == null || result.played()) {
                    continue;
                }
                boolean white = board.white().equals(player.id());
                boolean lost = switch (result.result()) {
                    case DOUBLE_LOSS -> true;
                    case WHITE_WINS -> !white;
                    case BLACK_WINS -> white;
                    case DRAW -> false;
                };
                if (lost) {
                    missed++;
                }
            }
        }
        return missed;
    }

    /** The pairing system's view of the state for round {@code round}. */
    static PairingRequest request(TournamentState state, int round, long seed) {
        Map<String, ByeKind> requested = state.requestedByes().getOrDefault(round, Map.of());
        List<Player> order = new ArrayList<>(state.players().values().stream()
                .filter(p -> state.numbers().containsKey(p.id())).toList());
        if (state.system() == PairingSystemKind.HARKNESS) {
            order.sort(ratingOrder());
        } else {
            order.sort(Comparator.comparingInt(p -> state.numbers().get(p.id())));
        }
        List<Entrant> entrants = new ArrayList<>();
        for (Player player : order) {
            boolean available = !player.withdrawn() && player.joinsRound() <= round && !requested.containsKey(player.id())
                    && !absent(state, player, round);
            entrants.add(new Entrant(state.numbers().get(player.id()), player.name(), player.rating(),
                    state.score(player.id()), history(state, player), available));
        }
        Set<PairingRequest.ForbiddenPair> forbidden = new HashSet<>();
        for (Set<String> pair : state.forbidden()) {
            List<String> ids = List.copyOf(pair);
            forbidden.add(PairingRequest.ForbiddenPair.of(state.numbers().get(ids.get(0)), state.numbers().get(ids.get(1))));
        }
        return new PairingRequest(round, state.totalRounds(), entrants, forbidden, seed);
    }

    private static List<PastRound> history(TournamentState state, Player player) {
        List<PastRound> history = new ArrayList<>();
        for (Round round : state.rounds().values()) {
            PastRound past = PastRound.absent(round.number());
            for (Board board : round.boards()) {
                if (board.involves(player.id())) {
                    boolean white = board.white().equals(player.id());
                    String opponent = white ? board.black() : board.white();
                    Result result = round.results().get(board.number());
                    boolean played = result == null || result.played();
                    past = PastRound.game(round.number(), state.numbers().get(opponent),
                            white ? Colour.WHITE : Colour.BLACK, played);
                }
            }
            for (Bye bye : round.byes()) {
                if (bye.playerId().equals(player.id()) && bye.kind() == ByeKind.PAIRING_BYE) {
                    past = PastRound.bye(round.number());
                }
            }
            history.add(past);
        }
        return history;
    }

    private RoundPaired roundPaired(PairNextRound c, TournamentState state, int round, PairingRequest request,
                                    PairingOutcome.Paired paired) {
        Map<Integer, String> idOf = new HashMap<>();
        state.numbers().forEach((id, number) -> idOf.put(number, id));
        Map<Integer, Entrant> entrantOf = new HashMap<>();
        request.entrants().forEach(e -> entrantOf.put(e.number(), e));
        List<Pairing> games = new ArrayList<>(paired.pairs());
        if (!state.system().isRoundRobin()) {
            // FIDE C.04.2: boards by the higher score of the pair, then the sum of scores, then the lower number
            games.sort(Comparator.comparingInt((Pairing p) -> -Math.max(score(entrantOf, p.white()), score(entrantOf, p.black())))
                    .thenComparingInt(p -> -(score(entrantOf, p.white()) + score(entrantOf, p.black())))
                    .thenComparingInt(p -> Math.min(p.white(), p.black())));
        }
        // a round robin keeps the board order of its Berger table (C.05 Annex 1)
        List<Board> boards = new ArrayList<>();
        for (int i = 0; i < games.size(); i++) {
            int number = i + 1;
            String hall = hallFor(state.halls(), number);
            boards.add(new Board(number, hall, idOf.get(games.get(i).white()), idOf.get(games.get(i).black())));
        }
        Scoring scoring = state.scoring();
        List<Bye> byes = new ArrayList<>();
        for (int number : paired.byes()) {
            byes.add(new Bye(idOf.get(number), ByeKind.PAIRING_BYE, scoring.pairingBye()));
        }
        for (int number : paired.idle()) {
            // the seed gives nobody a point against a known withdrawal (Code 1970 US rule VI)
            byes.add(new Bye(idOf.get(number), ByeKind.OPPONENT_WITHDRAWN, Score.ZERO));
        }
        state.requestedByes().getOrDefault(round, Map.of()).forEach((id, kind) -> {
            if (!state.players().get(id).withdrawn()) {
                byes.add(new Bye(id, kind, kind == ByeKind.HALF_POINT ? scoring.halfPointBye() : scoring.zeroPointBye()));
            }
        });
        for (Player player : state.players().values()) {
            if (absent(state, player, round) && !state.requestedByes().getOrDefault(round, Map.of()).containsKey(player.id())) {
                // not checked in for round 1: absent, not paired, scores what a zero-point bye scores
                byes.add(new Bye(player.id(), ByeKind.ZERO_POINT, scoring.zeroPointBye()));
            }
        }
        return new RoundPaired(c.tournamentId(), c.commandId(), c.actor(), c.at(), round, state.system(), c.seed(),
                boards, byes);
    }

    /**
     * A Swiss player absent from round 1: the event uses check-in and he has not checked in. FIDE Arbiters' Manual
     * (current practice at opens with a check-in deadline) and C.04.2 (Handbook, general handling rules: the arbiter
     * pairs the players present): a player who has not confirmed his presence when round 1 is paired is not paired
     * in it; he is recorded absent (a zero-point bye, TRF code Z: no point, no pairing-allocated bye) and stays
     * registered, paired from round 2 on unless he withdraws. A round robin's Berger table is drawn for the whole
     * field (C.05 Annex 1): check-in there only informs the arbiter, who records an absent player's game as a forfeit.
     */
    private static boolean absent(TournamentState state, Player player, int round) {
        return !state.system().isRoundRobin() && state.absentFromFirstRound(player, round);
    }

    private static int score(Map<Integer, Entrant> entrants, int number) {
        return entrants.get(number).score().halves();
    }

    private static String hallFor(List<Hall> halls, int board) {
        if (halls.isEmpty()) {
            return "";
        }
        return halls.stream().filter(h -> h.holds(board)).map(Hall::name).findFirst().orElseThrow(() -> reject(
                RefusalReason.INVALID, "no hall holds board " + board + " (halls hold boards "
                        + halls.stream().map(h -> h.name() + " " + h.firstBoard() + "-" + h.lastBoard())
                        .collect(Collectors.joining(", ")) + ")"));
    }

    private static Set<String> participants(List<Board> boards, List<Bye> byes) {
        Set<String> ids = new HashSet<>();
        boards.forEach(b -> {
            ids.add(b.white());
            ids.add(b.black());
        });
        byes.forEach(b -> ids.add(b.playerId()));
        return ids;
    }
}

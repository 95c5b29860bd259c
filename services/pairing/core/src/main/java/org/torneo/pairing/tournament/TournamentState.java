package org.torneo.pairing.tournament;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.ByeRules;
import org.torneo.contracts.tournament.GameResult;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.identity.TournamentAuthority;
import org.torneo.pairing.roundrobin.BergerTable;

/**
 * The tournament aggregate's state: a fold of its events ({@link TournamentEvolution#evolve}). Immutable;
 * maps keep registration and round order.
 */
public record TournamentState(String tournamentId, String name, PairingSystemKind system, int plannedRounds,
                              Scoring scoring, String rulesetId, List<Hall> halls, Map<String, Player> players,
                              Map<String, Integer> numbers, Set<Set<String>> forbidden, Map<Integer, Round> rounds,
                              Map<Integer, Map<String, ByeKind>> requestedByes, Set<String> handledCommands,
                              Settings settings, TournamentAuthority authority) {

    /**
     * @param settings  what the organiser set beyond the pairing (event, bye rules, entry deadline)
     * @param authority who holds which office (organiser, arbiters and their halls, linked player accounts, devices),
     *                  folded from the same events; null only before the tournament exists
     */
    public TournamentState {
        halls = List.copyOf(halls);
        // copied once: a collection of another state is kept as it is (the fold makes a state per event)
        players = Frozen.map(players);
        numbers = Frozen.map(numbers);
        forbidden = Frozen.set(forbidden);
        rounds = Frozen.map(rounds);
        requestedByes = Frozen.map(requestedByes);
        handledCommands = Frozen.handled(handledCommands);
        settings = settings == null ? Settings.NONE : settings;
        if (authority == null && tournamentId != null) {
            authority = TournamentAuthority.none(tournamentId);
        }
    }

    /** A state whose offices are those of a tournament without appointments (the authority is folded separately). */
    public TournamentState(String tournamentId, String name, PairingSystemKind system, int plannedRounds,
                           Scoring scoring, String rulesetId, List<Hall> halls, Map<String, Player> players,
                           Map<String, Integer> numbers, Set<Set<String>> forbidden, Map<Integer, Round> rounds,
                           Map<Integer, Map<String, ByeKind>> requestedByes, Set<String> handledCommands,
                           Settings settings) {
        this(tournamentId, name, system, plannedRounds, scoring, rulesetId, halls, players, numbers, forbidden, rounds,
                requestedByes, handledCommands, settings, null);
    }

    /** This state with the offices folded from the same event. */
    public TournamentState withAuthority(TournamentAuthority next) {
        return new TournamentState(tournamentId, name, system, plannedRounds, scoring, rulesetId, halls, players,
                numbers, forbidden, rounds, requestedByes, handledCommands, settings, next);
    }

    public static TournamentState empty() {
        return new TournamentState(null, null, null, 0, null, null, List.of(), Map.of(), Map.of(), Set.of(), Map.of(),
                Map.of(), Set.of(), Settings.NONE);
    }

    /**
     * What the organiser set at creation beyond the pairing (tournament.TournamentCreated version 2): the event the
     * tournament belongs to, the half-point bye rules and the last round a player may join (null: any round not yet
     * paired).
     */
    public record Settings(String eventId, String eventName, ByeRules byeRules, Integer lastEntryRound) {
        public static final Settings NONE = new Settings(null, null, ByeRules.NONE, null);

        public Settings {
            byeRules = byeRules == null ? ByeRules.NONE : byeRules;
        }
    }

    /** The half-point byes the player has requested, by round in order (FIDE C.04.1 d; the organiser's limit). */
    public List<Integer> halfPointByeRounds(String playerId) {
        return requestedByes.entrySet().stream()
                .filter(round -> round.getValue().get(playerId) == ByeKind.HALF_POINT)
                .map(Map.Entry::getKey).sorted().toList();
    }

    /**
     * A registered player; {@code joinsRound} above 1 marks a late entry; {@code title} and {@code federation} ""
     * when none (FIDE's codes: GM ..., ESP ...); {@code checkedIn} once he (or an arbiter for him) confirmed his
     * presence before round 1 was paired.
     */
    public record Player(String id, String name, int rating, int joinsRound, boolean withdrawn, String title,
                         String federation, boolean checkedIn) {
        public Player {
            title = title == null ? "" : title;
            federation = federation == null ? "" : federation;
        }

        /** A player not checked in. */
        public Player(String id, String name, int rating, int joinsRound, boolean withdrawn, String title,
                      String federation) {
            this(id, name, rating, joinsRound, withdrawn, title, federation, false);
        }

        Player asWithdrawn() {
            return new Player(id, name, rating, joinsRound, true, title, federation, checkedIn);
        }

        Player withCheckIn(boolean present) {
            return new Player(id, name, rating, joinsRound, withdrawn, title, federation, present);
        }
    }

    /**
     * Whether the event uses check-in: once any player has checked in, round 1 pairs only those who did
     * ({@link RoundPairing}); an event where nobody checks in pairs everyone, as small events without a desk do.
     */
    public boolean checkInUsed() {
        return players.values().stream().anyMatch(Player::checkedIn);
    }

    /**
     * Absent from round {@code round}: check-in is used, the round is the first, and the player, due to play in it
     * (not withdrawn, not a late entrant), has not checked in.
     */
    public boolean absentFromFirstRound(Player player, int round) {
        return round == 1 && !player.withdrawn() && player.joinsRound() <= 1 && !player.checkedIn() && checkInUsed();
    }

    public record Result(GameResult result, boolean played) {
    }

    /**
     * A published round: boards (possibly corrected), byes, results by board number, closed or not, and the board
     * numbers earlier corrections removed (their games were cancelled, so those numbers can never be played again).
     */
    public record Round(int number, List<Board> boards, List<Bye> byes, Map<Integer, Result> results, boolean closed,
                        Set<Integer> removedBoards) {
        public Round {
            boards = List.copyOf(boards);
            byes = List.copyOf(byes);
            results = Collections.unmodifiableMap(new LinkedHashMap<>(results));
            removedBoards = Collections.unmodifiableSet(new TreeSet<>(removedBoards));
        }

        /** A round as paired, before any correction removed a board. */
        public Round(int number, List<Board> boards, List<Bye> byes, Map<Integer, Result> results, boolean closed) {
            this(number, boards, byes, results, closed, Set.of());
        }

        /** The same round with these results and closed or not; its pairing and removed boards unchanged. */
        public Round with(Map<Integer, Result> newResults, boolean nowClosed) {
            return new Round(number, boards, byes, newResults, nowClosed, removedBoards);
        }

        public Optional<Board> boardOf(String white, String black) {
            return boards.stream().filter(b -> b.white().equals(white) && b.black().equals(black)).findFirst();
        }
    }

    public boolean created() {
        return tournamentId != null;
    }

    /** The last round paired, 0 before the first. */
    public int lastRound() {
        return rounds.size();
    }

    public Optional<Round> round(int number) {
        return Optional.ofNullable(rounds.get(number));
    }

    /** Rounds of the whole event: a round robin's follow from the field (Berger), a Swiss's were declared. */
    public int totalRounds() {
        if (system != null && system.isRoundRobin()) {
            // the table is drawn for those still in the event at round 1; fixed from then on
            int field = numbers.isEmpty() ? (int) players.values().stream().filter(p -> !p.withdrawn()).count()
                    : numbers.size();
            if (field < 2) {
                return 0;
            }
            int perCycle = BergerTable.rounds(field);
            return system == PairingSystemKind.DOUBLE_ROUND_ROBIN ? 2 * perCycle : perCycle;
        }
        return plannedRounds;
    }

    public boolean isForbidden(String first, String second) {
        return forbidden.contains(Set.of(first, second));
    }

    /** The player's score after the rounds paired so far (games without a result yet count nothing). */
    public Score score(String playerId) {
        Player player = players.get(playerId);
        Score total = Score.ZERO;
        for (Round round : rounds.values()) {
            total = total.plus(pointsIn(round, player));
        }
        return total;
    }

    Score pointsIn(Round round, Player player) {
        if (round.number() < player.joinsRound()) {
            // Code 1970 US rule III: a late entrant "pierde ese juego por DEFAULT" (per the scoring chosen)
            return scoring.lateEntryMissedRound();
        }
        for (Board board : round.boards()) {
            if (!board.involves(player.id())) {
                continue;
            }
            Result result = round.results().get(board.number());
            if (result == null) {
                return Score.ZERO;
            }
            boolean white = board.white().equals(player.id());
            return switch (result.result()) {
                case DRAW -> scoring.draw();
                case DOUBLE_LOSS -> result.played() ? scoring.loss() : scoring.forfeitLoss();
                case WHITE_WINS, BLACK_WINS -> {
                    boolean won = white == (result.result() == GameResult.WHITE_WINS);
                    if (result.played()) {
                        yield won ? scoring.win() : scoring.loss();
                    }
                    yield won ? scoring.forfeitWin() : scoring.forfeitLoss();
                }
            };
        }
        for (Bye bye : round.byes()) {
            if (bye.playerId().equals(player.id())) {
                return bye.points();
            }
        }
        return Score.ZERO;
    }
}

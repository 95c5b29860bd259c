package org.torneo.pairing.swiss;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.torneo.trf.Colour;
import org.torneo.trf.PointSystem;
import org.torneo.trf.ResultCode;
import org.torneo.trf.TrfDocument;
import org.torneo.trf.TrfGame;
import org.torneo.trf.TrfPlayer;

/**
 * The state of a Swiss tournament before pairing round {@code playedRounds + 1}: players (indexed by
 * start number − 1; null where a start number is unused), point values in tenths, total rounds, the initial
 * colour and forbidden pairs.
 */
public record SwissTournament(List<SwissPlayer> players, int playedRounds, int expectedRounds,
                              int pointsForWin, int pointsForDraw, int pointsForLoss, int pointsForZeroPointBye,
                              int pointsForForfeitLoss, int pointsForPairingAllocatedBye, Colour initialColour,
                              Set<Long> forbiddenPairs, List<int[]> accelerations) {

    public SwissTournament {
        players = java.util.Collections.unmodifiableList(new ArrayList<>(players));
        forbiddenPairs = Set.copyOf(forbiddenPairs);
        accelerations = java.util.Collections.unmodifiableList(new ArrayList<>(accelerations));
    }

    /**
     * The pairing score {@code roundsBack} rounds ago: the score then plus the virtual points of acceleration
     * for that round (C.04.5.1 Baku), if any.
     */
    public int acceleratedScore(SwissPlayer player, int roundsBack) {
        int s = score(player, roundsBack);
        int round = playedRounds - roundsBack;
        int[] acc = player.id() < accelerations.size() ? accelerations.get(player.id()) : null;
        return acc != null && round < acc.length ? s + acc[round] : s;
    }

    public static long pairKey(int a, int b) {
        return a < b ? ((long) a << 32) | b : ((long) b << 32) | a;
    }

    public boolean forbidden(int a, int b) {
        return forbiddenPairs.contains(pairKey(a, b));
    }

    /** Points of one round entry (bbp's convention: a PAB earns the PAB value, a forfeit loss its own). */
    public int points(SwissPlayer player, SwissMatch match) {
        return switch (match.score()) {
            case LOSS -> match.participated() ? (match.played() ? pointsForLoss : pointsForForfeitLoss)
                    : pointsForZeroPointBye;
            case WIN -> match.opponent() == player.id() && match.participated() ? pointsForPairingAllocatedBye
                    : pointsForWin;
            case DRAW -> pointsForDraw;
        };
    }

    /** The score {@code roundsBack} rounds ago (0 = now). */
    public int score(SwissPlayer player, int roundsBack) {
        int s = player.score();
        for (int r = playedRounds - 1; r >= playedRounds - roundsBack; r--) {
            s -= points(player, player.matches().get(r));
        }
        return s;
    }

    // C.04.3 C2: no PAB for a player who had one, or who scored a win's points without playing
    public boolean eligibleForBye(SwissPlayer player) {
        for (SwissMatch m : player.matches()) {
            if (!m.played() && (points(player, m) >= pointsForWin || (m.participated() && m.opponent() == player.id()))) {
                return false;
            }
        }
        return true;
    }

    /** The players to pair: valid and without an entry (a pre-assigned bye or absence) in the round to pair. */
    public List<SwissPlayer> playersToPair() {
        List<SwissPlayer> list = new ArrayList<>();
        for (SwissPlayer p : players) {
            if (p != null && p.valid() && p.matches().size() <= playedRounds) {
                list.add(p);
            }
        }
        return list;
    }

    /**
     * Builds the state for pairing the next round from a TRF: the round to pair is the one after the last
     * round in which anybody was paired; entries in that round (H, Z, F without opponent) are pre-assigned
     * absences. Requires the total number of rounds (XXR or 142).
     */
    public static SwissTournament fromTrf(TrfDocument doc) {
        return fromTrf(doc, -1);
    }

    /**
     * As {@link #fromTrf(TrfDocument)}, but pairs round {@code round} (1-based) ignoring everything from that
     * round on except pre-assigned byes; -1 for the next round.
     */
    public static SwissTournament fromTrf(TrfDocument doc, int round) {
        PointSystem ps = doc.pointSystem();
        Map<Integer, TrfPlayer> byId = doc.playersById();
        int maxId = 0;
        for (int id : byId.keySet()) {
            maxId = Math.max(maxId, id);
        }
        List<List<SwissMatch>> histories = new ArrayList<>();
        for (int i = 0; i < maxId; i++) {
            histories.add(null);
        }
        int playedRounds = 0;
        for (int id = 1; id <= maxId; id++) {
            TrfPlayer tp = byId.get(id);
            if (tp == null) {
                continue;
            }
            PlayerHistory history = history(tp, id - 1, round);
            playedRounds = Math.max(playedRounds, history.playedRounds());
            histories.set(id - 1, history.matches());
        }
        boolean allHaveNextRound = true;
        for (List<SwissMatch> h : histories) {
            if (h != null && h.size() <= playedRounds) {
                allHaveNextRound = false;
            }
        }
        if (!byId.isEmpty() && allHaveNextRound) {
            playedRounds++;
        }
        for (int i = 0; i < histories.size(); i++) {
            List<SwissMatch> h = histories.get(i);
            while (h != null && h.size() < playedRounds) {
                h.add(SwissMatch.absent(i));
            }
        }
        int expected = doc.totalRounds().orElse(0);
        if (expected == 0) {
            throw new org.torneo.trf.TrfFormatException(1, 1, "the total number of rounds is needed (XXR or 142 record)");
        }
        if (playedRounds + 1 > expected) {
            throw new org.torneo.trf.TrfFormatException(lineOf(doc, "142", "XXR"), 5, "round " + (playedRounds + 1)
                    + " to pair is beyond the "
                    + expected + " rounds of the tournament (XXR/142)");
        }
        for (TrfDocument.RequestedBye bye : doc.requestedByes()) {
            if (bye.round() == playedRounds + 1 && bye.player() >= 1 && bye.player() <= maxId) {
                List<SwissMatch> h = histories.get(bye.player() - 1);
                if (h != null && h.size() <= playedRounds) {
                    h.add(SwissMatch.absent(bye.player() - 1));
                }
            }
        }
        // The order of the pairing numbers: start numbers, or with XXC rank the order of the player records
        // in the file (bbp: the position in the file is the pairing number, the start number only names him)
        List<Integer> idsByRank = idsByRank(doc);
        List<int[]> accelerations = accelerations(doc, ps, idsByRank, maxId, playedRounds, expected);
        // Pairing numbers among the players taking part (bbp: valid = no entry this round, or paired before)
        SwissPlayer[] playerById = new SwissPlayer[maxId];
        int rank = 0;
        for (int id : idsByRank) {
            TrfPlayer tp = byId.get(id);
            List<SwissMatch> h = histories.get(id - 1);
            boolean valid = h.size() <= playedRounds || h.stream().anyMatch(SwissMatch::participated);
            int[] acc = accelerations.get(id - 1);
            int score = round > 0 ? pointsBefore(tp, round, ps, h, id - 1)
                    : scoreWithoutAcceleration(tp, ps, playedRounds,
                            acc != null && playedRounds < acc.length ? acc[playedRounds] : 0);
            playerById[id - 1] = withColourData(id - 1, valid ? rank++ : -1, valid, score, h);
        }
        List<SwissPlayer> players = java.util.Arrays.asList(playerById);
        Colour initial = doc.initialColour().orElseGet(() -> inferInitialColour(doc));
        Set<Long> forbidden = forbiddenPairs(doc, playedRounds + 1);
        return new SwissTournament(players, playedRounds, expected, ps.win(), ps.draw(), ps.loss(), ps.zeroPointBye(),
                ps.forfeitLoss(), ps.pairingAllocatedBye(), initial, forbidden, accelerations);
    }

    /** A player's games as matches up to the rounds played, and the rounds they show played. */
    private record PlayerHistory(List<SwissMatch> matches, int playedRounds) {
    }

    private static PlayerHistory history(TrfPlayer tp, int self, int round) {
        int playedRounds = 0;
        List<TrfGame> games = tp.games();
        // Re-pairing a played round (the checker, C.04.A): a player who was not paired in it was absent,
        // whether his entry is a bye code or blank (a late entrant before his first round, a player who
        // withdrew after his last; trailing blanks are not even kept). bbpPairings' checker reads them so.
        boolean absentFromRound = false;
        if (round > 0) {
            List<TrfGame> cut = new ArrayList<>(games.subList(0, Math.min(games.size(), round - 1)));
            TrfGame g = tp.game(round);
            if (g.isEmpty()) {
                absentFromRound = true;
            } else if (g.opponent() == 0 && g.result() != ResultCode.PAIRING_ALLOCATED_BYE
                    && g.result() != ResultCode.FORFEIT_WIN) {
                cut.add(g);
            }
            games = cut;
        }
        List<SwissMatch> matches = new ArrayList<>();
        int skipped = 0;
        for (TrfGame g : games) {
            if (g.isEmpty()) {
                skipped++;
                continue;
            }
            for (int s = 0; s < skipped; s++) {
                matches.add(SwissMatch.absent(self));
            }
            skipped = 0;
            playedRounds = Math.max(playedRounds, matches.size());
            SwissMatch m = toMatch(self, g);
            matches.add(m);
            if (m.participated()) {
                playedRounds = Math.max(playedRounds, matches.size());
            }
        }
        if (absentFromRound) {
            while (matches.size() < round - 1) {
                matches.add(SwissMatch.absent(self));
            }
            matches.add(SwissMatch.absent(self));
        }
        return new PlayerHistory(matches, playedRounds);
    }

    /** The pairs forbidden in round {@code r} (XXP records), as pair keys of 0-based ids. */
    private static Set<Long> forbiddenPairs(TrfDocument doc, int r) {
        Set<Long> forbidden = new HashSet<>();
        for (TrfDocument.ForbiddenPairs fp : doc.forbiddenPairs()) {
            if (r < fp.firstRound() || r > fp.lastRound()) {
                continue;
            }
            for (int a : fp.ids()) {
                for (int b : fp.ids()) {
                    if (a != b) {
                        forbidden.add(pairKey(a - 1, b - 1));
                    }
                }
            }
        }
        return forbidden;
    }

    /** Start numbers in pairing-number order: ascending, or the order of the records in the file with XXC rank. */
    static List<Integer> idsByRank(TrfDocument doc) {
        List<Integer> ids = new ArrayList<>();
        for (TrfPlayer p : doc.players()) {
            ids.add(p.startNumber());
        }
        if (!doc.pairByRank()) {
            java.util.Collections.sort(ids);
        }
        return ids;
    }

    /**
     * Virtual points per player (indexed by start number − 1, null for none) per round index. Manual
     * accelerations (250, XXA) as given; without them, Baku acceleration when 192 asks for it. As bbp, manual
     * records replace Baku acceleration entirely.
     */
    private static List<int[]> accelerations(TrfDocument doc, PointSystem ps, List<Integer> idsByRank, int maxId,
                                             int playedRounds, int expected) {
        List<int[]> accelerations = new ArrayList<>(java.util.Collections.nCopies(maxId, (int[]) null));
        Map<Integer, List<Integer>> manual = doc.accelerations();
        Set<Integer> players = new HashSet<>(idsByRank);
        boolean manualRecords = !doc.records("250").isEmpty() || !doc.records("XXA").isEmpty();
        if (manualRecords) {
            // C.04.5 (accelerated methods): virtual points count for the pairing only; TRF26 250, JaVaFo's XXA
            for (Map.Entry<Integer, List<Integer>> e : manual.entrySet()) {
                int id = e.getKey();
                if (!players.contains(id)) {
                    continue;
                }
                if (e.getValue().size() > expected) {
                    throw new org.torneo.trf.TrfFormatException(lineOf(doc, "XXA", "250"), 1, "player " + id
                            + " has acceleration points for "
                            + e.getValue().size() + " rounds, more than the " + expected + " rounds of the tournament");
                }
                accelerations.set(id - 1, e.getValue().stream().mapToInt(Integer::intValue).toArray());
            }
            return accelerations;
        }
        String type = doc.tournamentType().orElse("").toUpperCase(java.util.Locale.ROOT);
        if (type.equals("FIDE_DUTCH_2025_BAKU") || type.equals("FIDE_DUTCH_BAKU")) {
            // C.04.5.1 Baku acceleration: the first half of the field (by pairing number) gets one win of virtual
            // points in the first half of the accelerated rounds and one draw in the rest; the accelerated rounds
            // are the first half of the tournament
            int win = ps.win();
            if (ps.loss() != 0 || 2 * ps.draw() != win) {
                throw new org.torneo.trf.TrfFormatException(lineOf(doc, "192", "XXC"), 5,
                        "Baku acceleration needs the standard point system (W = 2 D, L = 0)");
            }
            int lastAcceleratedRank = (idsByRank.size() - 1) / 2;
            int lastAccelerationRound = (expected - 1) / 2;
            int lastFullRound = lastAccelerationRound / 2;
            for (int rankIndex = 0; rankIndex <= lastAcceleratedRank && rankIndex < idsByRank.size(); rankIndex++) {
                List<Integer> acc = new ArrayList<>();
                for (int r = 0; r <= lastAccelerationRound && r <= playedRounds; r++) {
                    acc.add(r <= lastFullRound ? win : ps.draw());
                }
                accelerations.set(idsByRank.get(rankIndex) - 1, acc.stream().mapToInt(Integer::intValue).toArray());
            }
        }
        return accelerations;
    }

    /**
     * The score for pairing before the virtual points: the points column, unless it includes the acceleration of
     * the round to pair, which bbp accepts (it then takes the sum of the results of the paired rounds).
     */
    private static int scoreWithoutAcceleration(TrfPlayer tp, PointSystem ps, int playedRounds, int virtual) {
        int column = tp.pointsTenths();
        if (virtual == 0) {
            return column;
        }
        int paired = tp.pointsOfRounds(ps, playedRounds);
        int next = tp.games().size() > playedRounds ? ps.pointsFor(tp.game(playedRounds + 1).result()) : 0;
        if (column == paired + virtual || column == paired + next || column == paired + next + virtual) {
            return paired;
        }
        return column;
    }

    private static int pointsBefore(TrfPlayer tp, int round, PointSystem ps, List<SwissMatch> h, int self) {
        int sum = 0;
        for (int r = 1; r < round; r++) {
            sum += ps.pointsFor(tp.game(r).result());
        }
        return sum;
    }

    private static SwissMatch toMatch(int self, TrfGame g) {
        int opponent = g.opponent() == 0 ? self : g.opponent() - 1;
        ResultCode r = g.result();
        MatchScore score = switch (r) {
            case DRAW, UNRATED_DRAW, HALF_POINT_BYE -> MatchScore.DRAW;
            case WIN, FORFEIT_WIN, UNRATED_WIN, FULL_POINT_BYE, PAIRING_ALLOCATED_BYE -> MatchScore.WIN;
            default -> MatchScore.LOSS;
        };
        boolean played = opponent != self && g.colour() != Colour.NONE && r.isPlayedGame();
        boolean participated = opponent != self || r == ResultCode.PAIRING_ALLOCATED_BYE || r == ResultCode.FORFEIT_WIN;
        return new SwissMatch(opponent, g.colour(), score, played, participated);
    }

    // C.04.3 1.6: colour difference and preferences over played games only (C.04.2 D.5)
    private static SwissPlayer withColourData(int id, int rank, boolean valid, int score, List<SwissMatch> matches) {
        int white = 0;
        int black = 0;
        int consecutive = 0;
        int played = 0;
        Colour repeated = Colour.NONE;
        for (SwissMatch m : matches) {
            if (m.played()) {
                played++;
                if (m.colour() == Colour.WHITE) {
                    white++;
                } else {
                    black++;
                }
                consecutive = consecutive == 0 || m.colour() != repeated ? 1 : consecutive + 1;
                repeated = m.colour();
            }
        }
        Colour lower = white > black ? Colour.BLACK : Colour.WHITE;
        int imbalance = Math.abs(white - black);
        Colour preference = imbalance > 1 ? lower
                : consecutive > 1 ? repeated.opposite()
                : imbalance > 0 ? lower
                : consecutive > 0 ? repeated.opposite()
                : Colour.NONE;
        if (consecutive <= 1) {
            repeated = Colour.NONE;
        }
        boolean absolute = imbalance > 1 || repeated != Colour.NONE;
        boolean strong = !absolute && imbalance > 0;
        return new SwissPlayer(id, rank, valid, score, matches, imbalance, preference, repeated, strong, played);
    }

    /**
     * Without XXC/152: the colour given by lot in the first round with colours, read from the whole file (bbp's
     * rule): the first player, in pairing-number order (start numbers, or file order with XXC rank), who took part in a pairing up to that round and has a
     * colour in it; his colour, inverted when his position among those players is odd.
     */
    static Colour inferInitialColour(TrfDocument doc) {
        List<TrfPlayer> players = new ArrayList<>();
        Map<Integer, TrfPlayer> byId = doc.playersById();
        for (int id : idsByRank(doc)) {
            players.add(byId.get(id));
        }
        int minColourRound = Integer.MAX_VALUE;
        for (TrfPlayer p : players) {
            for (int r = 1; r <= p.games().size(); r++) {
                if (p.game(r).colour() != Colour.NONE) {
                    minColourRound = Math.min(minColourRound, r);
                }
            }
        }
        if (minColourRound == Integer.MAX_VALUE) {
            return Colour.WHITE;
        }
        int number = 0;
        for (TrfPlayer p : players) {
            boolean took = false;
            for (int r = 1; r <= Math.min(minColourRound, p.games().size()); r++) {
                TrfGame g = p.game(r);
                if (g.opponent() != 0 || g.result() == ResultCode.PAIRING_ALLOCATED_BYE
                        || g.result() == ResultCode.FORFEIT_WIN) {
                    took = true;
                }
            }
            if (took) {
                Colour c = p.game(minColourRound).colour();
                if (c != Colour.NONE) {
                    return (number & 1) != 0 ? c.opposite() : c;
                }
                number++;
            }
        }
        return Colour.WHITE;
    }

    @Override
    public String toString() {
        return "SwissTournament[players=" + players.size() + ", playedRounds=" + playedRounds + ", expectedRounds="
                + expectedRounds + ", points=" + Arrays.asList(pointsForWin, pointsForDraw, pointsForLoss) + "]";
    }

    public Optional<SwissPlayer> player(int id) {
        return id >= 0 && id < players.size() ? Optional.ofNullable(players.get(id)) : Optional.empty();
    }

    /** The line of the first record with one of these tags, for errors about it (1 when there is none). */
    private static int lineOf(TrfDocument doc, String... tags) {
        for (String tag : tags) {
            List<org.torneo.trf.TrfLine.Text> records = doc.records(tag);
            if (!records.isEmpty()) {
                return doc.lineNumber(records.get(0));
            }
        }
        return 1;
    }
}

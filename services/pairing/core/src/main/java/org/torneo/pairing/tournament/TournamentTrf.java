package org.torneo.pairing.tournament;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.GameResult;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.pairing.tournament.TournamentState.Player;
import org.torneo.pairing.tournament.TournamentState.Result;
import org.torneo.pairing.tournament.TournamentState.Round;
import org.torneo.trf.Colour;
import org.torneo.trf.PointSystem;
import org.torneo.trf.ResultCode;
import org.torneo.trf.TrfDocument;
import org.torneo.trf.TrfGame;
import org.torneo.trf.TrfPlayer;

/**
 * A tournament's state as a TRF document: start numbers are the frozen pairing numbers (players not
 * yet numbered follow in registration order), one round entry per published round, the point
 * system of the tournament's scoring in an XXS record, the rounds in 142/XXR and forbidden pairs
 * in XXP records. The same document feeds the FIDE Dutch engine (as bbpPairings reads its input)
 * and the REST export.
 *
 * <p>Round entries: a played game 1/=/0 with colour; a game not played over the board +/- (the
 * forfeit keeps opponent and colour, as TRF does); a game without a result yet is left empty (TRF
 * has no code for a game in progress); the pairing-allocated bye U (FIDE deprecates F for it), a requested
 * half-point bye H, every other absence Z (zero-point bye, late entry, a round-robin opponent who
 * withdrew, a withdrawn player's later rounds).
 */
public final class TournamentTrf {

    private TournamentTrf() {
    }

    /** The start number of every registered player: pairing numbers, then the rest by registration. */
    public static Map<String, Integer> startNumbers(TournamentState state) {
        Map<String, Integer> numbers = new LinkedHashMap<>();
        state.numbers().entrySet().stream().sorted(Map.Entry.comparingByValue())
                .forEach(e -> numbers.put(e.getKey(), e.getValue()));
        int next = numbers.values().stream().mapToInt(Integer::intValue).max().orElse(0) + 1;
        for (String id : state.players().keySet()) {
            if (!numbers.containsKey(id)) {
                numbers.put(id, next++);
            }
        }
        return numbers;
    }

    /** The whole tournament as published so far (the REST export). */
    public static TrfDocument export(TournamentState state) {
        Map<String, Integer> numbers = startNumbers(state);
        List<TrfPlayer> players = new ArrayList<>();
        for (Map.Entry<String, Integer> entry : numbers.entrySet()) {
            Player player = state.players().get(entry.getKey());
            // TRF-16 line 001: title in columns 11-13, federation in 54-56
            players.add(new TrfPlayer(entry.getValue(), "", player.title(), player.name(), player.rating(),
                    player.federation(), "", "",
                    tenths(state.score(player.id()).halves()), 0, roundEntries(state, player, numbers)));
        }
        players = ranked(players);
        return TrfDocument.of(headers(state, numbers, state.lastRound() + 1), players, "\n");
    }

    /** Points of every player are the sum of their entries: rank by points, then start number. */
    private static List<TrfPlayer> ranked(List<TrfPlayer> players) {
        List<TrfPlayer> order = new ArrayList<>(players);
        order.sort(Comparator.comparingInt((TrfPlayer p) -> -p.pointsTenths()).thenComparingInt(TrfPlayer::startNumber));
        Map<Integer, Integer> rankOf = new HashMap<>();
        for (int i = 0; i < order.size(); i++) {
            rankOf.put(order.get(i).startNumber(), i + 1);
        }
        List<TrfPlayer> out = new ArrayList<>();
        for (TrfPlayer p : players) {
            out.add(p.withPointsAndRank(p.pointsTenths(), rankOf.get(p.startNumber())));
        }
        return out;
    }

    static List<String> headers(TournamentState state, Map<String, Integer> numbers, int forbiddenFromRound) {
        List<String> headers = new ArrayList<>();
        headers.add("012 " + (state.name() == null ? "" : state.name()));
        headers.add("062 " + state.players().size());
        headers.add("092 " + (state.system() == null ? "" : state.system().wireName()));
        if (state.totalRounds() > 0) {
            headers.add("XXR " + state.totalRounds());
        }
        if (state.scoring() != null) {
            headers.add("XXS " + pointTokens(pointSystem(state.scoring())));
        }
        for (Set<String> pair : state.forbidden()) {
            List<Integer> ids = pair.stream().map(numbers::get).sorted().toList();
            headers.add("XXP " + ids.get(0) + " " + ids.get(1));
        }
        return headers;
    }

    /** The tournament's scoring in TRF tenths of a point. */
    public static PointSystem pointSystem(Scoring s) {
        return new PointSystem(tenths(s.win().halves()), tenths(s.draw().halves()), tenths(s.loss().halves()),
                tenths(s.forfeitWin().halves()), tenths(s.forfeitLoss().halves()), tenths(s.win().halves()),
                tenths(s.halfPointBye().halves()), tenths(s.zeroPointBye().halves()), tenths(s.pairingBye().halves()));
    }

    private static String pointTokens(PointSystem ps) {
        return "W=" + PointSystem.format(ps.win()) + " D=" + PointSystem.format(ps.draw()) + " L="
                + PointSystem.format(ps.loss()) + " FW=" + PointSystem.format(ps.forfeitWin()) + " FL="
                + PointSystem.format(ps.forfeitLoss()) + " ZPB=" + PointSystem.format(ps.zeroPointBye()) + " HPB="
                + PointSystem.format(ps.halfPointBye()) + " PAB=" + PointSystem.format(ps.pairingAllocatedBye());
    }

    static int tenths(int halves) {
        return halves * 5;
    }

    /** The player's entries for every published round. */
    public static List<TrfGame> roundEntries(TournamentState state, Player player, Map<String, Integer> numbers) {
        List<TrfGame> games = new ArrayList<>();
        for (Round round : state.rounds().values()) {
            games.add(entry(round, player, numbers));
        }
        return games;
    }

    private static TrfGame entry(Round round, Player player, Map<String, Integer> numbers) {
        for (Board board : round.boards()) {
            if (!board.involves(player.id())) {
                continue;
            }
            boolean white = board.white().equals(player.id());
            int opponent = numbers.get(white ? board.black() : board.white());
            Colour colour = white ? Colour.WHITE : Colour.BLACK;
            Result result = round.results().get(board.number());
            // TRF has no code for a game still in progress: its entry stays empty until the result is known
            return result == null ? TrfGame.EMPTY : new TrfGame(opponent, colour, code(result, white));
        }
        for (Bye bye : round.byes()) {
            if (bye.playerId().equals(player.id())) {
                return TrfGame.bye(bye.kind() == ByeKind.PAIRING_BYE ? ResultCode.PAIRING_ALLOCATED_BYE
                        : bye.kind() == ByeKind.HALF_POINT ? ResultCode.HALF_POINT_BYE : ResultCode.ZERO_POINT_BYE);
            }
        }
        return TrfGame.bye(ResultCode.ZERO_POINT_BYE);
    }

    private static ResultCode code(Result result, boolean white) {
        GameResult r = result.result();
        if (r == GameResult.DRAW) {
            return ResultCode.DRAW;
        }
        boolean won = r != GameResult.DOUBLE_LOSS && white == (r == GameResult.WHITE_WINS);
        if (result.played()) {
            return won ? ResultCode.WIN : ResultCode.LOSS;
        }
        return won ? ResultCode.FORFEIT_WIN : ResultCode.FORFEIT_LOSS;
    }
}

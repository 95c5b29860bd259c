package org.torneo.rating.core.results;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.torneo.rating.core.score.Colour;
import org.torneo.rating.core.score.Player;
import org.torneo.rating.core.score.ResultKind;
import org.torneo.rating.core.score.RoundEntry;
import org.torneo.rating.core.score.Tournament;

/** The score sheet aggregate: validates results and keeps the cross table that standings read. */
public final class ResultsDecider {

    private static final Set<List<ResultKind>> GAME_RESULTS = Set.of(
            List.of(ResultKind.WIN, ResultKind.LOSS), List.of(ResultKind.LOSS, ResultKind.WIN),
            List.of(ResultKind.DRAW, ResultKind.DRAW),
            List.of(ResultKind.UNRATED_WIN, ResultKind.UNRATED_LOSS),
            List.of(ResultKind.UNRATED_LOSS, ResultKind.UNRATED_WIN),
            List.of(ResultKind.UNRATED_DRAW, ResultKind.UNRATED_DRAW),
            List.of(ResultKind.FORFEIT_WIN, ResultKind.FORFEIT_LOSS),
            List.of(ResultKind.FORFEIT_LOSS, ResultKind.FORFEIT_WIN),
            // Code 1970 art. XVII (comment): both more than an hour late, or both refusing the Laws: both lose
            List.of(ResultKind.FORFEIT_LOSS, ResultKind.FORFEIT_LOSS));

    private static final Set<ResultKind> BYES = Set.of(ResultKind.HALF_POINT_BYE, ResultKind.FULL_POINT_BYE,
            ResultKind.PAIRING_ALLOCATED_BYE, ResultKind.ZERO_POINT_BYE);

    private ResultsDecider() {
    }

    public static List<ResultsEvent> decide(ResultsCommand command, ResultsState state) {
        if (!(command instanceof ResultsCommand.OpenEvent) && !state.opened()) {
            throw new ResultsRejected("the event has not been opened");
        }
        return switch (command) {
            case ResultsCommand.OpenEvent c -> openEvent(c, state);
            case ResultsCommand.RecordGame c -> recordGame(c, state);
            case ResultsCommand.RecordBye c -> recordBye(c, state);
            case ResultsCommand.CorrectGame c -> correctGame(c, state);
            case ResultsCommand.SetArbiterPoints c -> setArbiterPoints(c, state);
            case ResultsCommand.Withdraw c -> withdraw(c, state);
        };
    }

    private static List<ResultsEvent> openEvent(ResultsCommand.OpenEvent c, ResultsState state) {
        if (state.opened()) {
            throw new ResultsRejected("the event is already open");
        }
        if (c.rounds() < 1) {
            throw new ResultsRejected("an event needs at least one round");
        }
        for (int i = 0; i < c.entrants().size(); i++) {
            if (c.entrants().get(i).startNumber() != i + 1) {
                throw new ResultsRejected("entrants must be numbered 1.." + c.entrants().size() + " in order");
            }
        }
        return List.of(new ResultsEvent.EventOpened(c.name(), c.rounds(), c.pointSystem(), c.entrants()));
    }

    private static List<ResultsEvent> recordGame(ResultsCommand.RecordGame c, ResultsState state) {
        checkGame(state, c.round(), c.white(), c.black(), c.whiteResult(), c.blackResult());
        for (int p : new int[] {c.white(), c.black()}) {
            if (state.player(p).round(c.round()).kind() != ResultKind.NOT_PAIRED) {
                throw new ResultsRejected("player " + p + " already has a result in round " + c.round()
                        + "; correct it instead");
            }
            Integer from = state.withdrawnFromRound().get(p);
            if (from != null && c.round() >= from) {
                throw new ResultsRejected("player " + p + " withdrew from round " + from);
            }
        }
        return List.of(new ResultsEvent.GameRecorded(c.round(), c.white(), c.black(), c.whiteResult(),
                c.blackResult()));
    }

    private static List<ResultsEvent> recordBye(ResultsCommand.RecordBye c, ResultsState state) {
        checkRoundAndPlayer(state, c.round(), c.player());
        if (!BYES.contains(c.kind())) {
            throw new ResultsRejected(c.kind() + " is not a bye");
        }
        if (state.player(c.player()).round(c.round()).kind() != ResultKind.NOT_PAIRED) {
            throw new ResultsRejected("player " + c.player() + " already has a result in round " + c.round());
        }
        return List.of(new ResultsEvent.ByeRecorded(c.round(), c.player(), c.kind()));
    }

    private static List<ResultsEvent> correctGame(ResultsCommand.CorrectGame c, ResultsState state) {
        checkGame(state, c.round(), c.white(), c.black(), c.whiteResult(), c.blackResult());
        RoundEntry w = state.player(c.white()).round(c.round());
        RoundEntry b = state.player(c.black()).round(c.round());
        if (w.opponent() != c.black() || w.colour() != Colour.WHITE) {
            throw new ResultsRejected("round " + c.round() + " has no recorded game " + c.white() + " (white) - "
                    + c.black() + " (black) to correct");
        }
        if (w.kind() == c.whiteResult() && b.kind() == c.blackResult()) {
            return List.of(); // already so: nothing to correct
        }
        if (c.reason() == null || c.reason().isBlank()) {
            throw new ResultsRejected("a correction needs a reason for the audit trail");
        }
        return List.of(new ResultsEvent.GameCorrected(c.round(), c.white(), c.black(), c.whiteResult(),
                c.blackResult(), w.kind(), b.kind(), c.reason()));
    }

    private static List<ResultsEvent> setArbiterPoints(ResultsCommand.SetArbiterPoints c, ResultsState state) {
        checkRoundAndPlayer(state, c.round(), c.player());
        if (c.pointsCenti() != null && c.pointsCenti() < 0) {
            throw new ResultsRejected("arbiter-set points must not be negative");
        }
        if (c.reason() == null || c.reason().isBlank()) {
            throw new ResultsRejected("arbiter-set points need a reason for the audit trail");
        }
        return List.of(new ResultsEvent.ArbiterPointsSet(c.round(), c.player(), c.pointsCenti(), c.reason()));
    }

    private static List<ResultsEvent> withdraw(ResultsCommand.Withdraw c, ResultsState state) {
        checkRoundAndPlayer(state, c.fromRound(), c.player());
        if (state.withdrawnFromRound().containsKey(c.player())) {
            throw new ResultsRejected("player " + c.player() + " has already withdrawn");
        }
        Player p = state.player(c.player());
        for (int r = c.fromRound(); r <= state.rounds(); r++) {
            if (p.round(r).kind() != ResultKind.NOT_PAIRED) {
                throw new ResultsRejected("player " + c.player() + " already has a result in round " + r);
            }
        }
        return List.of(new ResultsEvent.PlayerWithdrew(c.player(), c.fromRound()));
    }


    public static ResultsState evolve(ResultsState state, ResultsEvent event) {
        return switch (event) {
            case ResultsEvent.EventOpened e -> {
                List<Player> players = new ArrayList<>();
                for (ResultsCommand.Entrant x : e.entrants()) {
                    players.add(new Player(x.startNumber(), x.name(), x.rating(), List.of()));
                }
                // validates the frame once
                new Tournament(e.name(), e.rounds(), e.pointSystem(), players);
                yield new ResultsState(e.name(), e.rounds(), e.pointSystem(), players, Map.of());
            }
            case ResultsEvent.GameRecorded e -> withGame(state, e.round(), e.white(), e.black(), e.whiteResult(),
                    e.blackResult());
            case ResultsEvent.GameCorrected e -> withGame(state, e.round(), e.white(), e.black(), e.whiteResult(),
                    e.blackResult());
            case ResultsEvent.ByeRecorded e -> replace(state, state.player(e.player())
                    .withRound(e.round(), new RoundEntry(0, Colour.NONE, e.kind())));
            case ResultsEvent.ArbiterPointsSet e -> {
                Player p = state.player(e.player());
                yield replace(state, p.withRound(e.round(), p.round(e.round()).withArbiterPoints(e.pointsCenti())));
            }
            case ResultsEvent.PlayerWithdrew e -> {
                Map<Integer, Integer> w = new HashMap<>(state.withdrawnFromRound());
                w.put(e.player(), e.fromRound());
                yield new ResultsState(state.name(), state.rounds(), state.pointSystem(), state.players(), w);
            }
        };
    }

    /**
     * Rebuilds the state from a whole stream in O(events + players x rounds) (a restart), with the
     * same result as folding {@link #evolve} over the events.
     */
    public static ResultsState replay(List<ResultsEvent> events) {
        ResultsState state = ResultsState.EMPTY;
        RoundEntry[][] grid = null;
        Map<Integer, Integer> withdrawn = new HashMap<>();
        for (ResultsEvent event : events) {
            if (event instanceof ResultsEvent.EventOpened e) {
                state = evolve(state, e);
                grid = new RoundEntry[e.entrants().size()][e.rounds()];
                for (RoundEntry[] row : grid) {
                    java.util.Arrays.fill(row, RoundEntry.NOT_PAIRED);
                }
                withdrawn.clear();
                continue;
            }
            if (grid == null) {
                throw new IllegalStateException("events before the event was opened: " + event);
            }
            switch (event) {
                case ResultsEvent.GameRecorded e -> {
                    grid[e.white() - 1][e.round() - 1] = new RoundEntry(e.black(), Colour.WHITE, e.whiteResult());
                    grid[e.black() - 1][e.round() - 1] = new RoundEntry(e.white(), Colour.BLACK, e.blackResult());
                }
                case ResultsEvent.GameCorrected e -> {
                    grid[e.white() - 1][e.round() - 1] = new RoundEntry(e.black(), Colour.WHITE, e.whiteResult());
                    grid[e.black() - 1][e.round() - 1] = new RoundEntry(e.white(), Colour.BLACK, e.blackResult());
                }
                case ResultsEvent.ByeRecorded e ->
                        grid[e.player() - 1][e.round() - 1] = new RoundEntry(0, Colour.NONE, e.kind());
                case ResultsEvent.ArbiterPointsSet e -> grid[e.player() - 1][e.round() - 1] =
                        grid[e.player() - 1][e.round() - 1].withArbiterPoints(e.pointsCenti());
                case ResultsEvent.PlayerWithdrew e -> withdrawn.put(e.player(), e.fromRound());
                case ResultsEvent.EventOpened e -> throw new AssertionError("handled above");
            }
        }
        if (grid == null) {
            return state;
        }
        List<Player> players = new ArrayList<>(grid.length);
        for (int i = 0; i < grid.length; i++) {
            Player p = state.player(i + 1);
            players.add(new Player(p.startNumber(), p.name(), p.rating(), List.of(grid[i])));
        }
        return new ResultsState(state.name(), state.rounds(), state.pointSystem(), players, withdrawn);
    }

    private static ResultsState withGame(ResultsState state, int round, int white, int black, ResultKind wk,
                                         ResultKind bk) {
        Player w = state.player(white).withRound(round, new RoundEntry(black, Colour.WHITE, wk));
        Player b = state.player(black).withRound(round, new RoundEntry(white, Colour.BLACK, bk));
        List<Player> players = new ArrayList<>(state.players());
        players.set(white - 1, w);
        players.set(black - 1, b);
        return new ResultsState(state.name(), state.rounds(), state.pointSystem(), players, state.withdrawnFromRound());
    }

    private static ResultsState replace(ResultsState state, Player p) {
        List<Player> players = new ArrayList<>(state.players());
        players.set(p.startNumber() - 1, p);
        return new ResultsState(state.name(), state.rounds(), state.pointSystem(), players, state.withdrawnFromRound());
    }

    private static void checkRoundAndPlayer(ResultsState state, int round, int player) {
        if (round < 1 || round > state.rounds()) {
            throw new ResultsRejected("round " + round + " is outside 1.." + state.rounds());
        }
        if (player < 1 || player > state.size()) {
            throw new ResultsRejected("no player with start number " + player);
        }
    }

    private static void checkGame(ResultsState state, int round, int white, int black, ResultKind wk, ResultKind bk) {
        checkRoundAndPlayer(state, round, white);
        checkRoundAndPlayer(state, round, black);
        if (white == black) {
            throw new ResultsRejected("a player cannot play himself");
        }
        if (!GAME_RESULTS.contains(List.of(wk, bk))) {
            throw new ResultsRejected("'" + wk + "' for white and '" + bk + "' for black is not a valid game result");
        }
    }
}

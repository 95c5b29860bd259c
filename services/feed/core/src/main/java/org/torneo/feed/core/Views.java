package org.torneo.feed.core;

import java.util.List;
import java.util.Map;

/** Immutable snapshots the REST API, the pages and the PGN writer read (taken under the model's lock). */
public final class Views {

    private Views() {
    }

    public record TournamentSummary(String id, String name, String system, int rounds, int roundsPaired,
                                    int players, int gamesInProgress, List<HallView> halls, List<String> tieBreaks) {
    }

    /**
     * A tournament at one moment, for the printed lists and the hall screens: overview, players (registration
     * order), the rounds asked for (boards with results, byes; in round order), the standings, and the id of the
     * last event it includes (a page streams from there).
     */
    public record TournamentSheet(TournamentSummary summary, List<PlayerView> players, List<RoundView> rounds,
                                  StandingsView standings, long lastEventId) {
    }

    public record HallView(String name, int firstBoard, int lastBoard) {
    }

    /**
     * {@code title} (GM ... WCM) and {@code federation} (e.g. ESP) "" when none; {@code checkedIn} once he checked in
     * before round 1 (a cancelled check-in clears it).
     */
    public record PlayerView(String id, String name, int rating, Integer startNumber, boolean withdrawn, String title,
                             String federation, boolean checkedIn) {

        /** A player not checked in. */
        public PlayerView(String id, String name, int rating, Integer startNumber, boolean withdrawn, String title,
                          String federation) {
            this(id, name, rating, startNumber, withdrawn, title, federation, false);
        }
    }

    public record BoardView(int board, String hall, String white, String whiteName, String black,
                            String blackName, String gameId, String result, boolean live, int plies) {
    }

    public record ByeView(String playerId, String name, String kind, String points) {
    }

    /**
     * A round: its boards as last published (a correction's boards replace the paired ones), its byes, and the
     * games a pairing correction cancelled before they began (not played, no result; shown apart, never as a board).
     */
    public record RoundView(String tournamentId, int round, boolean closed, List<BoardView> boards,
                            List<ByeView> byes, List<CancelledView> cancelled) {
    }

    /** A game the arbiter's pairing correction cancelled (C.04.2, C.04.3 of 2017 F.6-F.7), with why. */
    public record CancelledView(int board, String hall, String white, String whiteName, String black,
                                String blackName, String gameId, Notice text) {
    }

    public record MoveView(int ply, String side, String san, String uci, String fen, Long clockMillis) {
    }

    public record ClockView(long whiteMillis, long blackMillis, String running, long atEpochMillis) {
    }

    public record GameView(String gameId, String tournamentId, String tournamentName, int round, int board,
                           String hall, String white, String whiteName, int whiteRating, String black,
                           String blackName, int blackRating, String initialFen, String fen,
                           List<MoveView> moves, ClockView clock, String result, String pgnResult,
                           String endReason, String startedAt, List<Notice> notices, Notice cancelled) {
    }

    public record StandingLine(int rank, Integer startNumber, String playerId, String name, List<String> values) {
    }

    /** Standings: the rating service's with its tie-breaks, or provisional points from the results seen. */
    public record StandingsView(String tournamentId, String source, int afterRound, List<String> tieBreaks,
                                List<StandingLine> rows) {
    }

    public record CardRound(int round, String colour, String opponentId, String opponentName, String result,
                            String points, Integer board, String gameId) {
    }

    public record PlayerCard(String tournamentId, PlayerView player, String total, List<CardRound> rounds) {
    }

    /** One line of a game's incident list (offers, claims, rulings, irregularities), in English and Spanish. */
    public record Notice(String kind, String en, String es) {
    }

    /**
     * {@code applied}: input records read since the reader (re)started; {@code skipped}: of those, not shown
     * (malformed, so dead-lettered, or not public); {@code restored}: feed events reloaded from PostgreSQL
     * with their ids at that start; {@code tournaments}: the latest event id per tournament.
     */
    public record FeedStats(long applied, long skipped, long restored, Map<String, Long> tournaments) {
    }
}

package org.torneo.console;

import java.util.List;

import io.quarkus.qute.TemplateData;

/** What the pages show, read from the services' answers. */
final class Views {

    private Views() {
    }

    /** A tournament in a list; {@code eventId} and {@code eventName} the event it belongs to (its own when none). */
    @TemplateData
    record TournamentLine(String id, String name, String system, int rounds, int lastRound, int players,
                          String eventId, String eventName) {
    }

    /** An event and its tournaments (Open A, B, C), in the order of their ids. */
    @TemplateData
    record EventGroup(String id, String name, List<TournamentLine> tournaments) {
    }

    /** A half-point or zero-point bye a player requested for a round not yet paired: who entered it, when. */
    @TemplateData
    record RequestedBye(String playerId, String name, int round, String kind, String by) {
    }

    @TemplateData
    record PlayerLine(String no, String id, String name, int rating, String score, boolean withdrawn, String title,
                      String federation) {
    }

    /** A line of an entry file that would be registered (the preview of a CSV or FIDE-list import). */
    @TemplateData
    record EntryLine(int line, String playerId, String name, int rating, String title, String federation,
                     String born, String fideId) {
    }

    @TemplateData
    record HallLine(String name, int first, int last, boolean mayEnter) {
    }

    @TemplateData
    record ArbiterLine(String account, String office) {
    }

    @TemplateData
    record RoundLink(int number, boolean current) {
    }

    @TemplateData
    record BoardLine(int board, String white, String black, String result, String gameId) {
    }

    @TemplateData
    record HallBoards(String hall, boolean mayEnter, List<BoardLine> boards) {
    }

    @TemplateData
    /** A forbidden pair in force, with who declared it and why. */
    record ForbiddenLine(String firstId, String first, String secondId, String second, String reason, String by) {
    }

    /**
     * A change recorded to a published round: when (readable, and the instant for the time element), by whom, what and
     * why, and the Dutch checker's warnings on it.
     */
    record ChangeLine(String at, String instant, String by, String what, String reason, List<String> warnings) {
    }

    record ByeLine(String player, String kind, String points) {
    }

    /** A claim still before the arbiter, with what it was filed on. */
    @TemplateData
    record OpenClaimView(String by, String kind, String move, String clock, String conditions, boolean postponed,
                         boolean flagFell, String article) {
    }

    /** One entry of a game's file: a claim, its decision, an illegal move, a ruling, a refusal. */
    @TemplateData
    record IncidentLine(long sequence, String type, String side, String kind, String article, String detail) {
    }

    /** A game of the hall with claims or incidents, and what the arbiter rules on it with. */
    @TemplateData
    record ClaimGame(int board, String gameId, String white, String black, String edition, String phase,
                     String result, String clocks, String fen, List<Arbitration.Rank> diagram, String moves,
                     OpenClaimView open, List<IncidentLine> incidents, List<Arbitration.Penalty> penalties) {
    }

    /** A round of the signed-in player: his board, hall, colour, opponent and result, or his bye. */
    @TemplateData
    record MyRound(int round, String hall, int board, String colour, String opponent, String result, String bye) {
    }

    /** A tournament the signed-in account plays in (linked to a registered player). */
    @TemplateData
    record MyTournament(String id, String name, String playerId, String player, String score, List<MyRound> rounds,
                        boolean checkInOpen, boolean checkedIn) {
    }
}

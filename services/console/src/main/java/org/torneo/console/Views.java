package org.torneo.console;

import java.util.List;

import io.quarkus.qute.TemplateData;

/** What the pages show, read from the services' answers. */
final class Views {

    private Views() {
    }

    @TemplateData
    record TournamentLine(String id, String name, String system, int rounds, int lastRound, int players) {
    }

    @TemplateData
    record PlayerLine(String no, String id, String name, int rating, String score, boolean withdrawn) {
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
    record ByeLine(String player, String kind, String points) {
    }
}

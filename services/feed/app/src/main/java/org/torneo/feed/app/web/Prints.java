package org.torneo.feed.app.web;

import static org.torneo.feed.app.web.Pages.esc;
import static org.torneo.feed.app.web.Pages.url;

import java.util.List;
import java.util.Map;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.torneo.feed.app.model.FeedFilter;
import org.torneo.feed.app.model.FeedModel;
import org.torneo.feed.app.model.Views;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * The lists a tournament pins on the wall and hands out, as pages a browser prints cleanly (feed.css
 * {@code @media print}: the table header repeated on every sheet, no row split across two, the site's header left
 * out): player list, pairings by board, the alphabetical pairing list, results, standings with tie-breaks,
 * crosstable. English or Spanish like the other pages; public, like the rest of the feed.
 */
@jakarta.annotation.security.PermitAll // public: spectators read it (README "Routes and roles")
@Path("/t/{tournament}/print")
@Produces(MediaType.TEXT_HTML + "; charset=utf-8")
public class Prints {

    /** The lists, in the order the index offers them; those with a round print one round's. */
    public static final List<String> LISTS = List.of("players", "checkin", "pairings", "alphabetical", "results",
            "standings", "crosstable", "grid");
    private static final List<String> BY_ROUND = List.of("pairings", "alphabetical", "results");

    @Inject
    FeedModel model;

    @GET
    @Operation(hidden = true)
    public String index(@PathParam("tournament") String id, @QueryParam("lang") String lang,
                        @HeaderParam("Accept-Language") String accept) {
        Text x = Text.choose(lang, accept);
        Views.TournamentSheet sheet = model.sheet(id, FeedModel.SheetRounds.NONE);
        String q = "?lang=" + x.code();
        String base = "/t/" + url(id) + "/print/";
        StringBuilder b = new StringBuilder();
        b.append("<h1>").append(esc(sheet.summary().name())).append(" · ").append(x.t("printLists")).append("</h1>");
        b.append("<ul class=\"print-index\">");
        for (String list : List.of("players", "checkin", "standings", "crosstable", "grid")) {
            b.append("<li><a href=\"").append(base).append(list).append(q).append("\">").append(x.t("list." + list))
                    .append("</a></li>");
        }
        b.append("</ul>");
        for (int round = sheet.summary().roundsPaired(); round >= 1; round--) {
            b.append("<h2>").append(x.t("round")).append(" ").append(round).append("</h2><ul class=\"print-index\">");
            for (String list : BY_ROUND) {
                b.append("<li><a href=\"").append(base).append(list).append(q).append("&amp;round=").append(round)
                        .append("\">").append(x.t("list." + list)).append("</a></li>");
            }
            b.append("</ul>");
        }
        return Pages.page(x, sheet.summary().name() + " · " + x.t("printLists"), b.toString(),
                "/t/" + url(id) + "/print");
    }

    @GET
    @Path("{list}")
    @Operation(hidden = true)
    public String list(@PathParam("tournament") String id, @PathParam("list") String list,
                       @QueryParam("round") String roundText, @QueryParam("hall") String hall,
                       @QueryParam("lang") String lang, @HeaderParam("Accept-Language") String accept) {
        Text x = Text.choose(lang, accept);
        if (!LISTS.contains(list)) {
            throw new FeedModel.NotFound("no list '" + list + "' to print; the lists are " + String.join(", ", LISTS));
        }
        FeedFilter filter = FeedFilter.parse(roundText, hall, null);
        Integer wanted = filter.round();
        // only the rounds the list prints: one for a round's lists, all for the crosstable, none for the others
        Views.TournamentSheet sheet = !BY_ROUND.contains(list)
                ? model.sheet(id, list.equals("crosstable") || list.equals("grid") ? FeedModel.SheetRounds.ALL
                        : FeedModel.SheetRounds.NONE)
                : wanted == null ? model.sheet(id, FeedModel.SheetRounds.LATEST) : model.sheet(id, r -> r == wanted);
        Integer round = wanted;
        if (BY_ROUND.contains(list) && round == null) {
            round = Lists.currentRound(sheet);
            if (round == 0) {
                throw new FeedModel.NotFound("tournament '" + id + "' has no round paired yet");
            }
        }
        String path = "/t/" + url(id) + "/print/" + list + (round == null || !BY_ROUND.contains(list) ? ""
                : "?round=" + round) + (filter.hall() == null ? "" : (round == null ? "?" : "&") + "hall="
                + url(filter.hall()));
        String title = sheet.summary().name() + " · " + x.t("list." + list)
                + (BY_ROUND.contains(list) ? " · " + x.t("round") + " " + round : "");
        return Pages.page(x, title, render(x, sheet, list, round == null ? 0 : round, filter.hall()), path, "print");
    }

    /** The body of one printed list (public for the benchmark and the tests). */
    static String render(Text x, Views.TournamentSheet sheet, String list, int round, String hall) {
        StringBuilder b = new StringBuilder(64 * 1024);
        b.append("<h1>").append(esc(sheet.summary().name())).append(" · ").append(x.t("list." + list));
        if (BY_ROUND.contains(list)) {
            b.append(" · ").append(x.t("round")).append(" ").append(round);
        }
        if (hall != null) {
            b.append(" · ").append(esc(hall));
        }
        b.append("</h1>");
        switch (list) {
            case "players" -> players(x, sheet, b);
            case "checkin" -> checkin(x, sheet, b);
            case "grid" -> grid(x, sheet, b);
            case "pairings" -> pairings(x, sheet, round, hall, b, false);
            case "results" -> pairings(x, sheet, round, hall, b, true);
            case "alphabetical" -> alphabetical(x, sheet, round, hall, b);
            case "standings" -> standings(x, sheet, b);
            case "crosstable" -> crosstable(x, sheet, b);
            default -> throw new FeedModel.NotFound("no list '" + list + "'");
        }
        b.append("<p class=\"print-button\"><button type=\"button\" onclick=\"window.print()\">").append(x.t("print"))
                .append("</button></p>");
        return b.toString();
    }

    private static void players(Text x, Views.TournamentSheet sheet, StringBuilder b) {
        b.append("<table class=\"list players\"><thead><tr><th class=\"num\">").append(x.t("no")).append("</th><th>")
                .append(x.t("name")).append("</th><th class=\"num\">").append(x.t("rtg")).append("</th></tr></thead><tbody>");
        for (Lists.Entrant e : Lists.entrants(sheet, x.locale())) {
            b.append("<tr data-player=\"").append(esc(e.playerId())).append("\"><td class=\"num\">").append(e.number())
                    .append("</td><td>").append(esc(e.name()));
            if (e.withdrawn()) {
                b.append(" <i>(").append(x.t("withdrawn")).append(")</i>");
            }
            b.append("</td><td class=\"num\">").append(rating(e.rating())).append("</td></tr>");
        }
        b.append("</tbody></table>");
    }

    /** The check-in sheet the arbiters take round before round 1: No., name, rating, and a box to tick or sign. */
    private static void checkin(Text x, Views.TournamentSheet sheet, StringBuilder b) {
        b.append("<table class=\"list checkin\"><thead><tr><th class=\"num\">").append(x.t("no")).append("</th><th>")
                .append(x.t("name")).append("</th><th class=\"num\">").append(x.t("rtg")).append("</th><th>")
                .append(x.t("present")).append("</th><th>").append(x.t("signature")).append("</th></tr></thead><tbody>");
        List<Lists.Entrant> entrants = new java.util.ArrayList<>(Lists.entrants(sheet, x.locale()));
        java.text.Collator collator = Lists.collator(x.locale());
        entrants.sort((p, q) -> collator.compare(p.name(), q.name())); // found by name at the door
        for (Lists.Entrant e : entrants) {
            if (e.withdrawn()) {
                continue;
            }
            b.append("<tr data-player=\"").append(esc(e.playerId())).append("\"><td class=\"num\">").append(e.number())
                    .append("</td><td>").append(esc(e.name())).append("</td><td class=\"num\">").append(rating(e.rating()))
                    .append("</td><td class=\"box\">☐</td><td class=\"sign\"></td></tr>");
        }
        b.append("</tbody></table>");
    }

    /** The round-robin grid (a row and a column per player). */
    private static void grid(Text x, Views.TournamentSheet sheet, StringBuilder b) {
        List<Lists.GridLine> lines = Lists.grid(sheet, x.locale());
        b.append("<table class=\"list grid\"><thead><tr><th class=\"num\">").append(x.t("no")).append("</th><th>")
                .append(x.t("name")).append("</th><th class=\"num\">").append(x.t("rtg")).append("</th>");
        for (Lists.GridLine line : lines) {
            b.append("<th class=\"num\">").append(line.player().number()).append("</th>");
        }
        b.append("<th class=\"num\">").append(x.t("pts")).append("</th></tr></thead><tbody>");
        for (Lists.GridLine line : lines) {
            b.append("<tr data-player=\"").append(esc(line.player().playerId())).append("\"><td class=\"num\">")
                    .append(line.player().number()).append("</td><td>").append(esc(line.player().name()))
                    .append("</td><td class=\"num\">").append(rating(line.player().rating())).append("</td>");
            for (String cell : line.cells()) {
                b.append("<td class=\"num cell\">").append(esc(cell)).append("</td>");
            }
            b.append("<td class=\"num\">").append(esc(line.points())).append("</td></tr>");
        }
        b.append("</tbody></table>");
    }

    /** Pairings by board (results filled in when {@code results}), one table per hall, then the byes. */
    static void pairings(Text x, Views.TournamentSheet sheet, int round, String hall, StringBuilder b,
                         boolean results) {
        Views.RoundView r = Lists.round(sheet, round);
        Map<String, Lists.Entrant> byId = Lists.byId(Lists.entrants(sheet, x.locale()));
        String currentHall = null;
        boolean open = false;
        for (Views.BoardView board : r.boards()) {
            if (hall != null && !hall.equals(board.hall())) {
                continue;
            }
            if (!open || !java.util.Objects.equals(currentHall, board.hall())) {
                if (open) {
                    b.append("</tbody></table>");
                }
                currentHall = board.hall();
                if (currentHall != null && hall == null) {
                    b.append("<h2>").append(esc(currentHall)).append("</h2>");
                }
                b.append("<table class=\"list ").append(results ? "results" : "pairings")
                        .append("\"><thead><tr><th class=\"num\">").append(x.t("board"))
                        .append("</th><th class=\"num\">").append(x.t("no")).append("</th><th>").append(x.t("white"))
                        .append("</th><th class=\"num\">").append(x.t("rtg")).append("</th><th class=\"result\">")
                        .append(x.t("result")).append("</th><th class=\"num\">").append(x.t("no")).append("</th><th>")
                        .append(x.t("black")).append("</th><th class=\"num\">").append(x.t("rtg"))
                        .append("</th></tr></thead><tbody>");
                open = true;
            }
            Lists.Entrant white = byId.get(board.white());
            Lists.Entrant black = byId.get(board.black());
            b.append("<tr data-board=\"").append(board.board()).append("\"><td class=\"num\">").append(board.board())
                    .append("</td><td class=\"num\">").append(white == null ? "" : white.number()).append("</td><td>")
                    .append(esc(board.whiteName())).append("</td><td class=\"num\">")
                    .append(white == null ? "" : rating(white.rating())).append("</td><td class=\"result\">")
                    .append(results && board.result() != null ? esc(board.result()) : results ? "–" : "")
                    .append("</td><td class=\"num\">").append(black == null ? "" : black.number()).append("</td><td>")
                    .append(esc(board.blackName())).append("</td><td class=\"num\">")
                    .append(black == null ? "" : rating(black.rating())).append("</td></tr>");
        }
        if (open) {
            b.append("</tbody></table>");
        }
        if (hall == null && !r.byes().isEmpty()) {
            b.append("<h2>").append(x.t("byes")).append("</h2><table class=\"list byes\"><thead><tr><th class=\"num\">")
                    .append(x.t("no")).append("</th><th>").append(x.t("name")).append("</th><th></th><th class=\"num\">")
                    .append(x.t("pts")).append("</th></tr></thead><tbody>");
            for (Views.ByeView bye : r.byes()) {
                Lists.Entrant e = byId.get(bye.playerId());
                b.append("<tr data-player=\"").append(esc(bye.playerId())).append("\"><td class=\"num\">")
                        .append(e == null ? "" : e.number()).append("</td><td>").append(esc(bye.name()))
                        .append("</td><td>").append(x.tOr("bye." + bye.kind(), bye.kind())).append("</td><td class=\"num\">")
                        .append(Lists.points(bye.points())).append("</td></tr>");
            }
            b.append("</tbody></table>");
        }
    }

    /** The list large opens pin on the wall: every player alphabetically, where he sits and against whom. */
    static void alphabetical(Text x, Views.TournamentSheet sheet, int round, String hall, StringBuilder b) {
        b.append("<table class=\"list alphabetical\"><thead><tr><th>").append(x.t("name"))
                .append("</th><th class=\"num\">").append(x.t("no")).append("</th><th class=\"num\">").append(x.t("board"))
                .append("</th><th>").append(x.t("hall")).append("</th><th>").append(x.t("colour")).append("</th><th>")
                .append(x.t("opponent")).append("</th><th class=\"num\">").append(x.t("no"))
                .append("</th></tr></thead><tbody>");
        for (Lists.AlphabeticalLine line : Lists.alphabetical(sheet, round, hall, x.locale())) {
            b.append("<tr data-player=\"").append(esc(line.player().playerId())).append("\"><td>")
                    .append(esc(line.player().name())).append("</td><td class=\"num\">").append(line.player().number())
                    .append("</td>");
            if (line.board() != null) {
                b.append("<td class=\"num seat\">").append(line.board()).append("</td><td>").append(esc(line.hall()))
                        .append("</td><td>").append(x.t(line.colour())).append("</td><td>")
                        .append(esc(line.opponent().name())).append("</td><td class=\"num\">")
                        .append(line.opponent().number()).append("</td>");
            } else if (line.bye() != null) {
                b.append("<td class=\"num seat\">–</td><td></td><td colspan=\"3\">")
                        .append(x.tOr("bye." + line.bye().kind(), line.bye().kind())).append(" (")
                        .append(Lists.points(line.bye().points())).append(")</td>");
            } else {
                b.append("<td class=\"num seat\">–</td><td></td><td colspan=\"3\"><i>")
                        .append(line.player().withdrawn() ? x.t("withdrawn") : x.t("notPaired")).append("</i></td>");
            }
            b.append("</tr>");
        }
        b.append("</tbody></table>");
    }

    static void standings(Text x, Views.TournamentSheet sheet, StringBuilder b) {
        Views.StandingsView s = sheet.standings();
        Map<String, Lists.Entrant> byId = Lists.byId(Lists.entrants(sheet, x.locale()));
        b.append("<p>").append(s.source().equals("provisional") ? x.t("provisional")
                : x.t("afterRound") + " " + s.afterRound()).append("</p>");
        b.append("<table class=\"list standings\"><thead><tr><th class=\"num\">").append(x.t("rank"))
                .append("</th><th class=\"num\">").append(x.t("no")).append("</th><th>").append(x.t("name"))
                .append("</th><th class=\"num\">").append(x.t("rtg")).append("</th>");
        for (String tieBreak : s.tieBreaks()) {
            b.append("<th class=\"num\">").append(esc(x.tOr(tieBreak, tieBreak))).append("</th>");
        }
        b.append("</tr></thead><tbody>");
        for (Views.StandingLine row : s.rows()) {
            Lists.Entrant e = byId.get(row.playerId());
            b.append("<tr data-player=\"").append(esc(row.playerId())).append("\"><td class=\"num\">").append(row.rank())
                    .append("</td><td class=\"num\">").append(e == null ? "" : e.number()).append("</td><td>")
                    .append(esc(row.name())).append("</td><td class=\"num\">").append(e == null ? "" : rating(e.rating()))
                    .append("</td>");
            for (String v : row.values()) {
                b.append("<td class=\"num\">").append(esc(v)).append("</td>");
            }
            b.append("</tr>");
        }
        b.append("</tbody></table>");
        tieBreakLegend(x, sheet, b);
    }

    static void crosstable(Text x, Views.TournamentSheet sheet, StringBuilder b) {
        Views.StandingsView s = sheet.standings();
        b.append("<p>").append(s.source().equals("provisional") ? x.t("provisional")
                : x.t("afterRound") + " " + s.afterRound()).append(" · ").append(x.t("crossLegend")).append("</p>");
        b.append("<table class=\"list crosstable\"><thead><tr><th class=\"num\">").append(x.t("rank"))
                .append("</th><th class=\"num\">").append(x.t("no")).append("</th><th>").append(x.t("name"))
                .append("</th><th class=\"num\">").append(x.t("rtg")).append("</th>");
        for (Views.RoundView r : sheet.rounds()) {
            b.append("<th class=\"num\">").append(r.round()).append("</th>");
        }
        for (String tieBreak : s.tieBreaks()) {
            b.append("<th class=\"num\">").append(esc(x.tOr(tieBreak, tieBreak))).append("</th>");
        }
        b.append("</tr></thead><tbody>");
        for (Lists.CrossLine line : Lists.crosstable(sheet, x.locale())) {
            b.append("<tr data-player=\"").append(esc(line.player().playerId())).append("\"><td class=\"num\">")
                    .append(line.standing().rank()).append("</td><td class=\"num\">").append(line.player().number())
                    .append("</td><td>").append(esc(line.player().name())).append("</td><td class=\"num\">")
                    .append(rating(line.player().rating())).append("</td>");
            for (String cell : line.cells()) {
                b.append("<td class=\"num cell\">").append(esc(cell)).append("</td>");
            }
            for (String v : line.standing().values()) {
                b.append("<td class=\"num\">").append(esc(v)).append("</td>");
            }
            b.append("</tr>");
        }
        b.append("</tbody></table>");
        tieBreakLegend(x, sheet, b);
    }

    private static void tieBreakLegend(Text x, Views.TournamentSheet sheet, StringBuilder b) {
        List<String> announced = sheet.summary().tieBreaks();
        if (!announced.isEmpty()) {
            b.append("<p class=\"legend\">").append(x.t("tieBreaks")).append(": ")
                    .append(esc(String.join(", ", announced))).append("</p>");
        }
    }

    static String rating(int rating) {
        return rating > 0 ? String.valueOf(rating) : "";
    }
}

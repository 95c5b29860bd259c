package org.torneo.feed.app.web;

import static org.torneo.feed.app.web.Pages.esc;
import static org.torneo.feed.app.web.Pages.js;
import static org.torneo.feed.app.web.Pages.url;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 * A hall's screen (a television on the hall's wall, no sign-in): the hall's pairings of the current round, its
 * results as they arrive (pushed on the feed's SSE stream, no reload), and the standings of the hall's players,
 * rotating, in type large enough to read from five metres. A new pairing or new standings reload it.
 */
@jakarta.annotation.security.PermitAll // public: spectators read it (README "Routes and roles")
@Path("/t/{tournament}/halls/{hall}/screen")
@Produces(MediaType.TEXT_HTML + "; charset=utf-8")
public class Screens {

    static final List<String> VIEWS = List.of("pairings", "results", "standings");
    /** Seconds each page of a view stays up unless ?rotate= says otherwise. */
    static final int ROTATE_SECONDS = 15;

    @Inject
    FeedModel model;

    @GET
    @Operation(hidden = true)
    public String screen(@PathParam("tournament") String id, @PathParam("hall") String hall,
                         @QueryParam("view") String view, @QueryParam("rotate") String rotateText,
                         @QueryParam("lang") String lang, @HeaderParam("Accept-Language") String accept) {
        Text x = Text.choose(lang, accept);
        if (view != null && !view.isBlank() && !VIEWS.contains(view)) {
            throw new FeedFilter.BadRequest("view", "'" + view + "' is not a view of the hall screen ("
                    + String.join(", ", VIEWS) + ")");
        }
        int rotate = rotateText == null || rotateText.isBlank() ? ROTATE_SECONDS : seconds(rotateText);
        Views.TournamentSheet sheet = model.sheet(id, FeedModel.SheetRounds.LATEST);
        Set<String> halls = halls(sheet);
        if (!halls.contains(hall)) {
            throw new FeedModel.NotFound("tournament '" + id + "' has no hall '" + hall + "'"
                    + (halls.isEmpty() ? "" : "; its halls are " + String.join(", ", halls)));
        }
        String path = "/t/" + url(id) + "/halls/" + url(hall) + "/screen";
        return Pages.page(x, sheet.summary().name() + " · " + hall, render(x, sheet, hall, view, rotate), path, "screen");
    }

    private static int seconds(String text) {
        try {
            int value = Integer.parseInt(text.strip());
            if (value < 0 || value > 3600) {
                throw new FeedFilter.BadRequest("rotate", "'" + text + "' must be 0 (no rotation) to 3600 seconds");
            }
            return value;
        } catch (NumberFormatException e) {
            throw new FeedFilter.BadRequest("rotate", "'" + text + "' is not a whole number of seconds");
        }
    }

    /** The tournament's halls as the organiser named them, then any other a pairing named. */
    static Set<String> halls(Views.TournamentSheet sheet) {
        Set<String> out = new LinkedHashSet<>();
        sheet.summary().halls().forEach(h -> out.add(h.name()));
        for (Views.RoundView r : sheet.rounds()) {
            for (Views.BoardView b : r.boards()) {
                if (b.hall() != null) {
                    out.add(b.hall());
                }
            }
        }
        return out;
    }

    static String render(Text x, Views.TournamentSheet sheet, String hall, String view, int rotate) {
        int round = Lists.currentRound(sheet);
        Map<String, Lists.Entrant> byId = Lists.byId(Lists.entrants(sheet, x.locale()));
        List<Views.BoardView> boards = new ArrayList<>();
        if (round > 0) {
            for (Views.BoardView b : Lists.round(sheet, round).boards()) {
                if (hall.equals(b.hall())) {
                    boards.add(b);
                }
            }
        }
        StringBuilder b = new StringBuilder(16 * 1024);
        b.append("<div class=\"screen-top\"><h1>").append(esc(sheet.summary().name())).append(" · ").append(esc(hall));
        if (round > 0) {
            b.append(" · ").append(x.t("round")).append(" ").append(round);
        }
        b.append("</h1><span id=\"status\" class=\"status\"></span></div>");

        b.append("<section class=\"view\" data-view=\"pairings\"><h2>").append(x.t("pairings")).append("</h2>");
        boardTable(x, boards, byId, b, false);
        b.append("</section>");

        int finished = (int) boards.stream().filter(board -> board.result() != null).count();
        b.append("<section class=\"view\" data-view=\"results\"><h2>").append(x.t("list.results")).append(" · <span id=\"finished\">")
                .append(finished).append("</span> ").append(x.t("of")).append(" ").append(boards.size()).append(" ")
                .append(x.t("finished")).append("</h2>");
        boardTable(x, boards, byId, b, true);
        b.append("</section>");

        Views.StandingsView s = sheet.standings();
        Set<String> seated = new HashSet<>();
        boards.forEach(board -> {
            seated.add(board.white());
            seated.add(board.black());
        });
        b.append("<section class=\"view\" data-view=\"standings\"><h2>").append(x.t("standings")).append(" · ")
                .append(s.source().equals("provisional") ? x.t("provisional") : x.t("afterRound") + " " + s.afterRound())
                .append("</h2><table class=\"screen-table standings\"><thead><tr><th class=\"num\">").append(x.t("rank"))
                .append("</th><th class=\"num\">").append(x.t("no")).append("</th><th>").append(x.t("name"))
                .append("</th><th class=\"num\">").append(x.t("rtg")).append("</th>");
        for (String tieBreak : s.tieBreaks()) {
            b.append("<th class=\"num\">").append(esc(x.tOr(tieBreak, tieBreak))).append("</th>");
        }
        b.append("</tr></thead><tbody>");
        for (Views.StandingLine row : s.rows()) {
            if (!seated.isEmpty() && !seated.contains(row.playerId())) {
                continue; // the hall's players: the others read their own hall's screen
            }
            Lists.Entrant e = byId.get(row.playerId());
            b.append("<tr data-player=\"").append(esc(row.playerId())).append("\"><td class=\"num\">").append(row.rank())
                    .append("</td><td class=\"num\">").append(e == null ? "" : e.number()).append("</td><td>")
                    .append(esc(row.name())).append("</td><td class=\"num\">")
                    .append(e == null ? "" : Prints.rating(e.rating())).append("</td>");
            for (String v : row.values()) {
                b.append("<td class=\"num\">").append(esc(v)).append("</td>");
            }
            b.append("</tr>");
        }
        b.append("</tbody></table></section>");
        b.append("<script>feedScreen(").append(js(sheet.summary().id())).append(",").append(js(hall)).append(",")
                .append(round).append(",").append(sheet.lastEventId()).append(",")
                .append(js(view == null || view.isBlank() ? null : view)).append(",").append(rotate).append(",")
                .append(js(x.t("connected"))).append(",").append(js(x.t("reconnecting"))).append(");</script>");
        return b.toString();
    }

    /** The hall's boards; in the results view a board without a result waits hidden until its result comes. */
    private static void boardTable(Text x, List<Views.BoardView> boards, Map<String, Lists.Entrant> byId,
                                   StringBuilder b, boolean results) {
        b.append("<table class=\"screen-table ").append(results ? "results" : "pairings")
                .append("\"><thead><tr><th class=\"num\">").append(x.t("board")).append("</th><th>")
                .append(x.t("white")).append("</th><th class=\"result\">").append(x.t("result")).append("</th><th>")
                .append(x.t("black")).append("</th></tr></thead><tbody>");
        for (Views.BoardView board : boards) {
            b.append("<tr data-board=\"").append(board.board()).append("\"")
                    .append(results && board.result() == null ? " class=\"pending\"" : "").append("><td class=\"num\">")
                    .append(board.board()).append("</td><td>").append(name(byId, board.white(), board.whiteName()))
                    .append("</td><td class=\"result\">").append(board.result() == null ? "" : esc(board.result()))
                    .append("</td><td>").append(name(byId, board.black(), board.blackName())).append("</td></tr>");
        }
        b.append("</tbody></table>");
    }

    private static String name(Map<String, Lists.Entrant> byId, String playerId, String name) {
        Lists.Entrant e = byId.get(playerId);
        return esc(name) + (e == null || e.rating() <= 0 ? "" : " <span class=\"rtg\">" + e.rating() + "</span>");
    }
}

package org.torneo.feed.app.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

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
 * The spectators' pages: plain HTML rendered here, a little vanilla JS (/feed.js) for the live
 * parts (EventSource on the SSE stream). English or Spanish: ?lang=es|en, else Accept-Language.
 */
@jakarta.annotation.security.PermitAll // public: spectators read it (README "Routes and roles")
@Path("/")
@Produces(MediaType.TEXT_HTML + "; charset=utf-8")
public class Pages {

    @Inject
    FeedModel model;

    @GET
    @Operation(hidden = true)
    public String index(@QueryParam("lang") String lang, @HeaderParam("Accept-Language") String accept) {
        Text x = Text.choose(lang, accept);
        StringBuilder b = new StringBuilder();
        b.append("<h1>").append(x.t("tournaments")).append("</h1>");
        List<Views.TournamentSummary> all = model.tournaments();
        if (all.isEmpty()) {
            b.append("<p>").append(x.t("none")).append("</p>");
        }
        b.append("<ul>");
        for (Views.TournamentSummary t : all) {
            b.append("<li><a href=\"/t/").append(url(t.id())).append("?lang=").append(x.code()).append("\">")
                    .append(esc(t.name())).append("</a></li>");
        }
        b.append("</ul>");
        return page(x, x.t("tournaments"), b.toString(), "/");
    }

    @GET
    @Path("t/{tournament}")
    @Operation(hidden = true)
    public String tournament(@PathParam("tournament") String id, @QueryParam("lang") String lang,
                             @HeaderParam("Accept-Language") String accept) {
        Text x = Text.choose(lang, accept);
        Views.TournamentSheet sheet = model.sheet(id, FeedModel.SheetRounds.LATEST);
        Views.TournamentSummary t = sheet.summary();
        String q = "?lang=" + x.code();
        StringBuilder b = new StringBuilder();
        b.append("<h1>").append(esc(t.name())).append("</h1>");
        b.append("<p>").append(x.t("system")).append(": ").append(esc(t.system())).append(" · ")
                .append(x.t("rounds")).append(": ").append(t.rounds()).append(" · ").append(x.t("players"))
                .append(": ").append(t.players()).append(" · <span id=\"live-count\">").append(t.gamesInProgress())
                .append("</span> ").append(x.t("gamesLive")).append("</p>");
        if (!t.tieBreaks().isEmpty()) {
            b.append("<p>").append(x.t("tieBreaks")).append(": ").append(esc(String.join(", ", t.tieBreaks())))
                    .append("</p>");
        }
        if (!t.halls().isEmpty()) {
            // the halls as the organiser named them, with the boards they hold (an open-ended range cut to the boards
            // the tournament can use)
            b.append("<p class=\"halls\">").append(x.t("halls")).append(": ");
            boolean first = true;
            for (Views.HallView h : t.halls()) {
                Integer last = Lists.shownLastBoard(h, t.players());
                b.append(first ? "" : " · ").append("<span class=\"hall\">").append(esc(h.name())).append(" (")
                        .append(last == null ? x.t("fromBoard") + " " + h.firstBoard()
                                : x.t("boards") + " " + h.firstBoard() + (last == h.firstBoard() ? "" : "–" + last))
                        .append(")</span>");
                first = false;
            }
            b.append("</p>");
        }
        b.append("<h2>").append(x.t("rounds")).append("</h2><p class=\"rounds\">");
        for (int r = 1; r <= t.roundsPaired(); r++) {
            b.append("<a href=\"/t/").append(url(id)).append("/rounds/").append(r).append(q).append("\">")
                    .append(x.t("round")).append(" ").append(r).append("</a> ");
        }
        b.append("</p><p><a href=\"/t/").append(url(id)).append("/standings").append(q).append("\">")
                .append(x.t("standings")).append("</a> · <a href=\"/t/").append(url(id)).append("/print").append(q)
                .append("\">").append(x.t("printLists")).append("</a></p>");
        java.util.Set<String> halls = Screens.halls(sheet);
        if (!halls.isEmpty()) {
            b.append("<p>").append(x.t("hallScreens")).append(": ");
            boolean first = true;
            for (String hall : halls) {
                b.append(first ? "" : " · ").append("<a href=\"/t/").append(url(id)).append("/halls/").append(url(hall))
                        .append("/screen").append(q).append("\">").append(esc(hall)).append("</a>");
                first = false;
            }
            b.append("</p>");
        }
        // the player list as chess-results shows it: No., name, rating, points so far
        java.util.Map<String, String> points = new java.util.HashMap<>();
        for (Views.StandingLine row : sheet.standings().rows()) {
            if (!row.values().isEmpty()) {
                points.put(row.playerId(), row.values().get(0));
            }
        }
        b.append("<h2>").append(x.t("players")).append("</h2><div class=\"scroll\"><table class=\"list players\"><thead><tr>")
                .append("<th class=\"num\">").append(x.t("no")).append("</th><th>").append(x.t("name"))
                .append("</th><th class=\"num\">").append(x.t("rtg")).append("</th><th class=\"num\">").append(x.t("pts"))
                .append("</th></tr></thead><tbody>");
        for (Lists.Entrant e : Lists.entrants(sheet, x.locale())) {
            b.append("<tr data-player=\"").append(esc(e.playerId())).append("\"><td class=\"num\">").append(e.number())
                    .append("</td><td>").append(playerLink(id, e.playerId(), e.name(), q))
                    .append(e.withdrawn() ? " <i>(" + x.t("withdrawn") + ")</i>" : "").append("</td><td class=\"num\">")
                    .append(Prints.rating(e.rating())).append("</td><td class=\"num\">")
                    .append(esc(points.getOrDefault(e.playerId(), ""))).append("</td></tr>");
        }
        b.append("</tbody></table></div>");
        return page(x, t.name(), b.toString(), "/t/" + url(id));
    }

    @GET
    @Path("t/{tournament}/rounds/{round}")
    @Operation(hidden = true)
    public String round(@PathParam("tournament") String id, @PathParam("round") String roundText,
                        @QueryParam("hall") String hall, @QueryParam("lang") String lang,
                        @HeaderParam("Accept-Language") String accept) {
        Text x = Text.choose(lang, accept);
        FeedFilter filter = FeedFilter.parse(roundText, hall, null);
        int round = filter.round() == null ? 0 : filter.round();
        long after = model.lastEventId(id);
        Views.TournamentSummary t = model.tournamentSummary(id);
        Views.RoundView r = model.round(id, round, filter);
        String q = "?lang=" + x.code();
        StringBuilder b = new StringBuilder();
        b.append("<h1>").append(esc(t.name())).append(" · ").append(x.t("round")).append(" ").append(round)
                .append(r.closed() ? " (" + x.t("closed") + ")" : "").append("</h1>");
        b.append("<p><a href=\"/api/tournaments/").append(url(id)).append("/rounds/").append(round)
                .append("/pgn\">").append(x.t("roundPgn")).append("</a></p>");
        java.util.Map<String, Lists.Entrant> byId = Lists.byId(Lists.entrants(model.players(id), x.locale()));
        String currentHall = null;
        boolean open = false;
        for (Views.BoardView board : r.boards()) {
            if (!open || !java.util.Objects.equals(currentHall, board.hall())) {
                if (open) {
                    b.append("</tbody></table></div>");
                }
                currentHall = board.hall();
                // the hall as the organiser named it ("Hall A", "Salón Real"), not prefixed with a word of ours
                b.append("<h2>").append(esc(currentHall == null ? "—" : currentHall))
                        .append("</h2><div class=\"scroll\"><table class=\"pairings\"><thead><tr><th class=\"num\">")
                        .append(x.t("board")).append("</th><th class=\"num\">").append(x.t("no")).append("</th><th>")
                        .append(x.t("white")).append("</th><th class=\"num\">").append(x.t("rtg"))
                        .append("</th><th class=\"result\">").append(x.t("result")).append("</th><th class=\"num\">")
                        .append(x.t("no")).append("</th><th>").append(x.t("black")).append("</th><th class=\"num\">")
                        .append(x.t("rtg")).append("</th></tr></thead><tbody>");
                open = true;
            }
            Lists.Entrant white = byId.get(board.white());
            Lists.Entrant black = byId.get(board.black());
            b.append("<tr data-board=\"").append(board.board()).append("\"><td class=\"num\">").append(board.board())
                    .append("</td><td class=\"num\">").append(white == null ? "" : white.number()).append("</td><td>")
                    .append(playerLink(id, board.white(), board.whiteName(), q)).append("</td><td class=\"num\">")
                    .append(white == null ? "" : Prints.rating(white.rating())).append("</td><td class=\"result\">");
            String shown = board.result() != null ? esc(board.result()) : board.live() ? x.t("live") : "–";
            if (board.gameId() != null) {
                b.append("<a href=\"/games/").append(url(board.gameId())).append(q).append("\">").append(shown).append("</a>");
            } else {
                b.append(shown);
            }
            b.append("</td><td class=\"num\">").append(black == null ? "" : black.number()).append("</td><td>")
                    .append(playerLink(id, board.black(), board.blackName(), q)).append("</td><td class=\"num\">")
                    .append(black == null ? "" : Prints.rating(black.rating())).append("</td></tr>");
        }
        if (open) {
            b.append("</tbody></table></div>");
        }
        if (!r.byes().isEmpty()) {
            b.append("<h2>").append(x.t("byes")).append("</h2><ul>");
            for (Views.ByeView bye : r.byes()) {
                b.append("<li>").append(playerLink(id, bye.playerId(), bye.name(), q)).append(" — ")
                        .append(x.tOr("bye." + bye.kind(), bye.kind())).append(" (").append(Lists.points(bye.points()))
                        .append(")</li>");
            }
            b.append("</ul>");
        }
        if (!r.cancelled().isEmpty()) {
            // C.04.2, C.04.3 (2017) F.6-F.7: games the arbiter's correction removed before they began; no result
            b.append("<h2>").append(x.t("cancelledGames")).append("</h2><ul id=\"cancelled\">");
            for (Views.CancelledView c : r.cancelled()) {
                b.append("<li data-board=\"").append(c.board()).append("\">").append(x.t("board")).append(" ")
                        .append(c.board()).append(": <a href=\"/games/").append(url(c.gameId())).append(q)
                        .append("\">").append(esc(c.whiteName())).append(" – ").append(esc(c.blackName()))
                        .append("</a> — ").append(esc(x == Text.ES ? c.text().es() : c.text().en())).append("</li>");
            }
            b.append("</ul>");
        }
        b.append("<script>feedRound(").append(js(id)).append(",").append(round).append(",").append(after)
                .append(");</script>");
        return page(x, t.name() + " · " + x.t("round") + " " + round, b.toString(),
                "/t/" + url(id) + "/rounds/" + round);
    }

    @GET
    @Path("games/{game}")
    @Operation(hidden = true)
    public String game(@PathParam("game") String gameId, @QueryParam("lang") String lang,
                       @HeaderParam("Accept-Language") String accept) {
        Text x = Text.choose(lang, accept);
        Views.GameView g = model.gameView(gameId);
        long after = model.lastEventId(g.tournamentId()); // moves are keyed by ply: a repeat is harmless
        String q = "?lang=" + x.code();
        StringBuilder b = new StringBuilder();
        b.append("<h1><a href=\"/t/").append(url(g.tournamentId())).append(q).append("\">").append(esc(g.tournamentName()))
                .append("</a> · ").append(x.t("round")).append(" ").append(g.round()).append(" · ").append(x.t("board"))
                .append(" ").append(g.board()).append(g.hall() == null ? "" : " · " + esc(g.hall())).append("</h1>");
        b.append("<div class=\"live\"><div class=\"side\">");
        b.append("<div class=\"clock\" id=\"clock-black\">–</div><div class=\"name\">♚ ")
                .append(playerLink(g.tournamentId(), g.black(), g.blackName(), q)).append("</div>");
        b.append("<div id=\"board\" class=\"board\" data-fen=\"").append(esc(g.fen())).append("\"></div>");
        b.append("<div class=\"name\">♔ ").append(playerLink(g.tournamentId(), g.white(), g.whiteName(), q))
                .append("</div><div class=\"clock\" id=\"clock-white\">–</div>");
        String result = g.result() != null ? g.result()
                : g.cancelled() != null ? (x == Text.ES ? g.cancelled().es() : g.cancelled().en()) : "";
        b.append("<p class=\"result").append(g.result() == null && g.cancelled() != null ? " cancelled" : "")
                .append("\" id=\"result\">").append(esc(result)).append("</p>");
        b.append("</div><div class=\"side\"><h2>").append(x.t("moves")).append("</h2><ol id=\"moves\" class=\"moves\"></ol>");
        b.append("<h2>").append(x.t("notices")).append("</h2><ul id=\"notices\">");
        for (Views.Notice n : g.notices()) {
            b.append("<li data-kind=\"").append(esc(n.kind())).append("\">").append(esc(x == Text.ES ? n.es() : n.en()))
                    .append("</li>");
        }
        b.append("</ul><p><a href=\"/api/games/").append(url(gameId)).append("/pgn\">").append(x.t("gamePgn"))
                .append("</a> · <span id=\"status\"></span></p></div></div>");
        StringBuilder moves = new StringBuilder("[");
        for (Views.MoveView m : g.moves()) {
            moves.append(moves.length() > 1 ? "," : "").append("{\"ply\":").append(m.ply()).append(",\"san\":")
                    .append(js(m.san())).append(",\"side\":").append(js(m.side())).append("}");
        }
        moves.append("]");
        String clock = g.clock() == null ? "null" : "{\"whiteMillis\":" + g.clock().whiteMillis() + ",\"blackMillis\":"
                + g.clock().blackMillis() + ",\"running\":" + (g.clock().running() == null ? "null" : js(g.clock().running()))
                + ",\"at\":" + g.clock().atEpochMillis() + "}";
        b.append("<script>feedGame(").append(js(g.tournamentId())).append(",").append(js(gameId)).append(",")
                .append(after).append(",").append(g.round()).append(",").append(g.board()).append(",").append(moves).append(",").append(clock)
                .append(",").append(System.currentTimeMillis()).append(",").append(js(x.t("connected"))).append(",")
                .append(js(x.t("reconnecting"))).append(",").append(js(x.code())).append(");</script>");
        return page(x, g.whiteName() + " – " + g.blackName(), b.toString(), "/games/" + url(gameId));
    }

    @GET
    @Path("t/{tournament}/standings")
    @Operation(hidden = true)
    public String standings(@PathParam("tournament") String id, @QueryParam("lang") String lang,
                            @HeaderParam("Accept-Language") String accept) {
        Text x = Text.choose(lang, accept);
        long after = model.lastEventId(id);
        Views.TournamentSummary t = model.tournamentSummary(id);
        Views.StandingsView s = model.standings(id);
        String q = "?lang=" + x.code();
        StringBuilder b = new StringBuilder();
        b.append("<h1>").append(esc(t.name())).append(" · ").append(x.t("standings")).append("</h1><p>");
        b.append(s.source().equals("provisional") ? x.t("provisional") : x.t("afterRound") + " " + s.afterRound());
        java.util.Map<String, Lists.Entrant> byId = Lists.byId(Lists.entrants(model.players(id), x.locale()));
        b.append("</p><div class=\"scroll\"><table class=\"standings\"><thead><tr><th class=\"num\">").append(x.t("rank"))
                .append("</th><th class=\"num\">").append(x.t("no")).append("</th><th>").append(x.t("player"))
                .append("</th><th class=\"num\">").append(x.t("rtg")).append("</th>");
        for (String tieBreak : s.tieBreaks()) {
            b.append("<th class=\"num\">").append(esc(x.tOr(tieBreak, tieBreak))).append("</th>");
        }
        b.append("</tr></thead><tbody>");
        for (Views.StandingLine row : s.rows()) {
            Lists.Entrant e = byId.get(row.playerId());
            b.append("<tr data-player=\"").append(esc(row.playerId())).append("\"><td class=\"num\">").append(row.rank())
                    .append("</td><td class=\"num\">").append(e == null ? "" : e.number()).append("</td><td>")
                    .append(playerLink(id, row.playerId(), row.name(), q)).append("</td><td class=\"num\">")
                    .append(e == null ? "" : Prints.rating(e.rating())).append("</td>");
            for (String v : row.values()) {
                b.append("<td class=\"num\">").append(esc(v)).append("</td>");
            }
            b.append("</tr>");
        }
        b.append("</tbody></table></div><script>feedReloadOn(").append(js(id)).append(",").append(after)
                .append(");</script>");
        return page(x, t.name() + " · " + x.t("standings"), b.toString(), "/t/" + url(id) + "/standings");
    }

    @GET
    @Path("t/{tournament}/players/{player}")
    @Operation(hidden = true)
    public String player(@PathParam("tournament") String id, @PathParam("player") String playerId,
                         @QueryParam("lang") String lang, @HeaderParam("Accept-Language") String accept) {
        Text x = Text.choose(lang, accept);
        Views.TournamentSummary t = model.tournamentSummary(id);
        Views.PlayerCard card = model.playerCard(id, playerId);
        String q = "?lang=" + x.code();
        StringBuilder b = new StringBuilder();
        b.append("<h1>").append(esc(card.player().name())).append("</h1><p><a href=\"/t/").append(url(id)).append(q)
                .append("\">").append(esc(t.name())).append("</a> · ").append(x.t("rating")).append(" ")
                .append(card.player().rating()).append(" · ").append(x.t("total")).append(": <b id=\"total\">")
                .append(esc(card.total())).append("</b></p>");
        b.append("<div class=\"scroll\"><table class=\"card\"><thead><tr><th>").append(x.t("round")).append("</th><th>")
                .append(x.t("colour")).append("</th><th>").append(x.t("opponent")).append("</th><th>")
                .append(x.t("result")).append("</th><th>").append(x.t("points")).append("</th></tr></thead><tbody>");
        for (Views.CardRound r : card.rounds()) {
            b.append("<tr><td>").append(r.round()).append("</td><td>")
                    .append(r.colour() == null ? "" : x.t(r.colour())).append("</td><td>")
                    .append(r.opponentId() == null ? x.t("bye") : playerLink(id, r.opponentId(), r.opponentName(), q))
                    .append("</td><td>");
            String result = r.result() == null ? "–" : esc(r.result());
            b.append(r.gameId() == null ? result
                    : "<a href=\"/games/" + url(r.gameId()) + q + "\">" + result + "</a>");
            b.append("</td><td>").append(r.points() == null ? "" : esc(r.points())).append("</td></tr>");
        }
        b.append("</tbody></table></div>");
        return page(x, card.player().name(), b.toString(), "/t/" + url(id) + "/players/" + url(playerId));
    }

    static String playerLink(String tournament, String id, String name, String q) {
        return "<a href=\"/t/" + url(tournament) + "/players/" + url(id) + q + "\">" + esc(name) + "</a>";
    }

    static String page(Text x, String title, String body, String path) {
        return page(x, title, body, path, "");
    }

    /**
     * The page around a body. {@code path} is the page's own address without the language (for the language
     * switch), {@code bodyClass} styles a kind of page ("print", "screen").
     */
    static String page(Text x, String title, String body, String path, String bodyClass) {
        String query = path.contains("?") ? "&" : "?";
        return "<!DOCTYPE html><html lang=\"" + x.code() + "\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                + "<title>" + esc(title) + " · Torneo</title><link rel=\"stylesheet\" href=\"/feed.css\">"
                + "<script src=\"/feed.js\"></script></head><body" + (bodyClass.isEmpty() ? "" : " class=\"" + bodyClass
                + "\"") + "><header><nav><a href=\"/?lang=" + x.code() + "\">Torneo</a> <a class=\"lang\" href=\""
                + esc(path + query + "lang=" + x.other().code()) + "\" lang=\"" + x.other().code() + "\">"
                + x.t("language") + "</a></nav></header><main>" + body + "</main></body></html>";
    }

    static String esc(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    static String url(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** A JS string literal safe inside a script element. */
    static String js(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == '\u2028' || c == '\u2029') {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}

package org.torneo.feed.app.web;

import static org.torneo.feed.app.web.Html.rating;
import static org.torneo.feed.app.web.Html.url;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.torneo.feed.core.FeedFilter;
import org.torneo.feed.core.FeedModel;
import org.torneo.feed.core.Views;

import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * The spectators' pages: Qute templates (templates/feed, escaped by Qute), a little vanilla JS (/feed.js) for the
 * live parts (EventSource on the SSE stream). English or Spanish: ?lang=es|en, else Accept-Language. Each route
 * gathers plain values (links already URL-encoded, words already chosen); the template lays them out.
 */
@jakarta.annotation.security.PermitAll // public: spectators read it (README "Routes and roles")
@Path("/")
@Produces(MediaType.TEXT_HTML + "; charset=utf-8")
public class Pages {

    @Inject
    FeedModel model;

    @Inject
    @Location("feed/index.html")
    Template indexPage;

    @Inject
    @Location("feed/tournament.html")
    Template tournamentPage;

    @Inject
    @Location("feed/round.html")
    Template roundPage;

    @Inject
    @Location("feed/game.html")
    Template gamePage;

    @Inject
    @Location("feed/standings.html")
    Template standingsPage;

    @Inject
    @Location("feed/player.html")
    Template playerPage;

    /** A player of the player list: No., title, link, federation, rating, points so far. */
    public record EntrantRow(String playerId, int number, Html.Link link, boolean withdrawn, String rating,
                             String points, String title, String federation) {
    }

    /** The boards of one hall of a round. */
    public record HallTable(String hall, List<BoardRow> boards) {
    }

    /** A board of the round page; {@code game} links the result (or "live", "–") to the game when it has one. */
    public record BoardRow(int board, String whiteNumber, Html.Link white, String whiteRating, String result,
                           Html.Link game, String blackNumber, Html.Link black, String blackRating) {
    }

    public record ByeRow(Html.Link player, String text) {
    }

    public record CancelledRow(int board, Html.Link game, String reason) {
    }

    public record NoticeRow(String kind, String text) {
    }

    public record StandingRow(String playerId, int rank, String number, Html.Link player, String rating,
                              List<String> values) {
    }

    public record CardRow(int round, String colour, Html.Link opponent, String result, Html.Link game, String points) {
    }

    /** A move as the game page's script starts from. */
    public record MoveData(int ply, String san, String side) {
    }

    /** The clock as the game page's script starts from. */
    public record ClockData(long whiteMillis, long blackMillis, String running, long at) {
    }

    @GET
    @Operation(summary = "The tournaments (HTML page, English or Spanish)")
    public String index(@QueryParam("lang") String lang, @HeaderParam("Accept-Language") String accept) {
        Text x = Text.choose(lang, accept);
        List<Html.Link> tournaments = new ArrayList<>();
        for (Views.TournamentSummary t : model.tournaments()) {
            tournaments.add(new Html.Link("/t/" + url(t.id()) + "?lang=" + x.code(), t.name()));
        }
        return Html.page(indexPage, x, x.t("tournaments"), "/", "", Map.of("tournaments", tournaments));
    }

    @GET
    @Path("t/{tournament}")
    @Operation(summary = "A tournament's overview: halls, rounds, player list (HTML page)")
    public String tournament(@PathParam("tournament") String id, @QueryParam("lang") String lang,
                             @HeaderParam("Accept-Language") String accept) {
        Text x = Text.choose(lang, accept);
        Views.TournamentSheet sheet = model.sheet(id, FeedModel.SheetRounds.LATEST);
        Views.TournamentSummary t = sheet.summary();
        String q = "?lang=" + x.code();
        String base = "/t/" + url(id);
        // the halls with the boards they hold (an open-ended range cut to the boards the tournament can use)
        List<String> halls = new ArrayList<>();
        for (Views.HallView h : t.halls()) {
            Integer last = Lists.shownLastBoard(h, t.players());
            halls.add(h.name() + " (" + (last == null ? x.t("fromBoard") + " " + h.firstBoard()
                    : x.t("boards") + " " + h.firstBoard() + (last == h.firstBoard() ? "" : "–" + last)) + ")");
        }
        List<Integer> roundNumbers = new ArrayList<>();
        for (int r = 1; r <= t.roundsPaired(); r++) {
            roundNumbers.add(r);
        }
        List<Html.Link> screens = new ArrayList<>();
        for (String hall : Screens.halls(sheet)) {
            screens.add(new Html.Link(base + "/halls/" + url(hall) + "/screen" + q, hall));
        }
        Map<String, String> points = new HashMap<>();
        for (Views.StandingLine row : sheet.standings().rows()) {
            if (!row.values().isEmpty()) {
                points.put(row.playerId(), Lists.points(row.values().get(0)));
            }
        }
        List<EntrantRow> entrants = new ArrayList<>();
        for (Lists.Entrant e : Lists.entrants(sheet, x.locale())) {
            entrants.add(new EntrantRow(e.playerId(), e.number(), Html.player(id, e.playerId(), e.name(), q), e.withdrawn(),
                    rating(e.rating()), points.getOrDefault(e.playerId(), ""), e.title(), e.federation()));
        }
        Map<String, Object> data = new HashMap<>();
        data.put("name", t.name());
        data.put("system", t.system());
        data.put("rounds", t.rounds());
        data.put("players", t.players());
        data.put("live", t.gamesInProgress());
        data.put("tieBreaks", String.join(", ", t.tieBreaks()));
        data.put("halls", halls);
        data.put("base", base);
        data.put("roundNumbers", roundNumbers);
        data.put("screens", screens);
        data.put("entrants", entrants);
        return Html.page(tournamentPage, x, t.name(), base, "", data);
    }

    @GET
    @Path("t/{tournament}/rounds/{round}")
    @Operation(summary = "A round's pairings by hall, results filling in live (HTML page)")
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
        Map<String, Lists.Entrant> byId = Lists.byId(Lists.entrants(model.players(id), x.locale()));
        List<HallTable> tables = new ArrayList<>();
        List<BoardRow> boards = null;
        String currentHall = null;
        for (Views.BoardView board : r.boards()) {
            if (boards == null || !Objects.equals(currentHall, board.hall())) {
                currentHall = board.hall();
                boards = new ArrayList<>();
                tables.add(new HallTable(currentHall == null ? "—" : currentHall, boards));
            }
            Lists.Entrant white = byId.get(board.white());
            Lists.Entrant black = byId.get(board.black());
            String shown = board.result() != null ? board.result() : board.live() ? x.t("live") : "–";
            boards.add(new BoardRow(board.board(), white == null ? "" : String.valueOf(white.number()),
                    Html.player(id, board.white(), board.whiteName(), q), white == null ? "" : rating(white.rating()), shown,
                    board.gameId() == null ? null : new Html.Link("/games/" + url(board.gameId()) + q, shown),
                    black == null ? "" : String.valueOf(black.number()), Html.player(id, board.black(), board.blackName(), q),
                    black == null ? "" : rating(black.rating())));
        }
        List<ByeRow> byes = new ArrayList<>();
        for (Views.ByeView bye : r.byes()) {
            byes.add(new ByeRow(Html.player(id, bye.playerId(), bye.name(), q),
                    x.tOr("bye." + bye.kind(), bye.kind()) + " (" + Lists.points(bye.points()) + ")"));
        }
        List<CancelledRow> cancelled = new ArrayList<>();
        for (Views.CancelledView c : r.cancelled()) {
            cancelled.add(new CancelledRow(c.board(), new Html.Link("/games/" + url(c.gameId()) + q,
                    c.whiteName() + " – " + c.blackName()), x == Text.ES ? c.text().es() : c.text().en()));
        }
        Map<String, Object> data = new HashMap<>();
        data.put("name", t.name());
        data.put("round", round);
        data.put("closed", r.closed());
        data.put("pgnHref", "/api/tournaments/" + url(id) + "/rounds/" + round + "/pgn");
        data.put("tables", tables);
        data.put("byes", byes);
        data.put("cancelled", cancelled);
        data.put("script", Html.call("feedRound", id, round, after));
        return Html.page(roundPage, x, t.name() + " · " + x.t("round") + " " + round,
                "/t/" + url(id) + "/rounds/" + round, "", data);
    }

    @GET
    @Path("games/{game}")
    @Operation(summary = "A game live: board, moves, clocks, incidents (HTML page)")
    public String game(@PathParam("game") String gameId, @QueryParam("lang") String lang,
                       @HeaderParam("Accept-Language") String accept) {
        Text x = Text.choose(lang, accept);
        Views.GameView g = model.gameView(gameId);
        long after = model.lastEventId(g.tournamentId()); // moves are keyed by ply: a repeat is harmless
        String q = "?lang=" + x.code();
        String result = g.result() != null ? g.result()
                : g.cancelled() != null ? (x == Text.ES ? g.cancelled().es() : g.cancelled().en()) : "";
        List<NoticeRow> notices = new ArrayList<>();
        for (Views.Notice n : g.notices()) {
            notices.add(new NoticeRow(n.kind(), x == Text.ES ? n.es() : n.en()));
        }
        List<MoveData> moves = new ArrayList<>();
        for (Views.MoveView m : g.moves()) {
            moves.add(new MoveData(m.ply(), m.san(), m.side()));
        }
        ClockData clock = g.clock() == null ? null : new ClockData(g.clock().whiteMillis(), g.clock().blackMillis(),
                g.clock().running(), g.clock().atEpochMillis());
        Map<String, Object> data = new HashMap<>();
        data.put("tournament", new Html.Link("/t/" + url(g.tournamentId()) + q, g.tournamentName()));
        data.put("round", g.round());
        data.put("board", g.board());
        data.put("hall", g.hall() == null ? "" : g.hall());
        data.put("black", Html.player(g.tournamentId(), g.black(), g.blackName(), q));
        data.put("white", Html.player(g.tournamentId(), g.white(), g.whiteName(), q));
        data.put("fen", g.fen());
        data.put("result", result);
        data.put("cancelled", g.result() == null && g.cancelled() != null);
        data.put("notices", notices);
        data.put("pgnHref", "/api/games/" + url(gameId) + "/pgn");
        data.put("script", Html.call("feedGame", g.tournamentId(), gameId, after, g.round(), g.board(), moves, clock,
                System.currentTimeMillis(), x.t("connected"), x.t("reconnecting"), x.code()));
        return Html.page(gamePage, x, g.whiteName() + " – " + g.blackName(), "/games/" + url(gameId), "", data);
    }

    @GET
    @Path("t/{tournament}/standings")
    @Operation(summary = "Standings with tie-breaks (HTML page)")
    public String standings(@PathParam("tournament") String id, @QueryParam("lang") String lang,
                            @HeaderParam("Accept-Language") String accept) {
        Text x = Text.choose(lang, accept);
        long after = model.lastEventId(id);
        Views.TournamentSummary t = model.tournamentSummary(id);
        Views.StandingsView s = model.standings(id);
        String q = "?lang=" + x.code();
        Map<String, Lists.Entrant> byId = Lists.byId(Lists.entrants(model.players(id), x.locale()));
        List<StandingRow> rows = new ArrayList<>(s.rows().size());
        for (Views.StandingLine row : s.rows()) {
            Lists.Entrant e = byId.get(row.playerId());
            rows.add(new StandingRow(row.playerId(), row.rank(), e == null ? "" : String.valueOf(e.number()),
                    Html.player(id, row.playerId(), row.name(), q), e == null ? "" : rating(e.rating()),
                    Lists.shownValues(row.values())));
        }
        Map<String, Object> data = new HashMap<>();
        data.put("name", t.name());
        data.put("source", source(x, s));
        data.put("tieBreaks", tieBreaks(x, s));
        data.put("rows", rows);
        data.put("script", Html.call("feedReloadOn", id, after));
        return Html.page(standingsPage, x, t.name() + " · " + x.t("standings"), "/t/" + url(id) + "/standings", "",
                data);
    }

    @GET
    @Path("t/{tournament}/players/{player}")
    @Operation(summary = "A player's card (HTML page)")
    public String player(@PathParam("tournament") String id, @PathParam("player") String playerId,
                         @QueryParam("lang") String lang, @HeaderParam("Accept-Language") String accept) {
        Text x = Text.choose(lang, accept);
        Views.TournamentSummary t = model.tournamentSummary(id);
        Views.PlayerCard card = model.playerCard(id, playerId);
        String q = "?lang=" + x.code();
        List<CardRow> rounds = new ArrayList<>();
        for (Views.CardRound r : card.rounds()) {
            String result = r.result() == null ? "–" : r.result();
            rounds.add(new CardRow(r.round(), r.colour() == null ? "" : x.t(r.colour()),
                    r.opponentId() == null ? null : Html.player(id, r.opponentId(), r.opponentName(), q), result,
                    r.gameId() == null ? null : new Html.Link("/games/" + url(r.gameId()) + q, result),
                    Lists.points(r.points())));
        }
        Map<String, Object> data = new HashMap<>();
        data.put("name", card.player().name());
        data.put("tournament", new Html.Link("/t/" + url(id) + q, t.name()));
        data.put("rating", card.player().rating());
        data.put("total", Lists.points(card.total()));
        data.put("rounds", rounds);
        return Html.page(playerPage, x, card.player().name(), "/t/" + url(id) + "/players/" + url(playerId), "",
                data);
    }

    /** Whose standings these are: provisional, the rating service's after a round, or live points since it. */
    static String source(Text x, Views.StandingsView s) {
        return switch (s.source()) {
            case "provisional" -> x.t("provisional");
            case "live" -> x.t("liveStandings").formatted(s.afterRound());
            default -> x.t("afterRound") + " " + s.afterRound();
        };
    }

    /** The standings' tie-break columns by the language's name (the code, such as "BH", when it has none). */
    static List<String> tieBreaks(Text x, Views.StandingsView s) {
        return s.tieBreaks().stream().map(tieBreak -> x.tOr(tieBreak, tieBreak)).toList();
    }
}

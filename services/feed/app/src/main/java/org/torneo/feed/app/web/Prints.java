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
 * The lists a tournament pins on the wall and hands out, as pages a browser prints cleanly (feed.css
 * {@code @media print}: the table header repeated on every sheet, no row split across two, the site's header left
 * out): player list, pairings by board, the alphabetical pairing list, results, standings with tie-breaks,
 * crosstable. English or Spanish like the other pages; public, like the rest of the feed. The lists are laid out
 * by the Qute template {@code templates/feed/print.html}, one section per list, from the rows gathered here.
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

    @Inject
    @Location("feed/print-index.html")
    Template indexPage;

    @Inject
    @Location("feed/print.html")
    Template listPage;

    /** The links to one round's lists on the index. */
    public record RoundLists(int round, List<Html.Link> lists) {
    }

    public record EntrantRow(String playerId, int number, String name, boolean withdrawn, String rating, String title,
                             String federation, boolean checkedIn) {
    }

    public record GridRow(Lists.Entrant player, String rating, List<String> cells, String points) {
    }

    /** The boards of one hall; {@code hall} is null when the list shows no heading for it. */
    public record HallTable(String hall, List<BoardRow> boards) {
    }

    public record BoardRow(int board, String whiteNumber, String whiteName, String whiteRating, String result,
                           String blackNumber, String blackName, String blackRating) {
    }

    public record ByeRow(String playerId, String number, String name, String kind, String points) {
    }

    /**
     * A line of the alphabetical list: where the player sits ({@code board} non-null), or why he has no game
     * ({@code withoutGame}: a bye and its points, or in italics that he is withdrawn or not paired).
     */
    public record AlphabeticalRow(String playerId, String name, int number, Integer board, String hall, String colour,
                                  String opponent, String opponentNumber, String withoutGame,
                                  boolean withoutGameItalic) {
    }

    public record StandingRow(String playerId, int rank, String number, String name, String rating,
                              List<String> values) {
    }

    public record CrossRow(Lists.Entrant player, Views.StandingLine standing, String rating, List<String> cells) {
    }

    @GET
    @Operation(summary = "The lists to print (HTML page)")
    public String index(@PathParam("tournament") String id, @QueryParam("lang") String lang,
                        @HeaderParam("Accept-Language") String accept) {
        Text x = Text.choose(lang, accept);
        Views.TournamentSheet sheet = model.sheet(id, FeedModel.SheetRounds.NONE);
        String q = "?lang=" + x.code();
        String base = "/t/" + url(id) + "/print/";
        List<Html.Link> lists = new ArrayList<>();
        for (String list : List.of("players", "checkin", "standings", "crosstable", "grid")) {
            lists.add(new Html.Link(base + list + q, x.t("list." + list)));
        }
        List<RoundLists> rounds = new ArrayList<>();
        for (int round = sheet.summary().roundsPaired(); round >= 1; round--) {
            List<Html.Link> links = new ArrayList<>();
            for (String list : BY_ROUND) {
                links.add(new Html.Link(base + list + q + "&round=" + round, x.t("list." + list)));
            }
            rounds.add(new RoundLists(round, links));
        }
        return Html.page(indexPage, x, sheet.summary().name() + " · " + x.t("printLists"), "/t/" + url(id) + "/print",
                "", Map.of("name", sheet.summary().name(), "lists", lists, "rounds", rounds));
    }

    @GET
    @Path("{list}")
    @Operation(summary = "One list to print: players, checkin, pairings, alphabetical, results, standings, crosstable, grid (HTML page)")
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
        Map<String, Object> data = rows(x, sheet, list, round == null ? 0 : round, filter.hall());
        data.put("list", list);
        data.put("heading", title + (filter.hall() == null ? "" : " · " + filter.hall()));
        return Html.page(listPage, x, title, path, "print", data);
    }

    /** What one printed list shows: its rows, and for the standings and crosstable the announced tie-breaks. */
    static Map<String, Object> rows(Text x, Views.TournamentSheet sheet, String list, int round, String hall) {
        Map<String, Object> data = new HashMap<>();
        data.put("legend", ""); // the announced tie-breaks: under the standings and the crosstable only
        switch (list) {
            case "players" -> data.put("entrants", entrants(x, sheet, false));
            case "checkin" -> data.put("entrants", entrants(x, sheet, true));
            case "grid" -> data.put("lines", Lists.grid(sheet, x.locale()).stream()
                    .map(line -> new GridRow(line.player(), rating(line.player().rating()), line.cells(), line.points()))
                    .toList());
            case "pairings" -> pairings(x, sheet, round, hall, false, data);
            case "results" -> pairings(x, sheet, round, hall, true, data);
            case "alphabetical" -> data.put("lines", alphabetical(x, sheet, round, hall));
            case "standings" -> standings(x, sheet, data);
            case "crosstable" -> crosstable(x, sheet, data);
            default -> throw new FeedModel.NotFound("no list '" + list + "'");
        }
        return data;
    }

    /**
     * The entrants in No. order; for the check-in sheet the arbiters take round before round 1, by name (found by
     * name at the door) and without the withdrawn.
     */
    private static List<EntrantRow> entrants(Text x, Views.TournamentSheet sheet, boolean checkin) {
        List<Lists.Entrant> entrants = new ArrayList<>(Lists.entrants(sheet, x.locale()));
        if (checkin) {
            java.text.Collator collator = Lists.collator(x.locale());
            entrants.sort((p, q) -> collator.compare(p.name(), q.name()));
            entrants.removeIf(Lists.Entrant::withdrawn);
        }
        return entrants.stream().map(e -> new EntrantRow(e.playerId(), e.number(), e.name(), e.withdrawn(),
                rating(e.rating()), e.title(), e.federation(), e.checkedIn())).toList();
    }

    /** Pairings by board (results filled in when {@code results}), one table per hall, then the byes. */
    private static void pairings(Text x, Views.TournamentSheet sheet, int round, String hall, boolean results,
                                 Map<String, Object> data) {
        Views.RoundView r = Lists.round(sheet, round);
        Map<String, Lists.Entrant> byId = Lists.byId(Lists.entrants(sheet, x.locale()));
        List<HallTable> tables = new ArrayList<>();
        List<BoardRow> boards = null;
        String currentHall = null;
        for (Views.BoardView board : r.boards()) {
            if (hall != null && !hall.equals(board.hall())) {
                continue;
            }
            if (boards == null || !Objects.equals(currentHall, board.hall())) {
                currentHall = board.hall();
                boards = new ArrayList<>();
                tables.add(new HallTable(hall == null ? currentHall : null, boards));
            }
            Lists.Entrant white = byId.get(board.white());
            Lists.Entrant black = byId.get(board.black());
            boards.add(new BoardRow(board.board(), white == null ? "" : String.valueOf(white.number()),
                    board.whiteName(), white == null ? "" : rating(white.rating()),
                    results && board.result() != null ? board.result() : results ? "–" : "",
                    black == null ? "" : String.valueOf(black.number()), board.blackName(),
                    black == null ? "" : rating(black.rating())));
        }
        List<ByeRow> byes = new ArrayList<>();
        if (hall == null) {
            for (Views.ByeView bye : r.byes()) {
                Lists.Entrant e = byId.get(bye.playerId());
                byes.add(new ByeRow(bye.playerId(), e == null ? "" : String.valueOf(e.number()), bye.name(),
                        x.tOr("bye." + bye.kind(), bye.kind()), Lists.points(bye.points())));
            }
        }
        data.put("tables", tables);
        data.put("byes", byes);
    }

    /** The list large opens pin on the wall: every player alphabetically, where he sits and against whom. */
    private static List<AlphabeticalRow> alphabetical(Text x, Views.TournamentSheet sheet, int round, String hall) {
        List<AlphabeticalRow> rows = new ArrayList<>();
        for (Lists.AlphabeticalLine line : Lists.alphabetical(sheet, round, hall, x.locale())) {
            Lists.Entrant p = line.player();
            if (line.board() != null) {
                rows.add(new AlphabeticalRow(p.playerId(), p.name(), p.number(), line.board(), line.hall(),
                        x.t(line.colour()), line.opponent().name(), String.valueOf(line.opponent().number()), null,
                        false));
            } else if (line.bye() != null) {
                rows.add(new AlphabeticalRow(p.playerId(), p.name(), p.number(), null, null, null, null, null,
                        x.tOr("bye." + line.bye().kind(), line.bye().kind()) + " (" + Lists.points(line.bye().points())
                                + ")", false));
            } else {
                rows.add(new AlphabeticalRow(p.playerId(), p.name(), p.number(), null, null, null, null, null,
                        p.withdrawn() ? x.t("withdrawn") : x.t("notPaired"), true));
            }
        }
        return rows;
    }

    private static void standings(Text x, Views.TournamentSheet sheet, Map<String, Object> data) {
        Views.StandingsView s = sheet.standings();
        Map<String, Lists.Entrant> byId = Lists.byId(Lists.entrants(sheet, x.locale()));
        List<StandingRow> rows = new ArrayList<>(s.rows().size());
        for (Views.StandingLine row : s.rows()) {
            Lists.Entrant e = byId.get(row.playerId());
            rows.add(new StandingRow(row.playerId(), row.rank(), e == null ? "" : String.valueOf(e.number()),
                    row.name(), e == null ? "" : rating(e.rating()), Lists.shownValues(row.values())));
        }
        data.put("source", Pages.source(x, s));
        data.put("tieBreaks", Pages.tieBreaks(x, s));
        data.put("rows", rows);
        data.put("legend", String.join(", ", sheet.summary().tieBreaks()));
    }

    private static void crosstable(Text x, Views.TournamentSheet sheet, Map<String, Object> data) {
        Views.StandingsView s = sheet.standings();
        data.put("source", Pages.source(x, s));
        data.put("roundNumbers", sheet.rounds().stream().map(Views.RoundView::round).toList());
        data.put("tieBreaks", Pages.tieBreaks(x, s));
        data.put("lines", Lists.crosstable(sheet, x.locale()).stream()
                .map(line -> new CrossRow(line.player(), line.standing(), rating(line.player().rating()), line.cells()))
                .toList());
        data.put("legend", String.join(", ", sheet.summary().tieBreaks()));
    }
}

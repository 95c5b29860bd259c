package org.torneo.feed.app.web;

import static org.torneo.feed.app.web.Html.url;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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

    @Inject
    @Location("feed/screen.html")
    Template screenPage;

    @GET
    @Operation(summary = "A hall's screen: its pairings, results pushed live, its players' standings, rotating (HTML page)")
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
        return Html.page(screenPage, x, sheet.summary().name() + " · " + hall, path, "screen",
                render(x, sheet, hall, view, rotate));
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

    /** A board of the hall: the players' names with their ratings (none when unrated), the result when there is one. */
    public record BoardRow(int board, String white, String whiteRating, String result, String black,
                           String blackRating) {
    }

    public record StandingRow(String playerId, int rank, String number, String name, String rating,
                              List<String> values) {
    }

    /** What the screen shows of the hall: its current round's boards and its players' standings. */
    static Map<String, Object> render(Text x, Views.TournamentSheet sheet, String hall, String view, int rotate) {
        int round = Lists.currentRound(sheet);
        Map<String, Lists.Entrant> byId = Lists.byId(Lists.entrants(sheet, x.locale()));
        List<BoardRow> boards = new ArrayList<>();
        Set<String> seated = new HashSet<>();
        if (round > 0) {
            for (Views.BoardView b : Lists.round(sheet, round).boards()) {
                if (hall.equals(b.hall())) {
                    boards.add(new BoardRow(b.board(), b.whiteName(), shownRating(byId, b.white()), b.result(),
                            b.blackName(), shownRating(byId, b.black())));
                    seated.add(b.white());
                    seated.add(b.black());
                }
            }
        }
        Views.StandingsView s = sheet.standings();
        List<StandingRow> rows = new ArrayList<>();
        for (Views.StandingLine row : s.rows()) {
            if (!seated.isEmpty() && !seated.contains(row.playerId())) {
                continue; // the hall's players: the others read their own hall's screen
            }
            Lists.Entrant e = byId.get(row.playerId());
            rows.add(new StandingRow(row.playerId(), row.rank(), e == null ? "" : String.valueOf(e.number()), row.name(),
                    e == null ? "" : Html.rating(e.rating()), Lists.shownValues(row.values())));
        }
        Map<String, Object> data = new HashMap<>();
        data.put("heading", sheet.summary().name() + " · " + hall + (round > 0 ? " · " + x.t("round") + " " + round : ""));
        data.put("boards", boards);
        data.put("finished", boards.stream().filter(board -> board.result() != null).count());
        data.put("source", Pages.source(x, s));
        data.put("tieBreaks", Pages.tieBreaks(x, s));
        data.put("rows", rows);
        data.put("script", Html.call("feedScreen", sheet.summary().id(), hall, round, sheet.lastEventId(),
                view == null || view.isBlank() ? null : view, rotate, x.t("connected"), x.t("reconnecting")));
        return data;
    }

    private static String shownRating(Map<String, Lists.Entrant> byId, String playerId) {
        Lists.Entrant e = byId.get(playerId);
        return e == null || e.rating() <= 0 ? "" : String.valueOf(e.rating());
    }
}

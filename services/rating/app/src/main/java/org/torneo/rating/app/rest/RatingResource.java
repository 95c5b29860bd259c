package org.torneo.rating.app.rest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import io.smallrye.common.annotation.Blocking;
import org.torneo.contracts.tournament.PrizeFund;
import org.torneo.rating.app.RatingApp;
import org.torneo.rating.app.projection.StandingRow;
import org.torneo.rating.core.sheet.Publications;
import org.torneo.rating.core.sheet.CrossTable;
import org.torneo.rating.core.sheet.RatingSheet;
import org.torneo.rating.core.elo.RatingReport;
import org.torneo.rating.core.prize.PrizeDistribution;
import org.torneo.rating.core.score.Tournament;
import org.torneo.rating.core.standings.Standings;
import org.torneo.rating.core.standings.StandingsFormat;
import org.torneo.platform.projection.Projections;

/**
 * Live standings, rating changes and prizes, computed from the score sheets in memory (as results
 * arrive), and the last published standings as projected in PostgreSQL.
 */
@jakarta.annotation.security.PermitAll // public: spectators read it (README "Routes and roles")
@Path("/tournaments/{id}")
@Produces(MediaType.APPLICATION_JSON)
@Blocking
public class RatingResource {

    @Inject
    RatingApp app;

    @Inject
    Projections projections;

    public record StandingLine(int rank, int startNumber, String playerId, String name, int rating,
                               Map<String, String> values) {
    }

    public record StandingsView(String tournamentId, String name, int afterRound, int rounds, String rules,
                                List<String> tieBreaks, List<StandingLine> standings) {
    }

    public record RatingView(String tournamentId, int afterRound, int startNumber, String playerId, String name,
                             int rating, int games, double score, int kFactor, double change, int newRating,
                             Integer averageRatingOfOpponents, Integer performance, Integer perfectPerformance,
                             Integer initialRating) {
    }

    public record PrizeView(int startNumber, String playerId, String name, int rank, long amountCents) {
    }

    public record Problem(String error) {
    }

    /** Standings by points and the announced tie-breaks after the rounds with results ({@code ?round=} to pick one). */
    @GET
    @Path("standings")
    @Produces({MediaType.APPLICATION_JSON, "text/tab-separated-values"})
    public Response standings(@PathParam("id") String id, @QueryParam("format") String format,
                              @QueryParam("round") Integer round) {
        RatingSheet sheet = app.sheet(id);
        if (sheet == null || !sheet.opened()) {
            return notFound("no tournament " + id);
        }
        int through = round != null ? round : sheet.lastRound();
        if (through < 0 || through > sheet.frame().rounds()) {
            return bad("round must be within 0.." + sheet.frame().rounds() + ", not " + through);
        }
        if (sheet.entrants().isEmpty()) {
            return Response.ok(new StandingsView(id, sheet.frame().name(), through, sheet.frame().rounds(),
                    sheet.frame().rules(), sheet.frame().tieBreaks(), List.of())).build();
        }
        Standings standings = Publications.standings(sheet, through);
        Tournament table = CrossTable.of(sheet, through);
        if ("tsv".equalsIgnoreCase(format)) {
            return Response.ok(StandingsFormat.tsv(standings), "text/tab-separated-values").build();
        }
        if (format != null && !format.equalsIgnoreCase("json")) {
            return bad("format must be json or tsv, not '" + format + "'");
        }
        IntFunction<String> ids = Publications.playerIds(sheet);
        List<StandingLine> lines = new ArrayList<>();
        for (int index : standings.order()) {
            Map<String, String> values = new LinkedHashMap<>();
            for (int c = 0; c < standings.specs().size(); c++) {
                values.put(standings.specs().get(c).text(), standings.columns().get(c).format(index));
            }
            var player = table.players().get(index);
            lines.add(new StandingLine(standings.rank()[index], index + 1, ids.apply(index + 1), player.name(),
                    player.rating(), values));
        }
        return Response.ok(new StandingsView(id, sheet.frame().name(), through, sheet.frame().rounds(),
                sheet.frame().rules(), sheet.frame().tieBreaks(), lines)).build();
    }

    /** The last published standings (rating.StandingsComputed) as projected in PostgreSQL. */
    @GET
    @Path("standings/published")
    public Response published(@PathParam("id") String id) {
        List<StandingRow> rows = projections.run(session -> session.createSelectionQuery(
                "from StandingRow where tournamentId = :t order by rank, startNumber", StandingRow.class)
                .setParameter("t", id).getResultList());
        if (rows.isEmpty()) {
            return notFound("no published standings for tournament " + id);
        }
        return Response.ok(rows).build();
    }

    /** A player's rating change (B.02) over the rounds with results: K, ARO, TPR, PTP, new rating. */
    @GET
    @Path("players/{no}/rating")
    public Response rating(@PathParam("id") String id, @PathParam("no") int startNumber) {
        RatingSheet sheet = app.sheet(id);
        if (sheet == null || !sheet.opened()) {
            return notFound("no tournament " + id);
        }
        if (startNumber < 1 || startNumber > sheet.entrants().size()) {
            return notFound("no player with start number " + startNumber + " in " + id);
        }
        int through = sheet.lastRound();
        java.time.LocalDate date = sheet.lastRatingDate().isEmpty() ? java.time.LocalDate.now(java.time.ZoneOffset.UTC)
                : java.time.LocalDate.parse(sheet.lastRatingDate());
        RatingReport.Line l = RatingReport.compute(CrossTable.of(sheet, Math.max(through, 1)), date,
                RatingReport.DEFAULT_K).get(startNumber - 1);
        return Response.ok(new RatingView(id, through, startNumber, Publications.playerIds(sheet).apply(startNumber),
                l.name(), l.rating(), l.games(), l.scoreCenti() / 100.0, l.kFactor(), l.changeCenti() / 100.0,
                l.newRating(), l.averageRatingOfOpponents(), l.performance(), l.perfectPerformance(),
                l.initialRating())).build();
    }

    /**
     * Prize money by the standings: the fund announced with the tournament, or {@code ?fund=1000,600,400}
     * (currency units by place) and {@code method=EQUAL_SHARING} (Code 1970 rule IX, the default) or {@code HORT}.
     */
    @GET
    @Path("prizes")
    public Response prizes(@PathParam("id") String id, @QueryParam("fund") String fund,
                           @QueryParam("method") String method) {
        RatingSheet sheet = app.sheet(id);
        if (sheet == null || !sheet.opened()) {
            return notFound("no tournament " + id);
        }
        PrizeFund announced = sheet.frame().prizes();
        boolean given = fund != null && !fund.isBlank();
        if (!given && announced == null) {
            return bad("no prize fund was announced for " + id + ": give the prizes by place, e.g. fund=1000,600,400");
        }
        List<Long> prizes = new ArrayList<>();
        for (String part : given ? fund.split(",") : new String[0]) {
            try {
                prizes.add(new java.math.BigDecimal(part.trim()).movePointRight(2).longValueExact());
            } catch (ArithmeticException | NumberFormatException e) {
                return bad("fund: '" + part.trim() + "' is not an amount");
            }
        }
        String methodName = method != null ? method : given ? null : announced.method();
        PrizeDistribution.Method m;
        try {
            m = methodName == null ? PrizeDistribution.Method.EQUAL_SHARING
                    : PrizeDistribution.Method.valueOf(methodName.toUpperCase());
        } catch (IllegalArgumentException e) {
            return bad("method must be EQUAL_SHARING or HORT, not '" + methodName + "'");
        }
        int through = sheet.lastRound();
        Standings standings = Publications.standings(sheet, through);
        Tournament table = CrossTable.of(sheet, through);
        List<PrizeView> awards = Publications.awards(sheet, through, given ? prizes : announced.byPlaceCents(), m)
                .stream().map(a -> new PrizeView(a.startNumber(), a.playerId(), table.player(a.startNumber()).name(),
                        standings.rankOf(a.startNumber()), a.amountCents())).toList();
        return Response.ok(awards).build();
    }

    private static Response notFound(String why) {
        return Response.status(Response.Status.NOT_FOUND).entity(new Problem(why)).type(MediaType.APPLICATION_JSON).build();
    }

    private static Response bad(String why) {
        return Response.status(Response.Status.BAD_REQUEST).entity(new Problem(why)).type(MediaType.APPLICATION_JSON).build();
    }
}

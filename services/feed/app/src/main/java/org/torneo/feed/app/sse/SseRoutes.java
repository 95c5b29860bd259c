package org.torneo.feed.app.sse;

import java.util.Map;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.torneo.feed.core.FeedFilter;
import org.torneo.feed.core.FeedModel;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * GET /api/tournaments/{id}/events?round=&hall=&board= — Server-Sent Events of one tournament.
 * Resume: the Last-Event-ID header (browsers send it on reconnect) or the lastEventId parameter.
 * Each event: {@code id} = the tournament's feed id, {@code event} = pairings | move | clock | claim |
 * result | standings | ..., {@code data} = JSON. A comment line every 15 s keeps proxies open.
 */
@ApplicationScoped
public class SseRoutes {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    FeedModel model;

    @Inject
    Vertx vertx;

    /** Events a subscriber may have waiting before it is disconnected as slow. */
    @ConfigProperty(name = "torneo.feed.subscriber-buffer", defaultValue = "10000")
    int subscriberBuffer;

    /** Live SSE subscribers of one tournament; one more gets 503 with Retry-After. */
    @ConfigProperty(name = "torneo.feed.max-subscribers-per-tournament", defaultValue = "5000")
    int maxPerTournament;

    /** Live SSE subscribers of the whole feed; one more gets 503 with Retry-After. */
    @ConfigProperty(name = "torneo.feed.max-subscribers", defaultValue = "10000")
    int maxTotal;

    void routes(@Observes Router router) {
        router.get("/api/tournaments/:tournament/events").order(-10).handler(this::stream);
    }

    private void stream(RoutingContext rc) {
        String tournament = rc.pathParam("tournament");
        FeedFilter filter;
        long after;
        try {
            filter = FeedFilter.parse(rc.queryParams().get("round"), rc.queryParams().get("hall"),
                    rc.queryParams().get("board"));
            String last = rc.request().getHeader("Last-Event-ID");
            if (last == null) {
                last = rc.queryParams().get("lastEventId");
            }
            after = last == null || last.isBlank() ? 0 : parseId(last);
        } catch (FeedFilter.BadRequest e) {
            error(rc, 400, e.getMessage(), e.parameter());
            return;
        }
        var response = rc.response();
        response.setChunked(true);
        response.putHeader("Content-Type", "text/event-stream; charset=utf-8");
        response.putHeader("Cache-Control", "no-cache");
        response.putHeader("X-Accel-Buffering", "no");
        SseSubscriber[] holder = new SseSubscriber[1];
        SseSubscriber subscriber = new SseSubscriber(filter, response, vertx.getOrCreateContext(), subscriberBuffer,
                () -> model.unsubscribe(tournament, holder[0]));
        holder[0] = subscriber;
        try {
            model.subscribe(tournament, after, subscriber, new FeedModel.SubscriberLimits(maxPerTournament, maxTotal));
        } catch (FeedModel.TooManySubscribers e) {
            rc.response().putHeader("Retry-After", String.valueOf(e.retryAfterSeconds()));
            error(rc, 503, e.getMessage(), null);
            return;
        } catch (FeedModel.NotFound e) {
            error(rc, 404, e.getMessage(), null);
            return;
        } catch (FeedFilter.BadRequest e) {
            error(rc, 400, e.getMessage(), e.parameter());
            return;
        }
        response.write("retry: 1000\n\n");
        long timer = vertx.setPeriodic(15_000, id -> {
            if (!subscriber.isClosed() && !response.closed()) {
                response.write(": keep-alive\n\n");
            }
        });
        response.closeHandler(v -> {
            vertx.cancelTimer(timer);
            model.unsubscribe(tournament, subscriber);
        });
    }

    private static long parseId(String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new FeedFilter.BadRequest("Last-Event-ID", "'" + text + "' is not a feed event id (a whole number)");
        }
    }

    private static void error(RoutingContext rc, int status, String message, String parameter) {
        try {
            rc.response().setStatusCode(status).putHeader("Content-Type", "application/json")
                    .end(JSON.writeValueAsString(parameter == null ? Map.of("error", message)
                            : Map.of("error", message, "parameter", parameter)));
        } catch (JsonProcessingException e) {
            rc.response().setStatusCode(status).end();
        }
    }
}

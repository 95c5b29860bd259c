package org.torneo.feed.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.torneo.feed.app.rest.FeedResource;
import org.torneo.feed.app.web.Pages;
import org.torneo.feed.app.web.Prints;
import org.torneo.feed.app.web.Screens;
import org.torneo.platform.edge.auth.RouteRules;
import org.torneo.stack.test.RouteTable;

/**
 * The README's "Routes and roles" lines of the feed service against its code: every JAX-RS route is in the table
 * (a route missing from it fails), every line is a route, and each line's cells are what the route's
 * {@code @PermitAll} / {@code @Guarded} permissions grant.
 */
class RoutesAndRolesTest {

    @Test
    void the_readme_table_states_every_route_as_the_code_guards_it() {
        List<RouteRules.Route> code = RouteRules.routes(FeedResource.class, Pages.class, Prints.class,
                Screens.class);
        code.forEach(route -> System.out.println(RouteRules.tableLine("feed", route)));
        Map<String, List<String>> table = new LinkedHashMap<>();
        RouteTable.of("feed").forEach((key, row) -> {
            List<String> line = new ArrayList<>(row.cells());
            line.add(row.checks());
            table.put(key, line);
        });
        List<String> problems = RouteRules.differences("feed", code, table,
                // the SSE stream, a Vert.x route (sse.SseRoutes), public like the rest of the feed
                // and GET /q/metrics, Quarkus' Micrometer route, public like /q/health
                Set.of("GET /api/tournaments/{tournament}/events", "GET /q/metrics"));
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }
}

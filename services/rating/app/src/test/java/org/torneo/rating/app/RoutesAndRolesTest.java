package org.torneo.rating.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.torneo.rating.app.rest.RatingResource;
import org.torneo.platform.edge.auth.RouteRules;
import org.torneo.stack.test.RouteTable;

/**
 * The README's "Routes and roles" lines of the rating service against its code: every JAX-RS route is in the table
 * (a route missing from it fails), every line is a route, and each line's cells are what the route's
 * {@code @PermitAll} / {@code @Guarded} permissions grant.
 */
class RoutesAndRolesTest {

    @Test
    void the_readme_table_states_every_route_as_the_code_guards_it() {
        List<RouteRules.Route> code = RouteRules.routes(RatingResource.class,
                org.torneo.platform.signing.KeysResource.class);
        code.forEach(route -> System.out.println(RouteRules.tableLine("rating", route)));
        Map<String, List<String>> table = new LinkedHashMap<>();
        RouteTable.of("rating").forEach((key, row) -> {
            List<String> line = new ArrayList<>(row.cells());
            line.add(row.checks());
            table.put(key, line);
        });
        List<String> problems = RouteRules.differences("rating", code, table,
                // GET /q/metrics: Quarkus' Micrometer route, public like /q/health (no code route to compare; the integration
                // test fetches it without a token)
                Set.of("GET /q/metrics"));
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }
}

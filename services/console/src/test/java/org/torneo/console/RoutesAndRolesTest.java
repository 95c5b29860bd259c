package org.torneo.console;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.torneo.platform.edge.auth.RouteRules;
import org.torneo.stack.test.RouteTable;

/**
 * The README's "Routes and roles" lines of the console against its code: every page and form route is in the table,
 * every line is a route, and each line's cells are what the route's {@code @PermitAll} / {@code @Guarded} permissions
 * grant (the console shows a form, and answers a page, under the same permission the service route it drives checks).
 */
class RoutesAndRolesTest {

    @Test
    void the_readme_table_states_every_route_as_the_code_guards_it() {
        List<RouteRules.Route> code = RouteRules.routes(Console.class, Scoresheets.class);
        code.forEach(route -> System.out.println(RouteRules.tableLine("console", route)));
        Map<String, List<String>> table = new LinkedHashMap<>();
        RouteTable.of("console").forEach((key, row) -> {
            List<String> line = new ArrayList<>(row.cells());
            line.add(row.checks());
            table.put(key, line);
        });
        List<String> problems = RouteRules.differences("console", code, table,
                // quarkus-oidc's own path: ends the session at the provider, then home
                // and GET /q/metrics, Quarkus' Micrometer route, public like /q/health
                Set.of("GET /signout", "GET /q/metrics"));
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }
}

package org.torneo.platform.edge.auth;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;

import org.torneo.identity.Grant;
import org.torneo.identity.Permission;

/**
 * The rules of a service's routes as its code states them: every JAX-RS method of its resources, public
 * ({@code @PermitAll}) or guarded ({@link Guarded} with the permissions it checks), and what each role may on it,
 * in the words of the README's "Routes and roles" table. The route-table tests compare the two both ways; the
 * role-matrix tests then call every guarded route as each role and expect what the table says.
 */
public final class RouteRules {

    /** The role columns of the table, in order. */
    public static final List<String> ROLES = List.of("public", "organiser", "chief arbiter", "hall arbiter", "player",
            "device", "service");

    /** A cell that refuses. */
    public static final String NO = "—";

    private RouteRules() {
    }

    /** One route: "POST /games/{id}/moves", public or with its permissions. */
    public record Route(String method, String path, boolean isPublic, List<Permission> permissions) {
        public String key() {
            return method + " " + path;
        }

        /** The cells of the table's role columns for this route, in {@link #ROLES} order. */
        public List<String> cells() {
            return isPublic ? ROLES.stream().map(r -> "yes").toList() : RouteRules.cells(permissions);
        }

        /** The table's "checks" column: "public" or the permissions, e.g. "MOVE". */
        public String checks() {
            return isPublic ? "public" : String.join(", ", permissions.stream().map(Enum::name).toList());
        }
    }

    /** Every JAX-RS route of these resource classes. */
    public static List<Route> routes(Class<?>... resources) {
        List<Route> routes = new ArrayList<>();
        for (Class<?> resource : resources) {
            String base = resource.isAnnotationPresent(Path.class) ? resource.getAnnotation(Path.class).value() : "";
            boolean classPublic = resource.isAnnotationPresent(PermitAll.class);
            for (Method m : resource.getDeclaredMethods()) {
                String http = httpMethod(m);
                if (http == null) {
                    continue;
                }
                String path = join(base, m.isAnnotationPresent(Path.class) ? m.getAnnotation(Path.class).value() : "");
                Guarded guarded = m.getAnnotation(Guarded.class);
                boolean isPublic = guarded == null && (classPublic || m.isAnnotationPresent(PermitAll.class));
                if (guarded == null && !isPublic) {
                    throw new IllegalStateException(http + " " + path + " (" + resource.getSimpleName() + "." + m.getName()
                            + ") is neither @PermitAll nor @Guarded: every route says who may call it");
                }
                routes.add(new Route(http, path, isPublic, guarded == null ? List.of() : List.of(guarded.value())));
            }
        }
        routes.sort(java.util.Comparator.comparing(Route::path).thenComparing(Route::method));
        return routes;
    }

    /**
     * What each role may under these permissions: organiser "yes" (any organiser) or "own" (of the tournament);
     * chief arbiter "yes"; hall arbiter "own halls" (or "any hall": any arbiter of the tournament); player "own side", "own games" or "himself"; device "own
     * boards"; service "any" or the named services; "—" where no grant holds. Several permissions (a route whose
     * body decides which) join their distinct words with " / ".
     */
    public static List<String> cells(List<Permission> permissions) {
        List<String> cells = new ArrayList<>();
        cells.add(NO); // public: a guarded route never is
        cells.add(join(permissions, g -> switch (g.who()) {
            case ANY -> g.role() == org.torneo.identity.AccountRole.ORGANISER ? "yes" : null;
            case ORGANISER_OF_TOURNAMENT -> "own";
            default -> null;
        }));
        cells.add(join(permissions, g -> g.who() == Grant.Who.CHIEF_ARBITER || g.who() == Grant.Who.ARBITER_OF_HALL
                || g.who() == Grant.Who.ARBITER_OF_TOURNAMENT ? "yes" : null));
        cells.add(join(permissions, g -> switch (g.who()) {
            case ARBITER_OF_HALL -> "own halls";
            case ARBITER_OF_TOURNAMENT -> "any hall";
            default -> null;
        }));
        cells.add(join(permissions, g -> switch (g.who()) {
            case PLAYER_OF_SIDE -> "own side";
            case PLAYER_OF_GAME -> "own games";
            case PLAYER_HIMSELF -> "himself";
            default -> null;
        }));
        cells.add(join(permissions, g -> g.who() == Grant.Who.DEVICE_OF_BOARD ? "own boards" : null));
        cells.add(join(permissions, g -> g.role() != org.torneo.identity.AccountRole.SERVICE ? null
                : g.who() == Grant.Who.ANY ? "any" : String.join(", ", new TreeSet<>(g.services()))));
        return cells;
    }

    private static String join(List<Permission> permissions, Function<Grant, String> word) {
        Set<String> words = new LinkedHashSet<>();
        for (Permission p : permissions) {
            for (Grant g : p.grants()) {
                String w = word.apply(g);
                if (w != null) {
                    words.add(w);
                }
            }
        }
        return words.isEmpty() ? NO : String.join(" / ", words);
    }

    /** The table line this route should have: {@code | app | METHOD path | cells... | checks |}. */
    public static String tableLine(String app, Route route) {
        StringBuilder line = new StringBuilder("| ").append(app).append(" | `").append(route.key()).append("` |");
        route.cells().forEach(c -> line.append(' ').append(c).append(" |"));
        return line.append(' ').append(route.checks()).append(" |").toString();
    }

    /**
     * What differs between the code's routes and the table's lines of one app: a route missing from the table, a
     * line for no route (other than {@code otherRoutes}, routes outside JAX-RS such as the feed's SSE stream), or a
     * line whose cells or checks are not what the code states (the expected line is given). Empty when they agree.
     *
     * @param table route key ("POST /games") to the line's cells (the 7 role columns, then the checks column)
     */
    public static List<String> differences(String app, List<Route> code, Map<String, List<String>> table,
                                           Set<String> otherRoutes) {
        List<String> problems = new ArrayList<>();
        Map<String, Route> routes = byKey(code);
        for (Route route : code) {
            List<String> line = table.get(route.key());
            List<String> expected = new ArrayList<>(route.cells());
            expected.add(route.checks());
            if (line == null) {
                problems.add("route " + route.key() + " of " + app + " is missing from the README's table; add: "
                        + tableLine(app, route));
            } else if (!line.equals(expected)) {
                problems.add("README line for " + route.key() + " of " + app + " says " + line + " but the code says "
                        + expected + ": " + tableLine(app, route));
            }
        }
        for (String key : table.keySet()) {
            if (!routes.containsKey(key) && !otherRoutes.contains(key)) {
                problems.add("README lists " + key + " for " + app + ", which has no such route");
            }
        }
        return problems;
    }

    /** Route key to route, for lookups. */
    public static Map<String, Route> byKey(List<Route> routes) {
        Map<String, Route> out = new LinkedHashMap<>();
        routes.forEach(r -> out.put(r.key(), r));
        return out;
    }

    private static String httpMethod(Method m) {
        if (m.isAnnotationPresent(GET.class)) {
            return "GET";
        }
        if (m.isAnnotationPresent(POST.class)) {
            return "POST";
        }
        if (m.isAnnotationPresent(PUT.class)) {
            return "PUT";
        }
        if (m.isAnnotationPresent(DELETE.class)) {
            return "DELETE";
        }
        return m.isAnnotationPresent(PATCH.class) ? "PATCH" : null;
    }

    private static String join(String base, String path) {
        String joined = ("/" + base + "/" + path).replaceAll("/+", "/");
        return joined.length() > 1 && joined.endsWith("/") ? joined.substring(0, joined.length() - 1) : joined;
    }
}

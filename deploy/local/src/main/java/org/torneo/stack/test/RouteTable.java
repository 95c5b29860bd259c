package org.torneo.stack.test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The README's "Routes and roles" table, read for the tests: one row per route of every app, with what each role may
 * on it. The route-table tests compare it with the routes the code declares; the role-matrix tests call every
 * state-changing route as each role and expect what its row says. Columns, in order: app, route ({@code `POST
 * /games/{id}/moves`}), public, organiser, chief arbiter, hall arbiter, player, device, service, checks.
 */
public final class RouteTable {

    public static final String SECTION = "## Routes and roles";
    public static final List<String> HEADER = List.of("app", "route", "public", "organiser", "chief arbiter",
            "hall arbiter", "player", "device", "service", "checks");

    /**
     * @param app    "game", "clock", "pairing", "rating", "feed"
     * @param method "GET", "POST" ...
     * @param path   "/games/{id}/moves"
     * @param cells  the role columns (public ... service), in order
     * @param checks "public" or the permissions the route checks
     * @param line   the README line number (1-based), for messages
     */
    public record Row(String app, String method, String path, List<String> cells, String checks, int line) {
        public String key() {
            return method + " " + path;
        }

        /** The cell of a role column ("organiser", "hall arbiter", ...). */
        public String cell(String role) {
            int at = HEADER.indexOf(role) - 2;
            if (at < 0 || at >= cells.size()) {
                throw new IllegalArgumentException("no role column '" + role + "'");
            }
            return cells.get(at);
        }

        public boolean allows(String role) {
            return !cell(role).equals("—");
        }

        public boolean stateChanging() {
            return !method.equals("GET");
        }
    }

    private RouteTable() {
    }

    /** The README of the repository the tests run in (found from the working directory upwards). */
    public static Path readme() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            Path candidate = dir.resolve("README.md");
            if (Files.isRegularFile(candidate) && Files.isDirectory(dir.resolve("services"))) {
                return candidate;
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException("no README.md with a services/ folder above " + Path.of("").toAbsolutePath());
    }

    /** Every row of the table. */
    public static List<Row> rows() {
        try {
            return parse(Files.readAllLines(readme()));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the README: " + e.getMessage(), e);
        }
    }

    /** The rows of one app, by route key ("POST /games/{id}/moves"). */
    public static Map<String, Row> of(String app) {
        return rows().stream().filter(r -> r.app().equals(app))
                .collect(Collectors.toMap(Row::key, Function.identity(), (a, b) -> {
                    throw new IllegalStateException("README line " + b.line() + ": route " + b.key() + " of " + app
                            + " is listed twice (also line " + a.line() + ")");
                }, java.util.LinkedHashMap::new));
    }

    static List<Row> parse(List<String> lines) {
        int at = lines.indexOf(SECTION);
        if (at < 0) {
            throw new IllegalStateException("the README has no section '" + SECTION + "'");
        }
        List<Row> rows = new ArrayList<>();
        boolean header = false;
        for (int i = at + 1; i < lines.size() && !lines.get(i).startsWith("## "); i++) {
            String line = lines.get(i).trim();
            if (!line.startsWith("|")) {
                if (header && !rows.isEmpty()) {
                    break; // the table ended
                }
                continue;
            }
            List<String> cells = Arrays.stream(line.substring(1, line.length() - (line.endsWith("|") ? 1 : 0))
                    .split("\\|", -1)).map(String::trim).toList();
            if (!header) {
                if (!cells.equals(HEADER)) {
                    throw new IllegalStateException("README line " + (i + 1) + ": the table's header must be " + HEADER
                            + ", is " + cells);
                }
                header = true;
                continue;
            }
            if (cells.stream().allMatch(c -> c.matches(":?-+:?"))) {
                continue;
            }
            if (cells.size() != HEADER.size()) {
                throw new IllegalStateException("README line " + (i + 1) + ": " + cells.size() + " columns, "
                        + HEADER.size() + " expected");
            }
            String route = cells.get(1).replace("`", "").trim();
            String[] parts = route.split("\\s+", 2);
            if (parts.length != 2 || !parts[1].startsWith("/")) {
                throw new IllegalStateException("README line " + (i + 1) + ": route '" + route
                        + "' is not 'METHOD /path'");
            }
            // the path ends before a query template or a note ("/games?limit=&after= (page: ...)")
            String path = parts[1].split("[?\\s]", 2)[0];
            rows.add(new Row(cells.get(0), parts[0], path, List.copyOf(cells.subList(2, 9)), cells.get(9), i + 1));
        }
        if (rows.isEmpty()) {
            throw new IllegalStateException("the README's section '" + SECTION + "' has no table rows");
        }
        return rows;
    }
}

package org.torneo.game.app.rest;

import java.util.List;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/**
 * The list routes' pages: {@code ?limit=} (a documented default and maximum per route) and {@code ?after=} (the
 * cursor: the last item of the previous page). A full page carries a {@code Link: <...>; rel="next"} header with the
 * next page's address; the body stays the JSON array it always was.
 */
final class Pages {

    private Pages() {
    }

    /** The page size asked for, checked: the default when absent; 400 when not a whole number in 1..max. */
    static int limit(String text, int byDefault, int max) {
        if (text == null || text.isBlank()) {
            return byDefault;
        }
        int limit;
        try {
            limit = Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw GameResource.badRequest("limit: '" + text + "' is not a whole number (1.." + max + ")");
        }
        if (limit < 1 || limit > max) {
            throw GameResource.badRequest("limit: " + limit + " is out of range: a page holds 1.." + max + " items");
        }
        return limit;
    }

    /**
     * The page of {@code rows} (fetched with one row more than {@code limit}, to tell whether more follow): the
     * first {@code limit} rows, and a next link whose cursor is the last one's {@code cursor}.
     */
    static <T> Response page(List<T> rows, int limit, UriInfo uri, java.util.function.Function<T, String> cursor) {
        if (rows.size() <= limit) {
            return Response.ok(rows).build();
        }
        List<T> page = rows.subList(0, limit);
        String next = uri.getRequestUriBuilder().replaceQueryParam("after", cursor.apply(page.get(limit - 1)))
                .replaceQueryParam("limit", limit).build().toString();
        String path = uri.getBaseUri().relativize(java.net.URI.create(next)).toString();
        return Response.ok(List.copyOf(page)).header("Link", "</" + path + ">; rel=\"next\"").build();
    }
}

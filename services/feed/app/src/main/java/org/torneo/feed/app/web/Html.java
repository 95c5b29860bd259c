package org.torneo.feed.app.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.qute.RawString;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateInstance;

/**
 * What the feed's Qute templates (src/main/resources/templates/feed) share: the page around a body
 * ({@code feed/layout.html}), links, and the data a page hands its script. Text reaches the HTML only through the
 * templates, which escape every value (Qute's HTML escaping of .html templates); the one raw value is a script call,
 * written by Jackson with the characters that could end a script element escaped.
 */
public final class Html {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Html() {
    }

    /** A link: where it goes (already URL-encoded where it holds names) and the words it shows. */
    public record Link(String href, String text) {
    }

    /**
     * The page {@code template} renders inside the layout. {@code path} is the page's own address without the language
     * (for the language switch), {@code bodyClass} styles a kind of page ("print", "screen"; "" for none).
     */
    static String page(Template template, Text x, String title, String path, String bodyClass, Map<String, Object> data) {
        TemplateInstance page = template.instance()
                .data("t", x.words())
                .data("lang", x.code())
                .data("other", x.other().code())
                .data("title", title)
                .data("bodyClass", bodyClass)
                .data("langHref", path + (path.contains("?") ? "&" : "?") + "lang=" + x.other().code())
                .data("q", "?lang=" + x.code());
        data.forEach(page::data);
        return page.render();
    }

    static Link player(String tournament, String playerId, String name, String q) {
        return new Link("/t/" + url(tournament) + "/players/" + url(playerId) + q, name);
    }

    static String url(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /**
     * A call of one of feed.js's functions with these arguments, as JSON (Jackson) with {@code <}, {@code >},
     * {@code &} and the JS line separators escaped, so no value can close the script element or break the line.
     */
    static RawString call(String function, Object... arguments) {
        StringBuilder out = new StringBuilder(function).append('(');
        for (int i = 0; i < arguments.length; i++) {
            out.append(i == 0 ? "" : ",").append(json(arguments[i]));
        }
        return new RawString(out.append(')').toString());
    }

    static String json(Object value) {
        try {
            return JSON.writeValueAsString(value).replace("<", "\\u003c").replace(">", "\\u003e")
                    .replace("&", "\\u0026").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("page data not writable as JSON: " + value, e);
        }
    }

    static String rating(int rating) {
        return rating > 0 ? String.valueOf(rating) : "";
    }
}

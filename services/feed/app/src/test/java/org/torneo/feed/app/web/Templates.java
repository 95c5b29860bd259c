package org.torneo.feed.app.web;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import io.quarkus.qute.Engine;
import io.quarkus.qute.HtmlEscaper;
import io.quarkus.qute.Location;
import io.quarkus.qute.ReflectionValueResolver;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateLocator;
import io.quarkus.qute.Variant;

/**
 * The feed's templates (src/main/resources/templates) for the page tests that call the routes' methods without
 * starting Quarkus: a Qute engine set up as Quarkus sets up its own for an .html template (the default resolvers,
 * reflection for the rows, HTML escaping, strict rendering), and {@link #fill} injects the templates a route asks
 * for with {@code @Inject @Location}. The integration and browser tests render through Quarkus itself.
 */
public final class Templates {

    private static final Engine ENGINE = Engine.builder()
            .addDefaults()
            .addValueResolver(new ReflectionValueResolver())
            .addResultMapper(new HtmlEscaper(List.of(Variant.TEXT_HTML)))
            .strictRendering(true)
            .addLocator(Templates::locate)
            .build();

    private Templates() {
    }

    /** Sets each {@code @Location} template field of {@code route} and returns it. */
    public static <T> T fill(T route) {
        for (Field field : route.getClass().getDeclaredFields()) {
            Location location = field.getAnnotation(Location.class);
            if (location != null && field.getType() == Template.class) {
                Template template = ENGINE.getTemplate(location.value());
                if (template == null) {
                    throw new IllegalStateException("no template " + location.value() + " for " + field);
                }
                try {
                    field.setAccessible(true);
                    field.set(route, template);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return route;
    }

    private static Optional<TemplateLocator.TemplateLocation> locate(String id) {
        String path = "templates/" + (id.endsWith(".html") ? id : id + ".html");
        if (Templates.class.getClassLoader().getResource(path) == null) {
            return Optional.empty();
        }
        return Optional.of(new TemplateLocator.TemplateLocation() {
            @Override
            public Reader read() {
                InputStream in = Templates.class.getClassLoader().getResourceAsStream(path);
                return new InputStreamReader(in, StandardCharsets.UTF_8);
            }

            @Override
            public Optional<Variant> getVariant() {
                return Optional.of(new Variant(java.util.Locale.ROOT, StandardCharsets.UTF_8, Variant.TEXT_HTML));
            }
        });
    }
}

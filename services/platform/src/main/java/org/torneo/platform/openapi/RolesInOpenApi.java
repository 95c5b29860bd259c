package org.torneo.platform.openapi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;
import org.torneo.platform.edge.auth.RouteRules;

import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationTarget;
import org.jboss.jandex.ClassInfo;
import org.jboss.jandex.DotName;
import org.jboss.jandex.IndexView;
import org.jboss.jandex.MethodInfo;
import org.torneo.identity.Permission;
import org.torneo.platform.edge.auth.Guarded;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;

/**
 * Writes into each app's OpenAPI document ({@code /q/openapi}) who may call each route, as its code states it
 * ({@code @PermitAll} or {@code @Guarded}: the same reading {@link RouteRules} makes, against which the README's
 * "Routes and roles" table is tested): the role cells as the extension {@code x-torneo-roles} (role column to cell, "—"
 * refused) and {@code x-torneo-checks} (the permissions checked, or "public"), a sentence in the description, and a
 * bearer-token security requirement on every guarded route (none on a public one). Runs when the app is built, on the
 * JAX-RS resource classes of the index SmallRye OpenAPI scans (it hands the filter that index).
 */
@OpenApiFilter(stages = OpenApiFilter.RunStage.BUILD)
public class RolesInOpenApi implements OASFilter {

    /** The security scheme guarded routes name: a JWT access token of the realm, as the README's "Routes and roles". */
    public static final String BEARER = "torneo-bearer";

    private static final DotName PATH = DotName.createSimple(Path.class.getName());
    private static final DotName PERMIT_ALL = DotName.createSimple(PermitAll.class.getName());
    private static final DotName GUARDED = DotName.createSimple(Guarded.class.getName());
    private static final List<Class<?>> METHODS = List.of(GET.class, POST.class, PUT.class, DELETE.class, PATCH.class);

    private final Map<String, RouteRules.Route> routes;

    /** SmallRye OpenAPI builds the filter with the index it scans. */
    public RolesInOpenApi(IndexView index) {
        this.routes = RouteRules.byKey(routes(index));
    }

    @Override
    public void filterOpenAPI(OpenAPI openApi) {
        if (openApi.getPaths() == null || openApi.getPaths().getPathItems() == null) {
            return;
        }
        boolean guarded = false;
        for (Map.Entry<String, PathItem> path : openApi.getPaths().getPathItems().entrySet()) {
            Map<PathItem.HttpMethod, Operation> operations = path.getValue().getOperations();
            if (operations == null) {
                continue;
            }
            for (Map.Entry<PathItem.HttpMethod, Operation> operation : operations.entrySet()) {
                RouteRules.Route route = routes.get(operation.getKey().name() + " " + path.getKey());
                if (route != null) {
                    describe(operation.getValue(), route);
                    guarded |= !route.isPublic();
                }
            }
        }
        if (guarded) {
            if (openApi.getComponents() == null) {
                openApi.setComponents(OASFactory.createComponents());
            }
            openApi.getComponents().addSecurityScheme(BEARER, OASFactory.createSecurityScheme()
                    .type(SecurityScheme.Type.HTTP).scheme("bearer").bearerFormat("JWT")
                    .description("An access token of the identity provider's realm (README \"Routes and roles\"): "
                            + "issuer, audience torneo-api, RS256; what the account may do follows from its realm "
                            + "roles and its offices in the tournament"));
        }
    }

    /**
     * The routes of the index's JAX-RS resource classes (not the REST clients' interfaces), as {@link RouteRules#routes}
     * reads them from the classes; a method neither public nor guarded is left out (the route-table test fails it).
     */
    static List<RouteRules.Route> routes(IndexView index) {
        List<RouteRules.Route> out = new ArrayList<>();
        for (AnnotationInstance path : index.getAnnotations(PATH)) {
            if (path.target().kind() != AnnotationTarget.Kind.CLASS) {
                continue;
            }
            ClassInfo resource = path.target().asClass();
            if (java.lang.reflect.Modifier.isInterface(resource.flags())) {
                continue;
            }
            boolean classPublic = resource.hasDeclaredAnnotation(PERMIT_ALL);
            for (MethodInfo method : resource.methods()) {
                String http = null;
                for (Class<?> m : METHODS) {
                    if (method.hasDeclaredAnnotation(DotName.createSimple(m.getName()))) {
                        http = m.getSimpleName();
                    }
                }
                if (http == null) {
                    continue;
                }
                AnnotationInstance methodPath = method.declaredAnnotation(PATH);
                AnnotationInstance guarded = method.declaredAnnotation(GUARDED);
                boolean isPublic = guarded == null && (classPublic || method.hasDeclaredAnnotation(PERMIT_ALL));
                if (guarded == null && !isPublic) {
                    continue;
                }
                List<Permission> permissions = new ArrayList<>();
                if (guarded != null) {
                    for (String name : guarded.value().asEnumArray()) {
                        permissions.add(Permission.valueOf(name));
                    }
                }
                out.add(new RouteRules.Route(http, join(path.value().asString(),
                        methodPath == null ? "" : methodPath.value().asString()), isPublic, permissions));
            }
        }
        return out;
    }

    private static String join(String base, String path) {
        String joined = ("/" + base + "/" + path).replaceAll("/+", "/");
        return joined.length() > 1 && joined.endsWith("/") ? joined.substring(0, joined.length() - 1) : joined;
    }
    /**
     * Says on {@code operation} who may call {@code route}: the extensions, the sentence, the security requirement.
     * Public for the routes an app serves outside JAX-RS (the feed's SSE stream) and documents itself.
     */
    public static void describe(Operation operation, RouteRules.Route route) {
        Map<String, String> roles = new LinkedHashMap<>();
        List<String> cells = route.cells();
        for (int i = 0; i < RouteRules.ROLES.size(); i++) {
            roles.put(RouteRules.ROLES.get(i), cells.get(i));
        }
        operation.addExtension("x-torneo-roles", roles);
        operation.addExtension("x-torneo-checks", route.checks());
        String who;
        if (route.isPublic()) {
            who = "Public: no token needed.";
        } else {
            List<String> allowed = new ArrayList<>();
            roles.forEach((role, cell) -> {
                if (!cell.equals(RouteRules.NO)) {
                    allowed.add(role + " (" + cell + ")");
                }
            });
            who = "Roles: " + String.join(", ", allowed) + "; checks " + route.checks() + ".";
            operation.setSecurity(List.of(OASFactory.createSecurityRequirement().addScheme(BEARER)));
        }
        String description = operation.getDescription();
        operation.setDescription(description == null || description.isBlank() ? who : description.strip() + "\n\n" + who);
    }
}

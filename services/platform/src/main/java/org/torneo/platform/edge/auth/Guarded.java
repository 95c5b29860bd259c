package org.torneo.platform.edge.auth;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.torneo.identity.Permission;

/**
 * The permissions a route checks with {@link EdgeGuard} (one, or several when the body decides which, e.g. the
 * generic command routes). Read by the route-table test, which compares every route with its line in the README's
 * "Routes and roles" table: a route without this annotation must be {@code @PermitAll} (public) and its line say so.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Guarded {
    Permission[] value();
}

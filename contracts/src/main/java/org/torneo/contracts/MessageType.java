package org.torneo.contracts;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The wire identity of a message: a stable type name (e.g. "game.MovePlayed") and the schema
 * version. New optional fields keep the version; a breaking change is a new version with an upcaster.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface MessageType {
    String name();

    int version() default 1;
}

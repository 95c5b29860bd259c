package org.torneo.clock.app.rest;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;

import org.torneo.contracts.Actor;
import org.torneo.contracts.clock.ClockCommand;

/** Clock commands with the edge's actor and time put in place of what a caller wrote in them. */
final class ClockCommands {

    private ClockCommands() {
    }

    /** A copy of {@code command} whose {@code actor} and {@code at} (every clock command has both) are these. */
    static ClockCommand withActorAndTime(ClockCommand command, Actor actor, long at) {
        RecordComponent[] components = command.getClass().getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        try {
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                values[i] = switch (components[i].getName()) {
                    case "actor" -> actor;
                    case "at" -> at;
                    default -> components[i].getAccessor().invoke(command);
                };
            }
            Constructor<?> canonical = command.getClass().getDeclaredConstructor(types);
            return (ClockCommand) canonical.newInstance(values);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException(e.getCause().getMessage(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot copy " + command.getClass().getSimpleName() + ": " + e, e);
        }
    }
}

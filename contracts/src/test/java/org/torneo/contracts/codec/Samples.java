package org.torneo.contracts.codec;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Builds a sample instance of any message record for the round-trip tests: the record's own
 * {@code public static X example()} when it declares one (records whose fields constrain each
 * other), otherwise reflectively, with a different value in every field so that swapped or
 * dropped fields show up in the comparison.
 */
final class Samples {

    private int counter;

    Object of(Class<?> type) {
        try {
            Method example = type.getDeclaredMethod("example");
            if (Modifier.isStatic(example.getModifiers()) && example.getReturnType() == type) {
                return example.invoke(null);
            }
        } catch (NoSuchMethodException e) {
            // no example: build one reflectively
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(type.getName() + ".example() failed", e);
        }
        return value(type, type);
    }

    private Object value(Class<?> raw, Type generic) {
        int n = ++counter;
        if (raw == String.class) {
            return "s" + n;
        }
        if (raw == int.class || raw == Integer.class) {
            return n;
        }
        if (raw == long.class || raw == Long.class) {
            return 1000L * n;
        }
        if (raw == boolean.class || raw == Boolean.class) {
            return n % 2 == 0;
        }
        if (raw == double.class || raw == Double.class) {
            return n + 0.5;
        }
        if (raw == Instant.class) {
            return Instant.parse("2026-05-01T10:00:00Z").plusMillis(1001L * n);
        }
        if (raw == UUID.class) {
            return UUID.nameUUIDFromBytes(("sample" + n).getBytes(StandardCharsets.UTF_8));
        }
        if (raw.isEnum()) {
            Object[] constants = raw.getEnumConstants();
            return constants[n % constants.length];
        }
        if (raw == List.class || raw == Set.class) {
            Type element = ((ParameterizedType) generic).getActualTypeArguments()[0];
            List<Object> list = new ArrayList<>();
            list.add(value(rawOf(element), element));
            list.add(value(rawOf(element), element));
            return raw == List.class ? List.copyOf(list) : Set.copyOf(list);
        }
        if (raw == Map.class) {
            Type[] args = ((ParameterizedType) generic).getActualTypeArguments();
            return Map.of(value(rawOf(args[0]), args[0]), value(rawOf(args[1]), args[1]));
        }
        if (raw.isRecord()) {
            return record(raw);
        }
        if (raw.isSealed()) {
            return of(raw.getPermittedSubclasses()[0]);
        }
        throw new IllegalStateException("no sample for " + generic.getTypeName()
                + ": give the record a public static example() method");
    }

    private Object record(Class<?> type) {
        try {
            Method example = type.getDeclaredMethod("example");
            if (Modifier.isStatic(example.getModifiers())) {
                return example.invoke(null);
            }
        } catch (NoSuchMethodException e) {
            // build it
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(type.getName() + ".example() failed", e);
        }
        RecordComponent[] components = type.getRecordComponents();
        Object[] args = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            args[i] = value(types[i], components[i].getGenericType());
        }
        try {
            return type.getDeclaredConstructor(types).newInstance(args);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("the reflective sample of " + type.getName() + " is invalid ("
                    + e.getCause().getMessage() + "): give the record a public static example() method", e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + type.getName(), e);
        }
    }

    private static Class<?> rawOf(Type type) {
        if (type instanceof Class<?> c) {
            return c;
        }
        if (type instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        throw new IllegalStateException("unsupported type " + type);
    }
}

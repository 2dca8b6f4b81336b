package io.cangrid.simulator.wire;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;

/**
 * Equality that looks inside: records component by component, arrays element by element, other classes by
 * their own {@code equals} when they define one and field by field otherwise. A record's own equals
 * compares array components by identity, which says nothing about a decoded copy.
 */
final class WireEquality {

    private WireEquality() {
    }

    static boolean deepEquals(Object a, Object b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || a.getClass() != b.getClass()) {
            return false;
        }
        Class<?> type = a.getClass();
        if (type.isArray()) {
            int n = Array.getLength(a);
            if (n != Array.getLength(b)) {
                return false;
            }
            for (int i = 0; i < n; i++) {
                if (!deepEquals(Array.get(a, i), Array.get(b, i))) {
                    return false;
                }
            }
            return true;
        }
        if (type.isRecord()) {
            for (RecordComponent c : type.getRecordComponents()) {
                if (!deepEquals(read(c, a), read(c, b))) {
                    return false;
                }
            }
            return true;
        }
        if (definesEquals(type)) {
            return a.equals(b);
        }
        for (Class<?> t = type; t != Object.class; t = t.getSuperclass()) {
            for (Field f : t.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                f.setAccessible(true);
                try {
                    if (!deepEquals(f.get(a), f.get(b))) {
                        return false;
                    }
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return true;
    }

    private static Object read(RecordComponent c, Object o) {
        try {
            c.getAccessor().setAccessible(true);
            return c.getAccessor().invoke(o);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean definesEquals(Class<?> type) {
        try {
            return type.getMethod("equals", Object.class).getDeclaringClass() != Object.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}

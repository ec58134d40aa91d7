package org.mpiguard.core.index;

import java.lang.reflect.Method;

/** JVM descriptors of reflected types and methods, as call instructions and the index spell them. */
public final class Descriptors {

    private Descriptors() {
    }

    public static String of(Class<?> c) {
        if (c.isArray()) {
            return c.getName().replace('.', '/');
        }
        if (!c.isPrimitive()) {
            return "L" + internal(c) + ";";
        }
        return switch (c.getName()) {
            case "int" -> "I";
            case "long" -> "J";
            case "double" -> "D";
            case "float" -> "F";
            case "boolean" -> "Z";
            case "byte" -> "B";
            case "char" -> "C";
            case "short" -> "S";
            case "void" -> "V";
            default -> throw new IllegalArgumentException(c.getName());
        };
    }

    public static String internal(Class<?> c) {
        return c.getName().replace('.', '/');
    }

    /** The descriptors of {@code params}, one after the other. */
    public static String parameters(Class<?>... params) {
        StringBuilder d = new StringBuilder();
        for (Class<?> p : params) {
            d.append(of(p));
        }
        return d.toString();
    }

    public static String of(Method m) {
        return "(" + parameters(m.getParameterTypes()) + ")" + of(m.getReturnType());
    }
}

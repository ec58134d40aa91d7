package org.mpiguard.core.args;

/**
 * The one shape of every invalid-argument message, so that users and tests can rely on
 * it: {@code [check-id] Op: argument 'name' = value PROBLEM; valid: WHAT}. Built only when
 * a check has failed, never on the success path.
 */
public final class ArgMessages {

    private ArgMessages() {
    }

    public static String argument(String checkId, String op, String argument, Object value, String problem,
                                  String valid) {
        return "[" + checkId + "] " + op + ": argument '" + argument + "' = " + render(value) + " " + problem
                + "; valid: " + valid;
    }

    /** A value as a programmer would recognise it in the source. */
    public static String render(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String s) {
            return s;
        }
        Class<?> c = value.getClass();
        if (c.isArray()) {
            return c.getComponentType().getSimpleName() + "[" + java.lang.reflect.Array.getLength(value) + "]";
        }
        if (value instanceof java.nio.Buffer b) {
            return (b.isDirect() ? "direct " : "heap ") + simpleBufferName(b) + "(position " + b.position()
                    + ", capacity " + b.capacity() + ")";
        }
        return value.toString();
    }

    private static String simpleBufferName(java.nio.Buffer b) {
        for (Class<?> c : new Class<?>[] {java.nio.ByteBuffer.class, java.nio.CharBuffer.class,
                java.nio.ShortBuffer.class, java.nio.IntBuffer.class, java.nio.LongBuffer.class,
                java.nio.FloatBuffer.class, java.nio.DoubleBuffer.class}) {
            if (c.isInstance(b)) {
                return c.getSimpleName();
            }
        }
        return b.getClass().getSimpleName();
    }

    /** "0..n-1", or "none (the communicator is empty)". */
    public static String rankRange(int size) {
        return size <= 0 ? "none (empty group)" : size == 1 ? "0" : "0.." + (size - 1);
    }
}

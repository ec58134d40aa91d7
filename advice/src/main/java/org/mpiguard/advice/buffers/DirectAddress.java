package org.mpiguard.advice.buffers;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.Buffer;

/**
 * The native address of a direct buffer, read without JNI: every direct buffer, view and
 * slice of the JDK implements {@code sun.nio.ch.DirectBuffer.address()}, whose package the
 * agent exports to its own module at start-up (Instrumentation.redefineModule, JDK 17 to
 * 25). A view or slice has its own address inside its parent's memory, so comparing
 * address ranges finds every alias of a watched buffer. Without the export (or on a JDK
 * that lacks the interface) the address is unknown (0) and the watch stays silent.
 */
public final class DirectAddress {

    private static final MethodHandle ADDRESS = find();

    private DirectAddress() {
    }

    /** Whether addresses can be read at all in this JVM. */
    public static boolean available() {
        return ADDRESS != null;
    }

    /** The address of the buffer's element 0, or 0 for a heap buffer or when unknown. */
    public static long of(Buffer b) {
        if (ADDRESS == null || b == null || !b.isDirect()) {
            return 0;
        }
        try {
            return (long) ADDRESS.invokeExact((Object) b);
        } catch (Throwable t) {
            return 0;
        }
    }

    private static MethodHandle find() {
        try {
            Class<?> direct = Class.forName("sun.nio.ch.DirectBuffer");
            return MethodHandles.lookup().findVirtual(direct, "address", MethodType.methodType(long.class))
                    .asType(MethodType.methodType(long.class, Object.class));
        } catch (Throwable t) {
            return null;
        }
    }
}

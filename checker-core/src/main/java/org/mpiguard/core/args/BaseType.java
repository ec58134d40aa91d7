package org.mpiguard.core.args;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

/**
 * The base types of the Java bindings ({@code mpi.Datatype}'s protected codes) and the
 * Java element type each one reads and writes: the binding hands the array to JNI as
 * raw memory, so {@code int[]} described as {@code MPI.DOUBLE} is read as doubles and a
 * count that fits in ints can run past the array.
 */
public enum BaseType {
    NULL(0, "MPI.DATATYPE_NULL", null, null, 0),
    BYTE(1, "MPI.BYTE", byte[].class, ByteBuffer.class, 1),
    CHAR(2, "MPI.CHAR", char[].class, CharBuffer.class, 2),
    SHORT(3, "MPI.SHORT", short[].class, ShortBuffer.class, 2),
    BOOLEAN(4, "MPI.BOOLEAN", boolean[].class, ByteBuffer.class, 1),
    INT(5, "MPI.INT", int[].class, IntBuffer.class, 4),
    LONG(6, "MPI.LONG", long[].class, LongBuffer.class, 8),
    FLOAT(7, "MPI.FLOAT", float[].class, FloatBuffer.class, 4),
    DOUBLE(8, "MPI.DOUBLE", double[].class, DoubleBuffer.class, 8),
    PACKED(9, "MPI.PACKED", byte[].class, ByteBuffer.class, 1);

    private static final BaseType[] BY_CODE = new BaseType[17];

    static {
        for (BaseType t : values()) {
            BY_CODE[t.code] = t;
        }
    }

    private final int code;
    private final String mpiName;
    private final Class<?> arrayClass;
    private final Class<? extends Buffer> bufferClass;
    private final int bytes;

    BaseType(int code, String mpiName, Class<?> arrayClass, Class<? extends Buffer> bufferClass, int bytes) {
        this.code = code;
        this.mpiName = mpiName;
        this.arrayClass = arrayClass;
        this.bufferClass = bufferClass;
        this.bytes = bytes;
    }

    /** The base type of a binding code; the pair and complex types are byte based (null if unknown). */
    public static BaseType ofCode(int code) {
        if (code >= 10 && code <= 16) {
            return BYTE;
        }
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    public String mpiName() {
        return mpiName;
    }

    public int bytes() {
        return bytes;
    }

    /** What a buffer of this base type must be, for messages. */
    public String javaTypes() {
        return arrayClass == null ? "none" : arrayClass.getSimpleName() + " or " + bufferClass.getSimpleName();
    }

    /** True when {@code buf} (an array or a Buffer) holds elements of this base type. */
    public boolean accepts(Object buf) {
        if (arrayClass == null) {
            return false;
        }
        if (buf instanceof Buffer) {
            return bufferClass.isInstance(buf);
        }
        return buf.getClass() == arrayClass;
    }

    /**
     * Whether an array of {@code available} elements of {@code elementBytes} bytes each
     * holds {@code needed} elements of this type as the binding copies them when the two
     * types differ: HotSpot checks the count against the array's length in its own
     * elements (else ArrayIndexOutOfBoundsException), and the bytes must lie inside it.
     */
    public boolean fitsInForeignArray(long needed, int available, int elementBytes) {
        return needed <= available && needed * bytes <= (long) available * elementBytes;
    }

    /** True for the objects the bindings accept as a buffer at all: primitive arrays and NIO buffers. */
    public static boolean isBufferObject(Object buf) {
        return buf instanceof Buffer || (buf.getClass().isArray() && buf.getClass().getComponentType().isPrimitive());
    }

    /** Bytes of one element of an array or buffer object (1 for byte and boolean). */
    public static int elementBytes(Object buf) {
        if (buf instanceof ByteBuffer || buf instanceof byte[] || buf instanceof boolean[]) {
            return 1;
        }
        if (buf instanceof CharBuffer || buf instanceof ShortBuffer || buf instanceof char[] || buf instanceof short[]) {
            return 2;
        }
        if (buf instanceof LongBuffer || buf instanceof DoubleBuffer || buf instanceof long[] || buf instanceof double[]) {
            return 8;
        }
        return 4;
    }

    /**
     * Elements a buffer object offers to the binding: an array's length, a buffer's capacity (the
     * binding starts at the buffer's first element and ignores its position).
     */
    public static int elementsAvailable(Object buf) {
        if (buf instanceof Buffer b) {
            return b.capacity();
        }
        return java.lang.reflect.Array.getLength(buf);
    }
}

package org.mpiguard.adapter.args;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * How many items a receive delivered, as {@code status.getCount(type)} (MPI_Get_count)
 * answers, without its JNI call: the binding keeps the status's byte count in a protected
 * array of the Status (read here through a VarHandle), and a datatype's size in bytes is
 * asked of MPI once and kept in a small cache. The checks after every blocking receive
 * into an array need the count; plain MPI would not make that call (issue 18).
 * Falls back to getCount when the field cannot be read or the type's size is 0.
 */
public final class ReceivedCounts {

    /** Index of the byte count in Status.data: source, tag, error, cancelled, count, ... */
    private static final int BYTES = 4;
    private static final VarHandle DATA;
    /** Datatype.baseSize: the bytes of one element the binding's getSize counts in. */
    private static final VarHandle BASE_SIZE;
    private static final int SLOTS = 16;
    /** Direct-mapped by identity: a type and its size together, so a reader never mixes two. */
    private static final Size[] SIZES = new Size[SLOTS];

    private record Size(Datatype type, long bytes) {
    }

    static {
        DATA = field(Status.class, "data", long[].class);
        BASE_SIZE = field(Datatype.class, "baseSize", int.class);
    }

    private static VarHandle field(Class<?> owner, String name, Class<?> type) {
        try {
            return MethodHandles.privateLookupIn(owner, MethodHandles.lookup()).findVarHandle(owner, name, type);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private ReceivedCounts() {
    }

    /** Items of {@code type} the status says arrived; MPI.UNDEFINED when not a whole number of them. */
    public static int count(Status status, Datatype type) throws MPIException {
        long bytes = receivedBytes(status);
        long size = bytes < 0 ? 0 : sizeBytes(type);
        if (size <= 0) {
            return status.getCount(type);
        }
        long items = bytes / size;
        return items * size != bytes || items >= Integer.MAX_VALUE ? MPI.UNDEFINED : (int) items;
    }

    /** The bytes the status says arrived; -1 when the binding's field cannot be read. */
    static long receivedBytes(Status status) {
        if (DATA == null) {
            return -1;
        }
        long[] data = (long[]) DATA.get(status);
        return data != null && data.length > BYTES ? data[BYTES] : -1;
    }

    /** MPI_Type_size of {@code type}, asked once per type kept in the cache. */
    static long sizeBytes(Datatype type) throws MPIException {
        int slot = System.identityHashCode(type) & (SLOTS - 1);
        Size cached = SIZES[slot];
        if (cached != null && cached.type == type) {
            return cached.bytes;
        }
        int baseSize = BASE_SIZE == null ? 0 : (int) BASE_SIZE.get(type);
        if (baseSize <= 0) {
            return -1;
        }
        // the binding's getSize divides MPI's byte size by its base size
        long bytes = (long) type.getSize() * baseSize;
        SIZES[slot] = new Size(type, bytes);
        return bytes;
    }
}

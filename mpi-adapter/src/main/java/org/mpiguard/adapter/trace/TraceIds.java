package org.mpiguard.adapter.trace;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.adapter.shadow.DatatypeShadow;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.core.collective.CommIdentity;
import org.mpiguard.core.trace.TraceRecorder;

/**
 * What the trace calls MPI objects by, read from their shadows (computed once, never per
 * call): a communicator's identity and its ranks as world ranks, a datatype's signature id
 * (a predefined type's binding code; a derived type's defined at commit).
 */
public final class TraceIds {

    private static final VarHandle BASE_TYPE = datatypeField("baseType");
    private static final VarHandle BASE_SIZE = datatypeField("baseSize");

    private TraceIds() {
    }

    /** The communicator's identity as every member knows it; 0 for one the checker did not see made. */
    public static long comm(Object comm) {
        CommIdentity identity = Shadows.identity(comm);
        return identity == null ? 0 : identity.id();
    }

    /** A peer rank of {@code comm} as a world rank; wildcards and PROC_NULL as the trace writes them. */
    public static int peer(Object comm, int peer) {
        if (peer == MPI.ANY_SOURCE) {
            return TraceRecorder.ANY;
        }
        if (peer == MPI.PROC_NULL) {
            return TraceRecorder.PROC_NULL;
        }
        CommIdentity identity = Shadows.identity(comm);
        return identity == null || peer < 0 || peer >= identity.size() ? peer : identity.worldRank(peer);
    }

    public static int tag(int tag) {
        return tag == MPI.ANY_TAG ? TraceRecorder.ANY : tag;
    }

    /** The signature id of {@code type}: its binding code if predefined, the id defined at its commit if derived. */
    public static int signature(Datatype type) {
        if (type == null) {
            return 0;
        }
        DatatypeShadow shadow = Shadows.datatype(type, false);
        if (shadow != null && shadow.traceSignature() != 0) {
            return shadow.traceSignature();
        }
        return BASE_TYPE == null ? 0 : (int) BASE_TYPE.get(type);
    }

    /**
     * A derived type was committed: its signature is defined once. The bindings build every
     * derived type over one base type (a Java buffer is an array of one primitive type) and
     * give its size and extent in base elements, so the signature is that base type
     * repeated size times.
     */
    public static void committed(TraceRecorder recorder, Datatype type) throws MPIException {
        if (BASE_TYPE == null || BASE_SIZE == null) {
            return;
        }
        int base = (int) BASE_TYPE.get(type);
        long baseBytes = Math.max(1, (int) BASE_SIZE.get(type));
        int elements = type.getSize();
        int id = recorder.defineSignature(new int[] {base}, new long[] {elements}, elements * baseBytes,
                type.getExtent() * baseBytes);
        Shadows.datatype(type, true).traceSignature(id);
    }

    private static VarHandle datatypeField(String name) {
        try {
            return MethodHandles.privateLookupIn(Datatype.class, MethodHandles.lookup())
                    .findVarHandle(Datatype.class, name, int.class);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }
}

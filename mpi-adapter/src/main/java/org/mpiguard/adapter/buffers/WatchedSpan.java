package org.mpiguard.adapter.buffers;

import mpi.Datatype;
import mpi.MPIException;
import org.mpiguard.adapter.args.Datatypes;
import org.mpiguard.core.args.BaseType;

/** What the buffer watch asks of a datatype: how many bytes of a buffer a call touches. */
public final class WatchedSpan {

    private WatchedSpan() {
    }

    /**
     * The bytes {@code count} elements of {@code type} cover (the bindings measure extents
     * in elements of the base type); 0 (nothing watched) if MPI cannot say, since a rule's
     * MPIException would reach the program.
     */
    public static long bytes(Object type, int count) {
        Datatype t = (Datatype) type;
        try {
            BaseType base = Datatypes.baseType(t);
            return Datatypes.span(t, count) * (base == null ? 1 : base.bytes());
        } catch (MPIException e) {
            return 0;
        }
    }
}

package org.mpiguard.adapter.shadow;

/**
 * A derived datatype, from its creation (uncommitted) to commit and free; predefined
 * types have no shadow unless the program frees one (they are always committed).
 */
public final class DatatypeShadow extends Shadow {

    private volatile boolean committed;
    /** Its size in the binding's base units, read from MPI once (a derived type cannot change); -1 until then. */
    private volatile int size = -1;
    /** The id of its type signature in this rank's trace, defined once at commit; 0 until then. */
    private volatile int traceSignature;

    DatatypeShadow(Object type, int site, int rank, boolean committed) {
        super(type, site, rank);
        this.committed = committed;
    }

    public boolean committed() {
        return committed;
    }

    public int traceSignature() {
        return traceSignature;
    }

    public void traceSignature(int id) {
        traceSignature = id;
    }

    /** The type's size, read by JNI the first time only (Datatype.getSize asks MPI on every call). */
    public int size(mpi.Datatype type) throws mpi.MPIException {
        int known = size;
        if (known < 0) {
            known = type.getSize();
            size = known;
        }
        return known;
    }

    void commit() {
        committed = true;
    }
}

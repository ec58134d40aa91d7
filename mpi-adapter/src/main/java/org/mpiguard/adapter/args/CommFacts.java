package org.mpiguard.adapter.args;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import mpi.Comm;
import mpi.Intercomm;
import mpi.MPIException;

/**
 * What the argument checks ask of a communicator on every call (its size, this rank's
 * rank in it, whether it is an intercommunicator, the group a point-to-point call
 * addresses), read from MPI once per communicator instead of by four JNI calls per
 * call. They cannot change while the communicator's handle stays the same, so an entry
 * is valid for the same Comm object with the same handle value; a freed communicator
 * gets MPI's null handle and so a new entry (the checks refuse it before asking).
 *
 * <p>The cache is direct-mapped by identity hash: a lookup is a field read, a hash and
 * two compares, with no lock and no allocation; a miss makes one immutable entry, so a
 * racing reader sees either the old entry or a whole new one. 256 entries bound memory
 * (a program using more communicators at once only misses more).
 */
public final class CommFacts {

    private static final int SLOTS = 256;
    private static final VarHandle HANDLE = handleField();
    private static final CommFacts[] CACHE = new CommFacts[SLOTS];

    private final Comm comm;
    private final long handle;
    private final boolean inter;
    private final int size;
    private final int rank;
    private final int peerCount;

    private CommFacts(Comm comm, long handle) throws MPIException {
        this.comm = comm;
        this.handle = handle;
        this.inter = comm.isInter();
        this.size = comm.getSize();
        this.rank = comm.getRank();
        this.peerCount = inter ? ((Intercomm) comm).getRemoteSize() : size;
    }

    /** The facts of a usable (not null, not freed) communicator. */
    public static CommFacts of(Comm comm) throws MPIException {
        if (HANDLE == null) {
            return new CommFacts(comm, 0); // the field could not be read: ask MPI every time
        }
        long handle = (long) HANDLE.get(comm);
        int slot = System.identityHashCode(comm) & (SLOTS - 1);
        CommFacts facts = CACHE[slot];
        if (facts != null && facts.comm == comm && facts.handle == handle) {
            return facts;
        }
        facts = new CommFacts(comm, handle);
        CACHE[slot] = facts;
        return facts;
    }

    public boolean inter() {
        return inter;
    }

    /** The local group's size. */
    public int size() {
        return size;
    }

    /** This rank's rank in the local group. */
    public int rank() {
        return rank;
    }

    /** Ranks a point-to-point call may address: the remote group's size on an intercommunicator. */
    public int peerCount() {
        return peerCount;
    }

    private static VarHandle handleField() {
        try {
            return MethodHandles.privateLookupIn(Comm.class, MethodHandles.lookup())
                    .findVarHandle(Comm.class, "handle", long.class);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }
}

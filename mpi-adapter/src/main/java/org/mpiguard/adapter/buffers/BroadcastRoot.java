package org.mpiguard.adapter.buffers;

import mpi.Comm;
import mpi.MPIException;
import org.mpiguard.core.MpiFailure;

/** What the buffer watch asks of a broadcast's communicator: whether this rank sends from the buffer. */
public final class BroadcastRoot {

    private BroadcastRoot() {
    }

    /** Whether this rank is {@code root} of {@code comm} (one JNI call). */
    public static boolean isThisRank(Object comm, int root) throws MpiFailure {
        try {
            return ((Comm) comm).getRank() == root;
        } catch (MPIException e) {
            throw new MpiFailure(e);
        }
    }
}

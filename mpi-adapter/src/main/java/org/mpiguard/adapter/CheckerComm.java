package org.mpiguard.adapter;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * The checker's own duplicate of COMM_WORLD, made once at Init by the first part that needs
 * it (the watchdogs' endpoint exchange, the findings printed once at Finalize) and freed in
 * Finalize. One duplicate instead of one per part: each costs every rank a collective at
 * Init. Every rank runs with the job's options, so every rank makes it, or none.
 */
public final class CheckerComm {

    private static Intracomm comm;

    private CheckerComm() {
    }

    /** The duplicate, made on first use (a collective: every rank asks at the same point). */
    public static synchronized Intracomm get() throws MPIException {
        if (comm == null) {
            comm = MPI.COMM_WORLD.dup();
        }
        return comm;
    }

    /** In Finalize, after its last use; fails open. */
    static synchronized void free() {
        Intracomm c = comm;
        comm = null;
        if (c == null) {
            return;
        }
        try {
            c.free();
        } catch (MPIException | RuntimeException e) {
            // the job is ending: a duplicate left unfreed is MPI.Finalize's to reclaim
        }
    }
}

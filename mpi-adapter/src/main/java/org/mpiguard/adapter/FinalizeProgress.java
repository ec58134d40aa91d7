package org.mpiguard.adapter;

import mpi.MPI;
import mpi.MPIException;

/**
 * Keeps MPI progressing on a rank whose program thread waits in the checker's Finalize.
 * Open MPI's own Finalize progresses while it waits for the other ranks, and one-sided
 * traffic needs that: a window target that has reached Finalize must still answer the lock
 * and accumulate requests of ranks that have not (Open MPI's point-to-point one-sided
 * component handles them only inside the target's MPI calls). The watchdogs talk over
 * sockets, so the checker's wait alone would leave such an origin spinning for ever, and
 * a correct program would hang under the agent. The probe runs on the program's own thread
 * (the thread level it asked for) on the checker's duplicate of COMM_WORLD, where no
 * message is ever sent after Init, so it never touches the program's messages.
 */
final class FinalizeProgress implements Runnable {

    private boolean failed;

    @Override
    public void run() {
        if (failed) {
            return;
        }
        try {
            CheckerComm.get().iProbe(MPI.ANY_SOURCE, MPI.ANY_TAG);
        } catch (MPIException | RuntimeException e) {
            failed = true;   // fail open: the wait goes on without driving progress
        }
    }
}

package org.mpiguard.programs.transparency;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;

/**
 * Ends MPI on an error path and then, as the OSU benchmarks do, still posts a send and a
 * barrier; the binding refuses both itself (MPIException "MPI is finalized."), and the
 * program prints each trace. Under the checker: an env.after-finalize warning per call, and
 * the same traces, thrown by the binding's own check of the call the program made, not by a
 * query the checker made of an MPI that is gone. The harness must call it warned.
 */
public final class CallAfterFinalizeTrace {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int peer = MPI.COMM_WORLD.getRank() ^ 1;
        IntBuffer data = MPI.newIntBuffer(4);
        MPI.Finalize();
        try {
            MPI.COMM_WORLD.iSend(data, 4, MPI.INT, peer, 0);
        } catch (MPIException refused) {
            refused.printStackTrace(System.out);
        }
        try {
            MPI.COMM_WORLD.barrier();
        } catch (MPIException refused) {
            refused.printStackTrace(System.out);
        }
    }
}

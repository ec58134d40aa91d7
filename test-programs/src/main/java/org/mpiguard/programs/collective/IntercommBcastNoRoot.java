package org.mpiguard.programs.collective;

import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy, and a hang MPIGuard does not explain yet: both groups of an intercommunicator call
 * bcast with root 0, so every rank waits to receive and no rank passes MPI.ROOT (the sending
 * group's root must, its other members MPI.PROC_NULL). The deadlock model counts a collective
 * every member entered as arrived; what `mpiguard check` must then say is that the run hung
 * until its budget.
 */
public final class IntercommBcastNoRoot {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int color = rank % 2;
        Intracomm local = MPI.COMM_WORLD.split(color, rank);
        Intercomm inter = MPI.COMM_WORLD.createIntercomm(local, 0, 1 - color, 9);
        int[] value = {color == 0 && local.getRank() == 0 ? 123 : 0};
        inter.bcast(value, 1, MPI.INT, 0);
        System.out.println("rank " + rank + " got " + value[0]);
        inter.free();
        local.free();
        MPI.Finalize();
    }
}

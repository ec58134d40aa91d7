package org.mpiguard.programs.collective;

import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Buggy: both groups of an intercommunicator call bcast with root 0, so every rank waits to
 * receive and no rank passes MPI.ROOT (the sending group's root must, its other members
 * MPI.PROC_NULL). The deadlock model counts a collective every member entered as arrived, so
 * it proves no deadlock; after the stall timeout every rank waiting inside MPI is one
 * {@code stall} warning naming each wait (WAIT-SITE), and {@code mpiguard check} says the run
 * hung until its budget. With the argument {@code rooted} (the correct twin) group 0's rank 0
 * passes MPI.ROOT, the rest of group 0 MPI.PROC_NULL, and group 1 the root's rank 0.
 */
public final class IntercommBcastNoRoot {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int color = rank % 2;
        Intracomm local = MPI.COMM_WORLD.split(color, rank);
        Intercomm inter = MPI.COMM_WORLD.createIntercomm(local, 0, 1 - color, 9);
        int[] value = {color == 0 && local.getRank() == 0 ? 123 : 0};
        int root = 0;
        if (args.length > 0 && args[0].equals("rooted") && color == 0) {
            root = local.getRank() == 0 ? MPI.ROOT : MPI.PROC_NULL;
        }
        inter.bcast(value, 1, MPI.INT, root); // WAIT-SITE
        System.out.println("rank " + rank + " got " + value[0]);
        inter.free();
        local.free();
        MPI.Finalize();
    }
}

package org.mpiguard.programs.args;

import mpi.Comm;
import mpi.MPI;

/**
 * A halo loop on two ranks that receives from MPI.PROC_NULL into an array every
 * iteration after a real message has been received: the binding hazard recurs 2,000
 * times at one line, and must be said once per rank, not 2,000 times.
 */
public class HazardInALoop {

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Comm comm = MPI.COMM_WORLD;
        int rank = comm.getRank();
        int other = 1 - rank;
        double[] row = new double[16];
        double[] ghost = new double[16];
        for (int step = 0; step < 2_000; step++) {
            row[0] = step;
            comm.sendRecv(row, 16, MPI.DOUBLE, other, 1, ghost, 16, MPI.DOUBLE, other, 1);
            ghost[0] = -1;
            comm.recv(ghost, 16, MPI.DOUBLE, MPI.PROC_NULL, 0); // HAZARD-SITE
        }
        System.out.println("RESULT last " + ghost[0]);
        MPI.Finalize();
    }
}

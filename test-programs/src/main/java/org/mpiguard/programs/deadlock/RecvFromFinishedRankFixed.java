package org.mpiguard.programs.deadlock;

import mpi.MPI;
import mpi.MPIException;

/** Correct twin of {@link RecvFromFinishedRank}: rank 0 sends every rank its work first. */
public final class RecvFromFinishedRankFixed {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        double[] work = new double[4];
        if (rank == 0) {
            for (int r = 1; r < size; r++) {
                java.util.Arrays.fill(work, r * 0.5);
                MPI.COMM_WORLD.send(work, work.length, MPI.DOUBLE, r, 11);
            }
        } else {
            MPI.COMM_WORLD.recv(work, work.length, MPI.DOUBLE, 0, 11);
        }
        double[] total = new double[1];
        MPI.COMM_WORLD.reduce(new double[] {work[0] + work[3]}, total, 1, MPI.DOUBLE, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println("total work handed out: " + total[0]);
        }
        MPI.Finalize();
    }
}

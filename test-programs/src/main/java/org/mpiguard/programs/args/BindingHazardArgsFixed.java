package org.mpiguard.programs.args;

import java.util.Arrays;
import mpi.Comm;
import mpi.MPI;
import mpi.Status;

/**
 * The twin of {@link BindingHazardArgs}: receives with the count that arrives, and no
 * receive from MPI.PROC_NULL into an array whose content matters. Silent.
 */
public class BindingHazardArgsFixed {

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Comm comm = MPI.COMM_WORLD;
        int rank = comm.getRank();
        int left = rank == 0 ? MPI.PROC_NULL : rank - 1;
        if (rank == 0) {
            comm.send(new int[] {11, 12, 13, 14}, 4, MPI.INT, 1, 2);
            comm.send(new int[] {7}, 1, MPI.INT, 1, 3);
        } else {
            int[] full = new int[4];
            comm.recv(full, 4, MPI.INT, 0, 2);
            Status s = comm.probe(0, 3);
            int[] exact = {-1, -1, -1, -1};
            comm.recv(exact, s.getCount(MPI.INT), MPI.INT, 0, 3);
            System.out.println("RESULT exact " + Arrays.toString(exact));
        }
        double[] boundary = {-7.0};
        if (left != MPI.PROC_NULL) {
            comm.recv(boundary, 1, MPI.DOUBLE, left, 0);
        } else {
            comm.send(new double[] {1.0}, 1, MPI.DOUBLE, 1, 0);
        }
        comm.barrier();
        MPI.Finalize();
    }
}

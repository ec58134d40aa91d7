package org.mpiguard.bench.kernels;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * A ring exchange with an allReduce every tenth round, then rank 0 times its own
 * {@code MPI.Finalize}: with traces on, the end-of-run analysis runs inside it, so this is
 * what a traced job's Finalize costs beyond an untraced one's ({@code scripts/end-of-run.sh}).
 */
public final class FinalizeTimer {

    private FinalizeTimer() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] out = new int[64];
        IntBuffer in = MPI.newIntBuffer(64);
        double[] sum = new double[1];
        for (int round = 0; round < 300; round++) {
            Request r = MPI.COMM_WORLD.iRecv(in, 64, MPI.INT, (rank - 1 + size) % size, 0);
            MPI.COMM_WORLD.send(out, 64, MPI.INT, (rank + 1) % size, 0);
            r.waitFor();
            if (round % 10 == 0) {
                MPI.COMM_WORLD.allReduce(sum, 1, MPI.DOUBLE, MPI.SUM);
            }
        }
        MPI.COMM_WORLD.barrier();
        long start = System.nanoTime();
        MPI.Finalize();
        if (rank == 0) {
            System.out.println("finalize-ms " + (System.nanoTime() - start) / 1_000_000);
        }
    }
}

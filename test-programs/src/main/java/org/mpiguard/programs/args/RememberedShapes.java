package org.mpiguard.programs.args;

import static org.mpiguard.programs.args.Refused.expect;

import mpi.Intracomm;
import mpi.MPI;

/**
 * The argument checks remember a call site's last valid arguments, an array by its element
 * type and length, so a loop that allocates its small buffers per call (as real code does:
 * {@code double[] sum = {local}; allReduce(sum, ...)}) is checked once. What the checks ask of
 * an array must still be asked: both ranks make the same calls with fresh arrays for two
 * rounds (valid, remembered), then, from the same sites, pass one array as both buffers of
 * allReduce and a receive array too short for the count: refused, under on-error=continue, at
 * the sites' lines. With {@code fixed} the third round is like the others: silent.
 */
public class RememberedShapes {

    public static void main(String[] args) throws Exception {
        run(args, false);
    }

    static void run(String[] args, boolean fixed) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int peer = 1 - rank;
        double total = 0;
        for (int round = 0; round < 3; round++) {
            boolean wrong = round == 2 && !fixed;
            double[] sum = {rank + round};
            double[] result = wrong ? sum : new double[1];
            expect(wrong, () -> world.allReduce(sum, result, 1, MPI.DOUBLE, MPI.SUM)); // CHECK: inplace.aliased Comm.allReduce recvbuf
            double[] out = {rank, round, 1, 2};
            double[] in = new double[wrong ? 2 : 4];
            expect(wrong, () -> world.sendRecv(out, 4, MPI.DOUBLE, peer, 5, in, 4, MPI.DOUBLE, peer, 5)); // CHECK: buf.overflow Comm.sendRecv recvbuf
            total += result[0] + in[0];
        }
        System.out.println("refused " + Refused.count());
        System.out.println("total " + total);
        MPI.Finalize();
    }
}

package org.mpiguard.programs.demo;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;

/**
 * The deep check's demo (3 ranks): a master collects one result from each of two workers.
 * Run plainly, it prints the right sum and exits 0 every time; its bugs lie in the schedules
 * this machine does not take, so only {@code mpiguard check} finds them all:
 * <ul>
 * <li>the workers swap their seeds with a send each before the receive: Open MPI buffers the
 *     small messages, but MPI does not promise it (a predicted deadlock, from the traces);
 * <li>the master takes the first result from {@code MPI.ANY_SOURCE}, then the one of rank 2:
 *     rank 2 is slower here, but had its result come first the second receive would wait
 *     forever (a message race the analysis reports and a replay confirms as a deadlock);
 * <li>a duplicated communicator is never freed (a leak the run reports at Finalize).
 * </ul>
 * With argument {@code twin} the seeds are swapped with {@code sendRecv}, the second receive
 * takes whichever result is left (the sum is the same in either order), and the communicator
 * is freed: the race remains, harmless (a warning the replay shows changes nothing).
 */
public final class WorkerResults {

    private static final int SEED = 3;
    private static final int RESULT = 5;

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        boolean twin = args.length > 0 && args[0].equals("twin");
        int rank = MPI.COMM_WORLD.getRank();
        Comm scratch = MPI.COMM_WORLD.dup(); // LEAK-SITE
        int[] seed = {rank * 7};
        int[] peerSeed = new int[1];
        if (rank == 1 || rank == 2) {
            int peer = 3 - rank;
            if (twin) {
                MPI.COMM_WORLD.sendRecv(seed, 1, MPI.INT, peer, SEED, peerSeed, 1, MPI.INT, peer, SEED);
            } else {
                MPI.COMM_WORLD.send(seed, 1, MPI.INT, peer, SEED); // PREDICTED-SITE
                MPI.COMM_WORLD.recv(peerSeed, 1, MPI.INT, peer, SEED);
            }
        }
        int[] result = {seed[0] + peerSeed[0]};
        if (rank == 0) {
            int[] first = new int[1];
            int[] second = new int[1];
            MPI.COMM_WORLD.recv(first, 1, MPI.INT, MPI.ANY_SOURCE, RESULT); // RACE-SITE
            int other = twin ? MPI.ANY_SOURCE : 2;
            MPI.COMM_WORLD.recv(second, 1, MPI.INT, other, RESULT); // SECOND-RECV
            System.out.println("sum of the results: " + (first[0] + second[0]));
        } else if (rank <= 2) {
            if (rank == 2) {
                Thread.sleep(1000); // rank 2 computes longer here: its result comes second
            }
            MPI.COMM_WORLD.send(result, 1, MPI.INT, 0, RESULT);
        }
        if (twin) {
            scratch.free();
        }
        MPI.Finalize();
    }
}

package org.mpiguard.programs.predict;

import mpi.MPI;
import mpi.MPIException;

/**
 * Monte Carlo estimate of pi, master and workers (the seed's Monte). Buggy under zero
 * buffering: the master hands out the next round's work before it collects this round's
 * results, while each worker sends its result before it takes more work; eager delivery of
 * the small result hides the head-to-head exchange. Expected: predicted-deadlock under zero
 * buffering (master at PREDICT:monte-next-work, a worker at PREDICT:monte-result), none
 * under infinite buffering.
 */
public final class Monte {
    static final int ROUNDS = 25;
    static final int WORK = 1;
    static final int RESULT = 2;
    static final int SAMPLES = 2_000;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        long[] seed = new long[1];
        long[] hits = new long[1];
        if (rank == 0) {
            long total = 0;
            for (int w = 1; w < size; w++) {
                seed[0] = w;
                MPI.COMM_WORLD.send(seed, 1, MPI.LONG, w, WORK); // PREDICT:monte-first-work
            }
            for (int round = 1; round <= ROUNDS; round++) {
                for (int w = 1; w < size; w++) {
                    seed[0] = round == ROUNDS ? -1 : (long) round * size + w;
                    MPI.COMM_WORLD.send(seed, 1, MPI.LONG, w, WORK); // PREDICT:monte-next-work
                }
                for (int w = 1; w < size; w++) {
                    MPI.COMM_WORLD.recv(hits, 1, MPI.LONG, MPI.ANY_SOURCE, RESULT); // PREDICT:monte-collect
                    total += hits[0];
                }
            }
            System.out.println("pi ~ " + 4.0 * total / ((double) SAMPLES * ROUNDS * (size - 1)));
        } else {
            MPI.COMM_WORLD.recv(seed, 1, MPI.LONG, 0, WORK); // PREDICT:monte-first-take
            while (seed[0] >= 0) {
                hits[0] = sample(seed[0]);
                MPI.COMM_WORLD.send(hits, 1, MPI.LONG, 0, RESULT); // PREDICT:monte-result
                MPI.COMM_WORLD.recv(seed, 1, MPI.LONG, 0, WORK); // PREDICT:monte-take
            }
        }
        MPI.Finalize();
    }

    static long sample(long seed) {
        java.util.Random random = new java.util.Random(seed);
        long in = 0;
        for (int i = 0; i < SAMPLES; i++) {
            double x = random.nextDouble();
            double y = random.nextDouble();
            in += x * x + y * y <= 1 ? 1 : 0;
        }
        return in;
    }
}

package org.mpiguard.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.programs.demo.HaloExchange;

/**
 * MPI tests that must fail, run only by {@link MpiTestExtensionTest} through the JUnit
 * launcher (the build's test run leaves out classes not named *Test).
 */
class PlantedBugs {

    /** The halo exchange with its receive-before-send bug: every rank waits for its left neighbour. */
    @MpiTest(ranks = 2, init = false, timeoutSeconds = 60)
    void haloExchangeWithTheBugPlanted() throws MPIException {
        HaloExchange.main(new String[0]);
    }

    @MpiTest(ranks = 2, timeoutSeconds = 60)
    void rankOneDisagrees() throws MPIException {
        int rank = MPI.COMM_WORLD.getRank();
        int[] sum = new int[1];
        MPI.COMM_WORLD.allReduce(new int[] {rank}, sum, 1, MPI.INT, MPI.SUM);
        assertEquals(rank == 1 ? 42 : 1, sum[0], "the sum of the ranks");
    }

    /** Correct code: the deadlock this test expects is not there. */
    @MpiTest(ranks = 2, timeoutSeconds = 60, expect = FindingKind.DEADLOCK)
    void expectsADeadlockThatIsNotThere() throws MPIException {
        MPI.COMM_WORLD.barrier();
    }

    /** Rank 0 never sends what rank 1 waits for: it computes (sleeps) outside MPI past the time limit. */
    @MpiTest(ranks = 2, timeoutSeconds = 12, options = "stall-timeout=2s")
    void rankZeroNeverComesBack() throws MPIException, InterruptedException {
        if (MPI.COMM_WORLD.getRank() == 0) {
            Thread.sleep(600_000);
        }
        MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, 0, 0); // STALL-SITE
    }
}

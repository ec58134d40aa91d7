package org.mpiguard.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.programs.demo.HaloExchange;
import org.mpiguard.programs.demo.HaloExchangeFixed;

/**
 * MPI tests of this project's code written as a user writes them: each method runs on two
 * ranks under mpirun with the MPIGuard agent. {@link MpiTestExtensionTest} proves the same
 * tests fail with MPIGuard's finding when a bug is planted ({@link PlantedBugs}).
 */
class HaloExchangeMpiTest {

    @MpiTest(ranks = 2, timeoutSeconds = 60)
    void sendRecvHandsEachRankItsLeftNeighboursValue() throws MPIException {
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int left = (rank + size - 1) % size;
        int[] received = new int[1];
        MPI.COMM_WORLD.sendRecv(new int[] {rank * 10}, 1, MPI.INT, (rank + 1) % size, 0, received, 1, MPI.INT, left, 0);
        assertEquals(left * 10, received[0], "the value rank " + rank + " received from rank " + left);
    }

    /** The program makes its own MPI.Init and Finalize. */
    @MpiTest(ranks = 2, init = false, timeoutSeconds = 60)
    void theDemosFixedHaloExchangeRunsWithoutFindings() throws MPIException {
        HaloExchangeFixed.main(new String[0]);
    }

    /** A test that proves the bug is caught: it passes because MPIGuard reports the deadlock. */
    @MpiTest(ranks = 2, init = false, timeoutSeconds = 60, expect = FindingKind.DEADLOCK)
    void theDemosHaloExchangeIsReportedDeadlocked() throws MPIException {
        HaloExchange.main(new String[0]);
    }
}

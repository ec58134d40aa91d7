package org.mpiguard.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;

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

    /**
     * The body's barrier runs on JUnit's own thread (assertTimeoutPreemptively) while the
     * ranks initialised MPI at the default level: MPIGuard warns of it, which {@code expect} asks for.
     */
    @MpiTest(ranks = 2, timeoutSeconds = 60, expect = FindingKind.INVALID_ARGUMENT)
    void barrierOnJUnitsThreadAtTheDefaultLevel() throws MPIException {
        assertEquals(MPI.THREAD_SINGLE, MPI.queryThread());
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> MPI.COMM_WORLD.barrier()); // THREAD-SITE
    }

    /**
     * The same at THREAD_MULTIPLE: nothing to warn of, so the same {@code expect} fails the test
     * with "it reported nothing" (how {@link MpiTestExtensionTest} proves the warning is gone).
     */
    @MpiTest(ranks = 2, timeoutSeconds = 60, threadLevel = ThreadSupport.MULTIPLE,
            expect = FindingKind.INVALID_ARGUMENT)
    void barrierOnJUnitsThreadAtMultiple() throws MPIException {
        assertEquals(MPI.THREAD_MULTIPLE, MPI.queryThread(), "the ranks' provided thread level");
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> MPI.COMM_WORLD.barrier());
    }

    /** A level with init = false is refused before any job starts. */
    @MpiTest(ranks = 2, init = false, threadLevel = ThreadSupport.MULTIPLE)
    void threadLevelWithoutInit() {
    }
}

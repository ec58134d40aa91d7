package org.mpiguard.adapter.lifecycle;

import org.mpiguard.adapter.DirectExchange;
import java.nio.ByteBuffer;

import java.util.ArrayList;
import java.util.List;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.adapter.CheckerComm;
import org.mpiguard.core.Guard;
import org.mpiguard.core.options.CheckFamily;
import org.mpiguard.core.options.Options;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.SharedFindings;

/**
 * The findings every rank makes at Finalize (leaks, requests left incomplete) on the console
 * once: each rank writes them to its findings file at once but holds them from stderr; when
 * every rank has reached Finalize, rank 0 gathers them over the checker's communicator and prints
 * each finding of one kind at one site once, naming its ranks (docs/finding-ownership.md).
 * Findings made before Finalize, or by another thread meanwhile (a deadlock, an abort), are
 * printed by their rank at once. If the exchange fails, each rank prints its own.
 */
public final class FinalizeConsole {

    /** The checker's communicator when the lifecycle checks are on (made at Init); null otherwise. */
    private static Intracomm comm;
    private static List<Finding> held = List.of();

    private FinalizeConsole() {
    }

    /** After Init, on every rank alike (the options are the job's). */
    public static void start(Options options) {
        if (!options.enabled(CheckFamily.LIFECYCLE)) {
            return;
        }
        try {
            comm = CheckerComm.get();
        } catch (MPIException | RuntimeException e) {
            Guard.fault("making the communicator of the findings at Finalize", e);
        }
    }

    /** Before the checks at Finalize, on the thread that makes them. */
    public static void hold() {
        if (comm != null) {
            Guard.sink().hold();
        }
    }

    /** After the checks at Finalize: what they found waits for {@link #printOnce}. */
    public static void release() {
        if (comm != null) {
            held = Guard.sink().release();
        }
    }

    /** In Finalize, once every rank has reached it: rank 0 prints every rank's held findings merged. */
    public static void printOnce(int rank, int size) {
        List<Finding> mine = held;
        held = List.of();
        Intracomm c = comm;
        comm = null;
        if (c == null) {
            return;
        }
        try {
            byte[] bytes = SharedFindings.encode(mine);
            int[] lengths = DirectExchange.gather(c, bytes.length, 0);
            // Direct buffers: Open MPI 4.1.4's binding sizes its native copy of a heap array in a
            // v-collective wrongly (displs[m] * counts[m]), which corrupts the heap for some counts.
            ByteBuffer send = ByteBuffer.allocateDirect(Math.max(bytes.length, 1)).put(bytes);
            if (rank == 0) {
                int[] displs = new int[size];
                int total = 0;
                for (int r = 0; r < size; r++) {
                    displs[r] = total;
                    total += lengths[r];
                }
                ByteBuffer all = ByteBuffer.allocateDirect(Math.max(total, 1));
                c.gatherv(send, bytes.length, MPI.BYTE, all, lengths, displs, MPI.BYTE, 0);
                List<Finding> every = new ArrayList<>();
                for (int r = 0; r < size; r++) {
                    byte[] one = new byte[lengths[r]];
                    all.get(displs[r], one);
                    every.addAll(SharedFindings.decode(one));
                }
                Guard.sink().print(SharedFindings.merge(every));
            } else {
                c.gatherv(send, bytes.length, MPI.BYTE, 0);
            }
        } catch (MPIException | RuntimeException e) {
            Guard.fault("printing every rank's findings at Finalize once", e);
            Guard.sink().print(mine); // fail open: this rank's own, as before
        }
    }
}

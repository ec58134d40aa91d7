package org.mpiguard.programs.trace;

import java.nio.FloatBuffer;
import java.nio.IntBuffer;

import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;

/**
 * Buggy (type-mismatch through persistent requests): rank 0 sends ints with a persistent
 * send started twice; rank 1 receives floats with a persistent receive started twice
 * (through {@code Prequest.startAll}). Each start posts a message, so the trace pairs the
 * two sends with the two receives and finds ints received as floats. With argument
 * {@code twin} rank 1 receives ints. Run with 2 ranks.
 */
public final class PersistentMismatch {
    static final int N = 4;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean twin = args.length > 0 && args[0].equals("twin");
        int rank = MPI.COMM_WORLD.getRank();
        if (rank == 0) {
            IntBuffer out = MPI.newIntBuffer(N);
            Prequest send = MPI.COMM_WORLD.sendInit(out, N, MPI.INT, 1, 6);
            for (int round = 0; round < 2; round++) {
                out.put(0, round);
                send.start(); // SEND-SITE
                send.waitFor();
            }
            send.free();
        } else if (rank == 1) {
            Prequest recv = twin ? MPI.COMM_WORLD.recvInit(MPI.newIntBuffer(N), N, MPI.INT, 0, 6)
                    : MPI.COMM_WORLD.recvInit(MPI.newFloatBuffer(N), N, MPI.FLOAT, 0, 6);
            for (int round = 0; round < 2; round++) {
                Prequest.startAll(new Prequest[] {recv}); // RECV-SITE
                Request.waitAll(new Request[] {recv});
            }
            recv.free();
        }
        MPI.Finalize();
    }
}

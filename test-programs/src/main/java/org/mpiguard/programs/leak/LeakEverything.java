package org.mpiguard.programs.leak;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import mpi.Comm;
import mpi.Datatype;
import mpi.Group;
import mpi.Info;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Prequest;
import mpi.UserFunction;
import mpi.Win;

/** Every kind of leak MPIGuard reports at Finalize, on 2 ranks; {@link FreeEverything} is its twin. */
public final class LeakEverything {

    static final class Max extends UserFunction {
        @Override
        public void call(Object in, Object inOut, int count, Datatype type) {
            int[] a = (int[]) in;
            int[] b = (int[]) inOut;
            for (int i = 0; i < count; i++) {
                b[i] = Math.max(a[i], b[i]);
            }
        }
    }

    static final java.util.List<Object> KEEP = new java.util.ArrayList<>();

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        for (int i = 0; i < 3; i++) {
            Comm c = MPI.COMM_WORLD.dup(); // LEAK-COMM
            KEEP.add(c);
        }
        Group g = MPI.COMM_WORLD.getGroup(); // LEAK-GROUP
        Datatype pair = Datatype.createContiguous(2, MPI.INT); // LEAK-TYPE
        pair.commit();
        Op max = new Op(new Max(), true); // LEAK-OP
        Info info = new Info(); // LEAK-INFO
        IntBuffer memory = ByteBuffer.allocateDirect(64).asIntBuffer();
        Win win = new Win(memory, 16, 1, MPI.INFO_NULL, MPI.COMM_WORLD); // LEAK-WIN
        IntBuffer out = ByteBuffer.allocateDirect(16).asIntBuffer();
        Prequest p = MPI.COMM_WORLD.sendInit(out, 1, MPI.INT, rank, 9); // LEAK-PREQ
        MPI.attachBuffer(new byte[4096]); // LEAK-BUFFER
        if (rank == 1) {
            MPI.COMM_WORLD.send(new int[] {42}, 1, MPI.INT, 0, 7); // LOST-SEND
        }
        MPI.COMM_WORLD.barrier();
        KEEP.addAll(java.util.List.of(g, pair, max, info, win, p)); // held, not freed (the checker forgets objects the JVM collected)
        System.out.println("rank " + rank + " done");
        MPI.Finalize(); // LOST-MESSAGE
    }
}

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
import mpi.Win;

/** Correct twin of {@link LeakEverything}: every object made is freed, every message received. */
public final class FreeEverything {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        for (int i = 0; i < 3; i++) {
            Comm c = MPI.COMM_WORLD.dup();
            c.free();
        }
        Group g = MPI.COMM_WORLD.getGroup();
        g.free();
        Datatype pair = Datatype.createContiguous(2, MPI.INT);
        pair.commit();
        pair.free();
        Op max = new Op(new LeakEverything.Max(), true);
        max.free();
        Info info = new Info();
        info.free();
        IntBuffer memory = ByteBuffer.allocateDirect(64).asIntBuffer();
        Win win = new Win(memory, 16, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        win.free();
        IntBuffer out = ByteBuffer.allocateDirect(16).asIntBuffer();
        Prequest p = MPI.COMM_WORLD.sendInit(out, 1, MPI.INT, rank, 9);
        p.free();
        MPI.attachBuffer(new byte[4096]);
        MPI.detachBuffer();
        if (rank == 1) {
            MPI.COMM_WORLD.send(new int[] {42}, 1, MPI.INT, 0, 7);
        } else if (rank == 0) {
            MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, 1, 7);
        }
        MPI.COMM_WORLD.barrier();
        System.out.println("rank " + rank + " done");
        MPI.Finalize();
    }
}

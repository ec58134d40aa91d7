package org.mpiguard.programs.lifecycle;

import com.sun.tools.attach.VirtualMachine;
import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Like {@link AttachLate}, with an RMA window: the agent is loaded after the program's
 * classes, so {@code new Win(..)} is not intercepted (the attach path rewrites method calls
 * only). The window's fence epoch must run as without the checker, and the deadlock after
 * it is still found.
 */
public final class AttachLateWindow {

    public static void main(String[] args) throws Exception {
        Ring.touch();
        String pid = String.valueOf(ProcessHandle.current().pid());
        VirtualMachine vm = VirtualMachine.attach(pid);
        try {
            vm.loadAgent(args[0], args.length > 1 ? args[1] : "");
        } finally {
            vm.detach();
        }
        Ring.run(args);
    }

    /** Loaded before the agent is attached. */
    static final class Ring {
        static void touch() {
        }

        static void run(String[] args) throws MPIException {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.getRank();
            int size = MPI.COMM_WORLD.getSize();
            IntBuffer memory = MPI.newIntBuffer(4);
            Win win = new Win(memory, 4, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
            IntBuffer mine = MPI.newIntBuffer(1).put(0, rank);
            win.fence(0);
            win.put(mine, 1, MPI.INT, (rank + 1) % size, 0, 1, MPI.INT);
            win.fence(0);
            System.out.println("rank " + rank + " got " + memory.get(0));
            int[] token = {rank};
            MPI.COMM_WORLD.recv(token, 1, MPI.INT, (rank + 1) % size, 5); // DEADLOCK-SITE
            win.free();
            MPI.Finalize();
        }
    }
}

package org.mpiguard.programs.lifecycle;

import com.sun.tools.attach.VirtualMachine;
import mpi.MPI;
import mpi.MPIException;

/**
 * Loads the agent into itself after its classes are loaded (run with
 * -Djdk.attach.allowAttachSelf=true and the agent jar as first argument), then deadlocks
 * in a class that was loaded before the agent came: only retransformation can catch it.
 */
public final class AttachLate {

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
            int[] token = {rank};
            MPI.COMM_WORLD.recv(token, 1, MPI.INT, (rank + 1) % size, 5); // DEADLOCK-SITE
            MPI.COMM_WORLD.send(token, 1, MPI.INT, (rank + size - 1) % size, 5);
            MPI.Finalize();
        }
    }
}

package org.mpiguard.programs.args;

import static org.mpiguard.programs.args.Refused.expect;

import mpi.MPI;

/**
 * MPI calls before Init and after Finalize, Init and Finalize twice, too early or too late:
 * the binding refuses each itself with an MPIException at the call (measured: "MPI is not
 * initialized.", "MPI is already initialized.", "MPI is finalized."), which the program
 * catches; the checker warns of each at its site and the program runs as without it.
 */
public class EnvironmentArgs {

    public static void main(String[] args) throws Exception {
        expect(() -> MPI.COMM_WORLD.getRank()); // CHECK: env.before-init Comm.getRank MPI state
        expect(() -> MPI.COMM_WORLD.barrier()); // CHECK: env.before-init Comm.barrier MPI state
        expect(() -> MPI.Finalize()); // CHECK: env.finalize-before-init MPI.Finalize MPI state
        MPI.Init(args);
        expect(() -> MPI.Init(args)); // CHECK: env.init-twice MPI.Init MPI state
        expect(() -> MPI.InitThread(args, MPI.THREAD_SINGLE)); // CHECK: env.init-twice MPI.InitThread MPI state
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
        expect(() -> MPI.COMM_WORLD.getRank()); // CHECK: env.after-finalize Comm.getRank MPI state
        expect(() -> MPI.COMM_WORLD.send(new int[1], 1, MPI.INT, 0, 0)); // CHECK: env.after-finalize Comm.send MPI state
        expect(() -> MPI.Finalize()); // CHECK: env.finalize-twice MPI.Finalize MPI state
        expect(() -> MPI.Init(args)); // CHECK: env.init-after-finalize MPI.Init MPI state
        System.out.println("refused " + Refused.count());
    }
}

package org.mpiguard.programs.args;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;

/**
 * A program that asked MPI to return its errors (MPI.ERRORS_RETURN on COMM_WORLD) and
 * tests them on purpose, as MPI test suites do: a destination outside the communicator,
 * a negative count, a predefined op freed. Each call must reach MPI, which throws MPIException
 * with the error class the program checks; the checker only warns, at the marked lines.
 * A call before Init is refused by the binding itself (MPIException), also only warned.
 * Prints "ok" per check on each rank.
 */
public class ReturnedErrors {

    public static void main(String[] args) throws Exception {
        try {
            MPI.COMM_WORLD.getRank(); // RETURNED-SITE
            System.out.println("no exception before Init");
        } catch (MPIException expected) {
            System.out.println("ok before Init");
        }
        MPI.Init(args);
        Comm comm = MPI.COMM_WORLD;
        comm.setErrhandler(MPI.ERRORS_RETURN);
        int[] one = {1};
        expectClass(MPI.ERR_RANK, "dest", () -> comm.send(one, 1, MPI.INT, 99, 0)); // RETURNED-SITE
        expectClass(MPI.ERR_COUNT, "count", () -> comm.send(one, -1, MPI.INT, 0, 0)); // RETURNED-SITE
        expectClass(MPI.ERR_OP, "MPI.SUM freed", () -> MPI.SUM.free()); // RETURNED-SITE
        comm.barrier();
        MPI.Finalize();
    }

    interface Call {
        void run() throws MPIException;
    }

    private static void expectClass(int errorClass, String what, Call call) {
        try {
            call.run();
            System.out.println("no exception for " + what);
        } catch (MPIException e) {
            System.out.println((e.getErrorClass() == errorClass ? "ok " : "wrong class " + e.getErrorClass() + " ")
                    + what);
        }
    }
}

package org.mpiguard.programs.correct;

import mpi.Errhandler;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Correct: a program that keeps the default error handler of COMM_WORLD and of a window
 * (MPI.ERRORS_ARE_FATAL), sets MPI.ERRORS_RETURN, calls the handlers (which return), puts
 * the defaults back, and then calls the communicator's handler on rank 0 on purpose: the
 * fatal default ends the job with that error class as its exit code, as test suites check.
 * The checker gives COMM_WORLD and windows ERRORS_RETURN behind the program's back; the
 * program must still see the defaults it would see without it.
 */
public final class DefaultErrhandler {

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        Errhandler initial = MPI.COMM_WORLD.getErrhandler();
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        MPI.COMM_WORLD.callErrhandler(MPI.ERR_OTHER);
        Win win = new Win(MPI.newIntBuffer(1), 1, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        Errhandler winInitial = win.getErrhandler();
        win.setErrhandler(MPI.ERRORS_RETURN);
        win.callErrhandler(MPI.ERR_WIN);
        win.setErrhandler(winInitial);
        win.free();
        System.out.println("rank " + rank + " came back from the returning handlers");
        System.out.flush();
        MPI.COMM_WORLD.barrier();
        MPI.COMM_WORLD.setErrhandler(initial);
        if (rank == 0) {
            MPI.COMM_WORLD.callErrhandler(MPI.ERR_OTHER);
        }
        MPI.COMM_WORLD.barrier();
        System.out.println("rank " + rank + " was not stopped by the default handler");
        MPI.Finalize();
    }
}

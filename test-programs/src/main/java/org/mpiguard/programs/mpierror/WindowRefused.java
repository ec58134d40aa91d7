package org.mpiguard.programs.mpierror;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;

/**
 * Open MPI 4.1.4 refuses a window of size 0 on MPI.COMM_SELF (MPI_ERR_WIN, raised on the
 * communicator inside the constructor). COMM_SELF has the default handler, so the job ends
 * there with exit code 53 (MPI_ERR_WIN), as test suites expect; the checker, which gives
 * COMM_SELF ERRORS_RETURN, must end it the same way, not hand the program an exception.
 */
public final class WindowRefused {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        System.out.println("rank " + MPI.COMM_WORLD.getRank() + " creates the window");
        System.out.flush();
        MPI.COMM_WORLD.barrier();
        Win win = new Win(MPI.newIntBuffer(0), 0, 1, MPI.INFO_NULL, MPI.COMM_SELF);
        System.out.println("rank " + MPI.COMM_WORLD.getRank() + " was not stopped");
        win.free();
        MPI.Finalize();
    }
}

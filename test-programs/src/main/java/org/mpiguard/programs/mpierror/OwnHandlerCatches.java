package org.mpiguard.programs.mpierror;

import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;

/**
 * A program that chose ERRORS_RETURN itself and catches the truncation, on COMM_WORLD and
 * on a communicator duplicated from it (which inherits the handler): it must run exactly
 * as without the checker.
 */
public final class OwnHandlerCatches {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        Comm dup = MPI.COMM_WORLD.dup();
        int rank = MPI.COMM_WORLD.getRank();
        for (Comm comm : new Comm[] {MPI.COMM_WORLD, dup}) {
            if (rank == 0) {
                comm.send(new int[8], 8, MPI.INT, 1, 5);
            } else if (rank == 1) {
                try {
                    comm.recv(new int[8], 4, MPI.INT, 0, 5);
                    System.out.println("no error");
                } catch (MPIException e) {
                    System.out.println("caught error class " + e.getErrorClass() + " (truncate is " + MPI.ERR_TRUNCATE + ")");
                }
            }
        }
        dup.free();
        MPI.Finalize();
    }
}

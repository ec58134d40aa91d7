package org.mpiguard.programs.correct;

import mpi.MPI;
import mpi.MPIException;

/**
 * Correct: a program that asks MPI for errors to be returned (MPI.ERRORS_RETURN), reads an
 * attribute under a key that was never created, and prints the MPIException's stack trace,
 * as test suites do when they expect a call to fail. The checked call runs through the
 * checker's trampoline; the trace the program prints must still be the binding's frames
 * and then the program's, as without the checker.
 */
public final class ReturnedErrorTrace {

    private static final int NEVER_CREATED_KEY = 12345;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        try {
            MPI.COMM_WORLD.getAttr(NEVER_CREATED_KEY);
            System.out.println("no error returned");
        } catch (MPIException expected) {
            expected.printStackTrace(System.out);
            System.out.println("error class " + expected.getErrorClass() + ", " + expected.getStackTrace().length
                    + " frames");
        }
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_ARE_FATAL);
        MPI.Finalize();
    }
}

package org.mpiguard.advice.lifecycle;

import mpi.Comm;
import mpi.MPIException;
import org.mpiguard.core.MpiFailure;
import mpi.Win;
import org.mpiguard.adapter.lifecycle.ErrorHandlers;

/** Entry points of errors.rules: Open MPI's own errors reported with the Java site (see {@link ErrorHandlers}). */
public final class MpiErrors {

    private MpiErrors() {
    }

    /** After Init and InitThread. */
    public static void initialized() throws MPIException, MpiFailure {
        ErrorHandlers.installAtInit();
    }

    /** Before every window constructor on {@code comm}. */
    public static void creatingWindowOn(Comm comm) {
        ErrorHandlers.creatingWindowOn(comm);
    }

    /** After every window constructor on {@code comm}. */
    public static void windowMade(Win win, Comm comm) throws MPIException, MpiFailure {
        ErrorHandlers.windowMade(win, comm);
    }

    /** After the program's own setErrhandler. */
    public static void chosen(Object handle) {
        ErrorHandlers.chosen(handle);
    }

    /** The real call threw; returns normally when the program is to see the exception. */
    public static void raised(MPIException error, Object handle, int site) {
        try {
            ErrorHandlers.raised(error, handle, site);
        } catch (RuntimeException | LinkageError fault) {
            org.mpiguard.core.Guard.fault("errors.rules: locating an MPI error", fault); // the program still gets its exception
        }
    }
}

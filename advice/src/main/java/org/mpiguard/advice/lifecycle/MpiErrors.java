package org.mpiguard.advice.lifecycle;

import org.mpiguard.core.MpiFailure;
import org.mpiguard.adapter.lifecycle.ErrorHandlers;

/** Entry points of errors.rules: Open MPI's own errors reported with the Java site (see {@link ErrorHandlers}). */
public final class MpiErrors {

    private MpiErrors() {
    }

    /** After Init and InitThread. */
    public static void initialized() throws MpiFailure {
        ErrorHandlers.installAtInit();
    }

    /** Before every window constructor on {@code comm}. */
    public static void creatingWindowOn(Object comm) {
        ErrorHandlers.creatingWindowOn(comm);
    }

    /** After every window constructor on {@code comm}. */
    public static void windowMade(Object win, Object comm) throws MpiFailure {
        ErrorHandlers.windowMade(win, comm);
    }

    /** After the program's own setErrhandler. */
    public static void chosen(Object handle) {
        ErrorHandlers.chosen(handle);
    }

    /**
     * The real call threw {@code error} (the bindings' MPIException); returns normally when
     * the program is to see the exception.
     */
    public static void raised(Exception error, Object handle, int site) {
        try {
            ErrorHandlers.raised(error, handle, site);
        } catch (RuntimeException | LinkageError fault) {
            org.mpiguard.core.Guard.fault("errors.rules: locating an MPI error", fault); // the program still gets its exception
        }
    }
}

package org.mpiguard.advice.lifecycle;

import mpi.MPIException;
import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.adapter.lifecycle.Leaks;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.core.Guard;
import org.mpiguard.core.options.CheckFamily;

/**
 * Entry points of lifecycle.rules: the creation site of every handle the program makes
 * (kept on its shadow), attached buffers, and the leak report before MPI.Finalize
 * ({@link Leaks}). Creation is a cold path (one shadow per object made).
 */
public final class Lifecycle {

    private Lifecycle() {
    }

    private static boolean on() {
        return Guard.options().enabled(CheckFamily.LIFECYCLE) || Guard.options().enabled(CheckFamily.ERRORS);
    }

    /** A communicator made from {@code parent}: its site, and the parent's error handler if the program chose it. */
    public static void commMade(Object parent, Object child, int site) {
        if (on()) {
            Shadows.commMade(parent, child, site);
        }
    }

    /** A group, op, info or datatype made at {@code site}. */
    public static void made(Object handle, int site) {
        if (Guard.options().enabled(CheckFamily.LIFECYCLE)) {
            try {
                Shadows.made(handle, null, site);
            } catch (MPIException e) {
                Guard.fault("recording a new handle", e);
            }
        }
    }

    /** A window made at {@code site} on {@code comm}. */
    public static void windowMade(Object win, Object comm, int site) throws MPIException {
        if (Guard.options().enabled(CheckFamily.LIFECYCLE)) {
            Shadows.made(win, comm, site);
        }
    }

    public static void attached(Object buffer, int site) {
        Leaks.attached(site);
    }

    public static void detached() {
        Leaks.detached();
    }

    /** Before MPI.Finalize: what the program leaves behind. */
    public static void finalizing(int site) {
        if (Guard.options().enabled(CheckFamily.LIFECYCLE) && MpiRuntime.running()) {
            Leaks.atFinalize(site);
        }
    }
}

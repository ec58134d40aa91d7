package org.mpiguard.adapter.args;

import mpi.MPI;

/**
 * Where the process stands in MPI's life, as the environment checks need it: before
 * Init, running, or after Finalize. Moved by after-rules on Init, InitThread and
 * Finalize; the hot path reads one volatile field. When the agent was attached after
 * Init (or the program initialised MPI some way we did not see), MPI itself is asked
 * before anything is reported.
 */
public final class MpiState {

    public static final int BEFORE_INIT = 0;
    public static final int RUNNING = 1;
    public static final int FINALIZED = 2;

    private static volatile int state = BEFORE_INIT;

    private MpiState() {
    }

    public static int state() {
        return state;
    }

    public static boolean running() {
        return state == RUNNING;
    }

    public static void initialized() {
        state = RUNNING;
    }

    public static void finalized() {
        state = FINALIZED;
    }

    /** The state, confirmed with MPI itself (both queries are legal at any time). */
    public static int confirmed() {
        int s = state;
        try {
            if (s == BEFORE_INIT && MPI.isInitialized()) {
                s = MPI.isFinalized() ? FINALIZED : RUNNING;
                state = s;
            }
        } catch (Throwable t) {
            // keep what we saw
        }
        return s;
    }
}

package org.mpiguard.programs.args;

import mpi.MPIException;

/**
 * Runs a call the checker must refuse under on-error=continue: it must throw the
 * MPIException the binding would have thrown, instead of reaching MPI. A call that
 * goes through is announced on stderr, so the test sees it.
 */
final class Refused {

    /** A call that may throw MPIException. */
    interface Call {
        void run() throws MPIException;
    }

    private static int refused;

    private Refused() {
    }

    static void expect(Call call) {
        try {
            call.run();
            System.err.println("NOT REFUSED at " + new Throwable().getStackTrace()[1]);
        } catch (MPIException expected) {
            refused++;
        }
    }

    /**
     * A call that must be refused when {@code refusal} holds and must go through otherwise
     * (the same call site, valid on earlier rounds): a refusal of a valid call is announced.
     */
    static void expect(boolean refusal, Call call) {
        if (refusal) {
            expect(call);
            return;
        }
        try {
            call.run();
        } catch (MPIException wrong) {
            System.err.println("REFUSED A VALID CALL at " + new Throwable().getStackTrace()[1] + ": " + wrong);
        }
    }

    static int count() {
        return refused;
    }
}

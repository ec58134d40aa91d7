package org.mpiguard.advice.args;

import org.mpiguard.core.MpiFailure;
import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.adapter.ThreadLevel;
import org.mpiguard.core.activity.SerializedCalls;
import org.mpiguard.core.Guard;
import org.mpiguard.core.LeftToMpi;

/**
 * Entry points of environment.rules: every call that can reach MPI (the wildcard rule)
 * is checked against the process's place in MPI's life, and Init and Finalize against
 * being made twice, and, below MPI.THREAD_SERIALIZED, against a thread other than Init's, at
 * MPI.THREAD_SERIALIZED against another thread inside a blocking call ({@link OtherThreadCalls}).
 * The hot path is one volatile read, two static reads and a compare.
 */
public final class Environment {

    private Environment() {
    }

    /**
     * Gate of every call declaring MPIException: true when MPI is not running (before Init,
     * after Finalize: Init after Finalize, Finalize twice or before Init too), where the
     * binding refuses the call itself. The trampoline then makes the call alone, so the binding throws its own MPIException at the program's line, with
     * the trace it has without the checker, and no other rule queries an MPI that is not
     * there. Said once per call site as a warning. While MPI runs at a level that binds it to
     * Init's thread, a call from another thread is warned of and made; at MPI.THREAD_SERIALIZED, a
     * call while another thread is inside a blocking one. The hot path is one volatile read, two
     * static reads and a compare (at MPI.THREAD_SERIALIZED a call that reads one volatile more); a fault
     * of the checker keeps the call checked.
     */
    public static boolean refused(int site) {
        if (MpiRuntime.state() == MpiRuntime.RUNNING) {
            Thread only = ThreadLevel.onlyThread();
            if (only != null) {
                if (only != Thread.currentThread()) {
                    OtherThreadCalls.warn(site, only);
                }
            } else if (SerializedCalls.watched()) {
                OtherThreadCalls.besideBlocked(site); // a call, at this level only: the gate stays small
            }
            return false;
        }
        try {
            String op = org.mpiguard.adapter.args.Violations.op(site);
            if (op.equals("MPI.isInitialized") || op.equals("MPI.isFinalized") || op.equals("MPI.getVersion")
                    || op.equals("MPI.getLibVersion")) {
                return false; // MPI allows them at any time
            }
            int state = MpiRuntime.confirmedState();
            boolean init = op.equals("MPI.Init") || op.equals("MPI.InitThread");
            if (state == MpiRuntime.RUNNING || (init && state == MpiRuntime.BEFORE_INIT)) {
                return false;
            }
            if (Checks.on()) {
                warnRefused(site, op, state, init);
            }
            return true;
        } catch (RuntimeException | LinkageError fault) {
            Guard.fault("environment gate", fault);
            return false;
        }
    }

    private static void warnRefused(int site, String op, int state, boolean init) {
        try {
            if (init) {
                Checks.fail(site, "env.init-after-finalize", "MPI state", "finalized",
                        "is wrong for MPI.Init: MPI cannot be initialised again after MPI.Finalize",
                        "MPI.Init exactly once, before MPI.Finalize");
            } else if (op.equals("MPI.Finalize")) {
                if (state == MpiRuntime.FINALIZED) {
                    Checks.fail(site, "env.finalize-twice", "MPI state", "finalized",
                            "is wrong for a second MPI.Finalize", "MPI.Finalize exactly once per process");
                } else {
                    Checks.fail(site, "env.finalize-before-init", "MPI state", "not initialised",
                            "is wrong for MPI.Finalize", "MPI.Init(args) first");
                }
            } else if (state == MpiRuntime.BEFORE_INIT) {
                Checks.fail(site, "env.before-init", "MPI state", "not initialised",
                        "is wrong for " + op + ", which is called before MPI.Init", "call MPI.Init(args) first");
            } else {
                Checks.fail(site, "env.after-finalize", "MPI state", "finalized",
                        "is wrong for " + op + ", which is called after MPI.Finalize", "MPI calls before MPI.Finalize()");
            }
        } catch (MpiFailure | LeftToMpi said) {
            // the warning is said; the binding refuses the call itself
        }
    }

    /** Before MPI.Init and MPI.InitThread while MPI runs (after Finalize, the gate makes the call alone). */
    public static void init(int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        int state = MpiRuntime.confirmedState();
        if (state == MpiRuntime.RUNNING) {
            Checks.fail(site, "env.init-twice", "MPI state", "initialised", "is wrong for a second MPI.Init",
                    "MPI.Init exactly once per process");
        }
    }

    public static void initialized() {
        MpiRuntime.initialized();
    }

    public static void finalized() {
        MpiRuntime.finalized();
    }
}

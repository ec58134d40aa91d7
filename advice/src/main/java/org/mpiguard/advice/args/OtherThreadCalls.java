package org.mpiguard.advice.args;

import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.adapter.ThreadLevel;
import org.mpiguard.adapter.args.Violations;
import org.mpiguard.core.Guard;
import org.mpiguard.core.args.ArgMessages;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.site.CallSites;

/**
 * The cold half of the thread-level check ({@code env.thread-level}): at MPI.THREAD_SINGLE and
 * MPI.THREAD_FUNNELED only the thread that called MPI.Init may call MPI, yet a Java program
 * easily starts threads that do. Open MPI takes no lock at these levels, so two threads in
 * it at once corrupt its state (a crash, a lost or doubled message), and a lone other thread
 * works only as long as nothing calls MPI beside it: latent, so a warning, once per call
 * site, naming the Init that chose the level. The call is made as the program wrote it.
 */
final class OtherThreadCalls {

    static final String CHECK = "env.thread-level";

    private OtherThreadCalls() {
    }

    static void warn(int site, Thread only) {
        try {
            if (!Checks.on()) {
                return;
            }
            String op = Violations.op(site);
            if (anyThreadMay(op) || !Violations.firstWarning(FindingKind.INVALID_ARGUMENT, site, CHECK)) {
                return;
            }
            int init = MpiRuntime.initSite();
            CallSite initCall = CallSites.get(init);
            Violations.warn(FindingKind.INVALID_ARGUMENT, site, ArgMessages.argument(CHECK, op, "thread",
                    "\"" + Thread.currentThread().getName() + "\"",
                    "is not the thread that called " + initCall.op() + " (\"" + only.getName() + "\", at "
                            + initCall.location() + "): at " + ThreadLevel.levelName()
                            + ", the level MPI provided, only that thread may call MPI",
                    "MPI calls on the thread that called MPI.Init; or MPI.InitThread(args, MPI.THREAD_SERIALIZED)"
                            + " when the threads never call MPI at the same time, MPI.THREAD_MULTIPLE when they do"),
                    init);
        } catch (RuntimeException | LinkageError fault) {
            Guard.fault("thread-level check", fault);
        }
    }

    /**
     * Calls that touch no state MPI shares between threads: the queries MPI allows at any time,
     * the thread queries a second thread makes to learn where it stands, and the clock.
     */
    private static boolean anyThreadMay(String op) {
        switch (op) {
            case "MPI.isInitialized", "MPI.isFinalized", "MPI.getVersion", "MPI.getLibVersion", "MPI.queryThread",
                    "MPI.isThreadMain", "MPI.wtime", "MPI.wtick":
                return true;
            default:
                return false;
        }
    }
}

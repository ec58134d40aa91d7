package org.mpiguard.advice.args;

import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.adapter.ThreadLevel;
import org.mpiguard.adapter.args.Violations;
import org.mpiguard.core.Guard;
import org.mpiguard.core.activity.SerializedCalls;
import org.mpiguard.core.activity.ThreadActivity;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.args.ArgMessages;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.site.CallSites;

/**
 * The cold halves of the thread-level checks. {@code env.thread-level}: at MPI.THREAD_SINGLE and
 * MPI.THREAD_FUNNELED only the thread that called MPI.Init may call MPI, yet a Java program
 * easily starts threads that do. Open MPI takes no lock at these levels, so two threads in
 * it at once corrupt its state (a crash, a lost or doubled message), and a lone other thread
 * works only as long as nothing calls MPI beside it: latent, so a warning, once per call
 * site, naming the Init that chose the level. {@code env.thread-overlap}: at
 * MPI.THREAD_SERIALIZED any thread may call, one at a time, and a call made while another
 * thread is inside a blocking call breaks that now (the bracket of the call it is inside says
 * so, {@link org.mpiguard.core.activity.SerializedCalls}); whether it corrupts anything
 * depends on what the two calls touch, so a warning too, naming the call the other thread is
 * inside. MPI.Finalize beside a blocked thread is the lifecycle family's warning. Either way
 * the call is made as the program wrote it.
 */
final class OtherThreadCalls {

    static final String CHECK = "env.thread-level";
    static final String OVERLAP = "env.thread-overlap";

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

    /** Every call at MPI.THREAD_SERIALIZED: warned of when another thread is inside a blocking call now. */
    static void besideBlocked(int site) {
        ThreadActivity inside = SerializedCalls.other(Thread.currentThread());
        if (inside != null) {
            overlap(site, inside);
        }
    }

    /** A call at MPI.THREAD_SERIALIZED while the thread of {@code inside} is inside a blocking call. */
    private static void overlap(int site, ThreadActivity inside) {
        try {
            if (!Checks.on()) {
                return;
            }
            if (Violations.warned(FindingKind.INVALID_ARGUMENT, site, OVERLAP)) {
                return; // said: the site's later overlaps cost a look-up, no snapshot
            }
            String op = Violations.op(site);
            if (anyThreadMay(op) || op.equals("MPI.Finalize")) {
                return; // Finalize beside a blocked thread is the lifecycle family's warning
            }
            ThreadActivity.Snapshot s = new ThreadActivity.Snapshot();
            boolean stillInside = inside.read(s) && s.kind != WaitKind.NONE && s.kind != WaitKind.FINALIZE;
            if (!stillInside || !Violations.firstWarning(FindingKind.INVALID_ARGUMENT, site, OVERLAP)) {
                return;
            }
            CallSite blocked = CallSites.get(s.site);
            Violations.warn(FindingKind.INVALID_ARGUMENT, site, ArgMessages.argument(OVERLAP, op, "thread",
                    "\"" + Thread.currentThread().getName() + "\"",
                    "calls MPI while thread \"" + inside.thread().getName() + "\" is inside " + blocked.op() + " (at "
                            + blocked.location() + "): at " + ThreadLevel.levelName()
                            + ", the level MPI provided, threads take turns in MPI, and Open MPI takes no lock",
                    "the call once no other thread is inside MPI (the threads joined, or one lock held around every"
                            + " call); or MPI.InitThread(args, MPI.THREAD_MULTIPLE) when they call at the same time"),
                    s.site);
        } catch (RuntimeException | LinkageError fault) {
            Guard.fault("thread-overlap check", fault);
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

package org.mpiguard.adapter;

import org.mpiguard.adapter.lifecycle.FinalizeBesideBlockedThreads;
import org.mpiguard.adapter.lifecycle.FinalizeConsole;
import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.core.Guard;
import java.util.List;
import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.core.activity.RankActivity;
import org.mpiguard.core.activity.ThreadActivity;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.options.CheckFamily;
import org.mpiguard.core.options.Options;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.site.CallSites;

/**
 * The start and end of an MPI run as the checker sees them: Init runs at the thread level
 * the program asked for, and the watchdogs' out-of-band channel is opened right after, on
 * the program's thread ({@link ChannelSetup}: the watchdog never calls MPI); Finalize first waits until
 * every rank has reached it, so the watchdogs keep answering until nobody needs them.
 * It also says where the process stands in MPI's life for the environment checks: before
 * Init, running, or after Finalize (moved by after-rules on Init, InitThread and
 * Finalize; the hot path reads one volatile field).
 */
public final class MpiRuntime {

    public static final int BEFORE_INIT = 0;
    public static final int RUNNING = 1;
    public static final int FINALIZED = 2;

    private static volatile int state = BEFORE_INIT;

    private static volatile int rank = -1;
    private static volatile int size;
    private static volatile boolean finalizeCalled;
    /** MPI.Finalize was entered (it may still be waiting for the others when the JVM ends). */
    private static volatile boolean finalizeEntered;
    private static volatile int initSite = CallSites.UNKNOWN_ID;
    private static volatile Watchdog watchdog;
    private static volatile boolean tracking;
    private static volatile boolean ring;

    private MpiRuntime() {
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

    /**
     * The state, confirmed with MPI itself (both queries are legal at any time): when the
     * agent was attached after Init (or the program initialised MPI some way we did not
     * see), MPI is asked before anything is reported.
     */
    public static int confirmedState() {
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

    /** The site of the program's MPI.Init or MPI.InitThread, or CallSites.UNKNOWN_ID before it. */
    public static int initSite() {
        return initSite;
    }

    public static int rankOrMinusOne() {
        return rank;
    }

    /** COMM_WORLD's size once Init has run, else 0. */
    public static int sizeOrZero() {
        return size;
    }

    /**
     * Whether collective calls are counted per communicator: the collective ring and the
     * wait-for graph both need to know which collective a rank is in. False before Init
     * and after Finalize.
     */
    public static boolean tracksCollectives() {
        return tracking;
    }

    /** The running watchdog, or null (none started, or checks that need none). */
    static Watchdog watchdogIfAny() {
        return watchdog;
    }

    /** Whether collective calls go round the ring to be compared. */
    public static boolean ringActive() {
        return ring;
    }

    /** MPI.Init: returns what the binding's Init returns, a copy of the arguments. */
    public static String[] init(String[] args, int site) throws MPIException {
        String[] result = MPI.Init(args);
        afterInit(site, providedByInit());
        return result;
    }

    /**
     * The level MPI.Init provided (Open MPI's: what OMPI_MPI_THREAD_LEVEL asks, SINGLE by default),
     * or -1 when MPI cannot say, which leaves the thread-level check off rather than fail the program's Init.
     */
    private static int providedByInit() {
        try {
            return MPI.queryThread();
        } catch (MPIException | RuntimeException e) {
            return -1;
        }
    }

    /** MPI.InitThread: the level the program asked for, as MPI provides it; the checker needs none. */
    public static int initThread(String[] args, int required, int site) throws MPIException {
        int provided = MPI.InitThread(args, required);
        afterInit(site, provided);
        return provided;
    }

    private static boolean wantsWatchdog() {
        Options options = Guard.options();
        return options.enabled(CheckFamily.DEADLOCK) || options.enabled(CheckFamily.COLLECTIVES);
    }

    private static void afterInit(int site, int provided) throws MPIException {
        ThreadLevel.initialized(provided);
        rank = MPI.COMM_WORLD.getRank();
        size = MPI.COMM_WORLD.getSize();
        // the tag bound the send checks compare with, read here on the thread that called Init:
        // read at a program's first send, its getAttr was a JNI call plain MPI does not make there,
        // and on a thread that races the program's own Finalize it ran into a finalized MPI
        org.mpiguard.adapter.args.Peers.tagUb();
        Guard.rankKnown(rank);
        initSite = site;
        OutsideEnd.watchSignals();
        Runtime.getRuntime().addShutdownHook(new Thread("mpiguard-exit") {
            @Override
            public void run() {
                onJvmExit();
            }
        });
        TraceSession.start(Guard.options(), rank, size);
        FinalizeConsole.start(Guard.options());
        if (!wantsWatchdog()) {
            return;
        }
        try {
            Options options = Guard.options();
            Watchdog w = new Watchdog(ChannelSetup.open(rank, size), rank, size, options);
            watchdog = w;
            tracking = true;
            ring = options.enabled(CheckFamily.COLLECTIVES) && size > 1;
            w.start();
        } catch (Throwable t) {
            Guard.fault("starting the deadlock watchdog", t);
        }
    }

    /** MPI.Finalize: hold until every rank has reached it, then finalize for real. */
    public static void finalizeRun(int site) throws MPIException {
        finalizeEntered = true;
        ThreadActivity activity = RankActivity.current();
        FinalizeBesideBlockedThreads.check(activity, site, rank);
        activity.enter(WaitKind.FINALIZE, site, null, ThreadActivity.NO_PEER, ThreadActivity.NO_PEER, 0);
        try {
            Watchdog w = watchdog;
            if (w != null) {
                w.finishAndWait(new FinalizeProgress());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable t) {
            Guard.fault("MPI.Finalize", t);
        } finally {
            activity.exit();
        }
        finalizeCalled = true;
        tracking = false;
        ring = false;
        FinalizeConsole.printOnce(rank, size);
        CheckerComm.free();
        boolean analyseTraces = TraceSession.finish(site);
        FinalizeBesideBlockedThreads.check(activity, site, rank); // a thread may have entered a call in the wait
        MPI.Finalize();
        if (analyseTraces) {
            TraceSession.analyseRun();
        }
    }

    /** Before the program's own {@code Comm.abort}: nobody's missing Finalize is news after it. */
    public static void abortedByProgram() {
        OutsideEnd.programAborted();
    }

    /**
     * The shutdown hook. A rank that leaves without Finalize is reported and announced to
     * the coordinator, so nobody waits for it. When a thread is still blocked inside MPI
     * the JVM is being killed from outside (mpirun tearing the job down), which is not
     * the program's doing: nothing is said then, nor when the rank was inside Finalize,
     * the program called abort, or a signal ended the JVM (mpirun ending the job).
     */
    private static void onJvmExit() {
        try {
            if (finalizeCalled || finalizeEntered || rank < 0 || OutsideEnd.happened()) {
                return;
            }
            Watchdog w = watchdog;
            if (w != null && w.verdictSeen()) {
                return;
            }
            ThreadActivity.Snapshot s = new ThreadActivity.Snapshot();
            int lastSite = CallSites.UNKNOWN_ID;
            for (ThreadActivity activity : RankActivity.allThreads()) {
                if (!activity.read(s)) {
                    continue;
                }
                if (s.kind != WaitKind.NONE && activity.thread().isAlive()) {
                    return;
                }
                if (s.lastSite != CallSites.UNKNOWN_ID) {
                    lastSite = s.lastSite;
                }
            }
            // The finding stands at the last call the rank made; that is where the
            // missing Finalize should have followed. Without one, at Init (never "?.?").
            boolean blocked = lastSite != CallSites.UNKNOWN_ID;
            var site = CallSites.get(blocked ? lastSite : initSite);
            String op = site.op();
            Guard.report(new Finding(FindingKind.CALL_ORDERING, Severity.WARNING, List.of(rank), op,
                    SiteRef.of(site), List.of(),
                    "Rank " + rank + " is exiting without calling MPI.Finalize"
                            + (blocked ? "; its last blocking MPI call was " + site.op() + " at " + site.location()
                            : "; it was initialised at " + site.location())
                            + ". Every rank must call MPI.Finalize before it exits (also on error paths);"
                            + " otherwise mpirun aborts the job and the other ranks may wait for it forever.",
                    List.of()));
            if (w != null) {
                w.announceExit();
            }
        } catch (Throwable t) {
            // never let the checker change how the JVM exits
        }
    }
}

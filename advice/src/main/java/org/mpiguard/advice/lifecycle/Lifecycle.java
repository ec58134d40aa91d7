package org.mpiguard.advice.lifecycle;

import org.mpiguard.core.MpiFailure;
import org.mpiguard.adapter.MpiConstants;
import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.adapter.lifecycle.FinalizeConsole;
import org.mpiguard.adapter.lifecycle.Leaks;
import org.mpiguard.adapter.lifecycle.RequestLifecycle;
import org.mpiguard.adapter.shadow.RequestShadows;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.core.Guard;
import org.mpiguard.core.activity.ThreadActivity;
import org.mpiguard.core.activity.WaitKind;
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
            } catch (MpiFailure e) {
                Guard.fault("recording a new handle", e);
            }
        }
    }

    /** A window made at {@code site} on {@code comm}. */
    public static void windowMade(Object win, Object comm, int site) throws MpiFailure {
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
            FinalizeConsole.hold(); // every rank finds these: rank 0 prints them once, in Finalize
            try {
                RequestLifecycle.atFinalize(site);
                Leaks.atFinalize(site);
            } finally {
                FinalizeConsole.release();
            }
        }
    }

    // Requests: completions, starts and frees noted on the request's shadow (one monitor, no allocation)

    private static boolean requestsOn() {
        return Guard.options().enabled(CheckFamily.LIFECYCLE);
    }

    /**
     * A request made by a call no wait-for rule describes (rPut and friends, imRecv): its
     * shadow, so its completion, its lifecycle and its trace id are known. It waits for
     * nobody the graph can name (any rank may release it, as for a request never seen).
     */
    public static void requestMade(Object request, int site) {
        if (REQUESTS_ON || TraceSession.recorder() != null) {
            RequestShadows.made(request, WaitKind.UNTRACKED, MpiConstants.COMM_WORLD, ThreadActivity.NO_PEER, 0, site,
                    null);
        }
    }

    /** The request-lifecycle checks, decided once at start-up. */
    private static final boolean REQUESTS_ON = Guard.options().enabled(CheckFamily.LIFECYCLE);

    /** Before a wait or test of one request. */
    public static void waiting(Object request, int site) {
        if (requestsOn()) {
            RequestLifecycle.beforeCompletion(request, site);
        }
    }

    public static void started(Object request, int site) {
        if (requestsOn()) {
            RequestShadows.happened(request, RequestShadows.STARTED, site);
        }
    }

    public static void startedAll(Object[] requests, int site) {
        if (requests != null) {
            for (Object r : requests) {
                started(r, site);
            }
        }
    }

    public static void freeing(Object request, int site) {
        if (requestsOn()) {
            RequestLifecycle.beforeFree(request, site);
        }
    }

    public static void freed(Object request, int site) {
        if (requestsOn()) {
            RequestShadows.happened(request, RequestShadows.FREED_AT, site);
        }
    }
}

package org.mpiguard.adapter.lifecycle;

import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.Guard;
import org.mpiguard.core.activity.RankActivity;
import org.mpiguard.core.activity.ThreadActivity;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.options.CheckFamily;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.site.CallSites;

/**
 * MPI.Finalize made while another thread of the rank is still inside a blocking MPI call.
 * MPI allows Finalize only once no other thread has an MPI call pending; Open MPI tears down
 * what that call stands on, so it crashes or never returns unless its message happens to come
 * before the teardown. Whether it does is timing, so a warning naming the blocked call as the
 * other side. Looked for twice: when Finalize is entered, and again right before MPI's own
 * Finalize, after the wait for the other ranks, in which a thread started just before Finalize
 * may have entered its call (vibhatha/OpenMPI's DualSendRecv does: its threads then crash inside
 * their send and receive). Each thread's call is said once. Finalize is a cold path.
 */
public final class FinalizeBesideBlockedThreads {

    /** The calls said already (the program's Finalize runs on one thread, once). */
    private static final List<Blocked> SAID = new ArrayList<>();

    private FinalizeBesideBlockedThreads() {
    }

    /** During the program's Finalize, on its thread, whose own activity is {@code finalizing}. */
    public static synchronized void check(ThreadActivity finalizing, int site, int rank) {
        if (!Guard.options().enabled(CheckFamily.LIFECYCLE)) {
            return;
        }
        try {
            for (Blocked b : notSaid(blockedBeside(finalizing), SAID)) {
                report(site, rank, b.thread, b.site);
            }
        } catch (RuntimeException | LinkageError fault) {
            Guard.fault("the check of threads inside MPI at Finalize", fault);
        }
    }

    /** The live threads but {@code finalizing} that are inside a blocking MPI call, with its site. */
    static List<Blocked> blockedBeside(ThreadActivity finalizing) {
        List<Blocked> blocked = new ArrayList<>();
        ThreadActivity.Snapshot s = new ThreadActivity.Snapshot();
        for (ThreadActivity other : RankActivity.allThreads()) {
            if (other != finalizing && other.thread().isAlive() && other.read(s) && s.kind != WaitKind.NONE
                    && s.kind != WaitKind.FINALIZE) {
                blocked.add(new Blocked(other.thread(), s.site));
            }
        }
        return blocked;
    }

    /** Those of {@code blocked} not in {@code said}, added to it. */
    static List<Blocked> notSaid(List<Blocked> blocked, List<Blocked> said) {
        List<Blocked> fresh = new ArrayList<>();
        for (Blocked b : blocked) {
            boolean known = false;
            for (Blocked earlier : said) {
                known |= earlier.thread == b.thread && earlier.site == b.site;
            }
            if (!known) {
                said.add(b);
                fresh.add(b);
            }
        }
        return fresh;
    }

    /** A thread and the site of the blocking call it is inside. */
    static final class Blocked {
        final Thread thread;
        final int site;

        Blocked(Thread thread, int site) {
            this.thread = thread;
            this.site = site;
        }
    }

    private static void report(int site, int rank, Thread thread, int blockedSite) {
        CallSite finalize = CallSites.get(site);
        CallSite blocked = CallSites.get(blockedSite);
        Guard.report(new Finding(FindingKind.CALL_ORDERING, Severity.WARNING, List.of(rank), finalize.op(),
                SiteRef.of(finalize), List.of(new RelatedCall(rank, blocked.op(), SiteRef.of(blocked))),
                "Rank " + rank + " calls MPI.Finalize at " + finalize.location() + " while its thread \""
                        + thread.getName() + "\" is still inside " + blocked.op() + " at " + blocked.location()
                        + ". MPI allows Finalize only once no other thread has an MPI call pending: Finalize"
                        + " tears down what that call stands on, so it completes only if its peer is in time,"
                        + " and otherwise crashes or never returns. Join the thread (or complete its call)"
                        + " before MPI.Finalize.",
                List.of()));
    }
}

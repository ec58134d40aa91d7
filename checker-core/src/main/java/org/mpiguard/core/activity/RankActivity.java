package org.mpiguard.core.activity;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The activity of every application thread of this process that has called MPI. A
 * thread registers itself on its first blocking call (one allocation per thread, ever);
 * afterwards the lookup is a ThreadLocal read, or for the first thread that registered
 * (the one that called MPI.Init, in nearly every program the only one that calls MPI) a
 * compare with the current thread: every blocking call looks its thread up.
 */
public final class RankActivity {

    /** Past this many records, those of dead threads are dropped, so memory stays bounded. */
    private static final int PRUNE_AT = 256;
    private static final CopyOnWriteArrayList<ThreadActivity> THREADS = new CopyOnWriteArrayList<>();
    /** A subclass rather than withInitial(lambda): no class spun at run time (issue 23). */
    private static final ThreadLocal<ThreadActivity> CURRENT = new ThreadLocal<>() {
        @Override
        protected ThreadActivity initialValue() {
            ThreadActivity activity = new ThreadActivity(Thread.currentThread());
            if (THREADS.size() >= PRUNE_AT) {
                for (ThreadActivity a : THREADS) {
                    if (!a.thread().isAlive()) {
                        THREADS.remove(a);
                    }
                }
            }
            THREADS.add(activity);
            return activity;
        }
    };

    /**
     * The first thread's activity. Not volatile: only its own thread takes the fast path, and
     * that thread wrote it; any other thread only reads its final {@code thread} field.
     */
    private static ThreadActivity first;

    private RankActivity() {
    }

    public static ThreadActivity current() {
        ThreadActivity f = first;
        if (f != null && f.thread() == Thread.currentThread()) {
            return f;
        }
        return lookUp();
    }

    private static ThreadActivity lookUp() {
        ThreadActivity activity = CURRENT.get();
        if (first == null) {
            first = activity; // two threads racing here both store a whole (thread, activity) pair
        }
        return activity;
    }

    /**
     * The sum of every thread's activity counter: it changes whenever some thread enters or
     * leaves a blocking call or starts polling for something new, so two equal readings
     * apart mean the rank made no progress in between. No allocation.
     */
    public static long progressSum() {
        long sum = 0;
        for (ThreadActivity activity : THREADS) {
            sum += activity.progress();
        }
        return sum;
    }

    /** Undrained collective calls in the fullest thread's log. No allocation. */
    public static long mostPendingCollectives() {
        long most = 0;
        for (ThreadActivity activity : THREADS) {
            org.mpiguard.core.collective.CollectiveLog log = activity.collectiveLogIfAny();
            if (log != null) {
                most = Math.max(most, log.pending());
            }
        }
        return most;
    }

    /** Threads that have made a blocking MPI call, the dead ones too (up to the pruning bound). */
    public static List<ThreadActivity> allThreads() {
        return List.copyOf(THREADS);
    }

    /** Live threads that have made blocking MPI calls. */
    public static List<ThreadActivity> threads() {
        List<ThreadActivity> live = new ArrayList<>(THREADS.size());
        for (ThreadActivity activity : THREADS) {
            if (activity.thread().isAlive()) {
                live.add(activity);
            }
        }
        return live;
    }
}

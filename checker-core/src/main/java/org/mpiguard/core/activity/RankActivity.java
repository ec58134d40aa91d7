package org.mpiguard.core.activity;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The activity of every application thread of this process that has called MPI. A
 * thread registers itself on its first blocking call (one allocation per thread, ever);
 * afterwards the lookup is a ThreadLocal read.
 */
public final class RankActivity {

    private static final CopyOnWriteArrayList<ThreadActivity> THREADS = new CopyOnWriteArrayList<>();
    private static final ThreadLocal<ThreadActivity> CURRENT = ThreadLocal.withInitial(() -> {
        ThreadActivity activity = new ThreadActivity(Thread.currentThread());
        THREADS.add(activity);
        return activity;
    });

    private RankActivity() {
    }

    public static ThreadActivity current() {
        return CURRENT.get();
    }

    /** Every thread that has made a blocking MPI call, alive or not. */
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

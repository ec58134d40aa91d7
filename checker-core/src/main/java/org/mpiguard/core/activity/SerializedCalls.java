package org.mpiguard.core.activity;

/**
 * At MPI.THREAD_SERIALIZED any thread may call MPI, but never two at once. The one rule a
 * program at that level can break, and the one Open MPI does not guard (it takes no lock
 * below MPI.THREAD_MULTIPLE), so a thread calling while another is blocked inside MPI
 * corrupts what both use. This remembers which thread is inside a blocking call now (the
 * blocking bracket's enter and exit say), so that a call another thread makes meanwhile is
 * seen; a call that does not block is over too soon to be caught in the act and is not
 * tracked. Off at every other level: then the bracket pays one static read.
 *
 * <p>No lock and no counter: one volatile store at each enter and exit, and at each call one
 * volatile read (a plain load on x86). When two threads are inside at once the record holds
 * the later; the first call of the second thread is seen, which is what is said.
 */
public final class SerializedCalls {

    /** Set once at Init, before the gate's volatile read of MPI's state publishes it. */
    private static boolean watched;
    private static volatile ThreadActivity inside;

    private SerializedCalls() {
    }

    /** MPI runs at MPI.THREAD_SERIALIZED: watch from now on. */
    public static void watch() {
        watched = true;
    }

    /** Whether the level is MPI.THREAD_SERIALIZED (one static read: the gate calls it on every call). */
    public static boolean watched() {
        return watched;
    }

    /**
     * The activity of a thread other than {@code caller} inside a blocking MPI call now, or
     * null: the gate asks on every call at MPI.THREAD_SERIALIZED.
     */
    public static ThreadActivity other(Thread caller) {
        ThreadActivity a = inside;
        return a != null && a.thread() != caller ? a : null;
    }

    static void entered(ThreadActivity a) {
        if (watched) {
            inside = a;
        }
    }

    static void left(ThreadActivity a) {
        if (watched && inside == a) {
            inside = null;
        }
    }

    /** Forgets the thread inside and stops watching (unit tests, which run many "ranks" in one JVM). */
    static void reset() {
        watched = false;
        inside = null;
    }
}

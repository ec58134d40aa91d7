package org.mpiguard.adapter;

import mpi.MPI;
import org.mpiguard.core.activity.SerializedCalls;

/**
 * The thread level MPI provided at Init, and the one thread that may call MPI below
 * MPI.THREAD_SERIALIZED: at MPI.THREAD_SINGLE and MPI.THREAD_FUNNELED only the thread that
 * called Init may; at MPI.THREAD_SERIALIZED any thread, but one at a time
 * ({@link SerializedCalls} watches which is inside a blocking call). Set once, on that thread,
 * before the environment gate sees MPI running (the gate's volatile read of the state publishes
 * these plain fields to every thread).
 */
public final class ThreadLevel {

    /** The thread that called Init when the level binds MPI to it, else null (no check). */
    private static Thread only;
    private static String levelName = "unknown";

    private ThreadLevel() {
    }

    /** After Init on the thread that made it; {@code provided} is the level MPI reported. */
    static void initialized(int provided) {
        levelName = nameOf(provided);
        only = provided == MPI.THREAD_SINGLE || provided == MPI.THREAD_FUNNELED ? Thread.currentThread() : null;
        if (provided == MPI.THREAD_SERIALIZED) {
            SerializedCalls.watch();
        }
    }

    /**
     * The only thread allowed to call MPI, or null when any thread may (or Init was not seen).
     * One static read: the environment gate calls it on every call.
     */
    public static Thread onlyThread() {
        return only;
    }

    /** "MPI.THREAD_SINGLE" and so on, for the message. */
    public static String levelName() {
        return levelName;
    }

    private static String nameOf(int level) {
        if (level == MPI.THREAD_SINGLE) {
            return "MPI.THREAD_SINGLE";
        }
        if (level == MPI.THREAD_FUNNELED) {
            return "MPI.THREAD_FUNNELED";
        }
        if (level == MPI.THREAD_SERIALIZED) {
            return "MPI.THREAD_SERIALIZED";
        }
        return level == MPI.THREAD_MULTIPLE ? "MPI.THREAD_MULTIPLE" : "level " + level;
    }
}

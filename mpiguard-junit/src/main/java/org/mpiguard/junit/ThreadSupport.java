package org.mpiguard.junit;

import mpi.MPI;

/**
 * The thread level an {@link MpiTest}'s ranks ask MPI for. The bindings' {@code MPI.THREAD_*}
 * are set when the class loads, so an annotation cannot name them; these stand for them.
 */
public enum ThreadSupport {
    /** {@code MPI.Init}: only the thread that called it calls MPI (what a program gets from Init). */
    SINGLE,
    /** {@code MPI.InitThread(args, MPI.THREAD_FUNNELED)}: other threads exist, only the main one calls MPI. */
    FUNNELED,
    /** {@code MPI.THREAD_SERIALIZED}: any thread calls MPI, never two at once. */
    SERIALIZED,
    /**
     * {@code MPI.THREAD_MULTIPLE}: any thread calls MPI at any time; the level a body needs
     * when it calls MPI inside {@code assertTimeoutPreemptively} (JUnit runs that on a thread of its own).
     */
    MULTIPLE;

    /** The bindings' constant for this level (the bindings must be loaded: call it in a rank). */
    int mpiLevel() {
        switch (this) {
            case FUNNELED:
                return MPI.THREAD_FUNNELED;
            case SERIALIZED:
                return MPI.THREAD_SERIALIZED;
            case MULTIPLE:
                return MPI.THREAD_MULTIPLE;
            default:
                return MPI.THREAD_SINGLE;
        }
    }

    /** The level MPI named by its constant, for a message. */
    static String nameOf(int mpiLevel) {
        for (ThreadSupport level : values()) {
            if (level.mpiLevel() == mpiLevel) {
                return "THREAD_" + level.name();
            }
        }
        return "thread level " + mpiLevel;
    }
}

package org.mpiguard.core;

/** The exit codes MPIGuard itself causes; documented in the README. */
public final class ExitCodes {
    /** A bad option: the JVM stops at start, before the program's main runs. */
    public static final int BAD_OPTIONS = 64;
    /** An error finding with {@code on-error=abort}: the job is aborted through MPI with this code. */
    public static final int ABORTED_ON_FINDING = 86;

    /** {@code mpiguard analyze} made an error finding. */
    public static final int ANALYSIS_FOUND_ERRORS = 1;
    /** {@code mpiguard analyze} found no trace it could read in the directory. */
    public static final int NO_READABLE_TRACE = 66;

    private ExitCodes() {
    }
}

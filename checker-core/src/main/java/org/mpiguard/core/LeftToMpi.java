package org.mpiguard.core;

/**
 * Thrown by an argument check whose violation MPI will report to the program's own
 * error handler: it ends the checks of the call, which then goes on to MPI. The
 * fail-open bracket of the check hands it to {@link Guard#fault}, which ignores it.
 */
public final class LeftToMpi extends RuntimeException {

    public static final LeftToMpi INSTANCE = new LeftToMpi();

    private LeftToMpi() {
        super("left to MPI's error handler", null, false, false);
    }
}

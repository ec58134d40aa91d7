package org.mpiguard.adapter.lifecycle;

import mpi.MPIException;
import mpi.Request;
import org.mpiguard.core.activity.WaitKind;

/**
 * What MPI had done with a request the program never completed, asked at Finalize with
 * MPI_Request_get_status ({@code Request.getStatus()}), which, unlike a test, leaves the
 * request as it is: the program's objects are not touched. Finalize is a cold path.
 */
enum FinishedByMpi {
    /** MPI had finished the operation: a send's data had left its buffer, a receive's message was in it. */
    YES,
    /** MPI had not: a send no receive had taken (and MPI had not buffered), a receive no message had come for. */
    NO,
    /** MPI could not be asked (not a request of the binding, or the call failed). */
    UNKNOWN;

    static FinishedByMpi of(Object request) {
        if (!(request instanceof Request r)) {
            return UNKNOWN;
        }
        try {
            return r.getStatus() != null ? YES : NO;
        } catch (MPIException | RuntimeException e) {
            return UNKNOWN;
        }
    }

    /** One sentence on what happened to the transfer, for a request of {@code kind}. */
    String says(WaitKind kind) {
        return switch (this) {
            case YES -> switch (kind) {
                case SEND -> "MPI had finished it: the message had left the buffer (delivered, or buffered by MPI), so"
                        + " the run's results are what the program asked for.";
                case RECEIVE -> "MPI had finished it: a message had arrived in the buffer, though the program never"
                        + " learned it (its status and count were never read).";
                default -> "MPI had finished the operation, so the run's results are what the program asked for.";
            };
            case NO -> switch (kind) {
                case SEND -> "MPI had not finished it: no receive had taken the message, so it was never delivered (the"
                        + " receiving rank's resource-leak report names a message that arrived and was never received).";
                case RECEIVE -> "MPI had not finished it: no message had come for it, so the buffer holds what it held"
                        + " before.";
                default -> "MPI had not finished the operation: it may never have happened.";
            };
            case UNKNOWN -> "Whether MPI had finished it could not be asked.";
        };
    }
}

package org.mpiguard.core.report;

import java.util.Locale;

/** The {@code kind} field of the finding contract (DESIGN.md). */
public enum FindingKind {
    DEADLOCK, COLLECTIVE_MISMATCH, INVALID_ARGUMENT, RMA_CONFLICT, BUFFER_CONFLICT, TYPE_MISMATCH, MESSAGE_RACE,
    PREDICTED_DEADLOCK, RESOURCE_LEAK, REQUEST_LIFECYCLE, LIVELOCK, STALL, CALL_ORDERING, BINDING_HAZARD, MPI_ERROR,
    CHECKER_FAULT;

    /** The contract's spelling: lower case with hyphens. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}

package org.mpiguard.adapter.event;

import mpi.Status;

/**
 * Which request of an array a Status names: the index the Status form of waitAny, testAny,
 * waitSome and testSome reports with each request it completed (a Java read of the Status,
 * no MPI call).
 */
public final class CompletedIndex {

    private CompletedIndex() {
    }

    /** {@code status.getIndex()}. */
    public static int of(Object status) {
        return ((Status) status).getIndex();
    }
}

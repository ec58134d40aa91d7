package org.mpiguard.analyzer;

import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.trace.Signature;

/** One rank's part in one collective: the n-th call on a communicator. */
record CollectiveEvent(int rank, int index, CollectiveKind kind, boolean nonblocking, long comm, long ring,
                       int root, int reduceOp, Signature sendSig, int sendCount, Signature recvSig, int recvCount,
                       long request, int site) {

    /** True when this rank's later events depend on the others' earlier ones. */
    boolean receives() {
        return switch (kind) {
            case BCAST, SCATTER, SCATTERV -> rank != root;
            case GATHER, GATHERV, REDUCE -> rank == root;
            default -> true;
        };
    }

    /** True when the others' later events depend on this rank's earlier ones. */
    boolean contributes() {
        return switch (kind) {
            case BCAST, SCATTER, SCATTERV -> rank == root;
            default -> true;
        };
    }
}

package org.mpiguard.predict.model;

/** The handle a nonblocking call returns to the builder, to be waited for later. */
public final class Request {
    final int rank;
    final int seq;
    boolean waited;

    Request(int rank, int seq) {
        this.rank = rank;
        this.seq = seq;
    }
}

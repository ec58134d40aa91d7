package org.mpiguard.analyzer;

import org.mpiguard.core.trace.PointOp;
import org.mpiguard.core.trace.Signature;
import org.mpiguard.core.trace.TraceRecorder;

/** One receive a rank posted, its completion and the send it took. */
final class RecvEvent {
    final int rank;
    final int index;
    /** Its place among the rank's receives, in the order they were posted (the order MPI matches them in). */
    final int order;
    final PointOp op;
    final long comm;
    final int source;
    final int tag;
    final Signature sig;
    final int count;
    final long request;
    final int site;
    /**
     * Its place among the receives this rank posted at the same source location (class,
     * method, file, line), from 1: what names it in every run of the program, for replay.
     */
    int occurrence;
    /** The event that completed it (its wait, or the blocking call's return), or -1. */
    int completion = -1;
    /** For an mRecv or imRecv, the mProbe or imProbe event that chose its message, or -1. */
    int probe = -1;
    int matchedSource = TraceRecorder.ANY;
    int matchedTag = TraceRecorder.ANY;
    int matchedCount = -1;
    boolean cancelled;
    /** On its channel (or known to take no message): the streaming pairing settled it. */
    boolean joined;
    SendEvent matched;

    RecvEvent(int rank, int index, int order, PointOp op, long comm, int source, int tag, Signature sig, int count,
              long request, int site) {
        this.rank = rank;
        this.index = index;
        this.order = order;
        this.op = op;
        this.comm = comm;
        this.source = source;
        this.tag = tag;
        this.sig = sig;
        this.count = count;
        this.request = request;
        this.site = site;
    }

    boolean anySource() {
        return source == TraceRecorder.ANY;
    }

    boolean anyTag() {
        return tag == TraceRecorder.ANY;
    }

    /** The source it took its message from (world rank), or ANY when unknown. */
    int effectiveSource() {
        return anySource() ? matchedSource : source;
    }

    int effectiveTag() {
        return anyTag() ? matchedTag : tag;
    }
}

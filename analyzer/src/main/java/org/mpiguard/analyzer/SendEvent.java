package org.mpiguard.analyzer;

import org.mpiguard.core.trace.PointOp;
import org.mpiguard.core.trace.Signature;

/** One message a rank sent, and what the analyses learn of it. */
final class SendEvent {
    final int rank;
    final int index;
    final PointOp op;
    final long comm;
    final int dest;
    final int tag;
    final Signature sig;
    final int count;
    final long request;
    final int site;
    boolean cancelled;
    /** A ready-mode send: rSend, irSend, or the start of a persistent request made by rSendInit. */
    boolean readyMode;
    /** A nonblocking send whose completion was read (whether it was cancelled is known). */
    boolean completed;
    /** The receive that took it, or null. */
    RecvEvent matchedBy;
    /** How many of the destination's events happen before this send (its vector clock at the destination). */
    int knownOfDest = 0;
    /** The sender's clock at the send, kept until the receive that takes it has joined it. */
    int[][] clock;

    SendEvent(int rank, int index, PointOp op, long comm, int dest, int tag, Signature sig, int count, long request,
              int site) {
        this.rank = rank;
        this.index = index;
        this.op = op;
        this.comm = comm;
        this.dest = dest;
        this.tag = tag;
        this.sig = sig;
        this.count = count;
        this.request = request;
        this.site = site;
        this.readyMode = op == PointOp.RSEND || op == PointOp.IRSEND;
    }
}

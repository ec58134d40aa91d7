package org.mpiguard.core.trace;

/** An event whose kind, sequence number, site and thread are kept in fields (not read from columns). */
abstract class StoredEvent extends TraceEvent {
    EventKind kind;
    long seq;
    int site;
    long thread;

    final void header(EventKind kind, long seq, int site, long thread) {
        this.kind = kind;
        this.seq = seq;
        this.site = site;
        this.thread = thread;
    }

    @Override
    public final EventKind kind() {
        return kind;
    }

    @Override
    public final long seq() {
        return seq;
    }

    @Override
    public final int site() {
        return site;
    }

    @Override
    public final long thread() {
        return thread;
    }
}

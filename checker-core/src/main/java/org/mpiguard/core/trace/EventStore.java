package org.mpiguard.core.trace;

/**
 * Where a {@link TraceRecorder} puts each event: the in-memory ring that a consumer drains
 * and encodes ({@link TraceRing}, trace format version 1, used by tests and tools) or the
 * memory-mapped file the recording thread writes itself ({@link MappedEvents}, version 3).
 * One implementation is used in a run, so the call is monomorphic on the hot path.
 */
interface EventStore {

    /** One event: its record tag, site and the kind's fields in order (unused ones 0); never blocks. */
    void append(int tag, int site, long f0, long f1, long f2, long f3, long f4, long f5, long f6, long f7,
                long f8, long f9, long f10, long f11);

    /** A new definition ({@link Signature} or {@link TraceRecorder.RankSet}), before any event uses its id. */
    void definition(Object signatureOrRankSet);

    /** Events given to {@link #append} so far, kept or not. */
    long recorded();

    /** Events not kept (a full ring, or past the trace's size cap). */
    long dropped();
}

package org.mpiguard.core.trace;

/**
 * Where a {@link TraceRecorder} puts each event: the in-memory ring that a consumer drains
 * and encodes ({@link TraceRing}, trace format version 1, used by tests and tools) or the
 * memory-mapped file the recording thread writes itself ({@link MappedEvents}, version 3).
 * One implementation is used in a run, so the call is monomorphic on the hot path.
 */
interface EventStore {

    /**
     * The calling thread's array for its next event's fields: the kind's fields in order,
     * each as stored (a 4-byte field from an {@code int}); what lies past them is not read.
     * Free again once the event is appended.
     */
    long[] fields();

    /**
     * One event of the calling thread: its record tag, site and {@code fields}, the array
     * {@link #fields} gave it; never blocks.
     */
    void append(int tag, int site, long[] fields);

    /** A new definition ({@link Signature} or {@link TraceRecorder.RankSet}), before any event uses its id. */
    void definition(Object signatureOrRankSet);

    /** Events given to {@link #append} so far, kept or not. */
    long recorded();

    /** Events not kept (a full ring, or past the trace's size cap). */
    long dropped();
}

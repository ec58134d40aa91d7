package org.mpiguard.core.trace;

/**
 * The kinds of event a trace holds, with their record tag and their fields in the order
 * the encoding writes them (docs/trace-format.md). Codes are part of the format: append,
 * never renumber.
 */
public enum EventKind {
    /** A point-to-point send posted (blocking, nonblocking, or a persistent send started). */
    SEND(16, "op", "comm", "peer", "tag", "sig", "count", "request"),
    /** A receive posted; {@code peer} and {@code tag} are {@link TraceRecorder#ANY} for the wildcards. */
    RECV(17, "op", "comm", "peer", "tag", "sig", "count", "request"),
    /**
     * A request completed, or a blocking receive returned ({@code request} 0: the blocking
     * receive this thread posted last); source, tag and count are what the status said.
     */
    COMPLETE(18, "op", "request", "source", "tag", "count", "flags"),
    PROBE(19, "op", "comm", "peer", "tag", "found", "source", "matchedTag", "count"),
    /** A collective call; {@code ring} is its number on the communicator, as the ring counts it. */
    COLLECTIVE(20, "op", "comm", "ring", "root", "reduceOp", "sendSig", "sendCount", "recvSig", "recvCount",
            "request"),
    /** A one-sided operation; {@code opKind} ({@link AccumulateOp}) says what its reduceOp does to the target. */
    RMA(21, "op", "win", "target", "disp", "count", "sig", "originCount", "originSig", "reduceOp", "request",
            "valueHash", "opKind"),
    RMA_SYNC(22, "op", "win", "target", "lockType", "assert", "rankSet"),
    /** The program's own load or store of window memory (byte offset into this rank's window). */
    ACCESS(23, "win", "offset", "bytes", "store", "valueHash"),
    REQUEST(24, "op", "request"),
    HANDLE(25, "op", "handleKind", "handle", "identity", "rankSet", "size", "dispUnit"),
    FINALIZE(26),
    /**
     * The program read the source ({@code field} 1) or the tag (2) of a Status: what a later
     * call of its rank may depend on. {@code source} (as the Status gives it, local to the
     * communicator) and {@code tag} are the Status's, so the analyses can tell which
     * completion or probe of the thread it came from.
     */
    STATUS_READ(27, "field", "source", "tag");

    /** The most fields any kind has: the recorder's slots are sized for it. */
    public static final int MAX_FIELDS = 12;

    private static final EventKind[] BY_TAG = new EventKind[64];

    static {
        for (EventKind k : values()) {
            BY_TAG[k.tag] = k;
        }
    }

    private final int tag;
    private final String[] fieldNames;

    EventKind(int tag, String... fieldNames) {
        this.tag = tag;
        this.fieldNames = fieldNames;
    }

    /** The record tag in the encoding. */
    public int tag() {
        return tag;
    }

    public int fieldCount() {
        return fieldNames.length;
    }

    public String fieldName(int i) {
        return fieldNames[i];
    }

    /** The kind of a record tag, or null when the tag is not an event's. */
    public static EventKind ofTag(int tag) {
        return tag >= 0 && tag < BY_TAG.length ? BY_TAG[tag] : null;
    }
}

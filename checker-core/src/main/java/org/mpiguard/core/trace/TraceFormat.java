package org.mpiguard.core.trace;

/**
 * The constants of the trace file format (docs/trace-format.md): a header, then records,
 * each a tag byte. Tags below 16 are definitions and markers; 16 and up are events
 * ({@link EventKind#tag()}).
 */
public final class TraceFormat {

    /** "MPGT". */
    public static final byte[] MAGIC = {'M', 'P', 'G', 'T'};
    public static final int VERSION = 1;

    public static final int SITE_DEF = 1;
    public static final int SIG_DEF = 2;
    public static final int RANKS_DEF = 4;
    public static final int DROPPED = 5;
    public static final int END = 6;

    /** Limits a reader enforces, so a corrupt length cannot exhaust memory. */
    public static final int MAX_FIELDS = 64;
    public static final int MAX_RUNS = 1 << 20;
    public static final int MAX_RANKS = 1 << 24;

    private TraceFormat() {
    }

    public static String fileName(int rank) {
        return "trace-rank" + rank + ".mpgt";
    }
}

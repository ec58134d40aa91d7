package org.mpiguard.core.trace;

/**
 * The constants of the trace file formats (docs/trace-format.md). Version 4, what a run
 * writes: a header chunk, then fixed-size chunks of fixed-size records (and 8-byte repeat
 * and run records) each thread writes into a memory-mapped file, and chunks of definitions;
 * version 3 is the same without run records, version 2 without repeat records either. Version 1, what tests and tools encode from a ring:
 * a header, then varint records, each a tag byte. In all, tags below 16 are definitions and
 * markers; 16 and up are events ({@link EventKind#tag()}).
 */
public final class TraceFormat {

    /** "MPGT". */
    public static final byte[] MAGIC = {'M', 'P', 'G', 'T'};
    /** The memory-mapped format a run writes: version 3 and run records ({@link RepeatRuns}). */
    public static final int VERSION = 4;
    /** The memory-mapped format before repeat records, read by the same reader, as is version 3. */
    public static final int VERSION_MAPPED_FIRST = 2;
    /** The varint stream {@link TraceEncoder} writes. */
    public static final int VERSION_STREAM = 1;

    public static final int SITE_DEF = 1;
    public static final int SIG_DEF = 2;
    public static final int RANKS_DEF = 4;
    public static final int DROPPED = 5;
    public static final int END = 6;

    /** Limits a reader enforces, so a corrupt length cannot exhaust memory. */
    public static final int MAX_FIELDS = 64;
    public static final int MAX_RUNS = 1 << 20;
    public static final int MAX_RANKS = 1 << 24;

    // versions 2 and 3: byte offsets in the header chunk (little-endian)
    static final int H_RANK = 8;
    static final int H_WORLD = 12;
    static final int H_START = 16;
    static final int H_CHUNK_BYTES = 24;
    static final int H_FLAGS = 28;
    static final int H_CHUNKS = 32;
    static final int H_EVENTS = 40;
    static final int H_DROPPED = 48;
    /** {@link #H_FLAGS}: the rank closed the trace after Finalize. */
    static final int FLAG_COMPLETE = 1;
    /** {@link #H_FLAGS}: the trace reached its size cap and recording stopped. */
    static final int FLAG_CAPPED = 2;
    /** Bytes before a chunk's records: the writing thread's id (-1: definitions) and a spare word (their length). */
    static final int CHUNK_HEADER = 16;
    /** The chunk a thread claims at a time (and the size of the header chunk). */
    public static final int CHUNK_BYTES = 1 << 16;

    private TraceFormat() {
    }

    private static final java.util.regex.Pattern FILE_NAME = java.util.regex.Pattern.compile("trace-rank\\d+\\.mpgt");

    public static String fileName(int rank) {
        return "trace-rank" + rank + ".mpgt";
    }

    /** The rank whose trace file {@code name} is ({@link #fileName}), or -1 when it is none; too large a rank is -1 too. */
    public static int rankOf(String name) {
        if (!isFileName(name)) {
            return -1;
        }
        String digits = name.substring("trace-rank".length(), name.length() - ".mpgt".length());
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Whether {@code name} is a rank's trace file name, {@link #fileName} of some rank. */
    public static boolean isFileName(String name) {
        return FILE_NAME.matcher(name).matches();
    }
}

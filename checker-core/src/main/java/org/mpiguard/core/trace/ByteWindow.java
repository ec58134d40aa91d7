package org.mpiguard.core.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A few kilobytes of a trace file around where a reader is, read again when it moves past
 * them: a thread's records are read in order, so each byte is read about once, and a
 * streaming reader of a thousand ranks holds a thousand windows, not a thousand files.
 */
final class ByteWindow {

    /** Larger than any record (a header and at most 64 fields of 8 bytes). */
    static final int MAX_RECORD = RecordLayout.HEADER + 64 * 8;

    private final TraceBytesSource source;
    private final ByteBuffer buffer;
    private long start = -1;
    private int filled;

    ByteWindow(TraceBytesSource source, int size) {
        this.source = source;
        this.buffer = ByteBuffer.allocate(Math.max(size, 2 * MAX_RECORD)).order(ByteOrder.LITTLE_ENDIAN);
    }

    long getLong(long at) {
        return buffer.getLong(offset(at, 8));
    }

    int getInt(long at) {
        return buffer.getInt(offset(at, 4));
    }

    /** Makes {@code [at, at + length)} readable if the source holds it (the caller checked it does). */
    private int offset(long at, int length) {
        if (at < start || at + length > start + filled) {
            load(at);
        }
        return (int) (at - start);
    }

    private void load(long at) {
        buffer.clear();
        try {
            filled = source.read(at, buffer);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        start = at;
    }
}

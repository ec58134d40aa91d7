package org.mpiguard.analyzer;

import java.io.EOFException;
import java.io.IOException;

/** Reads what {@link FrameOut} wrote, from a slice of an array (no copy of it). */
final class FrameIn {

    private final byte[] buf;
    private int pos;
    private final int end;

    FrameIn(byte[] buf, int off, int len) {
        this.buf = buf;
        this.pos = off;
        this.end = off + len;
    }

    /** Where the next field starts in the array. */
    int position() {
        return pos;
    }

    /** Passes over {@code n} bytes (read as a slice through {@link #position()}). */
    void skip(int n) throws IOException {
        need(n);
        pos += n;
    }

    byte[] array() {
        return buf;
    }

    boolean available() {
        return pos < end;
    }

    private void need(int n) throws IOException {
        if (pos + n > end) {
            throw new EOFException("a shipment cut short");
        }
    }

    byte readByte() throws IOException {
        need(1);
        return buf[pos++];
    }

    boolean readBoolean() throws IOException {
        return readByte() != 0;
    }

    int readInt() throws IOException {
        need(4);
        int v = (buf[pos] & 0xff) << 24 | (buf[pos + 1] & 0xff) << 16 | (buf[pos + 2] & 0xff) << 8 | buf[pos + 3] & 0xff;
        pos += 4;
        return v;
    }

    /** What {@link FrameOut#writeVarint} wrote. */
    int readVarint() throws IOException {
        int v = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            need(1);
            byte b = buf[pos++];
            v |= (b & 0x7f) << shift;
            if (b >= 0) {
                return v;
            }
        }
        throw new IOException("a number of more than five bytes in a shipment");
    }

    /** What {@link FrameOut#writeSignedVarint} wrote. */
    int readSignedVarint() throws IOException {
        int z = readVarint();
        return z >>> 1 ^ -(z & 1);
    }

    long readLong() throws IOException {
        return (long) readInt() << 32 | readInt() & 0xffffffffL;
    }
}

package org.mpiguard.analyzer;

import java.util.Arrays;

/**
 * A growable byte buffer written field by field, big-endian like {@link java.io.DataOutputStream}
 * but without its per-byte synchronized writes: the shipments of a spread analysis are
 * millions of small fields.
 */
final class FrameOut {

    private byte[] buf = new byte[256];
    private int size;

    int size() {
        return size;
    }

    /** The bytes written, as a new array. */
    byte[] toBytes() {
        return Arrays.copyOf(buf, size);
    }

    void reset() {
        size = 0;
    }

    private void room(int n) {
        if (size + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + n));
        }
    }

    void writeByte(int v) {
        room(1);
        buf[size++] = (byte) v;
    }

    void writeBoolean(boolean v) {
        writeByte(v ? 1 : 0);
    }

    void writeInt(int v) {
        room(4);
        buf[size] = (byte) (v >>> 24);
        buf[size + 1] = (byte) (v >>> 16);
        buf[size + 2] = (byte) (v >>> 8);
        buf[size + 3] = (byte) v;
        size += 4;
    }

    /** {@code v} as an unsigned LEB128 varint: one byte under 128, five at most. */
    void writeVarint(int v) {
        room(5);
        while ((v & ~0x7f) != 0) {
            buf[size++] = (byte) (v & 0x7f | 0x80);
            v >>>= 7;
        }
        buf[size++] = (byte) v;
    }

    /** A signed {@code v} as a zigzag varint: one byte from -64 to 63. */
    void writeSignedVarint(int v) {
        writeVarint(v << 1 ^ v >> 31);
    }

    void writeLong(long v) {
        writeInt((int) (v >>> 32));
        writeInt((int) v);
    }

    void write(byte[] bytes, int off, int len) {
        room(len);
        System.arraycopy(bytes, off, buf, size, len);
        size += len;
    }
}

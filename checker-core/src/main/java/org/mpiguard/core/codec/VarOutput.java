package org.mpiguard.core.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte sink for varint encodings (the collective ring's messages, the trace
 * files): emptied by each take or reset, keeping its buffer; unsynchronised, unlike the JDK's.
 */
public final class VarOutput {
    private byte[] buffer;
    private int size;

    public VarOutput() {
        this(4096);
    }

    public VarOutput(int initialCapacity) {
        buffer = new byte[initialCapacity];
    }

    public void varint(int v) {
        varlong(v & 0xffffffffL);
    }

    public void varlong(long v) {
        while ((v & ~0x7fL) != 0) {
            write((int) ((v & 0x7f) | 0x80));
            v >>>= 7;
        }
        write((int) v);
    }

    /** Zigzag: small negative values (-1 for "none") stay one byte. */
    public void signed(int v) {
        varlong(((v << 1) ^ (v >> 31)) & 0xffffffffL);
    }

    /** Zigzag over 64 bits. */
    public void signedLong(long v) {
        varlong((v << 1) ^ (v >> 63));
    }

    public void string(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        varint(utf8.length);
        write(utf8);
    }

    public void write(byte[] bytes) {
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buffer, size, bytes.length);
        size += bytes.length;
    }

    public void write(int b) {
        ensure(1);
        buffer[size++] = (byte) b;
    }

    private void ensure(int more) {
        if (size + more > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(size + more, 2 * buffer.length));
        }
    }

    public int size() {
        return size;
    }

    /** The internal buffer: its first {@link #size()} bytes are the content. */
    public byte[] buffer() {
        return buffer;
    }

    public void reset() {
        size = 0;
    }

    public byte[] take() {
        byte[] result = Arrays.copyOf(buffer, size);
        size = 0;
        return result;
    }
}

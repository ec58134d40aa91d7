package org.mpiguard.core.codec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Reads what {@link VarOutput} wrote, straight from an array. Every malformed input ends in
 * an IOException whose message starts with the stream's name; nothing is trusted, so a
 * corrupt length cannot make it allocate more than the input holds.
 */
public final class VarInput {
    private final String name;
    private final byte[] bytes;
    private final int length;
    private int position;

    public VarInput(String name, byte[] bytes, int length) {
        this.name = name;
        this.bytes = bytes;
        this.length = length;
    }

    public boolean more() {
        return position < length;
    }

    public int position() {
        return position;
    }

    public int remaining() {
        return length - position;
    }

    public int readByte() throws IOException {
        if (position >= length) {
            throw new IOException(name + ": truncated");
        }
        return bytes[position++] & 0xff;
    }

    public int varint() throws IOException {
        long v = varlong();
        if (v > Integer.MAX_VALUE) {
            throw new IOException(name + ": value out of range");
        }
        return (int) v;
    }

    public long varlong() throws IOException {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = readByte();
            value |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IOException(name + ": varint too long");
    }

    /** An int written by {@link VarOutput#signed}. */
    public int signed() throws IOException {
        long v = varlong();
        return (int) ((v >>> 1) ^ -(v & 1));
    }

    /** A long written by {@link VarOutput#signedLong}. */
    public long signedLong() throws IOException {
        long v = varlong();
        return (v >>> 1) ^ -(v & 1);
    }

    public String string() throws IOException {
        int n = varint();
        if (n > length - position) {
            throw new IOException(name + ": truncated");
        }
        String text = new String(bytes, position, n, StandardCharsets.UTF_8);
        position += n;
        return text;
    }
}

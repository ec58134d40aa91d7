package org.mpiguard.core.trace;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import org.mpiguard.core.args.BaseType;

/**
 * The value hash of RMA and ACCESS events: a hash of the bytes a write leaves in memory,
 * which tells a race where every writer wrote the same bytes (benign in this run) from
 * one with inconsistent values. It hashes bytes in memory order, so the same value stored
 * through any view (an {@code IntBuffer}, a {@code ByteBuffer}'s {@code putInt}, a bulk
 * put) hashes alike, and a put's origin hashes as the bytes it moves.
 *
 * <p>Two layers: a <em>state</em>, a polynomial over the bytes that runs of appended
 * stores combine with {@link #concat}, and the hash written to the trace,
 * {@link #finish}ed from a state and its length, never {@link #NONE}. Nothing here
 * allocates.
 */
public final class ValueHash {

    /** The hash of a value not recorded: two writes with it are never taken for the same value. */
    public static final long NONE = 0;
    /** Writes longer than this are not hashed (their event says NONE): reading them back would cost too much. */
    public static final long MAX_BYTES = 1 << 20;

    private static final long P = 0x100000001b3L;
    /** The platform's byte order: the one a run of the program's own stores is hashed in (AccessRun). */
    public static final boolean NATIVE_BIG = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN;

    private ValueHash() {
    }

    /** The state after {@code state} of {@code width} more bytes: {@code bits} laid out in {@code bigEndian} order. */
    public static long append(long state, long bits, int width, boolean bigEndian) {
        long s = state;
        for (int k = 0; k < width; k++) {
            int shift = 8 * (bigEndian ? width - 1 - k : k);
            s = s * P + ((bits >>> shift) & 0xff) + 1;
        }
        return s;
    }

    /** P to the powers 0..64: the lengths of single stores, so joining one costs one multiply. */
    private static final long[] POWERS = new long[65];

    /** The state of {@code n} zero bytes (each adds its byte plus one): {@link #ofBits}' constant part. */
    private static final long[] ONES = new long[9];

    static {
        POWERS[0] = 1;
        for (int i = 1; i < POWERS.length; i++) {
            POWERS[i] = POWERS[i - 1] * P;
        }
        for (int n = 1; n < ONES.length; n++) {
            ONES[n] = ONES[n - 1] * P + 1;
        }
    }

    /**
     * {@code append(0, bits, width, bigEndian)} for a value of at most 8 bytes, computed as
     * the sum of each byte times its power of P: the terms do not wait for each other, so a
     * store costs a few cycles where the byte-by-byte chain costs a multiply's latency per byte.
     */
    public static long ofBits(long bits, int width, boolean bigEndian) {
        long s = ONES[width];
        for (int k = 0; k < width; k++) {
            int shift = 8 * (bigEndian ? width - 1 - k : k);
            s += ((bits >>> shift) & 0xff) * POWERS[width - 1 - k];
        }
        return s;
    }

    /** The state of the bytes of {@code left} followed by those of {@code right} ({@code rightLength} bytes). */
    public static long concat(long left, long right, long rightLength) {
        if (rightLength >= 0 && rightLength < POWERS.length) {
            return left * POWERS[(int) rightLength] + right;
        }
        long power = 1;
        long base = P;
        for (long n = rightLength; n > 0; n >>>= 1) {
            if ((n & 1) != 0) {
                power *= base;
            }
            base *= base;
        }
        return left * power + right;
    }

    /** The hash of {@code length} bytes whose state is {@code state}: mixed, and never {@link #NONE}. */
    public static long finish(long state, long length) {
        long h = state ^ (length * 0x9E3779B97F4A7C15L);
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h == NONE ? 1 : h;
    }

    /** The byte order in which {@code b}'s multi-byte elements lie in memory. */
    public static boolean bigEndian(Buffer b) {
        if (b instanceof ByteBuffer x) {
            return x.order() == ByteOrder.BIG_ENDIAN;
        }
        ByteOrder o = b instanceof CharBuffer x ? x.order() : b instanceof ShortBuffer x ? x.order()
                : b instanceof IntBuffer x ? x.order() : b instanceof LongBuffer x ? x.order()
                : b instanceof FloatBuffer x ? x.order() : b instanceof DoubleBuffer x ? x.order() : null;
        return o == null ? NATIVE_BIG : o == ByteOrder.BIG_ENDIAN;
    }

    /**
     * The hash of elements {@code [first, first + count)} of {@code b} as they lie in memory
     * (a put's origin), or {@link #NONE} when they are not all within its limit or too many.
     */
    public static long ofBuffer(Buffer b, int first, int count) {
        if (b == null || first < 0 || count <= 0 || (long) first + count > b.limit()) {
            return NONE;
        }
        int width = BaseType.elementBytes(b);
        if ((long) count * width > MAX_BYTES) {
            return NONE;
        }
        return finish(stateOfBuffer(b, first, count, bigEndian(b)), (long) count * width);
    }

    /**
     * The state of elements {@code [first, first + count)} of {@code src} written into memory
     * in {@code bigEndian} order (a bulk put from one buffer into another); the caller checks
     * the bounds.
     */
    public static long stateOfBuffer(Buffer src, int first, int count, boolean bigEndian) {
        long s = 0;
        int end = first + count;
        if (src instanceof ByteBuffer x) {
            for (int i = first; i < end; i++) {
                s = s * P + (x.get(i) & 0xff) + 1;
            }
        } else if (src instanceof CharBuffer x) {
            for (int i = first; i < end; i++) {
                s = append(s, x.get(i), 2, bigEndian);
            }
        } else if (src instanceof ShortBuffer x) {
            for (int i = first; i < end; i++) {
                s = append(s, x.get(i), 2, bigEndian);
            }
        } else if (src instanceof IntBuffer x) {
            for (int i = first; i < end; i++) {
                s = append(s, x.get(i), 4, bigEndian);
            }
        } else if (src instanceof LongBuffer x) {
            for (int i = first; i < end; i++) {
                s = append(s, x.get(i), 8, bigEndian);
            }
        } else if (src instanceof FloatBuffer x) {
            for (int i = first; i < end; i++) {
                s = append(s, Float.floatToRawIntBits(x.get(i)), 4, bigEndian);
            }
        } else if (src instanceof DoubleBuffer x) {
            for (int i = first; i < end; i++) {
                s = append(s, Double.doubleToRawLongBits(x.get(i)), 8, bigEndian);
            }
        }
        return s;
    }

    /** The state of {@code array[offset, offset + count)} (a primitive array) written into memory in {@code bigEndian} order. */
    public static long stateOfArray(Object array, int offset, int count, boolean bigEndian) {
        long s = 0;
        int end = offset + count;
        if (array instanceof byte[] a) {
            for (int i = offset; i < end; i++) {
                s = s * P + (a[i] & 0xff) + 1;
            }
        } else if (array instanceof char[] a) {
            for (int i = offset; i < end; i++) {
                s = append(s, a[i], 2, bigEndian);
            }
        } else if (array instanceof short[] a) {
            for (int i = offset; i < end; i++) {
                s = append(s, a[i], 2, bigEndian);
            }
        } else if (array instanceof int[] a) {
            for (int i = offset; i < end; i++) {
                s = append(s, a[i], 4, bigEndian);
            }
        } else if (array instanceof long[] a) {
            for (int i = offset; i < end; i++) {
                s = append(s, a[i], 8, bigEndian);
            }
        } else if (array instanceof float[] a) {
            for (int i = offset; i < end; i++) {
                s = append(s, Float.floatToRawIntBits(a[i]), 4, bigEndian);
            }
        } else if (array instanceof double[] a) {
            for (int i = offset; i < end; i++) {
                s = append(s, Double.doubleToRawLongBits(a[i]), 8, bigEndian);
            }
        }
        return s;
    }

}

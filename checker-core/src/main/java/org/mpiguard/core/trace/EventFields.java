package org.mpiguard.core.trace;

/**
 * Fills an event's field array ({@link EventStore#fields}) in the kind's order, one overload
 * per field count the recorder's kinds use. Each is small enough for the JIT to inline at
 * the recording call, so an event's fields go straight from the caller into the array; handed
 * as a dozen arguments to the store, which is too large to inline, they cost a stack of moves
 * an event (docs/overhead.md, stop 67).
 */
final class EventFields {

    private EventFields() {
    }

    static long[] put(long[] v, long f0, long f1) {
        v[0] = f0;
        v[1] = f1;
        return v;
    }

    static long[] put(long[] v, long f0, long f1, long f2) {
        v[0] = f0;
        v[1] = f1;
        v[2] = f2;
        return v;
    }

    static long[] put(long[] v, long f0, long f1, long f2, long f3, long f4) {
        v[0] = f0;
        v[1] = f1;
        v[2] = f2;
        v[3] = f3;
        v[4] = f4;
        return v;
    }

    static long[] put(long[] v, long f0, long f1, long f2, long f3, long f4, long f5) {
        v[0] = f0;
        v[1] = f1;
        v[2] = f2;
        v[3] = f3;
        v[4] = f4;
        v[5] = f5;
        return v;
    }

    static long[] put(long[] v, long f0, long f1, long f2, long f3, long f4, long f5, long f6) {
        v[0] = f0;
        v[1] = f1;
        v[2] = f2;
        v[3] = f3;
        v[4] = f4;
        v[5] = f5;
        v[6] = f6;
        return v;
    }

    static long[] put(long[] v, long f0, long f1, long f2, long f3, long f4, long f5, long f6, long f7) {
        v[0] = f0;
        v[1] = f1;
        v[2] = f2;
        v[3] = f3;
        v[4] = f4;
        v[5] = f5;
        v[6] = f6;
        v[7] = f7;
        return v;
    }

    static long[] put(long[] v, long f0, long f1, long f2, long f3, long f4, long f5, long f6, long f7, long f8,
                      long f9) {
        v[0] = f0;
        v[1] = f1;
        v[2] = f2;
        v[3] = f3;
        v[4] = f4;
        v[5] = f5;
        v[6] = f6;
        v[7] = f7;
        v[8] = f8;
        v[9] = f9;
        return v;
    }

    static long[] put(long[] v, long f0, long f1, long f2, long f3, long f4, long f5, long f6, long f7, long f8,
                      long f9, long f10, long f11) {
        v[0] = f0;
        v[1] = f1;
        v[2] = f2;
        v[3] = f3;
        v[4] = f4;
        v[5] = f5;
        v[6] = f6;
        v[7] = f7;
        v[8] = f8;
        v[9] = f9;
        v[10] = f10;
        v[11] = f11;
        return v;
    }
}

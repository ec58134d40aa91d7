package org.mpiguard.core.args;

import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * Finds and repairs the elements of a receive array that the binding overwrote beyond
 * what arrived: it copies the whole requested count back from a reused native buffer,
 * so a shorter message (or none, from MPI.PROC_NULL) leaves stale data in the tail.
 * Works on a snapshot of the region taken before the call (kept per thread by the
 * caller, so the success path allocates nothing after warm-up).
 */
public final class Clobbered {

    private Clobbered() {
    }

    /** Copies {@code length} elements of {@code array} from {@code from} into {@code snapshot}. */
    public static void save(Object array, int from, int length, Object snapshot) {
        System.arraycopy(array, from, snapshot, 0, length);
    }

    /**
     * Indexes in [from + received, from + requested) whose value differs from the
     * snapshot: the first one, or -1 when none changed. One type test, then the JDK's
     * vectorised compare: a receive from MPI.PROC_NULL compares its whole region on every
     * call, which element by element cost more than the receive (cg and mg, docs/overhead.md).
     * Floating-point elements compare as {@code Arrays.mismatch} does (NaNs alike).
     */
    public static int firstChanged(Object array, int from, int received, int requested, Object snapshot) {
        if (requested <= received) {
            return -1;
        }
        int at = from + received;
        int end = from + requested;
        int i;
        if (array instanceof double[] x) {
            i = Arrays.mismatch(x, at, end, (double[]) snapshot, received, requested);
        } else if (array instanceof int[] x) {
            i = Arrays.mismatch(x, at, end, (int[]) snapshot, received, requested);
        } else if (array instanceof long[] x) {
            i = Arrays.mismatch(x, at, end, (long[]) snapshot, received, requested);
        } else if (array instanceof float[] x) {
            i = Arrays.mismatch(x, at, end, (float[]) snapshot, received, requested);
        } else if (array instanceof byte[] x) {
            i = Arrays.mismatch(x, at, end, (byte[]) snapshot, received, requested);
        } else if (array instanceof short[] x) {
            i = Arrays.mismatch(x, at, end, (short[]) snapshot, received, requested);
        } else if (array instanceof char[] x) {
            i = Arrays.mismatch(x, at, end, (char[]) snapshot, received, requested);
        } else if (array instanceof boolean[] x) {
            i = Arrays.mismatch(x, at, end, (boolean[]) snapshot, received, requested);
        } else {
            return -1;
        }
        return i < 0 ? -1 : at + i;
    }

    /** How many elements in [from + received, from + requested) differ from the snapshot. */
    public static int countChanged(Object array, int from, int received, int requested, Object snapshot) {
        int n = 0;
        for (int i = received; i < requested; i++) {
            if (!same(array, from + i, snapshot, i)) {
                n++;
            }
        }
        return n;
    }

    /** Puts the snapshot's values back into [from + received, from + requested). */
    public static void restore(Object array, int from, int received, int requested, Object snapshot) {
        if (requested > received) {
            System.arraycopy(snapshot, received, array, from + received, requested - received);
        }
    }

    /** "[1..3] = [12, 13, 14] (were [-1, -1, -1])" for the message, at most 8 elements shown. */
    public static String describe(Object array, int from, int received, int requested, Object snapshot) {
        StringBuilder now = new StringBuilder("[");
        StringBuilder was = new StringBuilder("[");
        int shown = 0;
        for (int i = received; i < requested && shown < 8; i++, shown++) {
            now.append(shown == 0 ? "" : ", ").append(Array.get(array, from + i));
            was.append(shown == 0 ? "" : ", ").append(Array.get(snapshot, i));
        }
        String more = requested - received > shown ? ", ..." : "";
        return "elements [" + (from + received) + ".." + (from + requested - 1) + "] now hold " + now + more
                + "] where they held " + was + more + "]";
    }

    private static boolean same(Object a, int i, Object b, int j) {
        if (a instanceof int[] x) {
            return x[i] == ((int[]) b)[j];
        }
        if (a instanceof double[] x) {
            return Double.doubleToRawLongBits(x[i]) == Double.doubleToRawLongBits(((double[]) b)[j]);
        }
        if (a instanceof long[] x) {
            return x[i] == ((long[]) b)[j];
        }
        if (a instanceof float[] x) {
            return Float.floatToRawIntBits(x[i]) == Float.floatToRawIntBits(((float[]) b)[j]);
        }
        if (a instanceof byte[] x) {
            return x[i] == ((byte[]) b)[j];
        }
        if (a instanceof short[] x) {
            return x[i] == ((short[]) b)[j];
        }
        if (a instanceof char[] x) {
            return x[i] == ((char[]) b)[j];
        }
        if (a instanceof boolean[] x) {
            return x[i] == ((boolean[]) b)[j];
        }
        return true;
    }
}

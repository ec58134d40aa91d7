package org.mpiguard.core.options;

import java.util.Locale;
import java.util.Set;

/** The families of checks the {@code checks} option switches on and off. */
public enum CheckFamily {
    /** Each call's arguments against the MPI standard and the bindings' own rules, before the call. */
    ARGUMENTS,
    /** Every rank's n-th collective on a communicator compared with its neighbour's (the ring). */
    COLLECTIVES,
    /** Wait-for-graph deadlock detection over the checker's private communicator, and livelocks. */
    DEADLOCK,
    /** Open MPI's own errors reported with the Java site (the agent sets ERRORS_RETURN where the program set no handler). */
    ERRORS,
    /** Requests used out of order, and every handle, request, buffer and message left behind at Finalize. */
    LIFECYCLE,
    /**
     * The buffer watch: the program's loads and stores (through java.nio accessors) to
     * memory a pending nonblocking or one-sided operation uses. Off, the agent leaves the
     * accessors unrewritten, so it costs nothing.
     */
    BUFFERS;

    /** This family's bit in {@link #bits}. */
    public long bit() {
        return 1L << ordinal();
    }

    /** A set of families as one long, so asking whether one is on is a load and a mask. */
    public static long bits(Set<CheckFamily> families) {
        long bits = 0;
        for (CheckFamily f : families) {
            bits |= f.bit();
        }
        return bits;
    }

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Every family's key, joined by ", " (a loop, not a stream: every rank parses its options at start-up). */
    public static String keys() {
        StringBuilder names = new StringBuilder();
        for (CheckFamily f : values()) {
            names.append(names.length() == 0 ? "" : ", ").append(f.key());
        }
        return names.toString();
    }
}

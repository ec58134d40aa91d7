package org.mpiguard.analyzer.rma;

/** The kind of epoch an access happened in, as the messages name it and the lock rule needs it. */
enum EpochMode {
    NONE("outside any RMA epoch"),
    FENCE("in a fence epoch"),
    ACCESS("in a start/complete access epoch"),
    EXPOSED("while its window was exposed by post"),
    SHARED_LOCK("under a shared lock"),
    EXCLUSIVE_LOCK("under an exclusive lock"),
    LOCK_ALL("under lockAll");

    private static final EpochMode[] VALUES = values();
    /**
     * A bit beside the ordinal in an access's mode byte: its rank made a compare-and-swap or
     * fetch-and-op on the window earlier in the same passive-target epoch.
     */
    static final int GUARDED = 0x40;
    /**
     * A bit beside the ordinal: the lock (or lockAll) the access ran under asserted
     * {@code MPI.MODE_NOCHECK}, so it excludes nothing (MPI-3.1 11.5.5: no lock is taken).
     */
    static final int NOCHECK = 0x80;
    private final String phrase;

    EpochMode(String phrase) {
        this.phrase = phrase;
    }

    String phrase() {
        return phrase;
    }

    boolean locked() {
        return this == SHARED_LOCK || this == EXCLUSIVE_LOCK || this == LOCK_ALL;
    }

    /**
     * True when two epochs on the same target cannot overlap in time: a lock of either
     * kind excludes an exclusive one (MPI serialises them, in an order the run chooses),
     * unless either asserted {@code MPI.MODE_NOCHECK} ({@link #NOCHECK}), which takes no lock.
     */
    static boolean exclusive(int a, int b) {
        EpochMode ma = of(a);
        EpochMode mb = of(b);
        return ma.locked() && mb.locked() && (ma == EXCLUSIVE_LOCK || mb == EXCLUSIVE_LOCK)
                && !noCheck(a) && !noCheck(b);
    }

    /** The mode of a mode byte (its {@link #GUARDED} bit aside). */
    static EpochMode of(int mode) {
        return VALUES[mode & 0x3f];
    }

    static boolean guarded(int mode) {
        return (mode & GUARDED) != 0;
    }

    static boolean noCheck(int mode) {
        return (mode & NOCHECK) != 0;
    }
}

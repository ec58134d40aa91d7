package org.mpiguard.adapter.shadow;

import org.mpiguard.core.activity.WindowState;
import org.mpiguard.core.args.RmaEpochs;

/**
 * An RMA window: this rank's epochs and locks on it ({@link RmaEpochs}, the one lock table
 * both the argument checks and the wait-for graph read), every target's memory as
 * exchanged at creation ({@link Targets}, when the argument checks are on), and the
 * graph's view of it ({@link WindowState}: an identity every member computes alike, its
 * members in world ranks, fences and PSCW groups; when the watchdog runs).
 */
public final class WindowShadow extends Shadow {

    private volatile long traceIdentity;
    private volatile int[] traceWorld;

    /** Every target's window, exchanged once at creation. {@code sizeBytes == null} for a dynamic window. */
    public record Targets(int groupSize, long[] sizeBytes, int[] dispUnitBytes, RmaEpochs epochs) {
    }

    private final RmaEpochs epochs;
    private volatile Targets targets;
    private volatile WindowState graph;

    WindowShadow(Object win, int site, int rank, int groupSize) {
        super(win, site, rank);
        this.epochs = new RmaEpochs(groupSize);
    }

    public RmaEpochs epochs() {
        return epochs;
    }

    /** The targets' sizes and displacement units, or null if they were not exchanged (argument checks off). */
    public Targets targets() {
        return targets;
    }

    void exchanged(long[] sizeBytes, int[] dispUnitBytes) {
        targets = new Targets(epochs.size(), sizeBytes, dispUnitBytes, epochs);
    }

    /** The wait-for graph's view, or null while the watchdog does not track windows. */
    public WindowState graph() {
        return graph;
    }

    void named(String key, int[] worldMembers) {
        graph = new WindowState(key, worldMembers, epochs);
    }

    /** The window's identity in the traces (the same on every member), 0 if not named. */
    public long traceIdentity() {
        return traceIdentity;
    }

    /** World ranks of the window's ranks, or null if not named. */
    public int[] traceWorld() {
        return traceWorld;
    }

    public void traceNamed(long identity, int[] worldOfRank) {
        traceWorld = worldOfRank;
        traceIdentity = identity;
    }
}

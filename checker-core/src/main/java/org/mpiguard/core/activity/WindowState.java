package org.mpiguard.core.activity;

import org.mpiguard.core.args.RmaEpochs;

/**
 * What the wait-for graph needs of one RMA window: an identity every member computes
 * alike, its members in world ranks, how many fences this rank has called on it, the
 * groups of its current PSCW epochs, and which targets' locks this rank holds.
 */
public final class WindowState {

    public static final int NOT_HELD = RmaEpochs.NOT_HELD;
    public static final int SHARED = RmaEpochs.SHARED;
    public static final int EXCLUSIVE = RmaEpochs.EXCLUSIVE;

    private final String key;
    private final int[] worldMembers;
    /** The window's epochs, whose lock table is the one the argument checks keep too. */
    private final RmaEpochs epochs;
    /** Written by the program's thread only; volatile so the watchdog reads a current count. */
    private volatile long fences;
    private volatile int[] startGroup = new int[0];
    private volatile int[] postGroup = new int[0];

    public WindowState(String key, int[] worldMembersInLocalOrder, RmaEpochs epochs) {
        this.key = key;
        this.worldMembers = worldMembersInLocalOrder.clone();
        this.epochs = epochs;
    }

    public int size() {
        return worldMembers.length;
    }

    /** World rank of the window's local rank {@code r}, or -1 outside the window. */
    public int worldRank(int r) {
        return r >= 0 && r < worldMembers.length ? worldMembers[r] : -1;
    }

    public int[] worldMembers() {
        return worldMembers.clone();
    }

    public long nextFence() {
        long next = fences + 1;
        fences = next;
        return next;
    }

    /** Fences this rank has entered on the window. */
    public long fences() {
        return fences;
    }

    /** The key under which fences on this window are counted in a rank's status. */
    public String fenceKey() {
        return key + "/fence";
    }

    public void started(int[] worldRanks) {
        startGroup = worldRanks;
    }

    public int[] startGroup() {
        return startGroup;
    }

    public void posted(int[] worldRanks) {
        postGroup = worldRanks;
    }

    public int[] postGroup() {
        return postGroup;
    }

    public void locked(int target, int mode) {
        epochs.lock(target, mode);
    }

    public void unlocked(int target) {
        epochs.unlock(target);
    }

    /** The lock this rank holds on {@code target}: NOT_HELD, SHARED or EXCLUSIVE. */
    public int held(int target) {
        return epochs.held(target);
    }

    /** The resource a lock on local rank {@code target} names in the graph. */
    public String lockResource(int target) {
        return key + "@" + worldRank(target);
    }
}

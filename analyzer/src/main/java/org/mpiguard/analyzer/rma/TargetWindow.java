package org.mpiguard.analyzer.rma;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The accesses to one window of one target that are still live: not yet known to happen
 * before everything any other rank will do. Ordered by first byte, so the accesses a new
 * one overlaps are found by a range look-up (the widest access bounds how far back to
 * look); a repeated access (same origin, site, bytes and kind) replaces the earlier one,
 * so a loop over the same slot holds one entry. Besides, for the separate-model rule
 * (a store against any remote write of the window), the latest remote write of each origin
 * and the latest store.
 */
final class TargetWindow {

    private final TreeMap<Long, List<Access>> byStart = new TreeMap<>();
    private final Access[] latestRemoteWrite;
    /** The origins whose {@link #latestRemoteWrite} is set: a store looks at those, not at every rank of the world. */
    private final BitSet writers = new BitSet();
    private Access latestStore;
    private long widest;
    private int size;

    TargetWindow(int worldSize) {
        latestRemoteWrite = new Access[worldSize];
    }

    int size() {
        return size;
    }

    /**
     * Shows {@code visitor} every live access that overlaps {@code a} and, for stores
     * against remote writes, those that do not; then keeps {@code a}.
     */
    void checkAndAdd(Access a, Consumer<Access> visitor) {
        // key by key rather than through a sub-map's views: those were 6 % of the bytes the
        // analysis of the 100-million-event set allocated, for maps of a few starts each
        Long start = byStart.higherKey(a.start() - widest);
        while (start != null && start < a.end()) {
            List<Access> atStart = byStart.get(start);
            for (int i = 0; i < atStart.size(); i++) {
                Access live = atStart.get(i);
                if (live.overlaps(a)) {
                    visitor.accept(live);
                }
            }
            start = byStart.higherKey(start);
        }
        if (a.kind() == AccessKind.STORE) {
            for (int origin = writers.nextSetBit(0); origin >= 0; origin = writers.nextSetBit(origin + 1)) {
                Access w = latestRemoteWrite[origin];
                if (!w.overlaps(a)) {
                    visitor.accept(w);
                }
            }
            latestStore = a;
        } else if (a.kind() == AccessKind.PUT || a.kind() == AccessKind.ACCUMULATE) {
            if (latestStore != null && !latestStore.overlaps(a)) {
                visitor.accept(latestStore);
            }
            latestRemoteWrite[a.origin()] = a;
            writers.set(a.origin());
        }
        add(a);
    }

    private void add(Access a) {
        List<Access> atStart = byStart.computeIfAbsent(a.start(), k -> new ArrayList<>(2));
        for (int i = 0; i < atStart.size(); i++) {
            if (a.repeats(atStart.get(i))) {
                atStart.set(i, a);
                return;
            }
        }
        atStart.add(a);
        size++;
        widest = Math.max(widest, a.end() - a.start());
    }

    /** Drops the accesses {@code done} says every other rank has ordered after. */
    void evict(Predicate<Access> done) {
        Iterator<Map.Entry<Long, List<Access>>> it = byStart.entrySet().iterator();
        while (it.hasNext()) {
            List<Access> atStart = it.next().getValue();
            int before = atStart.size();
            atStart.removeIf(done);
            size -= before - atStart.size();
            if (atStart.isEmpty()) {
                it.remove();
            }
        }
        for (int origin = writers.nextSetBit(0); origin >= 0; origin = writers.nextSetBit(origin + 1)) {
            if (done.test(latestRemoteWrite[origin])) {
                latestRemoteWrite[origin] = null;
                writers.clear(origin);
            }
        }
        if (latestStore != null && done.test(latestStore)) {
            latestStore = null;
        }
        if (byStart.isEmpty()) {
            widest = 0;
        }
    }
}

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
 *
 * <p>A window holds a few live accesses most of the time (a halo's ghost slots: one per
 * neighbour), so up to {@link #FEW} are kept in an array scanned whole, and the map is made
 * only past that: each access of the replay comes to its window long after the last one did,
 * and every object on the way (the map's entry, its key, its list, the list's array) was a
 * cache miss; the 100-million-event set spent a sixth of its analysis here.
 */
final class TargetWindow {

    /** How many live accesses the array holds before they move to the map. */
    static final int FEW = 8;
    private final Access[] few = new Access[FEW];
    private int fewCount;
    /** Past {@link #FEW} live accesses: by first byte; null until then, and again once emptied. */
    private TreeMap<Long, List<Access>> byStart;
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
        if (byStart == null) {
            for (int i = 0; i < fewCount; i++) {
                if (few[i].overlaps(a)) {
                    visitor.accept(few[i]);
                }
            }
        } else {
            overlapsInMap(a, visitor);
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

    /** The live accesses in the map that overlap {@code a}: key by key, no sub-map views (they were 6 % of the bytes allocated). */
    private void overlapsInMap(Access a, Consumer<Access> visitor) {
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
    }

    private void add(Access a) {
        widest = Math.max(widest, a.end() - a.start());
        if (byStart == null) {
            for (int i = 0; i < fewCount; i++) {
                if (a.repeats(few[i])) {
                    few[i] = a;
                    return;
                }
            }
            if (fewCount < FEW) {
                few[fewCount++] = a;
                size++;
                return;
            }
            byStart = new TreeMap<>();
            for (int i = 0; i < fewCount; i++) {
                addToMap(few[i]);
                few[i] = null;
            }
            fewCount = 0;
        }
        if (addToMap(a)) {
            size++;
        }
    }

    /** Keeps {@code a} in the map, in place of an access it repeats; true when it is one more. */
    private boolean addToMap(Access a) {
        List<Access> atStart = byStart.get(a.start());
        if (atStart == null) { // not computeIfAbsent(lambda): the end-of-run analysis links no call site
            atStart = new ArrayList<>(2);
            byStart.put(a.start(), atStart);
        }
        for (int i = 0; i < atStart.size(); i++) {
            if (a.repeats(atStart.get(i))) {
                atStart.set(i, a);
                return false;
            }
        }
        atStart.add(a);
        return true;
    }

    /** Drops the accesses {@code done} says every other rank has ordered after. */
    void evict(Predicate<Access> done) {
        if (byStart == null) {
            int kept = 0;
            for (int i = 0; i < fewCount; i++) {
                if (!done.test(few[i])) {
                    few[kept++] = few[i];
                }
            }
            for (int i = kept; i < fewCount; i++) {
                few[i] = null;
            }
            size -= fewCount - kept;
            fewCount = kept;
        } else {
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
            if (byStart.isEmpty()) {
                byStart = null;
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
        if (size == 0) {
            widest = 0;
        }
    }
}

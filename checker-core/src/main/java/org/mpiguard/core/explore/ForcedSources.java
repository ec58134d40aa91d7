package org.mpiguard.core.explore;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.site.CallSite;

/**
 * One rank's forced matches while it runs: counts the receives posted at each location the
 * plan names, as the traces count them (per source location, receives from MPI.PROC_NULL
 * left out by the caller), and says which receive must take which source. Only replays
 * use it; each call site is looked up once, then found by its id.
 */
public final class ForcedSources {

    /** No forced source for this receive. */
    public static final int NONE = -1;

    /** One location's forced occurrences, in increasing order, and how many receives it has seen. */
    private static final class Location {
        final int[] occurrences;
        final int[] sources;
        int count;
        int cursor;

        Location(List<ForcedMatchPlan.Entry> entries) {
            ForcedMatchPlan.Entry[] sorted = entries.toArray(new ForcedMatchPlan.Entry[0]);
            Arrays.sort(sorted, (a, b) -> Integer.compare(a.occurrence(), b.occurrence()));
            occurrences = new int[sorted.length];
            sources = new int[sorted.length];
            for (int i = 0; i < sorted.length; i++) {
                occurrences[i] = sorted[i].occurrence();
                sources[i] = sorted[i].source();
            }
        }
    }

    private final Map<SiteRef, Location> byLocation = new HashMap<>();
    /** By site id: 0 not looked up yet, -1 no forced match there, else 1 + the index in {@code located}. */
    private int[] locationOfSite = new int[64];
    private final List<Location> located = new ArrayList<>();

    /** The forced matches of world rank {@code rank} in {@code plan}. */
    public ForcedSources(ForcedMatchPlan plan, int rank) {
        Map<SiteRef, List<ForcedMatchPlan.Entry>> mine = new HashMap<>();
        for (ForcedMatchPlan.Entry e : plan.entries()) {
            if (e.rank() == rank) {
                mine.computeIfAbsent(e.site(), k -> new ArrayList<>()).add(e);
            }
        }
        mine.forEach((site, entries) -> byLocation.put(site, new Location(entries)));
    }

    public boolean isEmpty() {
        return byLocation.isEmpty();
    }

    /**
     * Counts one receive posted at {@code site} and gives the world rank it must receive
     * from, or {@link #NONE}.
     */
    public synchronized int next(CallSite site) {
        Location at = location(site);
        if (at == null) {
            return NONE;
        }
        int n = ++at.count;
        while (at.cursor < at.occurrences.length && at.occurrences[at.cursor] < n) {
            at.cursor++;
        }
        return at.cursor < at.occurrences.length && at.occurrences[at.cursor] == n ? at.sources[at.cursor] : NONE;
    }

    private Location location(CallSite site) {
        int id = site.id();
        if (id < 0) {
            return null;
        }
        if (id >= locationOfSite.length) {
            locationOfSite = Arrays.copyOf(locationOfSite, Math.max(id + 1, locationOfSite.length * 2));
        }
        int slot = locationOfSite[id];
        if (slot == 0) {
            Location at = byLocation.get(SiteRef.of(site));
            if (at == null) {
                slot = -1;
            } else {
                int index = located.indexOf(at);
                if (index < 0) {
                    located.add(at);
                    index = located.size() - 1;
                }
                slot = index + 1;
            }
            locationOfSite[id] = slot;
        }
        return slot < 0 ? null : located.get(slot - 1);
    }
}

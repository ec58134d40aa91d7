package org.mpiguard.core.trace;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The ids of a trace's definitions: derived types' signatures and sets of ranks, each
 * interned under a lock (they are rare) and given to the {@link EventStore} before its id is
 * returned, so before any event carrying the id is recorded.
 */
final class DefinitionIds {

    private final EventStore store;
    private final Map<Signature, Integer> signatureIds = new HashMap<>();
    private final Map<RankSetKey, Integer> rankSetIds = new HashMap<>();
    private int nextSignature = Signature.FIRST_DERIVED;
    private int nextRankSet = 1;

    DefinitionIds(EventStore store) {
        this.store = store;
    }

    /** The id of a derived type's signature, the same for equal signatures; a basic type's own code. */
    synchronized int signature(int[] codes, long[] reps, long size, long extent) {
        if (codes.length == 1 && reps[0] == 1 && Signature.isBasic(codes[0])) {
            return codes[0];
        }
        Signature probe = new Signature(0, size, extent, codes.clone(), reps.clone());
        Integer known = signatureIds.get(probe);
        if (known != null) {
            return known;
        }
        int id = nextSignature++;
        signatureIds.put(probe, id);
        store.definition(new Signature(id, size, extent, probe.codes(), probe.reps()));
        return id;
    }

    /** The id of a set of world ranks (a group's members), the same for equal sets. */
    synchronized int ranks(int[] worldRanks) {
        RankSetKey key = new RankSetKey(worldRanks.clone());
        Integer known = rankSetIds.get(key);
        if (known != null) {
            return known;
        }
        int id = nextRankSet++;
        rankSetIds.put(key, id);
        store.definition(new TraceRecorder.RankSet(id, key.ranks()));
        return id;
    }

    private record RankSetKey(int[] ranks) {
        @Override
        public boolean equals(Object o) {
            return o instanceof RankSetKey k && Arrays.equals(k.ranks, ranks);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(ranks);
        }
    }
}

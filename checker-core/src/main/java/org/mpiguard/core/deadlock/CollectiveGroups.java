package org.mpiguard.core.deadlock;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.core.activity.WaitKind;

/**
 * The blocked collectives of one snapshot, grouped: every rank in the same collective
 * (communicator key and number) over the same members waits for the same outsiders, the
 * members neither in that collective nor past it. A collective is released once all its
 * outsiders can progress; the group works that out once for all its ranks, and watches one
 * outsider at a time (the first that cannot progress yet), so a barrier of 65,536 ranks
 * costs about 65,536 steps, not their square. Part of {@link ProgressFixpoint}.
 */
final class CollectiveGroups {

    /** One collective over one set of members. */
    static final class Group {
        final int id;
        final int[] outsiders;
        int cursor;
        final List<Integer> members = new ArrayList<>();
        boolean watching;

        Group(int id, int[] outsiders) {
            this.id = id;
            this.outsiders = outsiders;
        }

        /** Whether every outsider can progress; advances past those that can (they never stop). */
        boolean allCan(boolean[] can) {
            while (cursor < outsiders.length && can[outsiders[cursor]]) {
                cursor++;
            }
            return cursor == outsiders.length;
        }

        /** The outsider that holds the group up now. */
        int blocker() {
            return outsiders[cursor];
        }
    }

    /**
     * A group's key. A class, not a record: a record's equals and hashCode are invokedynamic
     * sites the JVM links at their first call, and the coordinator's rounds run inside the
     * program's run (NoCallSiteLinkedTest).
     */
    private static final class Key {
        private final String commKey;
        private final RankRuns members;

        Key(String commKey, RankRuns members) {
            this.commKey = commKey;
            this.members = members;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && commKey.equals(k.commKey) && members.equals(k.members);
        }

        @Override
        public int hashCode() {
            return 31 * commKey.hashCode() + members.hashCode();
        }
    }

    private final RankStatus[] byRank;
    private final Map<String, BitSet> blockedIn = new HashMap<>();
    private final Map<Key, Group> shared = new HashMap<>();
    private final List<Group> groups = new ArrayList<>();

    CollectiveGroups(RankStatus[] byRank) {
        this.byRank = byRank;
        for (int r = 0; r < byRank.length; r++) {
            RankStatus s = byRank[r];
            if (s == null || s.state() != RankState.BLOCKED) {
                continue;
            }
            for (ThreadStatus t : s.threads()) {
                if (t.kind() == WaitKind.COLLECTIVE) {
                    BitSet ranks = blockedIn.get(t.commKey()); // no lambda: rounds link no call site
                    if (ranks == null) {
                        ranks = new BitSet();
                        blockedIn.put(t.commKey(), ranks);
                    }
                    ranks.set(r);
                }
            }
        }
    }

    Group get(int id) {
        return groups.get(id);
    }

    /** The group of {@code rank}'s collective wait {@code t}. */
    Group of(int rank, ThreadStatus t) {
        RankRuns members = t.waitsFor().withRank(rank);
        if (members == null) {
            return create(rank, t);   // a member list the group cannot share: its own group
        }
        Key key = new Key(t.commKey(), members);
        Group g = shared.get(key);
        if (g == null) {
            g = create(-1, t);
            shared.put(key, g);
        }
        return g;
    }

    /**
     * The outsiders of {@code t}: its members in range that are neither in the same collective
     * (blocked in it) nor past it; {@code self} (a rank that lists itself) is always one, as it
     * cannot release itself.
     */
    private Group create(int self, ThreadStatus t) {
        BitSet same = blockedIn.getOrDefault(t.commKey(), new BitSet());
        int n = byRank.length;
        RankRuns w = t.waitsFor();
        List<Integer> outsiders = new ArrayList<>();
        if (self >= 0 && self < n && w.contains(self)) {
            outsiders.add(self);
        }
        for (int run = 0; run < w.runs(); run++) {
            int end = (int) Math.min((long) w.start(run) + w.length(run), n);
            for (int c = same.nextClearBit(Math.max(0, w.start(run))); c < end; c = same.nextClearBit(c + 1)) {
                if (c != self && !enteredAlready(byRank[c], t.commKey())) {
                    outsiders.add(c);
                }
            }
        }
        int[] members = new int[outsiders.size()];
        int i = 0;
        for (int c : outsiders) {
            members[i++] = c;
        }
        Group g = new Group(groups.size(), members);
        groups.add(g);
        return g;
    }

    /**
     * A member that has entered this collective already (it may have left it: bcast,
     * reduce and the nonblocking ones need not synchronise) has done its part.
     */
    private static boolean enteredAlready(RankStatus other, String key) {
        int hash = key.lastIndexOf('#');
        if (other == null || hash < 0) {
            return false;
        }
        try {
            long seq = Long.parseLong(key.substring(hash + 1));
            return seq > 0 && other.entered(key.substring(0, hash), seq);
        } catch (NumberFormatException e) {
            return false;
        }
    }
}

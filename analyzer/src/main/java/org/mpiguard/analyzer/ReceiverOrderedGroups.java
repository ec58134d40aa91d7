package org.mpiguard.analyzer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.core.report.Finding;

/**
 * Problems of matched messages grouped by a key (a pair of sites, say), one finding per
 * group, each named by its first problem in the receivers' order (rank, then the receive's
 * posting order) and counting the rest: the same findings whatever order the receives
 * complete in, which the streaming and spread analyses do not fix.
 */
final class ReceiverOrderedGroups<T> {

    /** Names a group's finding: its first problem and how many the group holds. */
    interface Namer<T> {
        Finding finding(T first, int times);
    }

    private static final class Group<T> {
        T first;
        RecvEvent firstRecv;
        int times = 1;
    }

    private final Map<String, Group<T>> byKey = new HashMap<>();

    /** A problem of the group {@code key}, at receive {@code recv}. */
    void add(String key, RecvEvent recv, T problem) {
        Group<T> g = byKey.get(key);
        if (g == null) {
            g = new Group<>();
            g.first = problem;
            g.firstRecv = recv;
            byKey.put(key, g);
            return;
        }
        g.times++;
        if (recv.rank < g.firstRecv.rank || recv.rank == g.firstRecv.rank && recv.order < g.firstRecv.order) {
            g.first = problem;
            g.firstRecv = recv;
        }
    }

    /** One finding per group, in the receivers' order of their first problems. */
    List<Finding> findings(Namer<T> namer) {
        List<Group<T>> groups = new ArrayList<>(byKey.values());
        // not a lambda: rank 0 runs this once and cold at the end of a run, where linking one costs milliseconds
        groups.sort(new Comparator<Group<T>>() {
            @Override
            public int compare(Group<T> a, Group<T> b) {
                int byRank = Integer.compare(a.firstRecv.rank, b.firstRecv.rank);
                return byRank != 0 ? byRank : Integer.compare(a.firstRecv.order, b.firstRecv.order);
            }
        });
        List<Finding> findings = new ArrayList<>();
        for (Group<T> g : groups) {
            findings.add(namer.finding(g.first, g.times));
        }
        return findings;
    }
}

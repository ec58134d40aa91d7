package org.mpiguard.predict.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpiguard.predict.model.Kind;
import org.mpiguard.predict.model.TraceProgram;

/**
 * What MPI's non-overtaking rule needs to know fast: for a send and a receive about to
 * match, the latest earlier send of the same sender that the receive could also take (one
 * per tag), and the latest earlier receive of the receiver that could also take the send
 * (one per source and tag pattern). Earlier ones follow by transitivity.
 */
final class Queues {

    private record Channel(int comm, int source, int dest, int tag) {
    }

    private record Route(int comm, int source, int dest) {
    }

    private record Endpoint(int comm, int rank) {
    }

    private record Pattern(int comm, int rank, int source, int tag) {
    }

    private final Map<Channel, List<Act>> sends = new HashMap<>();
    private final Map<Route, Set<Integer>> tags = new HashMap<>();
    private final Map<Pattern, List<Act>> recvs = new HashMap<>();
    private final Map<Endpoint, Set<Pattern>> patterns = new HashMap<>();

    Queues(Ctp ctp) {
        for (Act a : ctp.acts) {
            if (a.kind() == Kind.SEND) {
                sends.computeIfAbsent(new Channel(a.comm(), a.rank, a.peer(), a.tag()), k -> new ArrayList<>()).add(a);
                tags.computeIfAbsent(new Route(a.comm(), a.rank, a.peer()), k -> new LinkedHashSet<>()).add(a.tag());
            } else if (a.kind() == Kind.RECV) {
                Pattern p = new Pattern(a.comm(), a.rank, a.peer(), a.tag());
                recvs.computeIfAbsent(p, k -> new ArrayList<>()).add(a);
                patterns.computeIfAbsent(new Endpoint(a.comm(), a.rank), k -> new LinkedHashSet<>()).add(p);
            }
        }
    }

    /** Earlier sends of {@code s}'s rank that {@code r} could take instead: they must be matched first. */
    List<Act> earlierSends(Act s, Act r) {
        List<Act> out = new ArrayList<>(1);
        Set<Integer> candidates = r.tag() == TraceProgram.ANY
                ? tags.getOrDefault(new Route(s.comm(), s.rank, s.peer()), Set.of()) : Set.of(r.tag());
        for (int tag : candidates) {
            Act latest = latestBefore(sends.get(new Channel(s.comm(), s.rank, s.peer(), tag)), s.index);
            if (latest != null) {
                out.add(latest);
            }
        }
        return out;
    }

    /** Earlier receives of {@code r}'s rank that could take {@code s} instead: they must be matched first. */
    List<Act> earlierRecvs(Act r, Act s) {
        List<Act> out = new ArrayList<>(1);
        for (Pattern p : patterns.getOrDefault(new Endpoint(r.comm(), r.rank), Set.of())) {
            if ((p.source == TraceProgram.ANY || p.source == s.rank) && (p.tag == TraceProgram.ANY || p.tag == s.tag())) {
                Act latest = latestBefore(recvs.get(p), r.index);
                if (latest != null) {
                    out.add(latest);
                }
            }
        }
        return out;
    }

    private static Act latestBefore(List<Act> queue, int index) {
        if (queue == null) {
            return null;
        }
        int lo = 0;
        int hi = queue.size() - 1;
        Act best = null;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (queue.get(mid).index < index) {
                best = queue.get(mid);
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return best;
    }
}

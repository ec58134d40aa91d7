package org.mpiguard.predict.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpiguard.predict.model.Kind;

/**
 * Over-approximated match sets (the seed's M): every send a receive could take in some
 * schedule, wildcards included. Where no wildcard receive can take a channel's messages
 * (same communicator, sender, receiver and tag), non-overtaking fixes the pairing: the k-th
 * send meets the k-th receive, and only that pair is kept.
 */
public final class MatchSets {

    private record Channel(int comm, int source, int dest, int tag) {
    }

    private final List<List<Act>> partners;

    private MatchSets(List<List<Act>> partners) {
        this.partners = partners;
    }

    public static MatchSets of(Ctp ctp) {
        List<List<Act>> partners = new ArrayList<>(ctp.acts.length);
        for (int i = 0; i < ctp.acts.length; i++) {
            partners.add(new ArrayList<>(2));
        }
        Map<Channel, List<Act>> sends = new LinkedHashMap<>();
        Map<Channel, List<Act>> deterministicRecvs = new HashMap<>();
        Map<Long, List<Act>> wildcardRecvs = new HashMap<>();
        for (Act a : ctp.acts) {
            if (a.kind() == Kind.SEND) {
                sends.computeIfAbsent(new Channel(a.comm(), a.rank, a.peer(), a.tag()), k -> new ArrayList<>()).add(a);
            } else if (a.kind() == Kind.RECV && a.wildcard()) {
                wildcardRecvs.computeIfAbsent(endpoint(a.comm(), a.rank), k -> new ArrayList<>()).add(a);
            } else if (a.kind() == Kind.RECV) {
                deterministicRecvs.computeIfAbsent(new Channel(a.comm(), a.peer(), a.rank, a.tag()),
                        k -> new ArrayList<>()).add(a);
            }
        }
        Set<Channel> racy = new HashSet<>();
        for (Map.Entry<Channel, List<Act>> channel : sends.entrySet()) {
            Channel c = channel.getKey();
            for (Act r : wildcardRecvs.getOrDefault(endpoint(c.comm, c.dest), List.of())) {
                for (Act s : channel.getValue()) {
                    if (Act.compatible(s, r)) {
                        pair(partners, s, r);
                        racy.add(c);
                    }
                }
            }
        }
        for (Map.Entry<Channel, List<Act>> channel : sends.entrySet()) {
            List<Act> s = channel.getValue();
            List<Act> r = deterministicRecvs.getOrDefault(channel.getKey(), List.of());
            if (racy.contains(channel.getKey())) {
                for (Act send : s) {
                    for (Act recv : r) {
                        pair(partners, send, recv);
                    }
                }
            } else {
                for (int k = 0; k < Math.min(s.size(), r.size()); k++) {
                    pair(partners, s.get(k), r.get(k));
                }
            }
        }
        return new MatchSets(partners);
    }

    private static long endpoint(int comm, int rank) {
        return ((long) comm << 32) | rank;
    }

    private static void pair(List<List<Act>> partners, Act s, Act r) {
        partners.get(s.id).add(r);
        partners.get(r.id).add(s);
    }

    /** The actions {@code a} may be matched with in some schedule; empty for waits and barriers. */
    public List<Act> of(Act a) {
        return partners.get(a.id);
    }

    public int pairCount() {
        int n = 0;
        for (List<Act> p : partners) {
            n += p.size();
        }
        return n / 2;
    }
}

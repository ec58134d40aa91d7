package org.mpiguard.predict.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpiguard.predict.model.Kind;
import org.mpiguard.predict.model.ObservedMatch;
import org.mpiguard.predict.model.TraceProgram;

/**
 * Over-approximated match sets (the seed's M): every send a receive could take in some
 * schedule, wildcards included. Where no wildcard receive can take a channel's messages
 * (same communicator, sender, receiver and tag), non-overtaking fixes the pairing: the k-th
 * send meets the k-th receive, and only that pair is kept.
 *
 * <p>The single-path model knows a rank's later calls only for the matches its wildcard
 * receives had where the program read the match ({@link Fixed}): {@link #of} keeps, for
 * such a receive, only the sends it may complete with; {@link #releasers} keeps every send
 * that could still reach it, since a receive with such a message pending is not blocked.
 */
public final class MatchSets {

    /** Which wildcard receives keep the match the observed run gave them. */
    public enum Fixed {
        /** Those whose Status source or tag the program read (its later calls depend on them). */
        READ,
        /** Every one the trace knows the match of: schedules that change no wildcard match. */
        ALL
    }

    private record Channel(int comm, int source, int dest, int tag) {
    }

    private final List<List<Act>> partners;
    private final List<List<Act>> releasers;
    private final Fixed fixed;
    private final boolean restricts;

    private MatchSets(List<List<Act>> partners, List<List<Act>> releasers, Fixed fixed) {
        this.partners = partners;
        this.releasers = releasers;
        this.fixed = fixed;
        this.restricts = partners != releasers;
    }

    /** Whether some receive may complete with fewer sends than could reach it. */
    public boolean restricts() {
        return restricts;
    }

    public static MatchSets of(Ctp ctp) {
        return of(ctp, Fixed.READ);
    }

    public static MatchSets of(Ctp ctp, Fixed fixed) {
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
        Positions positions = new Positions(ctp);
        Set<Channel> racy = new HashSet<>();
        for (Map.Entry<Channel, List<Act>> channel : sends.entrySet()) {
            Channel c = channel.getKey();
            for (Act r : wildcardRecvs.getOrDefault(endpoint(c.comm, c.dest), List.of())) {
                for (Act s : channel.getValue()) {
                    if (Act.compatible(s, r) && positions.allow(s, r)) {
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
                        if (positions.allow(send, recv)) {
                            pair(partners, send, recv);
                        }
                    }
                }
            } else {
                for (int k = 0; k < Math.min(s.size(), r.size()); k++) {
                    pair(partners, s.get(k), r.get(k));
                }
            }
        }
        List<List<Act>> kept = new ArrayList<>(partners.size());
        boolean anyDropped = false;
        for (Act a : ctp.acts) {
            List<Act> mine = partners.get(a.id);
            List<Act> allowed = new ArrayList<>(mine.size());
            for (Act b : mine) {
                if (a.kind() == Kind.SEND ? keeps(fixed, a, b) : keeps(fixed, b, a)) {
                    allowed.add(b);
                }
            }
            anyDropped |= allowed.size() < mine.size();
            kept.add(allowed);
        }
        return new MatchSets(anyDropped ? kept : partners, partners, fixed);
    }

    /** Whether receive {@code r} may take send {@code s} without leaving the calls its rank recorded. */
    static boolean keeps(Fixed fixed, Act s, Act r) {
        ObservedMatch seen = r.action.observed();
        if (seen == null || !r.wildcard()) {
            return true;
        }
        return fixed == Fixed.ALL ? seen.same(s.rank, s.tag()) : seen.keepsCalls(s.rank, s.tag());
    }

    /** Whether this match keeps the restriction of these sets (a witness step the replay checks). */
    public boolean allows(Act s, Act r) {
        return keeps(fixed, s, r);
    }

    /**
     * Where a rank's receives on a communicator are matched in program order (each waited for
     * before the next is posted) and each accepts every tag sent to it there, a sender's
     * messages are taken first-in first-out by consecutive receives: the i-th message of
     * sender q can meet the j-th receive only if q's i earlier messages met earlier receives
     * (i <= j), and the j earlier receives took at most all the other senders' messages
     * (j - others <= i). A single sender gives i = j: a wildcard with one possible source is
     * deterministic.
     */
    private static final class Positions {
        private final Map<Long, Boolean> ordered = new HashMap<>();
        private final Map<Long, Integer> sendersTotal = new HashMap<>();
        private final Map<Long, Integer> fromSender = new HashMap<>();
        private final int[] position;

        Positions(Ctp ctp) {
            position = new int[ctp.acts.length];
            Map<Long, Integer> recvCount = new HashMap<>();
            Map<Long, Integer> routeCount = new HashMap<>();
            Map<Long, Integer> tagOf = new HashMap<>();
            for (Act a : ctp.acts) {
                if (a.kind() == Kind.SEND) {
                    long e = endpoint(a.comm(), a.peer());
                    long route = route(a.comm(), a.rank, a.peer());
                    position[a.id] = routeCount.merge(route, 1, Integer::sum) - 1;
                    sendersTotal.merge(e, 1, Integer::sum);
                    fromSender.merge(route, 1, Integer::sum);
                    Integer tag = tagOf.putIfAbsent(e, a.tag());
                    if (tag != null && tag != a.tag()) {
                        tagOf.put(e, Integer.MIN_VALUE);
                    }
                }
            }
            for (Act[] rank : ctp.byRank) {
                for (int i = 0; i < rank.length; i++) {
                    Act a = rank[i];
                    if (a.kind() != Kind.RECV) {
                        continue;
                    }
                    long e = endpoint(a.comm(), a.rank);
                    position[a.id] = recvCount.merge(e, 1, Integer::sum) - 1;
                    Integer tag = tagOf.get(e);
                    boolean waitedAtOnce = i + 1 < rank.length && rank[i + 1].kind() == Kind.WAIT
                            && rank[i + 1].request() == a;
                    boolean everyTag = a.tag() == TraceProgram.ANY || (tag != null && tag == a.tag());
                    ordered.merge(e, waitedAtOnce && everyTag, Boolean::logicalAnd);
                }
            }
        }

        boolean allow(Act s, Act r) {
            long e = endpoint(r.comm(), r.rank);
            if (!ordered.getOrDefault(e, false)) {
                return true;
            }
            int i = position[s.id];
            int j = position[r.id];
            int others = sendersTotal.get(e) - fromSender.get(route(s.comm(), s.rank, r.rank));
            return i <= j && j - others <= i;
        }

        private static long route(int comm, int source, int dest) {
            return ((long) comm << 40) ^ ((long) source << 20) ^ dest;
        }
    }

    private static long endpoint(int comm, int rank) {
        return ((long) comm << 32) | rank;
    }

    private static void pair(List<List<Act>> partners, Act s, Act r) {
        partners.get(s.id).add(r);
        partners.get(r.id).add(s);
    }

    /** The actions {@code a} may be matched with in some schedule the model knows; empty for waits and barriers. */
    public List<Act> of(Act a) {
        return partners.get(a.id);
    }

    /**
     * Every action that could be matched with {@code a} in some schedule, whatever the
     * program did next: while one of them is pending, {@code a} is not blocked for good.
     */
    public List<Act> releasers(Act a) {
        return releasers.get(a.id);
    }

    public int pairCount() {
        int n = 0;
        for (List<Act> p : partners) {
            n += p.size();
        }
        return n / 2;
    }
}

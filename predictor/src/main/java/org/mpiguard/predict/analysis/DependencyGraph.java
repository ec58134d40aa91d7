package org.mpiguard.predict.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.mpiguard.predict.model.Kind;
import org.mpiguard.predict.model.TraceProgram;

/**
 * The seed's dependency graph (Definition 6.5), folded onto what Algorithm 1 keeps of it.
 * Algorithm 1 only admits paths that enter a rank at its orphaned action, reach the rank's
 * first blocking action (the deadlock action) and leave from a later action or from the
 * rank's end node; so the graph here has one node per blocking action {@code d} and an edge
 * {@code d -> d'} on another rank when, after {@code d} or at its end, {@code d}'s rank holds
 * a parent of {@code d'}'s orphan: a potential match of it (rule 2), a member of its barrier
 * group, or the end node standing for a message a wildcard receive may steal (rules 3, 4).
 */
public final class DependencyGraph {

    final Ctp ctp;
    final MatchSets matches;
    /** Blocking actions, in the seed's total order (rank, then program order). */
    final Act[] nodes;
    /** Node number of each action id, -1 for actions that are not nodes. */
    final int[] nodeOf;
    final int[][] successors;
    private final int edgeCount;

    private DependencyGraph(Ctp ctp, MatchSets matches, Act[] nodes, int[] nodeOf, int[][] successors, int edges) {
        this.ctp = ctp;
        this.matches = matches;
        this.nodes = nodes;
        this.nodeOf = nodeOf;
        this.successors = successors;
        this.edgeCount = edges;
    }

    /** The action whose missing match keeps a deadlock action blocked: its request, or the barrier itself. */
    public static Act orphan(Act d) {
        return d.kind() == Kind.WAIT ? d.request() : d;
    }

    public static DependencyGraph of(Ctp ctp, MatchSets matches) {
        List<Act> nodeList = new ArrayList<>();
        int[] nodeOf = new int[ctp.acts.length];
        Arrays.fill(nodeOf, -1);
        int[][] blockingOfRank = new int[ctp.size()][];
        for (int r = 0; r < ctp.size(); r++) {
            List<Integer> ofRank = new ArrayList<>();
            for (Act a : ctp.byRank[r]) {
                if (a.blocking()) {
                    nodeOf[a.id] = nodeList.size();
                    ofRank.add(nodeList.size());
                    nodeList.add(a);
                }
            }
            blockingOfRank[r] = ofRank.stream().mapToInt(Integer::intValue).toArray();
        }
        Act[] nodes = nodeList.toArray(new Act[0]);
        List<List<Integer>> succ = new ArrayList<>(nodes.length);
        for (int i = 0; i < nodes.length; i++) {
            succ.add(new ArrayList<>());
        }
        int[] threshold = new int[ctp.size()];
        int[] passed = new int[ctp.size()];
        int edges = 0;
        int rank = -1;
        for (int target = 0; target < nodes.length; target++) {
            Act d = nodes[target];
            if (d.rank != rank) {
                rank = d.rank;
                Arrays.fill(passed, -1);
            }
            Arrays.fill(threshold, -1);
            parents(ctp, matches, orphan(d), threshold);
            for (int q = 0; q < ctp.size(); q++) {
                if (q == d.rank || threshold[q] < 0) {
                    continue;
                }
                int[] ofQ = blockingOfRank[q];
                for (int k = firstAfter(nodes, ofQ, passed[q]); k < ofQ.length; k++) {
                    if (nodes[ofQ[k]].index >= threshold[q]) {
                        break;
                    }
                    succ.get(ofQ[k]).add(target);
                    edges++;
                }
            }
            if (d.kind() == Kind.BARRIER && ctp.groupComplete(d.group())) {
                for (Act m : ctp.groupMembers[d.group()]) {
                    passed[m.rank] = Math.max(passed[m.rank], m.index);
                }
            }
        }
        int[][] successors = new int[nodes.length][];
        for (int i = 0; i < nodes.length; i++) {
            successors[i] = succ.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        return new DependencyGraph(ctp, matches, nodes, nodeOf, successors, edges);
    }

    /**
     * The first of {@code ofRank} (node numbers of one rank, in program order) after index
     * {@code passed}. A rank blocked at {@code d} has completed every collective before
     * {@code d}, so every other member rank was past its own member of it: its deadlock
     * action cannot lie before that. This keeps collectives from joining every pair of ranks.
     */
    private static int firstAfter(Act[] nodes, int[] ofRank, int passed) {
        int lo = 0;
        int hi = ofRank.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (nodes[ofRank[mid]].index <= passed) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * For each rank q, the index in q below which a blocking action leaves a parent of
     * {@code o} unissued: the last potential parent's index, or {@code MAX_VALUE} when q's
     * end node is a parent (q may finish without ever giving {@code o} its match).
     */
    private static void parents(Ctp ctp, MatchSets matches, Act o, int[] threshold) {
        if (o.kind() == Kind.BARRIER) {
            for (Act m : ctp.groupMembers[o.group()]) {
                threshold[m.rank] = Math.max(threshold[m.rank], m.index);
            }
            if (!ctp.groupComplete(o.group())) {
                for (int q : ctp.group(o.group()).expected()) {
                    threshold[q] = Integer.MAX_VALUE;
                }
            }
            return;
        }
        for (Act a : matches.releasers(o)) {
            threshold[a.rank] = Math.max(threshold[a.rank], a.index);
        }
        if (o.kind() == Kind.RECV && o.peer() != TraceProgram.ANY && stealable(ctp, o)) {
            threshold[o.peer()] = Integer.MAX_VALUE;
        }
        if (o.kind() == Kind.SEND) {
            for (Act r : matches.releasers(o)) {
                if (r.wildcard()) {
                    threshold[o.peer()] = Integer.MAX_VALUE;
                    break;
                }
            }
        }
    }

    /** Rule 3: an earlier wildcard receive of the same rank may take the message {@code r} waits for. */
    private static boolean stealable(Ctp ctp, Act r) {
        for (Act w : ctp.byRank[r.rank]) {
            if (w.index >= r.index) {
                return false;
            }
            if (w.kind() == Kind.RECV && w.wildcard() && w.comm() == r.comm()
                    && (w.peer() == TraceProgram.ANY || w.peer() == r.peer())
                    && (w.tag() == TraceProgram.ANY || r.tag() == TraceProgram.ANY || w.tag() == r.tag())) {
                return true;
            }
        }
        return false;
    }

    public int nodeCount() {
        return nodes.length;
    }

    public int edgeCount() {
        return edgeCount;
    }
}

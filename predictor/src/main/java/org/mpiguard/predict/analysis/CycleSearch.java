package org.mpiguard.predict.analysis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Deadlock cycles of the {@link DependencyGraph}, after Johnson's algorithm with the seed's
 * Algorithm 1 as the edge filter: strongly connected components bound the search, the
 * least node {@code s} of a cycle (in rank order) starts it, every other node lies on a
 * later rank, each rank contributes one path (line 11) and no two orphans can match each
 * other (line 8). Johnson's blocked sets are left out: with a stack-dependent edge filter
 * they could hide cycles; a step budget bounds the search instead, and running out of it
 * is said in the verdict. Cycles are searched by increasing length (iterative deepening),
 * so the budget goes to short cycles first. Each candidate (set of deadlock actions) is
 * reported once.
 */
public final class CycleSearch {

    private final DependencyGraph graph;
    private final long budget;
    private final int[] component;
    private final Set<List<Integer>> seen = new HashSet<>();
    private final boolean[] rankUsed;
    private final int[] stack;
    private int depth;
    private long steps;
    private boolean stopped;
    private boolean exhausted;
    private int start;
    /** Iterative deepening: short cycles (the common deadlocks) first, longer ones as the budget allows. */
    private int maxDepth;
    private boolean depthCut;
    private Predicate<List<Act>> sink;

    public CycleSearch(DependencyGraph graph, long budget) {
        this.graph = graph;
        this.budget = budget;
        this.component = StronglyConnected.components(graph.successors);
        this.rankUsed = new boolean[graph.ctp.size()];
        this.stack = new int[graph.ctp.size() + 1];
    }

    /**
     * Hands every candidate to {@code sink}, least start node first, until the sink returns
     * false or the budget runs out.
     */
    public void run(Predicate<List<Act>> sink) {
        this.sink = sink;
        int[] componentSize = new int[graph.nodes.length];
        for (int c : component) {
            componentSize[c]++;
        }
        for (maxDepth = 2; maxDepth <= graph.ctp.size() && !stopped; maxDepth++) {
            depthCut = false;
            for (start = 0; start < graph.nodes.length && !stopped; start++) {
                if (componentSize[component[start]] < 2) {
                    continue;
                }
                depth = 0;
                push(start);
                extend(start);
                pop();
            }
            if (!depthCut) {
                return;
            }
        }
    }

    /** True when the step budget ran out before the search finished. */
    public boolean exhausted() {
        return exhausted;
    }

    public int candidates() {
        return seen.size();
    }

    private void extend(int v) {
        for (int w : graph.successors[v]) {
            if (stopped) {
                return;
            }
            if (++steps > budget) {
                exhausted = true;
                stopped = true;
                return;
            }
            if (component[w] != component[start]) {
                continue;
            }
            if (w == start) {
                if (depth >= 2) {
                    found();
                }
                continue;
            }
            Act next = graph.nodes[w];
            if (next.rank <= graph.nodes[start].rank || rankUsed[next.rank] || orphanMatchesStack(next)) {
                continue;
            }
            if (depth == maxDepth) {
                depthCut = true;
                continue;
            }
            push(w);
            extend(w);
            pop();
        }
    }

    private boolean orphanMatchesStack(Act next) {
        Act orphan = DependencyGraph.orphan(next);
        for (int i = 0; i < depth; i++) {
            if (Act.canMatch(orphan, DependencyGraph.orphan(graph.nodes[stack[i]]))) {
                return true;
            }
        }
        return false;
    }

    private void found() {
        int[] ids = Arrays.copyOf(stack, depth);
        Arrays.sort(ids);
        List<Integer> key = new ArrayList<>(depth);
        for (int id : ids) {
            key.add(id);
        }
        if (!seen.add(key)) {
            return;
        }
        List<Act> candidate = new ArrayList<>(depth);
        for (int id : ids) {
            candidate.add(graph.nodes[id]);
        }
        if (!sink.test(candidate)) {
            stopped = true;
        }
    }

    private void push(int node) {
        stack[depth++] = node;
        rankUsed[graph.nodes[node].rank] = true;
    }

    private void pop() {
        rankUsed[graph.nodes[stack[--depth]].rank] = false;
    }

    /** Tarjan's algorithm without recursion (graphs of tens of thousands of nodes). */
    static final class StronglyConnected {
        private StronglyConnected() {
        }

        static int[] components(int[][] successors) {
            int n = successors.length;
            int[] index = new int[n];
            int[] low = new int[n];
            int[] comp = new int[n];
            boolean[] onStack = new boolean[n];
            Arrays.fill(index, -1);
            Deque<Integer> tarjan = new ArrayDeque<>();
            int[] callNode = new int[n];
            int[] callEdge = new int[n];
            int counter = 0;
            int components = 0;
            for (int root = 0; root < n; root++) {
                if (index[root] >= 0) {
                    continue;
                }
                int sp = 0;
                callNode[sp] = root;
                callEdge[sp] = 0;
                index[root] = low[root] = counter++;
                tarjan.push(root);
                onStack[root] = true;
                while (sp >= 0) {
                    int v = callNode[sp];
                    if (callEdge[sp] < successors[v].length) {
                        int w = successors[v][callEdge[sp]++];
                        if (index[w] < 0) {
                            index[w] = low[w] = counter++;
                            tarjan.push(w);
                            onStack[w] = true;
                            sp++;
                            callNode[sp] = w;
                            callEdge[sp] = 0;
                        } else if (onStack[w]) {
                            low[v] = Math.min(low[v], index[w]);
                        }
                        continue;
                    }
                    if (low[v] == index[v]) {
                        int w;
                        do {
                            w = tarjan.pop();
                            onStack[w] = false;
                            comp[w] = components;
                        } while (w != v);
                        components++;
                    }
                    sp--;
                    if (sp >= 0) {
                        low[callNode[sp]] = Math.min(low[callNode[sp]], low[v]);
                    }
                }
            }
            return comp;
        }
    }
}

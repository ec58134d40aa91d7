package org.mpiguard.cli.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The wait-for graph of a deadlock or livelock finding, from the status it carries: ranks
 * as nodes, a blocked rank's {@code waitsFor} as edges (dashed when any one of them would
 * release it). The finding's ranks are the knot: their edges among themselves are the cycle
 * the report highlights. Drawn as inline SVG for the HTML and as DOT for Graphviz.
 */
public final class WaitGraph {

    /** @param anyOf the waiting rank needs any one of its targets, not all */
    public record Edge(int from, int to, boolean anyOf) {
    }

    private final Map<Integer, ReportFinding.Status> nodes = new LinkedHashMap<>();
    private final Set<Edge> edges = new LinkedHashSet<>();
    private final Set<Integer> knot;

    public WaitGraph(ReportFinding finding) {
        for (ReportFinding.Status s : finding.status()) {
            ReportFinding.Status known = nodes.get(s.rank());
            if (known == null || (!"blocked".equals(known.state()) && "blocked".equals(s.state()))) {
                nodes.put(s.rank(), s);
            }
            for (int to : s.waitsFor()) {
                if (to != s.rank()) {
                    edges.add(new Edge(s.rank(), to, s.anyOf()));
                }
            }
        }
        for (Edge e : edges) {
            nodes.computeIfAbsent(e.to(), r -> new ReportFinding.Status(r, "unknown", null, null, null, null, false));
        }
        knot = new LinkedHashSet<>(finding.ranks());
    }

    public static boolean drawable(ReportFinding f) {
        return !f.status().isEmpty();
    }

    public Map<Integer, ReportFinding.Status> nodes() {
        return nodes;
    }

    public Set<Edge> edges() {
        return edges;
    }

    public boolean inCycle(Edge e) {
        return knot.contains(e.from()) && knot.contains(e.to());
    }

    public String svg() {
        List<Integer> ranks = new ArrayList<>(nodes.keySet());
        int n = ranks.size();
        double radius = n <= 1 ? 0 : Math.max(90, n * 60 / (2 * Math.PI));
        int height = (int) (2 * radius + 110);
        int width = height + 240; // room beside the ring for the labels of the left and right ranks
        double centreX = width / 2.0;
        double centreY = height / 2.0;
        Map<Integer, double[]> at = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            double angle = -Math.PI / 2 + 2 * Math.PI * i / n;
            // the label sits outside the ring, where no edge runs
            double out = radius + 32;
            at.put(ranks.get(i), new double[] {centreX + radius * Math.cos(angle), centreY + radius * Math.sin(angle),
                centreX + out * Math.cos(angle), centreY + out * Math.sin(angle) + 4 + 8 * Math.sin(angle),
                Math.cos(angle)});
        }
        StringBuilder svg = new StringBuilder();
        svg.append("<svg class=\"wait-graph\" xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width)
                .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(width).append(' ')
                .append(height)
                .append("\" role=\"img\" aria-label=\"wait-for graph\">")
                .append("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\""
                        + " markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\""
                        + " fill=\"#777\"/></marker><marker id=\"arrow-cycle\" viewBox=\"0 0 10 10\" refX=\"10\""
                        + " refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">"
                        + "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#c00\"/></marker></defs>");
        for (Edge e : edges) {
            double[] a = at.get(e.from());
            double[] b = at.get(e.to());
            double dx = b[0] - a[0];
            double dy = b[1] - a[1];
            double len = Math.max(1, Math.hypot(dx, dy));
            double r = 26;
            double x1 = a[0] + dx / len * r;
            double y1 = a[1] + dy / len * r;
            double x2 = b[0] - dx / len * r;
            double y2 = b[1] - dy / len * r;
            // bend every edge to its left, so a -> b and b -> a are two visible arcs
            double cx = (x1 + x2) / 2 - dy / len * 22;
            double cy = (y1 + y2) / 2 + dx / len * 22;
            boolean cycle = inCycle(e);
            svg.append("<path class=\"edge").append(cycle ? " cycle" : "").append("\" data-from=\"").append(e.from())
                    .append("\" data-to=\"").append(e.to()).append("\" d=\"M").append(f(x1)).append(',').append(f(y1))
                    .append(" Q").append(f(cx)).append(',').append(f(cy)).append(' ').append(f(x2)).append(',')
                    .append(f(y2)).append("\" fill=\"none\" stroke=\"").append(cycle ? "#c00" : "#777")
                    .append("\" stroke-width=\"").append(cycle ? 3 : 1.5).append('"')
                    .append(e.anyOf() ? " stroke-dasharray=\"6,4\"" : "")
                    .append(" marker-end=\"url(#").append(cycle ? "arrow-cycle" : "arrow").append(")\">")
                    .append("<title>rank ").append(e.from()).append(" waits for rank ").append(e.to())
                    .append(e.anyOf() ? " (any one of its peers suffices)" : "").append("</title></path>");
        }
        for (Map.Entry<Integer, double[]> node : at.entrySet()) {
            ReportFinding.Status s = nodes.get(node.getKey());
            double[] p = node.getValue();
            boolean inKnot = knot.contains(node.getKey());
            svg.append("<g class=\"node state-").append(Html.escape(s.state())).append(inKnot ? " knot" : "")
                    .append("\" data-rank=\"").append(node.getKey()).append("\"><title>")
                    .append(Html.escape(describe(s))).append("</title><circle cx=\"").append(f(p[0])).append("\" cy=\"")
                    .append(f(p[1])).append("\" r=\"24\" fill=\"").append(fill(s.state(), inKnot))
                    .append("\" stroke=\"").append(inKnot ? "#c00" : "#555").append("\" stroke-width=\"")
                    .append(inKnot ? 3 : 1.5).append("\"/><text x=\"").append(f(p[0])).append("\" y=\"")
                    .append(f(p[1] + 5)).append("\" text-anchor=\"middle\" font-weight=\"bold\">")
                    .append(node.getKey()).append("</text><text x=\"").append(f(n == 1 ? p[0] : p[2])).append("\" y=\"")
                    .append(f(n == 1 ? p[1] + 40 : p[3])).append("\" text-anchor=\"")
                    .append(n == 1 || Math.abs(p[4]) < 0.3 ? "middle" : p[4] > 0 ? "start" : "end")
                    .append("\" font-size=\"11\">")
                    .append(Html.escape(s.state())).append(s.op() == null ? "" : " " + Html.escape(s.op()))
                    .append("</text></g>");
        }
        return svg.append("</svg>").toString();
    }

    public String dot(String name) {
        StringBuilder dot = new StringBuilder();
        dot.append("digraph \"").append(dotText(name)).append("\" {\n  node [shape=circle, style=filled];\n");
        for (Map.Entry<Integer, ReportFinding.Status> node : nodes.entrySet()) {
            ReportFinding.Status s = node.getValue();
            boolean inKnot = knot.contains(node.getKey());
            dot.append("  r").append(node.getKey()).append(" [label=\"rank ").append(node.getKey()).append("\\n")
                    .append(dotText(s.state())).append(s.op() == null ? "" : "\\n" + dotText(s.op()))
                    .append(s.site() == null ? "" : "\\n" + dotText(s.site().location())).append("\", fillcolor=\"")
                    .append(fill(s.state(), inKnot)).append("\", color=\"").append(inKnot ? "#cc0000" : "#555555")
                    .append("\"").append(inKnot ? ", penwidth=3" : "").append("];\n");
        }
        for (Edge e : edges) {
            boolean cycle = inCycle(e);
            dot.append("  r").append(e.from()).append(" -> r").append(e.to()).append(" [color=\"")
                    .append(cycle ? "#cc0000" : "#777777").append("\"").append(cycle ? ", penwidth=3" : "")
                    .append(e.anyOf() ? ", style=dashed" : "").append("];\n");
        }
        return dot.append("}\n").toString();
    }

    static String describe(ReportFinding.Status s) {
        return "rank " + s.rank() + ": " + s.state() + (s.op() == null ? "" : " in " + s.op())
                + (s.site() == null ? "" : " at " + s.site().location())
                + (s.thread() == null ? "" : " (thread " + s.thread() + ")")
                + (s.waitsFor().isEmpty() ? "" : ", waits for " + (s.anyOf() ? "any of " : "") + "rank"
                + (s.waitsFor().size() == 1 ? " " : "s ") + s.waitsFor());
    }

    private static String fill(String state, boolean inKnot) {
        if (inKnot) {
            return "#ffd6d6";
        }
        return switch (state == null ? "" : state.toLowerCase(Locale.ROOT)) {
            case "blocked" -> "#ffe9c7";
            case "running" -> "#d9f5d9";
            case "finished" -> "#e0e0e0";
            case "exited" -> "#bdbdbd";
            default -> "#ffffff";
        };
    }

    private static String dotText(String s) {
        return s == null ? "" : s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}

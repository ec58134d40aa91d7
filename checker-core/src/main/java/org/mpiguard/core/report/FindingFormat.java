package org.mpiguard.core.report;

import java.util.List;

/** The two faces of a finding: one JSON line for tools, a few lines of text for people. */
public final class FindingFormat {

    private FindingFormat() {
    }

    public static String json(Finding f) {
        return json(f, List.of());
    }

    /** The JSON line with the user's stack at the call ({@code stack}, omitted when empty). */
    public static String json(Finding f, List<SiteRef> stack) {
        StringBuilder out = new StringBuilder(512);
        out.append("{\"kind\":");
        Json.string(out, f.kind().label());
        out.append(",\"severity\":");
        Json.string(out, f.severity().label());
        out.append(",\"ranks\":[");
        for (int i = 0; i < f.ranks().size(); i++) {
            out.append(i == 0 ? "" : ",").append(f.ranks().get(i));
        }
        out.append("],\"op\":");
        Json.string(out, f.op());
        out.append(",\"site\":");
        site(out, f.site());
        out.append(",\"related\":[");
        List<RelatedCall> related = f.related();
        for (int i = 0; i < related.size(); i++) {
            RelatedCall r = related.get(i);
            out.append(i == 0 ? "" : ",").append("{\"rank\":").append(r.rank()).append(",\"op\":");
            Json.string(out, r.op());
            out.append(",\"site\":");
            site(out, r.site());
            out.append('}');
        }
        out.append("],\"message\":");
        Json.string(out, f.message());
        if (f.key() != null) {
            out.append(",\"key\":");
            Json.string(out, f.key());
        }
        if (!f.status().isEmpty()) {
            out.append(",\"status\":[");
            for (int i = 0; i < f.status().size(); i++) {
                RankReport s = f.status().get(i);
                out.append(i == 0 ? "" : ",").append("{\"rank\":").append(s.rank()).append(",\"state\":");
                Json.string(out, s.state());
                out.append(",\"op\":");
                Json.string(out, s.op());
                out.append(",\"site\":");
                site(out, s.site());
                out.append(",\"thread\":");
                Json.string(out, s.thread());
                if (!s.waitsFor().isEmpty()) {
                    out.append(",\"waitsFor\":[");
                    for (int w = 0; w < s.waitsFor().size(); w++) {
                        out.append(w == 0 ? "" : ",").append(s.waitsFor().get(w));
                    }
                    out.append("],\"anyOf\":").append(s.anyOf());
                }
                stack(out, s.stack());
                out.append('}');
            }
            out.append(']');
        }
        stack(out, stack);
        return out.append('}').toString();
    }

    /** {@code "stack":[site...]}, written only when a stack was taken. */
    private static void stack(StringBuilder out, List<SiteRef> stack) {
        if (!stack.isEmpty()) {
            out.append(",\"stack\":[");
            for (int i = 0; i < stack.size(); i++) {
                out.append(i == 0 ? "" : ",");
                site(out, stack.get(i));
            }
            out.append(']');
        }
    }

    /** A {@code site} object of the contract, also used by the analysis's race log. */
    public static void site(StringBuilder out, SiteRef site) {
        if (site == null) {
            out.append("null");
            return;
        }
        out.append("{\"class\":");
        Json.string(out, site.className());
        out.append(",\"method\":");
        Json.string(out, site.method());
        out.append(",\"file\":");
        Json.string(out, site.file());
        out.append(",\"line\":").append(site.line()).append('}');
    }

    public static String text(Finding f) {
        StringBuilder out = new StringBuilder(512);
        out.append("[MPIGuard] ").append(f.severity().label().toUpperCase()).append(' ').append(f.kind().label())
                .append(" on rank").append(f.ranks().size() == 1 ? " " : "s ").append(join(f.ranks()))
                .append(": ").append(f.op()).append(" at ").append(f.site() == null ? "?" : f.site().location())
                .append('\n');
        out.append("[MPIGuard]   ").append(f.message()).append('\n');
        for (RankReport s : f.status()) {
            out.append("[MPIGuard]   rank ").append(s.rank()).append(": ").append(s.state());
            if (s.op() != null) {
                out.append(' ').append(s.op());
            }
            if (s.site() != null) {
                out.append(" at ").append(s.site().location());
            }
            if (s.thread() != null) {
                out.append(" (thread ").append(s.thread()).append(')');
            }
            out.append('\n');
        }
        return out.toString();
    }

    static String join(List<Integer> ranks) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < ranks.size(); i++) {
            out.append(i == 0 ? "" : ", ").append(ranks.get(i));
        }
        return out.toString();
    }
}

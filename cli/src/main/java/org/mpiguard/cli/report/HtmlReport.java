package org.mpiguard.cli.report;

import static org.mpiguard.cli.report.Html.escape;
import static org.mpiguard.cli.report.Reporters.join;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.mpiguard.cli.Version;

/**
 * The report a person opens: one self-contained HTML file (no network: inline style and
 * script, a content security policy that forbids any fetch). Findings are grouped by kind
 * and site with their repeats, filtered by severity, each with its message, the source
 * around every site, the Java stack, and for deadlocks and livelocks the wait-for graph
 * and the status of every rank; then a timeline of each rank's last known MPI calls.
 * Every piece of user text goes through {@link Html#escape}.
 */
public final class HtmlReport {

    private static final int SOURCE_CONTEXT = 3;
    private static final int TIMELINE_LENGTH = 12;

    private final MergedReport report;
    private final SourceFinder sources;
    private final TimelineSource timeline;
    private final RunInfo run;
    private final Map<Integer, String> dotFiles;
    private final StringBuilder out = new StringBuilder(64 * 1024);

    /** @param dotFiles the DOT file written for a group, by the group's position */
    public HtmlReport(MergedReport report, SourceFinder sources, TimelineSource timeline, RunInfo run,
                      Map<Integer, String> dotFiles) {
        this.report = report;
        this.sources = sources;
        this.timeline = timeline;
        this.run = run;
        this.dotFiles = dotFiles;
    }

    public String render() {
        out.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"
                        + " style-src 'unsafe-inline'; script-src 'unsafe-inline'\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<title>MPIGuard report</title><style>").append(STYLE).append("</style></head><body>");
        header();
        List<FindingGroup> groups = report.groups();
        out.append("<main><section id=\"findings\"><h2>Findings</h2>");
        if (groups.isEmpty()) {
            out.append("<p class=\"none\">No findings: MPIGuard saw nothing wrong in this run.</p>");
        }
        for (int g = 0; g < groups.size(); g++) {
            group(groups.get(g), g);
        }
        out.append("</section>");
        timeline();
        out.append("</main><script>").append(SCRIPT).append("</script></body></html>\n");
        return out.toString();
    }

    private void header() {
        int bugs = report.groups().size();
        out.append("<header><h1>MPIGuard report</h1><p class=\"summary\"><strong>").append(report.errors())
                .append("</strong> error").append(report.errors() == 1 ? "" : "s").append(", <strong>")
                .append(report.warnings()).append("</strong> warning").append(report.warnings() == 1 ? "" : "s");
        if (bugs == 0) {
            out.append(": no finding was reported.</p>");
        } else {
            out.append(" in ").append(bugs).append(" finding").append(bugs == 1 ? "" : "s");
            if (report.findings().size() > bugs) {
                out.append(" (one per bug, from ").append(report.findings().size()).append(" reports)");
            }
            out.append(", reported by ").append(escape(report.reporters())).append(".</p>");
        }
        if (report.unreadable() > 0) {
            out.append("<p class=\"warn\">").append(report.unreadable())
                    .append(" line(s) of the findings files were not findings and were skipped.</p>");
        }
        if (run != null) {
            out.append("<p class=\"run\">Job: <code>").append(escape(String.join(" ", run.command())))
                    .append("</code>, exit status ").append(run.exitCode()).append(".</p>");
        }
        out.append("<div class=\"filter\">Show: <label><input type=\"checkbox\" id=\"show-error\" checked> errors (")
                .append(report.errors()).append(")</label> <label><input type=\"checkbox\" id=\"show-warning\" checked>")
                .append(" warnings (").append(report.warnings()).append(")</label></div>");
        if (!report.findings().isEmpty()) {
            out.append("<table class=\"kinds\"><tr><th>kind</th><th>bugs</th><th>what it means</th></tr>");
            report.countByKind().forEach((kind, count) -> out.append("<tr><td>").append(escape(kind))
                    .append("</td><td>").append(count).append("</td><td>").append(escape(CheckHelp.of(kind).title()))
                    .append("</td></tr>"));
            out.append("</table>");
        }
        out.append("<p class=\"meta\">MPIGuard ").append(escape(Version.number()))
                .append(". Source roots: ").append(sources.roots().isEmpty() ? "none found (give --source-path)"
                        : escape(sources.roots().toString())).append("</p></header>");
    }

    private void group(FindingGroup group, int index) {
        ReportFinding f = group.first();
        String severity = group.isError() ? "error" : "warning";
        out.append("<article class=\"finding sev-").append(severity).append("\" data-severity=\"").append(severity)
                .append("\" data-kind=\"").append(escape(f.kind())).append("\" id=\"group-").append(index)
                .append("\"><h3><span class=\"badge ").append(severity).append("\">").append(severity)
                .append("</span> <span class=\"kind\">").append(escape(f.kind())).append("</span> <code>")
                .append(escape(f.op())).append("</code> at <code>")
                .append(escape(f.site() == null ? "?" : f.site().location())).append("</code>");
        if (group.count() > 1) {
            out.append(" <span class=\"repeats\" title=\"found this many times\">&times;").append(group.count())
                    .append("</span>");
        }
        out.append("</h3><p class=\"ranks\">rank").append(group.ranks().size() == 1 ? " " : "s ")
                .append(join(group.ranks())).append(" &middot; reported by ").append(escape(Reporters.of(group.members())))
                .append(f.site() == null ? "" : " &middot; in <code>" + escape(f.site().qualifiedMethod()) + "</code>")
                .append("</p>");
        List<String> messages = group.messages();
        out.append("<p class=\"message\">").append(escape(messages.isEmpty() ? "" : messages.get(0))).append("</p>");
        if (messages.size() > 1) {
            out.append("<details class=\"more\"><summary>").append(messages.size() - 1)
                    .append(" other message(s) of the repeats</summary><ul>");
            messages.subList(1, messages.size()).forEach(m -> out.append("<li>").append(escape(m)).append("</li>"));
            out.append("</ul></details>");
        }
        sites(f);
        stack(f);
        if (WaitGraph.drawable(f)) {
            graph(f, index);
        }
        out.append("</article>");
    }

    /** Every site the finding names, once, with the ranks and calls standing there. */
    private void sites(ReportFinding f) {
        Map<String, SiteAt> sites = new LinkedHashMap<>();
        int own = f.ranks().isEmpty() ? f.reportedBy() : f.ranks().get(0);
        add(sites, f.site(), own, f.op());
        f.related().forEach(r -> add(sites, r.site(), r.rank(), r.op()));
        f.status().forEach(s -> add(sites, s.site(), s.rank(), s.op()));
        out.append("<div class=\"sites\">");
        for (SiteAt at : sites.values()) {
            out.append("<div class=\"site\"><div class=\"where\">rank").append(at.ranks.size() == 1 ? " " : "s ")
                    .append(join(at.ranks)).append(": <code>").append(escape(String.join(", ", at.ops)))
                    .append("</code> at <code>").append(escape(at.site.location())).append("</code> in <code>")
                    .append(escape(at.site.qualifiedMethod())).append("</code></div>");
            var snippet = sources.snippet(at.site, SOURCE_CONTEXT);
            if (snippet.isPresent()) {
                var s = snippet.get();
                out.append("<div class=\"file\">").append(escape(s.path())).append("</div><pre class=\"source\">");
                for (int i = 0; i < s.lines().size(); i++) {
                    int number = s.first() + i;
                    out.append("<span class=\"line").append(number == s.line() ? " hit" : "").append("\"><span class=\"no\">")
                            .append(number).append("</span>").append(escape(s.lines().get(i))).append("</span>");
                }
                out.append("</pre>");
            } else {
                out.append("<div class=\"nosource\">source not found").append(at.site.line() > 0
                        ? " under the source roots (give --source-path)" : " (the class has no line numbers)")
                        .append("</div>");
            }
            out.append("</div>");
        }
        out.append("</div>");
    }

    private record SiteAt(ReportFinding.Site site, TreeSet<Integer> ranks, java.util.LinkedHashSet<String> ops) {
    }

    private static void add(Map<String, SiteAt> sites, ReportFinding.Site site, int rank, String op) {
        if (site == null || site.className() == null) {
            return;
        }
        SiteAt at = sites.computeIfAbsent(site.toString(),
                k -> new SiteAt(site, new TreeSet<>(), new java.util.LinkedHashSet<>()));
        at.ranks.add(rank);
        if (op != null) {
            at.ops.add(op);
        }
    }

    private void stack(ReportFinding f) {
        if (f.stack().isEmpty()) {
            return;
        }
        out.append("<details class=\"stack\" open><summary>Java stack at the call (rank ")
                .append(f.ranks().isEmpty() ? f.reportedBy() : f.ranks().get(0)).append(")</summary>");
        frames(f.stack());
        out.append("</details>");
    }

    private void frames(List<ReportFinding.Site> stack) {
        out.append("<ol>");
        for (ReportFinding.Site frame : stack) {
            out.append("<li><code>").append(escape(frame.qualifiedMethod())).append('(')
                    .append(escape(frame.file() == null ? "Unknown Source" : frame.file()))
                    .append(frame.line() > 0 ? ":" + frame.line() : "").append(")</code></li>");
        }
        out.append("</ol>");
    }

    private void graph(ReportFinding f, int index) {
        WaitGraph graph = new WaitGraph(f);
        out.append("<div class=\"deadlock\"><figure class=\"graph\">").append(graph.svg())
                .append("<figcaption>Wait-for graph: ranks as nodes, an arrow from a rank to each rank it waits for")
                .append(" (dashed: any one suffices); <span class=\"cycle\">red</span>: the ranks of this finding and")
                .append(" their waits on each other.");
        if (graph.edges().isEmpty()) {
            out.append(" This finding names no waits between ranks: only the ranks are drawn.");
        }
        String dot = dotFiles.get(index);
        if (dot != null) {
            out.append(" Graphviz: <a href=\"").append(escape(dot)).append("\">").append(escape(dot)).append("</a>.");
        }
        out.append("</figcaption></figure><table class=\"status\"><tr><th>rank</th><th>state</th><th>call</th>")
                .append("<th>where</th><th>thread</th><th>waits for</th><th>stack</th></tr>");
        for (ReportFinding.Status s : f.status()) {
            out.append("<tr class=\"state-").append(escape(s.state())).append("\"><td>").append(s.rank())
                    .append("</td><td>").append(escape(s.state())).append("</td><td><code>").append(escape(s.op()))
                    .append("</code></td><td><code>").append(s.site() == null ? "" : escape(s.site().location()))
                    .append("</code></td><td>").append(escape(s.thread())).append("</td><td>")
                    .append(s.waitsFor().isEmpty() ? "" : (s.anyOf() ? "any of " : "") + join(s.waitsFor()))
                    .append("</td><td>");
            if (!s.stack().isEmpty()) {
                out.append("<details class=\"stack thread-stack\"><summary>").append(s.stack().size())
                        .append(" frames</summary>");
                frames(s.stack());
                out.append("</details>");
            }
            out.append("</td></tr>");
        }
        out.append("</table></div>");
    }

    private void timeline() {
        var byRank = timeline.lastCalls(TIMELINE_LENGTH);
        out.append("<section id=\"timeline\"><h2>Last MPI calls per rank</h2><p class=\"origin\">")
                .append(escape(timeline.origin())).append("</p>");
        if (byRank.isEmpty()) {
            out.append("<p class=\"none\">No calls to show.</p>");
        }
        byRank.forEach((rank, events) -> {
            out.append("<div class=\"tl-row\" data-rank=\"").append(rank).append("\"><span class=\"tl-rank\">rank ")
                    .append(rank).append("</span><ol class=\"tl-events\">");
            for (int i = 0; i < events.size(); i++) {
                TimelineSource.Event e = events.get(i);
                out.append("<li class=\"tl-event").append(i == events.size() - 1 ? " last" : "").append("\">");
                if (e.finding() >= 0) {
                    out.append("<a href=\"#group-").append(groupOf(e.finding())).append("\">");
                }
                out.append("<code>").append(escape(e.op())).append("</code><br><span class=\"tl-site\">")
                        .append(escape(e.site() == null ? "?" : e.site().location())).append("</span><br><span class=\"tl-what\">")
                        .append(escape(e.what())).append("</span>");
                if (e.finding() >= 0) {
                    out.append("</a>");
                }
                out.append("</li>");
            }
            out.append("</ol></div>");
        });
        out.append("</section>");
    }

    private int groupOf(int findingIndex) {
        List<FindingGroup> groups = report.groups();
        for (int g = 0; g < groups.size(); g++) {
            if (groups.get(g).indexes().contains(findingIndex)) {
                return g;
            }
        }
        return 0;
    }


    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#222;background:#f7f7f9}
            header{background:#1f2a44;color:#fff;padding:16px 28px}header h1{margin:0 0 6px;font-size:22px}
            header code{color:#ffe7a6}header table{border-collapse:collapse;margin:8px 0;color:#fff}
            header td,header th{border:1px solid #4a5675;padding:2px 8px;font-size:13px;text-align:left}
            .meta{font-size:12px;opacity:.7}.warn{color:#ffd27f}.filter label{margin-right:14px}
            main{padding:8px 28px}h2{border-bottom:2px solid #ccd;padding-bottom:4px}
            .finding{background:#fff;border:1px solid #ddd;border-left:6px solid #999;border-radius:4px;margin:14px 0;padding:8px 16px}
            .finding.sev-error{border-left-color:#c62828}.finding.sev-warning{border-left-color:#ef9a00}
            .finding h3{margin:6px 0;font-size:16px}.badge{color:#fff;border-radius:3px;padding:1px 6px;font-size:12px;text-transform:uppercase}
            .badge.error{background:#c62828}.badge.warning{background:#ef9a00}.kind{font-weight:bold}
            .repeats{background:#455a9c;color:#fff;border-radius:10px;padding:0 8px;font-size:13px}
            .ranks{color:#555;font-size:13px;margin:2px 0}.message{margin:8px 0;line-height:1.4}
            .site{margin:8px 0}.where{font-size:13px}.file{font-size:12px;color:#666;margin-top:2px}
            pre.source{background:#272822;color:#f8f8f2;padding:6px 0;margin:2px 0;overflow-x:auto;font-size:12.5px}
            pre.source .line{display:block;padding:0 8px}pre.source .hit{background:#7a2b2b}
            pre.source .no{display:inline-block;width:3.5em;color:#999;user-select:none}
            .nosource{font-size:12px;color:#888}.stack ol{font-size:12.5px;margin:4px 0}
            .deadlock{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}
            figure.graph{margin:6px 0;background:#fcfcff;border:1px solid #dde;padding:6px}
            figcaption{font-size:12px;max-width:460px;color:#444}.cycle{color:#c00;font-weight:bold}
            table.status{border-collapse:collapse;font-size:13px}table.status td,table.status th{border:1px solid #ddd;padding:3px 8px;text-align:left}
            tr.state-blocked td:nth-child(2){color:#b00;font-weight:bold}
            .tl-row{display:flex;align-items:flex-start;margin:8px 0}.tl-rank{width:70px;font-weight:bold;padding-top:8px}
            .tl-events{display:flex;flex-wrap:wrap;list-style:none;margin:0;padding:0;gap:6px}
            .tl-event{background:#fff;border:1px solid #ccd;border-radius:4px;padding:4px 8px;font-size:12px;position:relative}
            .tl-event.last{border:2px solid #c62828}.tl-event a{color:inherit;text-decoration:none}
            .tl-what{color:#777}.origin{font-size:12px;color:#666}.none{color:#2e7d32}
            .hidden{display:none}
            """;

    private static final String SCRIPT = """
            for (const sev of ['error', 'warning']) {
              const box = document.getElementById('show-' + sev);
              box.addEventListener('change', () => {
                document.querySelectorAll('.finding[data-severity="' + sev + '"]')
                  .forEach(el => el.classList.toggle('hidden', !box.checked));
              });
            }
            """;
}

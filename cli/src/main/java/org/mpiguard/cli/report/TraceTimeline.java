package org.mpiguard.cli.report;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.trace.EventKind;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.TraceFile;
import org.mpiguard.core.trace.TraceFormatException;
import org.mpiguard.core.trace.TraceReader;
import org.mpiguard.core.trace.TraceRecorder;

/**
 * Timelines from the run's traces ({@code trace-rank<N>.mpgt}, read with checker-core's
 * {@link TraceReader}): each rank's last MPI calls as it recorded them, up to where its trace
 * stops (the hang, the abort or Finalize). A call a finding names for that rank, at the same
 * line, links to the finding. The program's own window loads and stores and handle
 * bookkeeping are not calls and are left out. An unreadable trace leaves its rank out, said
 * in the origin line.
 */
final class TraceTimeline implements TimelineSource {

    private final MergedReport report;
    private final List<TraceFile> traces;
    private final List<String> unreadable;

    private TraceTimeline(MergedReport report, List<TraceFile> traces, List<String> unreadable) {
        this.report = report;
        this.traces = traces;
        this.unreadable = unreadable;
    }

    /** The traces of {@code dir}, or null when it holds none. */
    static TraceTimeline read(MergedReport report, Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        if (dir == null || !Files.isDirectory(dir)) {
            return null;
        }
        try (DirectoryStream<Path> found = Files.newDirectoryStream(dir, "trace-rank*.mpgt")) {
            found.forEach(files::add);
        }
        if (files.isEmpty()) {
            return null;
        }
        List<TraceFile> traces = new ArrayList<>();
        List<String> unreadable = new ArrayList<>();
        for (Path file : files) {
            try {
                traces.add(TraceReader.read(file));
            } catch (TraceFormatException e) {
                unreadable.add(file.getFileName().toString());
            }
        }
        return new TraceTimeline(report, traces, unreadable);
    }

    @Override
    public String origin() {
        return "from the traces of every MPI call each rank recorded (trace-rank<N>.mpgt), up to where each stops"
                + (unreadable.isEmpty() ? "" : "; unreadable, so left out: " + String.join(", ", unreadable));
    }

    @Override
    public SortedMap<Integer, List<Event>> lastCalls(int perRank) {
        SortedMap<Integer, List<Event>> byRank = new TreeMap<>();
        for (TraceFile trace : traces) {
            List<Event> events = new ArrayList<>();
            List<TraceEvent> all = trace.events();
            for (int i = all.size() - 1; i >= 0 && events.size() < perRank; i--) {
                TraceEvent e = all.get(i);
                String what = describe(e);
                if (what == null) {
                    continue;
                }
                CallSite cs = trace.site(e.site());
                ReportFinding.Site site = new ReportFinding.Site(cs.className(), cs.method(), cs.file(), cs.line());
                String op = "?".equals(cs.op()) ? e.kind().name().toLowerCase(java.util.Locale.ROOT) : cs.op();
                events.add(0, new Event(trace.rank(), op, site, what, findingAt(trace.rank(), site)));
            }
            byRank.put(trace.rank(), events);
        }
        return byRank;
    }

    /** Words for a call event; null for what is no MPI call of the program's. */
    private static String describe(TraceEvent e) {
        return switch (e.kind()) {
            case SEND -> "send to " + peer(e.intField(2)) + ", tag " + e.intField(3);
            case RECV -> "receive from " + peer(e.intField(2)) + ", " + (e.intField(3) == TraceRecorder.ANY ? "any tag"
                    : "tag " + e.intField(3));
            case COMPLETE -> "completed" + (e.intField(2) >= 0 ? " (from rank " + e.intField(2) + ")" : "");
            case PROBE -> "probe of " + peer(e.intField(2)) + (e.intField(4) != 0 ? ", found" : "");
            case COLLECTIVE -> "collective #" + e.field(2);
            case RMA -> "RMA on rank " + e.intField(2) + "'s window";
            case RMA_SYNC -> "window synchronisation";
            case REQUEST -> "request";
            case FINALIZE -> "finalize";
            case ACCESS, HANDLE, STATUS_READ -> null;
        };
    }

    private static String peer(int rank) {
        return rank == TraceRecorder.ANY ? "any rank" : rank == TraceRecorder.PROC_NULL ? "no rank" : "rank " + rank;
    }

    /** The first finding naming a call of {@code rank} at {@code site}'s line; -1 if none. */
    private int findingAt(int rank, ReportFinding.Site site) {
        List<ReportFinding> findings = report.findings();
        for (int i = 0; i < findings.size(); i++) {
            ReportFinding f = findings.get(i);
            int own = f.ranks().isEmpty() ? f.reportedBy() : f.ranks().get(0);
            if (own == rank && sameLine(f.site(), site)) {
                return i;
            }
            for (ReportFinding.Related r : f.related()) {
                if (r.rank() == rank && sameLine(r.site(), site)) {
                    return i;
                }
            }
            for (ReportFinding.Status s : f.status()) {
                if (s.rank() == rank && sameLine(s.site(), site)) {
                    return i;
                }
            }
        }
        return -1;
    }

    private static boolean sameLine(ReportFinding.Site a, ReportFinding.Site b) {
        return a != null && b != null && a.line() == b.line() && a.line() > 0
                && java.util.Objects.equals(a.file(), b.file()) && java.util.Objects.equals(a.className(), b.className());
    }
}

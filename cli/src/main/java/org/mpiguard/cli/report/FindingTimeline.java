package org.mpiguard.cli.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Timelines from what findings hold: each finding names a call of its own rank, the
 * related calls of others, and for a deadlock where every rank stands. Those calls, in the
 * order the findings were made, are each rank's last known MPI calls.
 */
final class FindingTimeline implements TimelineSource {

    private final MergedReport report;

    FindingTimeline(MergedReport report) {
        this.report = report;
    }

    @Override
    public String origin() {
        return "from the findings (the calls each finding names, in the order found); "
                + "no trace of every call was recorded for this run";
    }

    @Override
    public SortedMap<Integer, List<Event>> lastCalls(int perRank) {
        SortedMap<Integer, List<Event>> byRank = new TreeMap<>();
        List<ReportFinding> findings = report.findings();
        for (int i = 0; i < findings.size(); i++) {
            ReportFinding f = findings.get(i);
            Set<Event> events = new LinkedHashSet<>();
            int own = f.ranks().isEmpty() ? f.reportedBy() : f.ranks().get(0);
            events.add(new Event(own, f.op(), f.site(), f.kind(), i));
            for (ReportFinding.Related r : f.related()) {
                events.add(new Event(r.rank(), r.op(), r.site(), f.kind() + " (related)", i));
            }
            for (ReportFinding.Status s : f.status()) {
                if (s.op() != null) {
                    events.add(new Event(s.rank(), s.op(), s.site(), s.state(), i));
                }
            }
            Set<String> seen = new java.util.HashSet<>();
            for (Event e : events) {
                // a deadlock's status repeats the calls it already names: one event per call
                if (e.rank() >= 0 && seen.add(e.rank() + " " + e.op() + " " + e.site())) {
                    byRank.computeIfAbsent(e.rank(), r -> new ArrayList<>()).add(e);
                }
            }
        }
        byRank.replaceAll((rank, events) -> events.size() <= perRank ? events
                : new ArrayList<>(events.subList(events.size() - perRank, events.size())));
        return byRank;
    }
}

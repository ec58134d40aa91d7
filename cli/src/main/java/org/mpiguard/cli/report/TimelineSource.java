package org.mpiguard.cli.report;

import java.util.List;
import java.util.SortedMap;

/**
 * Where the report's per-rank timelines of last MPI calls come from. Today that is the
 * findings themselves ({@link FindingTimeline}: every call a finding names, on every rank,
 * in the order found), or the per-rank traces ({@code trace-rank<N>.mpgt}, {@link TraceTimeline})
 * when the report directory holds them, chosen in {@link #of(MergedReport, java.nio.file.Path)};
 * the HTML renders whichever it is given.
 */
public interface TimelineSource {

    /**
     * @param rank     world rank
     * @param op       the MPI method, e.g. {@code Comm.recv}
     * @param site     where the user's code made the call; null when unknown
     * @param what     what the source knows of the call: the finding's kind, or the rank's state
     * @param finding  the index of the finding in the merged report that names the call, -1 for none
     */
    record Event(int rank, String op, ReportFinding.Site site, String what, int finding) {
    }

    /** Says where the events come from, shown above the timelines. */
    String origin();

    /** The last {@code perRank} events of every rank, oldest first. */
    SortedMap<Integer, List<Event>> lastCalls(int perRank);

    /** The findings' own calls: for a report without traces. */
    static TimelineSource of(MergedReport report) {
        return new FindingTimeline(report);
    }

    /** The best source a report has: the traces in {@code dir} when it holds any, else its findings. */
    static TimelineSource of(MergedReport report, java.nio.file.Path dir) throws java.io.IOException {
        TimelineSource traces = TraceTimeline.read(report, dir);
        return traces != null ? traces : new FindingTimeline(report);
    }
}

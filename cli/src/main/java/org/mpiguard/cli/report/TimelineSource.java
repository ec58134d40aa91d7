package org.mpiguard.cli.report;

import java.util.List;
import java.util.SortedMap;

/**
 * Where the report's per-rank timelines of last MPI calls come from. Today that is the
 * findings themselves ({@link FindingTimeline}: every call a finding names, on every rank,
 * in the order found). A reader of the per-rank traces ({@code trace-rank<N>.mpgt}) is
 * another implementation, chosen in {@link #of} when a report directory holds traces; the
 * HTML renders whichever it is given.
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

    /** The best source a report has: its findings, until traces can be read. */
    static TimelineSource of(MergedReport report) {
        return new FindingTimeline(report);
    }
}

package org.mpiguard.analyzer;

import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.trace.TraceFile;

/** What the analysis says of traces that are not whole, so a silent result is never over-trusted. */
final class TraceSetNotes {

    private TraceSetNotes() {
    }

    static String name(int rank) {
        return "the trace of rank " + rank;
    }

    static List<String> of(TraceFile[] ranks) {
        List<String> notes = new ArrayList<>();
        for (int r = 0; r < ranks.length; r++) {
            TraceFile t = ranks[r];
            if (t == null) {
                notes.add("no trace of rank " + r + ": checks that need its events skip it");
                continue;
            }
            if (t.dropped() > 0) {
                notes.add(name(r) + " misses " + t.dropped() + " events the recorder dropped (its trace reached "
                        + "trace-max, or could not grow): matches involving rank " + r + " may be wrong and absences are not reported");
            }
            if (t.truncatedAt() >= 0) {
                notes.add(name(r) + " stops inside a record at byte " + t.truncatedAt()
                        + " (the rank was killed while writing?): read up to there");
            } else if (!t.complete()) {
                notes.add(name(r) + " has no end record: the rank did not reach Finalize (or its trace was not "
                        + "closed); absences on rank " + r + " are not reported");
            }
        }
        return notes;
    }
}

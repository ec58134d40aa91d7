package org.mpiguard.analyzer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.mpiguard.core.trace.TraceReader;

/**
 * What rank 0 takes in at the end of a run. The analysis reads every rank's whole trace
 * into rank 0's JVM, some 250 bytes of heap per event and 3 to 4 s of CPU per million
 * (docs/scale.md), while the job waits for rank 0 to exit; on a node whose other ranks hold
 * their memory too. So past a number of events ({@code trace-analysis-max}), or past what
 * the heap has free, the traces are left to {@code mpiguard analyze}, which runs where and
 * when the user chooses. The events are counted from the traces' headers, not read.
 */
final class EndOfRunBound {

    /**
     * Heap an event takes while analysed: the read event and its fields (111 bytes), the
     * pairing's send and receive, the collectives (docs/scale.md, measured at 2 million
     * events) with room for the analyses' own tables.
     */
    static final long HEAP_BYTES_PER_EVENT = 400;

    private EndOfRunBound() {
    }

    /** Why the traces in {@code dir} are too large to analyse here, or null when they are not. */
    static String refusal(Path dir, long maxEvents) throws IOException {
        return refusal(dir, maxEvents, freeHeap());
    }

    static String refusal(Path dir, long maxEvents, long freeHeapBytes) throws IOException {
        long events = 0;
        long unknownBytes = 0;
        for (Path f : TraceSet.files(dir)) {
            long n = TraceReader.eventsRecorded(f);
            if (n >= 0) {
                events += n;
            } else {
                unknownBytes += Files.size(f);
            }
        }
        // a version-1 trace does not say: a varint event takes 4 bytes or more, so this counts no fewer
        events += unknownBytes / 4;
        if (events > maxEvents) {
            return "the traces hold " + events + " events, more than trace-analysis-max=" + maxEvents;
        }
        long needed = events * HEAP_BYTES_PER_EVENT;
        if (needed > freeHeapBytes) {
            return "the traces hold " + events + " events, about " + (needed >> 20) + " MiB to analyse, more than the "
                    + (freeHeapBytes >> 20) + " MiB of heap this JVM has free";
        }
        return null;
    }

    /** What the heap can still grow to hold: its maximum less what is in use. */
    private static long freeHeap() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }
}

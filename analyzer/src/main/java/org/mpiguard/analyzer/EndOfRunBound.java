package org.mpiguard.analyzer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.mpiguard.core.trace.TraceReader;

/**
 * What an analysis takes in. At the end of a run the streaming analysis reads every rank's
 * trace in rank 0's JVM, in memory bounded by the ranks (a window of each file and what is
 * in flight, some {@value #HEAP_BYTES_PER_RANK} bytes a rank) and some 3 s of CPU per million
 * events (docs/scale.md), while the job waits for rank 0 to exit: past a number of events
 * ({@code trace-analysis-max}), or past what the heap has free, every rank analyses its own
 * trace at Finalize ({@link FinalizeSpread}), and past that number for each rank the traces
 * are left to {@code mpiguard analyze}, which runs where and when the user chooses. The prediction of
 * deadlocks still holds every rank's whole trace, some {@value #HEAP_BYTES_PER_EVENT} bytes
 * an event. The events are counted from the traces' headers, not read.
 */
final class EndOfRunBound {

    /**
     * Heap an event takes in whole traces: the read event and its fields, the pairing's send
     * and receive, the collectives (docs/scale.md) with room for the analyses' own tables.
     */
    static final long HEAP_BYTES_PER_EVENT = 400;

    /**
     * Heap a rank takes in the streaming analysis: its file window, repeat memo and definitions,
     * its events read ahead of the replay, its clock and those of its messages in flight
     * (measured: 110 MB for 1,024 ranks of a halo exchange, docs/scale.md), with room.
     */
    static final long HEAP_BYTES_PER_RANK = 256 << 10;

    private EndOfRunBound() {
    }

    /** Why the traces in {@code dir} are too large to analyse here, or null when they are not. */
    static String refusal(Path dir, long maxEvents) throws IOException {
        return refusal(dir, maxEvents, freeHeap());
    }

    static String refusal(Path dir, long maxEvents, long freeHeapBytes) throws IOException {
        long events = events(dir);
        if (events > maxEvents) {
            return "the traces hold " + events + " events, more than trace-analysis-max=" + maxEvents;
        }
        int ranks = TraceSet.files(dir).size();
        long needed = ranks * HEAP_BYTES_PER_RANK;
        if (needed > freeHeapBytes) {
            return "the traces of " + ranks + " ranks need about " + (needed >> 20)
                    + " MiB to analyse, more than the " + (freeHeapBytes >> 20) + " MiB of heap this JVM has free";
        }
        return null;
    }

    /** Whether {@code events} split over {@code ranks} leave each at most {@code maxEvents} (no overflow). */
    static boolean eachShareFits(long events, long maxEvents, int ranks) {
        int n = Math.max(1, ranks);
        return events / n + (events % n == 0 ? 0 : 1) <= maxEvents;
    }

    /** Why the traces in {@code dir} cannot be held whole here (for the prediction), or null when they can. */
    static String wholeRefusal(Path dir) throws IOException {
        long events = events(dir);
        long needed = events * HEAP_BYTES_PER_EVENT;
        long free = freeHeap();
        if (needed > free) {
            return "the traces hold " + events + " events, about " + (needed >> 20) + " MiB as whole traces, more than "
                    + "the " + (free >> 20) + " MiB of heap this JVM has free (give it more: MPIGUARD_JAVA_OPTS=-Xmx16g)";
        }
        return null;
    }

    /**
     * Why the traces in {@code dir} are too large even for every one of {@code ranks} ranks
     * analysing its share at Finalize ({@link FinalizeSpread}: more than {@code maxEvents} a
     * rank), or null when each share fits.
     */
    static String spreadRefusal(Path dir, long maxEvents, int ranks) throws IOException {
        long events = events(dir);
        if (!eachShareFits(events, maxEvents, ranks)) {
            return "the traces hold " + events + " events, more than trace-analysis-max=" + maxEvents
                    + " for each of the " + ranks + " ranks";
        }
        return null;
    }

    /** The events the traces' headers say they hold. */
    private static long events(Path dir) throws IOException {
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
        return events + unknownBytes / 4;
    }

    /** What the heap can still grow to hold: its maximum less what is in use. */
    private static long freeHeap() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }
}

package org.mpiguard.analyzer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.TraceFile;
import org.mpiguard.core.trace.TraceFormat;
import org.mpiguard.core.trace.TraceFormatException;
import org.mpiguard.core.trace.TraceStream;

/**
 * The analyses that read the traces as streams, in memory bounded by what is in flight
 * rather than by the length of the run: type matching and lost messages over the messages
 * paired as every rank's trace is read ({@link StreamingMatch}), then handle leaks and
 * request lifecycles rank by rank. Their findings are those {@link Analysis} makes from the
 * whole traces, in the same order. The other checks (collective types, message races, RMA
 * conflicts, predicted deadlocks) still need whole traces and are said not to have run.
 */
final class StreamingAnalysis {

    static final String NOT_STREAMED = "collective types, message races, RMA conflicts and predicted deadlocks were "
            + "not analysed: they need every rank's whole trace in memory (give the JVM more heap, "
            + "MPIGUARD_JAVA_OPTS=-Xmx16g)";

    private StreamingAnalysis() {
    }

    /** The streamed checks' result, and the traces' headers (no events) by rank. */
    record Streamed(TraceSet traces, Analysis.Result result) {
    }

    static Analysis.Result run(Path dir) throws IOException {
        return analyse(dir).result();
    }

    static Streamed analyse(Path dir) throws IOException {
        long start = System.nanoTime();
        List<String> notes = new ArrayList<>();
        List<TraceFile> headers = new ArrayList<>();
        List<TraceStream> opened = new ArrayList<>();
        for (Path file : TraceSet.files(dir)) {
            try {
                TraceStream s = TraceStream.open(file);
                opened.add(s);
                headers.add(s.header());
            } catch (TraceFormatException e) {
                notes.add(TraceSet.unreadable(e));
            }
        }
        TraceSet traces = TraceSet.of(headers, notes);
        TraceStream[] streams = new TraceStream[traces.worldSize()];
        for (TraceStream s : opened) {
            if (traces.rank(s.header().rank()) == s.header()) {
                streams[s.header().rank()] = s;
            } else {
                s.close();
            }
        }
        List<Finding> findings = new ArrayList<>();
        long events;
        try {
            TypeMismatchAnalysis.Pairs pairs = new TypeMismatchAnalysis.Pairs();
            LeakAnalysis.Lost lost = new LeakAnalysis.Lost();
            events = StreamingMatch.run(streams, new StreamingMatch.Listener() {
                @Override
                public void paired(SendEvent s, RecvEvent v) {
                    pairs.add(s, v);
                }

                @Override
                public void unmatched(SendEvent s) {
                    lost.unmatched(s);
                }

                @Override
                public void open(RecvEvent v) {
                    lost.openReceive(v);
                }
            }, notes);
            findings.addAll(pairs.findings(traces));
            findings.addAll(lost.findings(traces));
        } finally {
            for (TraceStream s : streams) {
                if (s != null) {
                    s.close();
                }
            }
        }
        perRank(dir, traces, findings, notes);
        notes.add(NOT_STREAMED);
        return new Streamed(traces, new Analysis.Result(findings, notes, List.of(), List.of(), events,
                (System.nanoTime() - start) / 1_000_000));
    }

    /** Handle leaks, then request lifecycles, each rank's trace read once more for each. */
    private static void perRank(Path dir, TraceSet traces, List<Finding> findings, List<String> notes) {
        for (int r = 0; r < traces.worldSize(); r++) {
            if (traces.whole(r)) {
                try (Events events = new Events(dir, r, notes)) {
                    findings.addAll(LeakAnalysis.handles(traces.rank(r), events));
                }
            }
        }
        RequestLifecycleAnalysis.PerRank lifecycle = new RequestLifecycleAnalysis.PerRank();
        for (int r = 0; r < traces.worldSize(); r++) {
            TraceFile t = traces.rank(r);
            if (t != null) {
                try (Events events = new Events(dir, r, notes)) {
                    lifecycle.follow(t, traces.whole(r), events);
                }
            }
        }
        findings.addAll(lifecycle.findings());
    }

    /**
     * A rank's events read from its file once more, to be iterated once; an error ends them
     * (said once, by the pairing's reading of the same trace).
     */
    private static final class Events implements Iterable<TraceEvent>, AutoCloseable {
        private final TraceStream stream;

        Events(Path dir, int rank, List<String> notes) {
            TraceStream s = null;
            try {
                s = TraceStream.open(dir.resolve(TraceFormat.fileName(rank)));
            } catch (TraceFormatException e) {
                notes.add(TraceSet.unreadable(e));
            }
            stream = s;
        }

        @Override
        public Iterator<TraceEvent> iterator() {
            return new Iterator<>() {
                private TraceEvent next = read();

                private TraceEvent read() {
                    try {
                        return stream == null ? null : stream.next();
                    } catch (TraceFormatException e) {
                        return null;
                    }
                }

                @Override
                public boolean hasNext() {
                    return next != null;
                }

                @Override
                public TraceEvent next() {
                    if (next == null) {
                        throw new NoSuchElementException();
                    }
                    TraceEvent e = next;
                    next = read();
                    return e;
                }
            };
        }

        @Override
        public void close() {
            if (stream != null) {
                stream.close();
            }
        }
    }
}

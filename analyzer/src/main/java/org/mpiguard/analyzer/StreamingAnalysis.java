package org.mpiguard.analyzer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.mpiguard.analyzer.rma.RmaConflictAnalysis;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.ShippedHeader;
import org.mpiguard.core.trace.TraceFile;
import org.mpiguard.core.trace.TraceFormat;
import org.mpiguard.core.trace.TraceFormatException;
import org.mpiguard.core.trace.TraceStream;

/**
 * The analyses over traces read as streams, in memory bounded by what is in flight rather
 * than by the length of the run: every rank's events are read a slice at a time
 * ({@link RankFeed}), messages paired as they are read ({@link StreamingMatch}), the
 * happens-before replay run over them ({@link StreamReplay}) with the message races, the
 * collectives' types and the RMA conflicts as its listeners, handle leaks and request
 * lifecycles rank by rank as each rank is read. Its findings are those {@link Analysis} makes from the whole
 * traces, in the same order; predicted deadlocks, which need the whole traces, are not made.
 */
final class StreamingAnalysis {

    private StreamingAnalysis() {
    }

    /** The streamed checks' result, and the traces' headers (no events) by rank. */
    record Streamed(TraceSet traces, Analysis.Result result) {
    }

    static Analysis.Result run(Path dir) throws IOException {
        return analyse(dir).result();
    }

    /**
     * {@link #analyse}, and should the streaming replay itself fail on traces it did not expect,
     * the whole-trace analysis when the traces fit in the heap (said in a note): an analysis that
     * fails is never the user's problem when another can answer.
     */
    static Streamed analyseSafely(Path dir) throws IOException {
        try {
            return analyse(dir);
        } catch (RuntimeException e) {
            String tooLarge = EndOfRunBound.wholeRefusal(dir);
            if (tooLarge != null) {
                throw e;
            }
            TraceSet traces = TraceSet.read(dir);
            Analysis.Result whole = Analysis.run(traces);
            List<String> notes = new ArrayList<>(whole.notes());
            notes.add("the streaming analysis failed (" + e + "); the whole traces were analysed instead. Please "
                    + "report it.");
            return new Streamed(traces, new Analysis.Result(whole.findings(), notes, whole.races(), whole.unconfirmed(),
                    whole.events(), whole.millis()));
        }
    }

    /** The traces' headers by rank (no events), with the notes on them: whether each is whole, read cheaply. */
    static TraceSet headers(Path dir) throws IOException {
        return openTraces(dir, new ArrayList<>(), new ArrayList<>(), 0, 0);
    }

    /** Set by a test to stand for a failure of the streaming replay. */
    static volatile RuntimeException failureForTest;

    static Streamed analyse(Path dir) throws IOException {
        return analyse(dir, null);
    }

    /** {@link #analyse} with the replay stepping the ranks in {@code sweepOrder} (null: rank order). */
    static Streamed analyse(Path dir, int[] sweepOrder) throws IOException {
        return analyse(dir, sweepOrder, 1);
    }

    /**
     * {@link #analyse} spread over {@code blockCount} blocks of contiguous ranks, each reading and
     * replaying its own ranks and shipping to the others what they need ({@link SpreadReplay}),
     * here in one process: the same findings and races as one block.
     */
    static Streamed analyse(Path dir, int[] sweepOrder, int blockCount) throws IOException {
        RuntimeException injected = failureForTest;
        if (injected != null) {
            throw injected;
        }
        long start = System.nanoTime();
        List<String> notes = new ArrayList<>();
        List<TraceStream> streams = new ArrayList<>();
        TraceSet traces = openTraces(dir, notes, streams, 0, Integer.MAX_VALUE);
        if (SpreadReplay.bounds(traces.worldSize(), blockCount).length == 2) {
            return new Streamed(traces, alone(dir, traces, streams, sweepOrder, notes, start));
        }
        SpreadReplay spread = inProcess(dir, traces, streams, sweepOrder, blockCount);
        List<byte[]> results = spread.run();
        return new Streamed(traces, SpreadResults.merge(results, notes, spread.forced(),
                (System.nanoTime() - start) / 1_000_000));
    }

    /**
     * The blocks of a spread of {@code blockCount} (at least two) blocks of contiguous ranks, all
     * in this process, each replaying its own ranks of {@code streams}; {@link SpreadReplay#run}
     * runs them.
     */
    static SpreadReplay inProcess(Path dir, TraceSet traces, List<TraceStream> streams, int[] sweepOrder,
                                  int blockCount) {
        int[] bounds = SpreadReplay.bounds(traces.worldSize(), blockCount);
        int count = bounds.length - 1;
        int[] ownerOf = SpreadReplay.owners(bounds);
        List<List<TraceStream>> owned = new ArrayList<>();
        for (int b = 0; b < count; b++) {
            owned.add(new ArrayList<>());
        }
        for (TraceStream s : streams) {
            owned.get(ownerOf[s.header().rank()]).add(s);
        }
        BlockLink[] links = new BlockLink[count];
        int[] forced = new int[1];
        for (int b = 0; b < count; b++) {
            ReplayBlock block = new ReplayBlock(traces, bounds[b], bounds[b + 1], count, owned.get(b), sweepOrder,
                    new ShipmentWriter(b, ownerOf, bounds), new ArrayList<>(), new ArrayList<>(), forced);
            links[b] = BlockLink.local(new BlockServer(block, b, traces, dir, forced));
        }
        return new SpreadReplay(links, ownerOf);
    }

    /**
     * The traces' headers, with the notes on them; the streams of ranks {@code lo} to {@code hi - 1}
     * left open in {@code streams} (in the order of the files), every other closed.
     */
    static TraceSet openTraces(Path dir, List<String> notes, List<TraceStream> streams, int lo, int hi)
            throws IOException {
        return openTraces(dir, null, notes, streams, lo, hi);
    }

    /**
     * The same, with every rank's header as {@code shipped} holds it (by rank, {@link ShippedHeader})
     * and only the files of ranks {@code lo} to {@code hi - 1} read from {@code dir}: traces on each
     * node's own disk, where this rank's node may lack the others' or hold an earlier run's. With
     * {@code shipped} null, every file of {@code dir} is read.
     */
    static TraceSet openTraces(Path dir, byte[][] shipped, List<String> notes, List<TraceStream> streams, int lo,
                               int hi) throws IOException {
        List<TraceFile> headers = new ArrayList<>();
        List<TraceStream> opened = new ArrayList<>();
        List<Path> files = shipped == null ? TraceSet.files(dir) : new ArrayList<>();
        for (int r = 0; shipped != null && r < shipped.length; r++) {
            Path file = dir.resolve(TraceFormat.fileName(r));
            if (r >= lo && r < hi) {
                files.add(file);
                continue;
            }
            try {
                headers.add(ShippedHeader.read(file, shipped[r]));
            } catch (TraceFormatException e) {
                notes.add(TraceSet.unreadable(e));
            }
        }
        for (Path file : files) {
            try {
                TraceStream s = TraceStream.open(file);
                opened.add(s);
                headers.add(s.header());
            } catch (TraceFormatException e) {
                notes.add(TraceSet.unreadable(e));
            }
        }
        TraceSet traces = TraceSet.of(headers, notes);
        for (TraceStream s : opened) {
            int r = s.header().rank();
            if (traces.rank(r) == s.header() && r >= lo && r < hi) {
                streams.add(s);
            } else {
                s.close();
            }
        }
        return traces;
    }

    /** The analysis of every rank in this process, one block. */
    private static Analysis.Result alone(Path dir, TraceSet traces, List<TraceStream> streams, int[] sweepOrder,
                                         List<String> notes, long start) {
        List<String> order = new ArrayList<>();
        ReplayBlock block = new ReplayBlock(traces, 0, traces.worldSize(), 1, streams, sweepOrder, null, notes, order,
                new int[1]);
        block.replay.run();
        block.pairing.finish();
        notes.addAll(order);
        List<MessageRaceAnalysis.Race> raced = block.failed.isEmpty()
                ? block.races.finish(block.replay.clocks()) : List.of();
        List<Finding> findings = new ArrayList<>();
        for (String check : Analysis.CHECKS) {
            try {
                switch (check) {
                    case "type matching" -> findings.addAll(block.pairs.findings(traces));
                    case "ready sends" -> findings.addAll(block.readySends.findings());
                    case "collective types" -> findings.addAll(block.collectives.findings(traces));
                    case "message races" -> findings.addAll(MessageRaceAnalysis.findings(traces, raced, reads(dir, notes)));
                    case "lost messages" -> findings.addAll(block.lost.findings(traces));
                    case "handle leaks" -> {
                        for (LeakAnalysis.Handles h : block.handles) {
                            findings.addAll(h == null ? List.of() : h.findings());
                        }
                    }
                    case "request lifecycle" -> {
                        for (RequestLifecycleAnalysis.OfRank l : block.lifecycles) {
                            findings.addAll(l == null ? List.of() : l.findings());
                        }
                    }
                    case "RMA assertions" -> findings.addAll(block.rma.assertionFindings(null));
                    default -> findings.addAll(block.rma.findings());
                }
            } catch (RuntimeException e) {
                notes.add(failure(check, e));
            }
        }
        notes.addAll(block.failed);
        notes.addAll(block.rma.notes());
        return new Analysis.Result(findings, notes, raced, List.of(), block.events,
                (System.nanoTime() - start) / 1_000_000);
    }

    static String failure(String check, RuntimeException e) {
        return "the " + check + " check failed (" + e + "); its findings are missing. Please report it.";
    }

    /** A rank's status reads, from its trace read once more (only ranks with a race are asked). */
    static MessageRaceAnalysis.Reads reads(Path dir, List<String> notes) {
        return new MessageRaceAnalysis.Reads() {
            @Override
            public StatusReads of(int rank) {
                try (Events events = new Events(dir, rank, notes)) {
                    return StatusReads.ofEvents(events);
                }
            }
        };
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

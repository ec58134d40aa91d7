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
        List<String> notes = new ArrayList<>();
        List<TraceFile> headers = new ArrayList<>();
        for (Path file : TraceSet.files(dir)) {
            try (TraceStream s = TraceStream.open(file)) {
                headers.add(s.header());
            } catch (TraceFormatException e) {
                notes.add(TraceSet.unreadable(e));
            }
        }
        return TraceSet.of(headers, notes);
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
     * replaying its own ranks and shipping to the others what they need ({@link SpreadReplay}):
     * the same findings and races as one block.
     */
    static Streamed analyse(Path dir, int[] sweepOrder, int blockCount) throws IOException {
        RuntimeException injected = failureForTest;
        if (injected != null) {
            throw injected;
        }
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
        int world = traces.worldSize();
        int[] bounds = SpreadReplay.bounds(world, blockCount);
        int count = bounds.length - 1;
        int[] ownerOf = new int[world];
        List<List<TraceStream>> owned = new ArrayList<>();
        for (int b = 0; b < count; b++) {
            owned.add(new ArrayList<>());
            for (int r = bounds[b]; r < bounds[b + 1]; r++) {
                ownerOf[r] = b;
            }
        }
        for (TraceStream s : opened) {
            int r = s.header().rank();
            if (traces.rank(r) == s.header()) {
                owned.get(ownerOf[r]).add(s);
            } else {
                s.close();
            }
        }
        List<String> order = new ArrayList<>();
        int[] forced = new int[1];
        ReplayBlock[] blocks = new ReplayBlock[count];
        for (int b = 0; b < count; b++) {
            SpreadReplay.InProcess shipping = count == 1 ? null : new SpreadReplay.InProcess(b, blocks, ownerOf, bounds);
            blocks[b] = new ReplayBlock(traces, bounds[b], bounds[b + 1], owned.get(b), sweepOrder, shipping, shipping,
                    notes, order, forced);
        }
        new SpreadReplay(blocks, ownerOf).run();
        if (count > 1 && forced[0] > 5) {
            order.add("(" + (forced[0] - 5) + " more events ordered approximately)");
        }
        ReplayBlock first = blocks[0];
        List<MessageRaceAnalysis.Race> raced = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        long events = 0;
        for (ReplayBlock b : blocks) {
            b.pairing.finish();
            failed.addAll(b.failed);
            events += b.events;
        }
        notes.addAll(order);
        for (ReplayBlock b : blocks) {
            if (failed.isEmpty()) {
                raced.addAll(b.races.finish(b.last != null ? b.last : b.replay.clocks()));
            }
            if (b != first) {
                first.pairs.addAll(b.pairs);
                first.collectives.addAll(b.collectives);
                first.lost.addAll(b.lost);
                first.rma.addAll(b.rma);
            }
        }
        List<Finding> findings = new ArrayList<>();
        for (String check : Analysis.CHECKS) {
            try {
                switch (check) {
                    case "type matching" -> findings.addAll(first.pairs.findings(traces));
                    case "collective types" -> findings.addAll(first.collectives.findings(traces));
                    case "message races" -> findings.addAll(MessageRaceAnalysis.findings(traces, raced, reads(dir, notes)));
                    case "lost messages" -> findings.addAll(first.lost.findings(traces));
                    case "handle leaks" -> {
                        for (ReplayBlock b : blocks) {
                            for (LeakAnalysis.Handles h : b.handles) {
                                findings.addAll(h == null ? List.of() : h.findings());
                            }
                        }
                    }
                    case "request lifecycle" -> {
                        for (ReplayBlock b : blocks) {
                            for (RequestLifecycleAnalysis.OfRank l : b.lifecycles) {
                                findings.addAll(l == null ? List.of() : l.findings());
                            }
                        }
                    }
                    default -> findings.addAll(first.rma.findings());
                }
            } catch (RuntimeException e) {
                notes.add(failure(check, e));
            }
        }
        notes.addAll(failed);
        notes.addAll(first.rma.notes());
        return new Streamed(traces, new Analysis.Result(findings, notes, raced, List.of(), events,
                (System.nanoTime() - start) / 1_000_000));
    }

    static String failure(String check, RuntimeException e) {
        return "the " + check + " check failed (" + e + "); its findings are missing. Please report it.";
    }

    /** A rank's status reads, from its trace read once more (only ranks with a race are asked). */
    private static MessageRaceAnalysis.Reads reads(Path dir, List<String> notes) {
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

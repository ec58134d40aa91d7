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
        RankFeed[] feeds = new RankFeed[traces.worldSize()];
        TypeMismatchAnalysis.Pairs pairs = new TypeMismatchAnalysis.Pairs();
        LeakAnalysis.Lost lost = new LeakAnalysis.Lost();
        StreamingRaces races = new StreamingRaces(feeds, new StreamingMatch.Listener() {
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
        });
        StreamingMatch pairing = new StreamingMatch(feeds.length, races);
        Map<Long, int[]> commMembers = new HashMap<>();
        Map<Long, int[]> winMembers = new HashMap<>();
        LeakAnalysis.Handles[] handles = new LeakAnalysis.Handles[feeds.length];
        RequestLifecycleAnalysis.OfRank[] lifecycles = new RequestLifecycleAnalysis.OfRank[feeds.length];
        for (TraceStream s : opened) {
            int r = s.header().rank();
            if (traces.rank(r) == s.header()) {
                LeakAnalysis.Handles leaks = traces.whole(r) ? new LeakAnalysis.Handles(s.header()) : null;
                RequestLifecycleAnalysis.OfRank requests = new RequestLifecycleAnalysis.OfRank(s.header(), traces.whole(r));
                handles[r] = leaks;
                lifecycles[r] = requests;
                feeds[r] = new RankFeed(s, pairing, commMembers, winMembers, new RankFeed.RankPass() {
                    @Override
                    public void accept(TraceEvent e) {
                        if (leaks != null) {
                            leaks.accept(e);
                        }
                        requests.accept(e);
                    }
                }, notes);
            } else {
                s.close();
            }
        }
        RmaConflictAnalysis rma = RmaConflictAnalysis.streaming(traces, new RmaConflictAnalysis.DispUnits() {
            @Override
            public Integer of(int rank, long win) {
                return rank >= 0 && rank < feeds.length && feeds[rank] != null ? feeds[rank].dispUnit(win) : null;
            }
        });
        CollectiveTypeAnalysis.Instances collectives = new CollectiveTypeAnalysis.Instances();
        long[] events = new long[1];
        ReplayObserver.Clocks[] last = new ReplayObserver.Clocks[1];
        List<String> order = new ArrayList<>();
        // a check failing on traces it did not expect costs its own findings only, said as a note
        List<String> failed = new ArrayList<>();
        StreamReplay.run(feeds, sweepOrder, new StreamReplay.Listener() {
            @Override
            public void visit(RankFeed feed, FeedSlot slot, ReplayObserver.Clocks clocks) {
                events[0]++;
                last[0] = clocks;
                if (failed.isEmpty()) {
                    try {
                        races.visit(feed, slot, clocks);
                    } catch (RuntimeException e) {
                        failed.add(failure("message races", e));
                    }
                }
                if (slot.completion != FeedSlot.NOT_RMA) {
                    rma.visit(feed.rank, slot.index, slot.event, slot.completion, slot.mode, clocks);
                }
            }

            @Override
            public void instanceDone(List<CollectiveEvent> members) {
                collectives.add(members);
            }
        }, order);
        pairing.finish();
        notes.addAll(order);
        List<MessageRaceAnalysis.Race> raced = failed.isEmpty() ? races.finish(last[0]) : List.of();
        List<Finding> findings = new ArrayList<>();
        for (String check : Analysis.CHECKS) {
            try {
                switch (check) {
                    case "type matching" -> findings.addAll(pairs.findings(traces));
                    case "collective types" -> findings.addAll(collectives.findings(traces));
                    case "message races" -> findings.addAll(MessageRaceAnalysis.findings(traces, raced, reads(dir, notes)));
                    case "lost messages" -> findings.addAll(lost.findings(traces));
                    case "handle leaks" -> {
                        for (LeakAnalysis.Handles h : handles) {
                            findings.addAll(h == null ? List.of() : h.findings());
                        }
                    }
                    case "request lifecycle" -> {
                        for (RequestLifecycleAnalysis.OfRank l : lifecycles) {
                            findings.addAll(l == null ? List.of() : l.findings());
                        }
                    }
                    default -> findings.addAll(rma.findings());
                }
            } catch (RuntimeException e) {
                notes.add(failure(check, e));
            }
        }
        notes.addAll(failed);
        notes.addAll(rma.notes());
        return new Streamed(traces, new Analysis.Result(findings, notes, raced, List.of(), events[0],
                (System.nanoTime() - start) / 1_000_000));
    }

    private static String failure(String check, RuntimeException e) {
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

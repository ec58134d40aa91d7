package org.mpiguard.adapter;

import org.mpiguard.core.channel.Mailbox;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mpi.MPIException;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.core.activity.RankActivity;
import org.mpiguard.core.activity.ThreadActivity;
import org.mpiguard.core.collective.CollectiveCall;
import org.mpiguard.core.collective.CollectiveCodec;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.collective.CollectiveLog;
import org.mpiguard.core.collective.CollectiveMismatchReport;
import org.mpiguard.core.collective.CommIdentity;
import org.mpiguard.core.collective.RingComparer;
import org.mpiguard.core.collective.ShapeInterner;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.Severity;

/**
 * This rank's side of the collective ring: drains the threads' logs of collective calls,
 * keeps each call for comparison with the right neighbour's and streams it to the left
 * neighbour on that communicator ({@link CollectiveCodec}); decodes the right
 * neighbours' streams and compares ({@link RingComparer}). A mismatch goes to the
 * watchdog, which reports it.
 */
final class RingStreamer {

    /** Where a mismatch goes. */
    interface MismatchSink {
        void mismatch(Finding finding);
    }

    /** Bytes per ring message at most (about): under Open MPI's eager limits (4 KB for shared memory). */
    private static final int RING_MESSAGE_BYTES = 3072;

    private final Mailbox mailbox;
    private final MismatchSink sink;
    private final RingComparer ring = new RingComparer(PredefinedCodes.get());
    private final ShapeInterner shapes;
    /** The stream of own calls to each left neighbour, and of each right neighbour's calls to us. */
    private final Map<Integer, CollectiveCodec.Encoder> outgoing = new HashMap<>();
    private final Map<Integer, CollectiveCodec.Decoder> incoming = new HashMap<>();
    private final List<RingMessage> ringMessages = new ArrayList<>();
    private final List<Mailbox.Pending> finalRing = new ArrayList<>();
    /**
     * The sinks of a round, made once; classes of their own rather than lambdas, as every
     * callback the watchdog makes: a lambda is a class the JVM spins at run time, which
     * costs each rank start-up CPU and wakes the compiler on the JDK's spinner (issue 23).
     */
    private final CollectiveLog.RunSink ownRuns = new CollectiveLog.RunSink() {
        @Override
        public void run(CommIdentity comm, long firstSeq, int calls, CollectiveKind kind, boolean nonblocking,
                        int root, int reduceOp, int count, int typeCode, int typeSize, int site) {
            ownCollectives(comm, firstSeq, calls, kind, nonblocking, root, reduceOp, count, typeCode, typeSize, site);
        }
    };
    private final CollectiveCodec.RunSink neighbourRuns = new CollectiveCodec.RunSink() {
        @Override
        public void run(CollectiveCall shape, long firstSeq, int calls) {
            neighbourRun(shape, firstSeq, calls);
        }
    };

    RingStreamer(int rank, Mailbox mailbox, MismatchSink sink) {
        this.mailbox = mailbox;
        this.sink = sink;
        this.shapes = new ShapeInterner(rank);
    }

    /**
     * Takes two made-up calls once through the ring's whole path (log, shapes, stream,
     * comparer) on throwaway objects, so its classes are loaded and linked before the
     * program's first collectives rather than in the middle of its loops, where a first
     * round that loads them would hold up a rank for milliseconds.
     */
    void warm(int rank) {
        try {
            CommIdentity world = new CommIdentity(CommIdentity.WORLD_ID, new int[] {0, 1}, 0);
            CollectiveLog log = new CollectiveLog();
            for (long seq = 1; seq <= 3; seq++) {
                log.append(world, seq, seq < 3 ? CollectiveKind.BARRIER : CollectiveKind.ALL_REDUCE, false, -1, 0,
                        -1, 0, -1, 0);
            }
            ShapeInterner interner = new ShapeInterner(rank);
            CollectiveCodec.Encoder encoder = new CollectiveCodec.Encoder();
            RingComparer comparer = new RingComparer(PredefinedCodes.get());
            log.drainRuns(new CollectiveLog.RunSink() {
                @Override
                public void run(CommIdentity identity, long first, int calls, CollectiveKind kind, boolean nb,
                                int root, int op, int count, int type, int size, int site) {
                    CollectiveCall shape = interner.intern(identity.id(), kind, nb, root, op, count, type, size, site);
                    encoder.add(shape, first, calls);
                    comparer.addOwn(shape, first, calls);
                }
            });
            byte[] stream = encoder.take();
            new CollectiveCodec.Decoder().decodeRuns(stream, stream.length, new CollectiveCodec.RunSink() {
                @Override
                public void run(CollectiveCall shape, long firstSeq, int calls) {
                    comparer.addNeighbour(shape, firstSeq, calls);
                }
            });
        } catch (Throwable t) {
            // only a warm-up: the real calls load what they need
        }
    }

    /**
     * Drains every thread's log of collective calls: each call is kept for comparison with
     * the right neighbour's, and sent in one batch per neighbour to the left one. The
     * {@code last} batch goes synchronously to every left neighbour, even when empty: its
     * being taken shows every earlier message was (MPI keeps their order).
     */
    void send(boolean last) throws MPIException {
        for (ThreadActivity activity : RankActivity.allThreads()) {
            CollectiveLog log = activity.collectiveLogIfAny();
            if (log != null) {
                log.drainRuns(ownRuns);
            }
        }
        for (RingMessage message : ringMessages) {
            mailbox.post(message.dest(), Tags.COLLECTIVES, message.bytes());
        }
        ringMessages.clear();
        for (var toNeighbour : outgoing.entrySet()) {
            if (last) {
                finalRing.add(mailbox.send(toNeighbour.getKey(), Tags.COLLECTIVES, toNeighbour.getValue().take(), true));
            } else if (!toNeighbour.getValue().isEmpty()) {
                mailbox.post(toNeighbour.getKey(), Tags.COLLECTIVES, toNeighbour.getValue().take());
            }
        }
    }

    /** Whether every left neighbour took the last batch. */
    boolean lastTaken() throws MPIException {
        return Mailbox.reap(finalRing);
    }

    /**
     * A run of this rank's calls: consecutive numbers, one shape (a loop's calls arrive as
     * one). Only calls on communicators of two or more ranks are logged.
     */
    private void ownCollectives(CommIdentity identity, long firstSeq, int calls,
                                CollectiveKind kind, boolean nonblocking, int root,
                                int reduceOp, int count, int typeCode, int typeSize, int siteId) {
        CollectiveCall shape = shapes.intern(identity.id(), kind, nonblocking, root, reduceOp, count, typeCode,
                typeSize, siteId);
        if (identity.compares()) {
            mismatch(ring.addOwn(shape, firstSeq, calls), identity);
        }
        boolean leftCompares = identity.size() > 2 || identity.localRank() == 1;
        if (leftCompares) {
            int left = identity.leftNeighbour();
            CollectiveCodec.Encoder stream = outgoing.get(left);
            if (stream == null) {
                stream = new CollectiveCodec.Encoder();
                outgoing.put(left, stream);
            }
            stream.add(shape, firstSeq, calls);
            if (stream.size() >= RING_MESSAGE_BYTES) {
                // small messages go eagerly: a neighbour that stops listening at the end of
                // the run can never leave one of ours pending
                ringMessages.add(new RingMessage(left, stream.take()));
            }
        }
    }

    /** A right neighbour's stream of calls. */
    void onNeighbour(int source, byte[] data) throws IOException {
        CollectiveCodec.Decoder stream = incoming.get(source);
        if (stream == null) {
            stream = new CollectiveCodec.Decoder();
            incoming.put(source, stream);
        }
        stream.decodeRuns(data, data.length, neighbourRuns);
    }

    private void neighbourRun(CollectiveCall shape, long firstSeq, int calls) {
        mismatch(ring.addNeighbour(shape, firstSeq, calls), null);
    }

    private void mismatch(RingComparer.Mismatch m, CommIdentity identity) {
        if (m == null) {
            return;
        }
        String where = m.mine().commId() == CommIdentity.WORLD_ID ? "MPI.COMM_WORLD"
                : identity != null ? Shadows.describe(identity) : "a communicator made by the program";
        Finding finding = CollectiveMismatchReport.finding(m, where, PredefinedCodes.get());
        sink.mismatch(finding);
        if (finding.severity() != Severity.ERROR) {
            MismatchedCollectiveWatch.watch(m, where); // an error if the call then does not complete
        }
    }

    private record RingMessage(int dest, byte[] bytes) {
    }
}

package org.mpiguard.predict.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpiguard.analyzer.StatusReads;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.trace.CompletionOp;
import org.mpiguard.core.trace.EventKind;
import org.mpiguard.core.trace.PointOp;
import org.mpiguard.core.trace.ProbeOp;
import org.mpiguard.core.trace.RequestOp;
import org.mpiguard.core.trace.RmaSyncOp;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.TraceFile;
import org.mpiguard.core.trace.TraceRecorder;
import org.mpiguard.predict.model.RankTrace;
import org.mpiguard.predict.model.Request;
import org.mpiguard.predict.model.TraceProgram;
import org.mpiguard.predict.model.TraceProgramBuilder;

/**
 * Turns one run's traces (one {@link TraceFile} per world rank, all whole) into the
 * predictor's concurrent trace program: each rank's point-to-point calls, their requests
 * and waits, and its collectives, in the rank's program order, with the call sites of the
 * trace. What the model does not represent is handed to {@link RankTrace#unmodelled} so
 * every verdict names it.
 */
public final class TraceConverter {

    private static final CollectiveKind[] COLLECTIVES = CollectiveKind.values();

    private final TraceFile trace;
    private final RankTrace rank;
    private final Communicators comms;
    /** Pending requests by the trace's request id, with the work count when each was posted. */
    private final Map<Long, Posted> requests = new HashMap<>();
    private final Set<Long> threads = new HashSet<>();
    /** The threads that sent, received or joined a collective: more than one, and their order is the run's alone. */
    private final Set<Long> communicating = new HashSet<>();
    /** Persistent requests started (REQUEST START) and operations recorded at a start (SEND/RECV START). */
    private int requestStarts;
    private int operationStarts;
    /** The send half of a sendRecv, waiting for its receive half (the next RECV of the thread). */
    private final Map<Long, TraceEvent> sendRecvSend = new HashMap<>();
    /** Per thread, its blocking receive waiting for its return (the COMPLETE with request 0). */
    private final Map<Long, Request> blockingRecv = new HashMap<>();
    /** Which statuses the program read the source or tag of: their receives' later calls depend on the match. */
    private final StatusReads reads;
    /** The index of the event being converted. */
    private int index;
    /** Per thread, a wildcard probe whose Status the program read, for the receive that takes its message. */
    private final Map<Long, Probed> probedByThread = new HashMap<>();
    /**
     * Calls that do work besides completing requests (probes, blocking sends and receives,
     * collectives), counted: a test that finds a request complete after more of them than
     * when it was posted was polled for by a rank that kept serving.
     */
    private int workCalls;

    private record Posted(Request request, int workCalls) {
    }

    /** What a wildcard probe matched (world source, tag), its wildcards, and what the program read of it. */
    private record Probed(long comm, int source, int tag, boolean anySource, boolean anyTag, boolean sourceRead,
                          boolean tagRead) {
    }

    private TraceConverter(TraceFile trace, RankTrace rank, Communicators comms) {
        this.trace = trace;
        this.rank = rank;
        this.comms = comms;
        this.reads = StatusReads.of(trace);
    }

    /**
     * The program, or what the traces lack for one: calls whose messages the recording did
     * not carry, which the model would read as messages never sent (a deadlock that is not there).
     */
    public record Converted(TraceProgram program, List<String> gaps) {
    }

    /** The program of {@code ranks} (indexed by world rank, none null). */
    public static Converted program(TraceFile[] ranks) {
        TraceProgramBuilder builder = TraceProgram.builder(ranks.length);
        Communicators comms = Communicators.of(ranks, builder);
        List<String> gaps = new ArrayList<>();
        for (TraceFile t : ranks) {
            TraceConverter c = new TraceConverter(t, builder.rank(t.rank()), comms);
            c.convert();
            if (c.communicating.size() > 1) {
                // two threads' calls on one rank happen in whatever order the threads run: the one recorded
                // is not the only one, and modelled in it, independent exchanges of two threads deadlock
                gaps.add("rank " + t.rank() + " communicated from " + c.communicating.size() + " threads at once, "
                        + "in an order between them that the model cannot vary");
            }
            if (c.requestStarts > c.operationStarts) {
                gaps.add("rank " + t.rank() + "'s trace has " + c.requestStarts + " starts of persistent requests but "
                        + c.operationStarts + " of their sends and receives");
            }
        }
        return new Converted(builder.build(), gaps);
    }

    private void convert() {
        for (index = 0; index < trace.events().size(); index++) {
            TraceEvent e = trace.events().get(index);
            threads.add(e.thread());
            rank.at(index);
            if (e.kind() == EventKind.SEND || e.kind() == EventKind.RECV || e.kind() == EventKind.COLLECTIVE) {
                communicating.add(e.thread());
            }
            switch (e.kind()) {
                case SEND -> send(e);
                case RECV -> recv(e);
                case COMPLETE -> complete(e);
                case PROBE -> probe(e);
                case COLLECTIVE -> collective(e);
                case RMA_SYNC -> rank.unmodelled("Win." + RmaSyncOp.of(e.op()), site(e),
                        "one-sided synchronisation can block; it is left out of the deadlock model");
                case REQUEST -> {
                    if (e.op() == RequestOp.START.ordinal()) {
                        requestStarts++;
                    } else if (e.op() == RequestOp.CANCEL.ordinal()) {
                        rank.unmodelled("Request.cancel", site(e), "a cancelled request is modelled as never posted");
                    }
                }
                case FINALIZE -> rank.finish(site(e));
                default -> {
                    // RMA data movement, window accesses and handles neither block nor match messages
                }
            }
        }
        if (threads.size() > 1) {
            rank.unmodelled("threads", null, "rank " + trace.rank() + " made MPI calls from " + threads.size()
                    + " threads; their calls are modelled in the order they were recorded");
        }
    }

    private void send(TraceEvent e) {
        int dest = e.intField(2);
        if (dest == TraceRecorder.PROC_NULL) {
            return;
        }
        PointOp op = PointOp.of(e.op());
        long comm = e.field(1);
        int c = comms.number(comm);
        int to = comms.local(comm, dest);
        int tag = e.intField(3);
        SiteRef site = site(e);
        if (op == null || to < 0) {
            rank.unmodelled("send", site, "a send event the converter cannot read (" + e + ")");
            return;
        }
        switch (op) {
            case SEND -> rank.send(c, to, tag, site);
            case SSEND -> rank.ssend(c, to, tag, site);
            case BSEND -> rank.bsend(c, to, tag, site);
            case RSEND -> rank.rsend(c, to, tag, site);
            case ISEND, IRSEND -> posted(e.field(6), rank.isend(c, to, tag, site));
            case START -> {
                operationStarts++;
                posted(e.field(6), rank.isend(c, to, tag, site));
            }
            case ISSEND -> posted(e.field(6), rank.issend(c, to, tag, site));
            case IBSEND -> posted(e.field(6), rank.ibsend(c, to, tag, site));
            case SENDRECV, SENDRECV_REPLACE -> sendRecvSend.put(e.thread(), e);
            default -> rank.unmodelled(op.method(), site, "not a send the model knows");
        }
        if (op == PointOp.SEND || op == PointOp.SSEND || op == PointOp.BSEND || op == PointOp.RSEND) {
            workCalls++;
        }
        if (op == PointOp.START) {
            rank.unmodelled("Prequest.start", site, "a persistent send is modelled as a standard iSend");
        }
    }

    private void recv(TraceEvent e) {
        PointOp op = PointOp.of(e.op());
        long comm = e.field(1);
        int c = comms.number(comm);
        int from = e.intField(2) == TraceRecorder.ANY ? TraceProgram.ANY : comms.local(comm, e.intField(2));
        int tag = e.intField(3) == TraceRecorder.ANY ? TraceProgram.ANY : e.intField(3);
        SiteRef site = site(e);
        TraceEvent pairedSend = sendRecvSend.remove(e.thread());
        if (op == PointOp.SENDRECV || op == PointOp.SENDRECV_REPLACE) {
            sendRecv(pairedSend, c, from, tag, site);
            return;
        }
        if (e.intField(2) == TraceRecorder.PROC_NULL) {
            return;
        }
        if (op == null || from == -1 && e.intField(2) != TraceRecorder.ANY) {
            rank.unmodelled("recv", site, "a receive event the converter cannot read (" + e + ")");
            return;
        }
        Probed p = probedByThread.remove(e.thread());
        boolean probedHere = p != null && p.comm == comm && e.intField(2) == p.source
                && (e.intField(3) == p.tag || e.intField(3) == TraceRecorder.ANY);
        if (probedHere) {
            // the probe chose the message, and the program named its source from the probe's Status: this
            // receive is the wildcard, and the calls after it are known only for the probe's match
            from = p.anySource ? TraceProgram.ANY : from;
            tag = p.anyTag ? TraceProgram.ANY : tag;
        }
        switch (op) {
            case RECV -> {
                workCalls++;
                Request q = rank.recv(c, from, tag, site);
                blockingRecv.put(e.thread(), q);
                observeProbed(probedHere ? p : null, q);
            }
            case IRECV -> {
                Request q = rank.irecv(c, from, tag, site);
                posted(e.field(6), q);
                observeProbed(probedHere ? p : null, q);
            }
            case START -> {
                operationStarts++;
                posted(e.field(6), rank.irecv(c, from, tag, site));
            }
            default -> rank.unmodelled(op.method(), site,
                    "a receive of a message an mProbe took; the mProbe's choice is taken as observed");
        }
    }

    /** Both halves of a sendRecv; a half sent to or received from PROC_NULL is left out. */
    private void sendRecv(TraceEvent send, int c, int from, int tag, SiteRef site) {
        workCalls++;
        boolean recvNull = from == -1;
        if (send == null || send.intField(2) == TraceRecorder.PROC_NULL) {
            if (!recvNull) {
                blockingRecv.put(trace.events().get(index).thread(), rank.recv(c, from, tag, site));
            }
            return;
        }
        int to = comms.local(send.field(1), send.intField(2));
        if (recvNull) {
            rank.send(c, to, send.intField(3), site);
        } else {
            blockingRecv.put(trace.events().get(index).thread(), rank.sendRecv(c, to, send.intField(3), from, tag, site));
        }
    }

    private void posted(long id, Request q) {
        requests.put(id, new Posted(q, workCalls));
    }

    private void observeProbed(Probed p, Request q) {
        if (p != null) {
            rank.observe(q, p.source, p.tag, p.sourceRead, p.tagRead);
        }
    }

    /** What the receive of {@code q} took (a world rank; negative: the status said nothing) and what was read of it. */
    private void observe(Request q, TraceEvent e) {
        if (q != null && e.intField(2) >= 0) {
            rank.observe(q, e.intField(2), e.intField(3), reads.sourceRead(index), reads.tagRead(index));
        }
    }

    private void complete(TraceEvent e) {
        long id = e.field(1);
        if (id == 0) {
            observe(blockingRecv.remove(e.thread()), e); // a blocking receive's return (modelled with the receive)
            return;
        }
        if ((e.field(5) & CompletionOp.INACTIVE) != 0) {
            return; // nothing to wait for
        }
        Posted posted = requests.remove(id);
        if (posted == null) {
            return; // a request the model has not (PROC_NULL, a nonblocking collective)
        }
        Request q = posted.request();
        observe(q, e);
        SiteRef site = site(e);
        if ((e.field(5) & CompletionOp.CANCELLED) != 0) {
            rank.unmodelled("Request.cancel", site, "a cancelled request is modelled as waited for");
        }
        CompletionOp op = CompletionOp.of(e.op());
        String test = testMethod(op);
        boolean polled = test != null && workCalls > posted.workCalls();
        if (op == CompletionOp.WAIT_ANY || op == CompletionOp.WAIT_SOME || !polled && (op == CompletionOp.TEST_ANY
                || op == CompletionOp.TEST_SOME)) {
            rank.waitAny(site, 0, q);
        } else if (test != null) {
            // polled: the rank tested while it probed, sent or received, so it was never blocked here, and in
            // another schedule those calls may have taken other messages than the trace shows
            rank.completed(q, test, site, polled);
        } else {
            rank.waitFor(q, site); // waitFor, waitAll
        }
    }

    /** The binding method of a completion found by testing; null for a wait (or a blocking receive). */
    private static String testMethod(CompletionOp op) {
        if (op == null) {
            return null;
        }
        return switch (op) {
            case TEST -> "Request.test";
            case TEST_ALL -> "Request.testAll";
            case TEST_ANY -> "Request.testAny";
            case TEST_SOME -> "Request.testSome";
            case GET_STATUS -> "Request.getStatus";
            default -> null;
        };
    }

    private void probe(TraceEvent e) {
        workCalls++;
        ProbeOp op = ProbeOp.of(e.op());
        SiteRef site = site(e);
        boolean wildcard = e.intField(2) == TraceRecorder.ANY || e.intField(3) == TraceRecorder.ANY;
        if ((op == ProbeOp.PROBE || op == ProbeOp.IPROBE) && e.field(4) != 0 && wildcard && reads.read(index)) {
            probedByThread.put(e.thread(), new Probed(e.field(1), e.intField(5), e.intField(6),
                    e.intField(2) == TraceRecorder.ANY, e.intField(3) == TraceRecorder.ANY, reads.sourceRead(index),
                    reads.tagRead(index)));
        }
        if (op == ProbeOp.PROBE || op == ProbeOp.MPROBE) {
            long comm = e.field(1);
            int from = e.intField(2) == TraceRecorder.ANY ? TraceProgram.ANY : comms.local(comm, e.intField(2));
            rank.probe(comms.number(comm), from, e.intField(3), site);
        } else {
            rank.unmodelled(op == null ? "probe" : "Comm." + op.name().toLowerCase().replace("probe", "Probe"), site,
                    "a nonblocking probe never blocks; the schedule where it finds another message is not explored");
        }
    }

    private void collective(TraceEvent e) {
        workCalls++;
        int op = e.op();
        SiteRef site = site(e);
        if ((op >> 1) >= COLLECTIVES.length) {
            rank.unmodelled("collective", site, "a collective the converter does not know (" + e + ")");
            return;
        }
        CollectiveKind kind = COLLECTIVES[op >> 1];
        boolean nonblocking = (op & 1) != 0;
        String method = "Comm." + kind.methodName(nonblocking);
        if (nonblocking) {
            rank.unmodelled(method, site, "nonblocking collectives are left out of the deadlock model");
        } else if (kind == CollectiveKind.BARRIER) {
            rank.barrier(comms.number(e.field(1)), site);
        } else {
            rank.collective(comms.number(e.field(1)), method, site);
        }
        if (comms.guessed(e.field(1))) {
            rank.unmodelled("communicator members", site, "a communicator whose creation no trace holds; its members "
                    + "are taken to be the ranks that used it");
        }
    }

    private SiteRef site(TraceEvent e) {
        return SiteRef.of(trace.site(e.site()));
    }
}

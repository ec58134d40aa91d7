package org.mpiguard.predict.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.core.report.SiteRef;

/**
 * The calls of one rank, appended in program order. Ranks and tags are as the program passed
 * them: ranks local to {@code comm}, {@link TraceProgram#ANY} for {@code ANY_SOURCE} and
 * {@code ANY_TAG}. Every method names its binding method in the finding ({@code op}).
 */
public final class RankTrace {

    private final TraceProgramBuilder program;
    private final int rank;
    private final List<Action> actions = new ArrayList<>();
    private final Map<Integer, Integer> collectivesByComm = new HashMap<>();
    private boolean finished;
    /** The trace event the calls now added come from (-1: not from a trace). */
    private int event = -1;

    RankTrace(TraceProgramBuilder program, int rank) {
        this.program = program;
        this.rank = rank;
    }

    /** The calls added from now on come from event {@code traceEvent} of the rank's trace. */
    public void at(int traceEvent) {
        event = traceEvent;
    }

    public void send(int comm, int dest, int tag, SiteRef site) {
        blockingSend("Comm.send", SendMode.STANDARD, comm, dest, tag, site);
    }

    public void ssend(int comm, int dest, int tag, SiteRef site) {
        blockingSend("Comm.sSend", SendMode.SYNCHRONOUS, comm, dest, tag, site);
    }

    public void bsend(int comm, int dest, int tag, SiteRef site) {
        blockingSend("Comm.bSend", SendMode.BUFFERED, comm, dest, tag, site);
    }

    /** A ready send is erroneous unless the receive is posted; the model treats it as a standard send. */
    public void rsend(int comm, int dest, int tag, SiteRef site) {
        blockingSend("Comm.rSend", SendMode.STANDARD, comm, dest, tag, site);
    }

    /** A blocking receive; the handle is for {@link #observe}, not for a wait. */
    public Request recv(int comm, int source, int tag, SiteRef site) {
        Call call = call("Comm.recv", site);
        int r = add(Kind.RECV, comm, program.world(comm, source), tag, null, -1, -1, call);
        add(Kind.WAIT, comm, -1, -1, null, r, -1, call);
        return new Request(rank, r);
    }

    /**
     * What the receive of {@code request} took in the observed run (a send's request is
     * left as it is): sender as a world rank, tag, and whether the program read them (or the
     * Status of the probe that chose the message); reads said earlier are kept.
     */
    public void observe(Request request, int worldSource, int tag, boolean sourceRead, boolean tagRead) {
        Action a = actions.get(request.seq);
        if (a.kind() == Kind.RECV) {
            // a probe's Status read before the receive and the receive's own both count
            ObservedMatch before = a.observed();
            boolean source = sourceRead || before != null && before.sourceRead();
            boolean tagged = tagRead || before != null && before.tagRead();
            actions.set(request.seq, a.withObserved(new ObservedMatch(worldSource, tag, source, tagged)));
        }
    }

    public Request isend(int comm, int dest, int tag, SiteRef site) {
        return nonblockingSend("Comm.iSend", SendMode.STANDARD, comm, dest, tag, site);
    }

    public Request issend(int comm, int dest, int tag, SiteRef site) {
        return nonblockingSend("Comm.iSsend", SendMode.SYNCHRONOUS, comm, dest, tag, site);
    }

    public Request ibsend(int comm, int dest, int tag, SiteRef site) {
        return nonblockingSend("Comm.ibSend", SendMode.BUFFERED, comm, dest, tag, site);
    }

    public Request irecv(int comm, int source, int tag, SiteRef site) {
        Call call = call("Comm.iRecv", site);
        return new Request(rank, add(Kind.RECV, comm, program.world(comm, source), tag, null, -1, -1, call));
    }

    /** {@code Request.waitFor} (or a successful {@code test} loop) on one request. */
    public void waitFor(Request request, SiteRef site) {
        waitAll("Request.waitFor", site, request);
    }

    /**
     * A completion the trace recorded: {@code op} is how the program learnt of it (a wait, or
     * a test that succeeded); {@code polled} says the rank kept making other calls while it
     * tested ({@link Call#polled}).
     */
    public void completed(Request request, String op, SiteRef site, boolean polled) {
        waitAll(new Call(rank, op, site, event, polled), request);
    }

    /** {@code Request.waitAll}: modelled as one wait per request, in order (equivalent for deadlock). */
    public void waitAll(SiteRef site, Request... requests) {
        waitAll("Request.waitAll", site, requests);
    }

    /**
     * {@code Request.waitAny}: the model is single-path, so it waits for the request that
     * completed in the observed run; the schedules where another completes first are a limit.
     */
    public void waitAny(SiteRef site, int completedIndex, Request... requests) {
        program.limit("waitAny", "Request.waitAny (first at " + where(site) + ") is modelled as a wait for the request that "
                + "completed in the observed run; schedules where another "
                + "completes first are not explored");
        waitAll("Request.waitAny", site, requests[completedIndex]);
    }

    /** Both halves of a sendRecv; the handle (of its receive) is for {@link #observe}. */
    public Request sendRecv(int comm, int dest, int sendTag, int source, int recvTag, SiteRef site) {
        Call call = call("Comm.sendRecv", site);
        int s = add(Kind.SEND, comm, program.world(comm, dest), sendTag, SendMode.STANDARD, -1, -1, call);
        int r = add(Kind.RECV, comm, program.world(comm, source), recvTag, null, -1, -1, call);
        add(Kind.WAIT, comm, -1, -1, null, s, -1, call);
        add(Kind.WAIT, comm, -1, -1, null, r, -1, call);
        return new Request(rank, r);
    }

    /**
     * A blocking {@code probe} is not a matching action in the seed's model; the receive that
     * follows it stands for it. Said as a limit: a wildcard probe whose source picks the next
     * receive's source makes the program depend on the schedule.
     */
    public void probe(int comm, int source, int tag, SiteRef site) {
        program.limit("probe", "Comm.probe (first at " + where(site) + ") is not modelled (the receive that follows stands for it);"
                + (source == TraceProgram.ANY ? " its ANY_SOURCE choice is taken as observed" : ""));
    }

    public void barrier(int comm, SiteRef site) {
        collective(comm, "Comm.barrier", site);
    }

    /**
     * Any collective ({@code bcast}, {@code reduce}, {@code allReduce}, ...): modelled as a
     * barrier, the zero-buffer reading (a rank may block until every member arrives).
     */
    public void collective(int comm, String op, SiteRef site) {
        int ordinal = collectivesByComm.merge(comm, 1, Integer::sum) - 1;
        if (!"Comm.barrier".equals(op)) {
            program.limit("collective", "collectives other than barrier (first " + op + " at " + where(site) + ") are modelled as "
                    + "barriers: a rooted collective that lets some ranks leave early is treated as synchronising");
        }
        int group = program.group(comm, ordinal, op, false);
        add(Kind.BARRIER, comm, -1, -1, null, -1, group, call(op, site));
    }

    /** A call the model does not represent; it is named in every verdict's limits. */
    public void unmodelled(String op, SiteRef site, String why) {
        program.limit(op, op + " (first at " + where(site) + ") is not modelled: " + why);
    }

    /** {@code MPI.Finalize}: every rank ends at one world-wide barrier (a finished rank sends nothing more). */
    public void finish(SiteRef site) {
        if (finished) {
            return;
        }
        int group = program.group(TraceProgram.WORLD, Integer.MAX_VALUE, "MPI.Finalize", true);
        add(Kind.BARRIER, TraceProgram.WORLD, -1, -1, null, -1, group, call("MPI.Finalize", site));
        finished = true;
    }

    void close() {
        finish(null);
    }

    List<Action> actions() {
        return actions;
    }

    private void blockingSend(String op, SendMode mode, int comm, int dest, int tag, SiteRef site) {
        Call call = call(op, site);
        int s = add(Kind.SEND, comm, program.world(comm, dest), tag, mode, -1, -1, call);
        add(Kind.WAIT, comm, -1, -1, null, s, -1, call);
    }

    private Request nonblockingSend(String op, SendMode mode, int comm, int dest, int tag, SiteRef site) {
        Call call = call(op, site);
        return new Request(rank, add(Kind.SEND, comm, program.world(comm, dest), tag, mode, -1, -1, call));
    }

    private void waitAll(String op, SiteRef site, Request... requests) {
        waitAll(call(op, site), requests);
    }

    private void waitAll(Call call, Request... requests) {
        for (Request q : requests) {
            if (q.rank != rank) {
                throw new IllegalArgumentException("rank " + rank + " waits for a request of rank " + q.rank);
            }
            if (q.waited) {
                throw new IllegalArgumentException("request waited for twice on rank " + rank + " at "
                        + call.location());
            }
            q.waited = true;
            add(Kind.WAIT, actions.get(q.seq).comm(), -1, -1, null, q.seq, -1, call);
        }
    }

    private int add(Kind kind, int comm, int peer, int tag, SendMode mode, int request, int group, Call call) {
        if (finished) {
            throw new IllegalStateException("rank " + rank + " calls " + call.op() + " after MPI.Finalize");
        }
        program.members(comm);
        int seq = actions.size();
        actions.add(new Action(rank, seq, kind, comm, peer, tag, mode, request, group, call, null));
        return seq;
    }

    private Call call(String op, SiteRef site) {
        return new Call(rank, op, site, event, false);
    }

    private static String where(SiteRef site) {
        return site == null ? "an unknown site" : site.location();
    }
}

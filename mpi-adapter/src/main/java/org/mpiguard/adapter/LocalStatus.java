package org.mpiguard.adapter;

import org.mpiguard.adapter.shadow.WindowShadows;
import org.mpiguard.adapter.shadow.CommRanks;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.adapter.shadow.RequestShadow;
import org.mpiguard.adapter.shadow.RequestShadows;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.core.activity.RankActivity;
import org.mpiguard.core.activity.ThreadActivity;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.activity.WindowState;
import org.mpiguard.core.collective.CommIdentity;
import org.mpiguard.core.deadlock.Envelopes;
import org.mpiguard.core.deadlock.RankState;
import org.mpiguard.core.deadlock.RankStatus;
import org.mpiguard.core.deadlock.ThreadStatus;
import org.mpiguard.core.deadlock.WildcardTake;
import org.mpiguard.core.deadlock.WildcardTakes;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.site.CallSites;

/** Reads this rank's thread activity and turns it into a {@link RankStatus} in world ranks. */
final class LocalStatus {

    private final int rank;
    private final int size;
    private final ThreadActivity.Snapshot snapshot = new ThreadActivity.Snapshot();
    private final RequestShadow.View entry = new RequestShadow.View();
    private final ThreadSampler sampler;
    /** The thread that called MPI.Init, the program's main thread as a rule; sampled when it made no blocking call yet. */
    private final Thread initThread;

    LocalStatus(int rank, int size, ThreadSampler sampler, Thread initThread) {
        this.rank = rank;
        this.size = size;
        this.sampler = sampler;
        this.initThread = initThread;
    }

    /**
     * The rank's status in its finish or exit message; {@code exited} marks a rank leaving
     * without Finalize. Without CPU times: the coordinator compares those between snapshots
     * of blocked ranks only, and the first reading starts the JVM's thread-management bean,
     * some 50 ms in every job's Finalize (measured, issue 18).
     */
    RankStatus read(boolean exited) {
        return read(exited, false, false);
    }

    /** A snapshot for the coordinator, with every thread's top frames if {@code sample} (a round that may end in a finding). */
    RankStatus read(boolean exited, boolean sample) {
        return read(exited, sample, true);
    }

    private RankStatus read(boolean exited, boolean sample, boolean cpu) {
        List<ThreadStatus> threads = new ArrayList<>();
        long progress = 0;
        boolean anyRunning = false;
        boolean finishing = false;
        for (ThreadActivity activity : RankActivity.threads()) {
            if (!activity.read(snapshot)) {
                anyRunning = true;
                continue;
            }
            progress += snapshot.seq;
            Thread thread = activity.thread();
            ThreadStatus status = describe(thread.getName(), snapshot)
                    .withSample(cpu ? sampler.cpuNanos(thread) : -1, sample ? sampler.frames(thread) : List.of());
            threads.add(status);
            if (snapshot.kind == WaitKind.NONE) {
                anyRunning = true;
            } else if (snapshot.kind == WaitKind.FINALIZE) {
                finishing = true;
            }
        }
        RankState state;
        if (exited) {
            state = RankState.EXITED;
        } else if (finishing) {
            state = RankState.FINISHED;
        } else if (anyRunning || threads.isEmpty()) {
            state = RankState.RUNNING;
        } else {
            state = RankState.BLOCKED;
        }
        if (sample && state == RankState.RUNNING) {
            sampleInitThread(threads);
        }
        java.util.Map<String, Long> entered = Shadows.collectivesEntered();
        entered.putAll(WindowShadows.fencesEntered());
        return new RankStatus(rank, state, progress, threads, WindowShadows.heldLocks(), entered);
    }

    /**
     * A running rank's place for a stall report: its threads outside MPI carry their stacks
     * already; if none does (the program's thread has made no blocking MPI call yet, so the
     * activity table does not know it), the thread that called MPI.Init stands for it.
     */
    private void sampleInitThread(List<ThreadStatus> threads) {
        for (ThreadStatus t : threads) {
            if (!t.blocked() && !t.stack().isEmpty()) {
                return;
            }
        }
        if (initThread == null || !initThread.isAlive()) {
            return;
        }
        for (ThreadStatus t : threads) {
            if (t.thread().equals(initThread.getName())) {
                return;
            }
        }
        threads.add(new ThreadStatus(initThread.getName(), WaitKind.NONE, "?", "?", "?", null, -1, new int[0], false,
                "", "").withSample(sampler.cpuNanos(initThread), sampler.frames(initThread)));
    }

    /** A thread polled within this long counts as still polling. */
    private static final long RECENT_POLL_NANOS = 300_000_000L;

    /** How long the thread has been polling for the same thing, in ms; -1 if it is not polling. */
    static long pollingMillis(ThreadActivity.Snapshot s, long nowNanos) {
        if (s.kind != WaitKind.NONE || s.pollSite == 0 || nowNanos - s.lastPollNanos > RECENT_POLL_NANOS) {
            return -1;
        }
        return (nowNanos - s.pollSinceNanos) / 1_000_000L;
    }

    private ThreadStatus describe(String threadName, ThreadActivity.Snapshot s) {
        boolean polling = pollingMillis(s, System.nanoTime()) >= 0;
        WaitKind kind = polling ? s.pollKind : s.kind;
        Object comm = polling ? s.pollTarget : s.comm;
        int peer = polling ? s.pollPeer : s.peer;
        int secondPeer = polling ? ThreadActivity.NO_PEER : s.secondPeer;
        int tag = polling ? s.pollTag : s.tag;
        int secondTag = polling ? 0 : s.secondTag;
        int siteId = polling ? s.pollSite : s.kind == WaitKind.NONE ? s.lastSite : s.site;
        CallSite site = CallSites.get(siteId);
        int[] waitsFor = new int[0];
        boolean anyOf = false;
        String commKey = "";
        String detail = "";
        Envelopes envelopes = Envelopes.ABSENT;
        WildcardTake earlier = null;
        try {
            switch (kind) {
                case SEND -> {
                    int dest = CommRanks.toWorldKnown(comm, peer);
                    waitsFor = new int[] {dest};
                    detail = "to rank " + dest + ", tag " + tag;
                    envelopes = envelopes(comm, peer, tag, ThreadActivity.NO_PEER, 0);
                }
                case RECEIVE -> {
                    if (peer == MPI.ANY_SOURCE) {
                        waitsFor = others(CommRanks.membersKnown(comm, size));
                        anyOf = true;
                        detail = "from any rank, " + tagText(tag);
                    } else {
                        int source = CommRanks.toWorldKnown(comm, peer);
                        waitsFor = new int[] {source};
                        detail = "from rank " + source + ", " + tagText(tag);
                        earlier = earlierTake(comm, peer, tag, source);
                    }
                    envelopes = envelopes(comm, ThreadActivity.NO_PEER, 0, peer, tag);
                }
                case SEND_RECEIVE -> {
                    int dest = CommRanks.toWorldKnown(comm, peer);
                    if (secondPeer == MPI.ANY_SOURCE) {
                        waitsFor = others(CommRanks.membersKnown(comm, size));
                        anyOf = true;
                        detail = "to rank " + dest + " and from any rank";
                    } else {
                        int source = CommRanks.toWorldKnown(comm, secondPeer);
                        waitsFor = new int[] {dest, source};
                        detail = "to rank " + dest + " and from rank " + source;
                    }
                    envelopes = envelopes(comm, peer, tag, secondPeer, secondTag);
                }
                case COLLECTIVE -> {
                    // The communicator's identity and the collective's number say which
                    // collective it is; members in the same one do not hold each other up.
                    if (comm instanceof WindowState w) {
                        int[] all = w.worldMembers();
                        java.util.Arrays.sort(all);
                        waitsFor = others(all);
                        commKey = w.fenceKey() + "#" + tag;
                        detail = "on a window of ranks " + Arrays.toString(all);
                        break;
                    }
                    CommIdentity identity = Shadows.identity(comm);
                    int[] all = identity != null ? identity.sortedWorldMembers() : CommRanks.membersKnown(comm, size);
                    waitsFor = others(all);
                    commKey = (identity != null ? identity.key() : Arrays.toString(all)) + "#" + tag;
                    detail = all.length == size ? "over all " + size + " ranks" : "over ranks " + Arrays.toString(all);
                }
                case ANY_OF -> {
                    waitsFor = others(anyOfCandidates(comm));
                    anyOf = true;
                    detail = waitsFor.length == 0 ? "" : "for ranks " + Arrays.toString(waitsFor);
                }
                case LOCK -> {
                    WindowState w = (WindowState) comm;
                    int target = w.worldRank(peer);
                    waitsFor = target == rank ? new int[0] : new int[] {target};
                    anyOf = true;
                    commKey = w.lockResource(peer) + (secondPeer == WindowState.EXCLUSIVE ? ":E" : ":S");
                    detail = "for " + (secondPeer == WindowState.EXCLUSIVE ? "an exclusive" : "a shared")
                            + " lock on rank " + target + "'s window";
                }
                case UNTRACKED -> {
                    waitsFor = others(everyone());
                    anyOf = true;
                }
                default -> {
                }
            }
        } catch (Exception e) {
            // A communicator we cannot translate: say it may be released by anyone,
            // which can hide a deadlock but never invents one.
            waitsFor = others(everyone());
            anyOf = true;
        }
        String op = site.op();
        if (kind == WaitKind.FINALIZE && "?".equals(op)) {
            op = "MPI.Finalize";
        }
        ThreadStatus described = new ThreadStatus(threadName, kind, op, site.className(), site.method(), site.file(),
                site.line(), waitsFor, anyOf, commKey, detail, polling, envelopes);
        return earlier == null ? described : described.withEarlier(earlier);
    }

    /**
     * The receive from any source that last took a message of {@code peer} on {@code comm} with
     * a tag a receive of {@code tag} accepts, or null (a hint for a deadlock finding).
     */
    private static WildcardTake earlierTake(Object comm, int peer, int tag, int worldSource) {
        long take = WildcardTakes.RANK.lastFrom(comm, peer, tag, MPI.ANY_TAG);
        if (take == WildcardTakes.NONE) {
            return null;
        }
        CallSite at = CallSites.get(WildcardTakes.site(take));
        return new WildcardTake(at.op(), at.className(), at.method(), at.file(), at.line(), worldSource,
                WildcardTakes.tag(take));
    }

    /** A peer of a call no world rank stands for. */
    private static final int UNTRANSLATED = Integer.MIN_VALUE + 1;

    /**
     * What a point-to-point call sends and receives, in world ranks, for the graph to match
     * with its peers' calls; absent if a peer has no world rank (then only the ranks it
     * waits for count, as before).
     */
    private Envelopes envelopes(Object comm, int dest, int sendTag, int source, int recvTag) throws MPIException {
        int to = worldPeer(comm, dest);
        int from = source == MPI.ANY_SOURCE ? Envelopes.ANY : worldPeer(comm, source);
        if (to == UNTRANSLATED || from == UNTRANSLATED) {
            return Envelopes.ABSENT;
        }
        return new Envelopes(to, sendTag, from, recvTag == MPI.ANY_TAG ? Envelopes.ANY : recvTag, p2pKey(comm));
    }

    /** The world rank of {@code peer}; NONE for no peer or MPI.PROC_NULL, with which a call completes at once. */
    private int worldPeer(Object comm, int peer) throws MPIException {
        if (peer == ThreadActivity.NO_PEER || peer == MPI.PROC_NULL) {
            return Envelopes.NONE;
        }
        int world = CommRanks.toWorldKnown(comm, peer);
        return world >= 0 ? world : UNTRANSLATED;
    }

    /**
     * A key every member computes alike for {@code comm}: its identity, or for a
     * communicator without one (intercommunicators, COMM_SELF) its sorted world members;
     * two such communicators with the same members then look alike, which can only
     * match more calls, never fewer.
     */
    private String p2pKey(Object comm) throws MPIException {
        CommIdentity identity = Shadows.identity(comm);
        return identity != null ? identity.key() : Arrays.toString(CommRanks.membersKnown(comm, size));
    }

    /**
     * The ranks a wait on several requests (or a PSCW group, given as world ranks) may be
     * released by. A request the table does not know could be released by anyone.
     */
    private int[] anyOfCandidates(Object target) throws mpi.MPIException {
        if (target instanceof int[] worldRanks) {
            return worldRanks;
        }
        java.util.TreeSet<Integer> ranks = new java.util.TreeSet<>();
        if (target instanceof Object[] requests) {
            for (Object request : requests) {
                if (request == null || (request instanceof mpi.Request r && r.isNull())) {
                    continue;
                }
                if (!RequestShadows.lookup(request, entry)) {
                    return everyone();
                }
                switch (entry.kind) {
                    case SEND -> ranks.add(CommRanks.toWorldKnown(entry.comm, entry.peer));
                    case RECEIVE -> {
                        if (entry.peer == MPI.ANY_SOURCE) {
                            for (int m : CommRanks.membersKnown(entry.comm, size)) {
                                ranks.add(m);
                            }
                        } else if (entry.peer != MPI.PROC_NULL) {
                            ranks.add(CommRanks.toWorldKnown(entry.comm, entry.peer));
                        }
                    }
                    default -> {
                        for (int m : CommRanks.membersKnown(entry.comm, size)) {
                            ranks.add(m);
                        }
                    }
                }
            }
            int[] out = new int[ranks.size()];
            int i = 0;
            for (int r : ranks) {
                out[i++] = r;
            }
            return out;
        }
        return everyone();
    }

    private int[] everyone() {
        return CommRanks.identity(size);
    }

    // a loop, not a stream: the watchdog's first snapshot links no call site (NoCallSiteLinkedTest)
    private int[] others(int[] ranks) {
        int n = 0;
        for (int r : ranks) {
            n += r != rank ? 1 : 0;
        }
        int[] out = new int[n];
        n = 0;
        for (int r : ranks) {
            if (r != rank) {
                out[n++] = r;
            }
        }
        return out;
    }

    private static String tagText(int tag) {
        return tag == MPI.ANY_TAG ? "any tag" : "tag " + tag;
    }
}

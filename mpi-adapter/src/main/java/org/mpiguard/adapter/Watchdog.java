package org.mpiguard.adapter;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;
import org.mpiguard.core.ExitCodes;
import org.mpiguard.core.activity.RankActivity;
import org.mpiguard.core.activity.ThreadActivity;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.deadlock.DeadlockReport;
import org.mpiguard.core.deadlock.RankState;
import org.mpiguard.core.deadlock.RankStatus;
import org.mpiguard.core.deadlock.StatusCodec;
import org.mpiguard.core.deadlock.WaitForGraph;
import org.mpiguard.core.collective.CollectiveCall;
import org.mpiguard.core.collective.CollectiveCodec;
import org.mpiguard.core.collective.CollectiveLog;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.collective.CollectiveMismatchReport;
import org.mpiguard.core.collective.CommIdentity;
import org.mpiguard.core.collective.RingComparer;
import org.mpiguard.core.collective.ShapeInterner;
import org.mpiguard.core.options.CheckFamily;
import org.mpiguard.core.options.OnError;
import org.mpiguard.core.options.Options;

/**
 * One daemon thread per rank that talks to the other ranks' watchdogs over the checker's
 * private communicator. Rank 0's watchdog also coordinates: when some rank has been
 * blocked longer than the timeout it gathers every rank's status, reduces the wait-for
 * graph, and confirms a deadlock with a second snapshot in which none of the deadlocked
 * ranks progressed. It uses only nonblocking sends and probed receives of direct
 * buffers, so it never blocks on its own traffic and never touches the bindings' shared
 * copy buffers the application's array calls use.
 */
final class Watchdog implements Runnable {

    /**
     * Between wake-ups while the rank is quiet. A wake-up that finds the rank making
     * progress does almost nothing (two sums over its threads) and the next comes later;
     * one that finds it quiet (blocked, polling the same thing, or computing) does a round
     * of work: answers the other watchdogs, sends and compares the ring, watches for a
     * hang. A round's MPI calls and cold caches cost tens of microseconds to milliseconds
     * of a core that ranks share when oversubscribed, whatever the round carries, so a
     * progressing rank does one only when a log is half full of distinct calls (its owner
     * wakes us) or every {@link #MAX_ROUND_GAP_MILLIS}. A loop of collectives then costs
     * the watchdog nothing per call; what is left is a small cost per second.
     */
    private static final long POLL_MILLIS = 100;
    /**
     * Between wake-ups while the rank progresses, at most: a hang is then seen up to this
     * much later, so it is half the timeout when that is shorter.
     */
    private static final long PROGRESSING_POLL_MILLIS = 500;
    /** The longest a progressing rank leaves the other watchdogs' messages unanswered. */
    private static final long MAX_ROUND_GAP_MILLIS = 1000;
    /** How long Finalize waits for the left neighbours to take this rank's last ring message. */
    private static final long FINAL_RING_MILLIS = 2000;
    private static final long FINISHING_POLL_MILLIS = 5;
    /** Bytes per ring message at most (about): under Open MPI's eager limits (4 KB for shared memory). */
    private static final int RING_MESSAGE_BYTES = 3072;

    private final Intracomm comm;
    private final int rank;
    private final int size;
    private final long timeoutMillis;
    private final long progressingPollMillis;
    private final OnError onError;
    private final LocalStatus local;
    private final CountDownLatch released = new CountDownLatch(1);
    private final List<PendingSend> pending = new ArrayList<>();
    private final ThreadActivity.Snapshot quick = new ThreadActivity.Snapshot();
    private ByteBuffer receiveBuffer = ByteBuffer.allocateDirect(16 * 1024);

    private volatile Thread thread;
    private volatile boolean finishRequested;
    private volatile boolean verdictSeen;
    private boolean finishAnnounced;
    private boolean stop;
    private long lastRound;
    private long lastSeenProgress = Long.MIN_VALUE;
    private boolean finalRingPosted;
    private long finalRingDeadline;
    private final List<PendingSend> finalRing = new ArrayList<>();

    // suspicion of this rank
    private long lastProgress = -1;
    private long blockedSince = -1;
    private long lastSuspect;

    // coordinator state (rank 0 only)
    private final RankStatus[] known;
    private int finishedCount;
    private boolean wantRound;
    private boolean roundActive;
    private int roundId;
    private RankStatus[] responses;
    private int answered;
    private long roundDeadline;
    private long nextRoundEarliest;
    private boolean lastRoundHadBlocked;
    private RankStatus[] previous;
    private final Set<String> reported = new HashSet<>();

    // the collective ring
    private final RingComparer ring;
    /** The stream of own calls to each left neighbour, and of each right neighbour's calls to us. */
    private final java.util.Map<Integer, CollectiveCodec.Encoder> outgoing = new java.util.HashMap<>();
    private final java.util.Map<Integer, CollectiveCodec.Decoder> incoming = new java.util.HashMap<>();
    private final List<RingMessage> ringMessages = new ArrayList<>();
    private final ShapeInterner shapes;
    /** The sinks of a round, made (and linked) once. */
    private final CollectiveLog.RunSink ownRuns = this::ownCollectives;
    private final CollectiveCodec.RunSink neighbourRuns = this::neighbourRun;
    private final boolean deadlockChecks;
    private final long livelockTimeoutMillis;
    private long lastLivelockSuspect;
    private RankStatus[] previousLive;
    private final Set<String> livelocksReported = new HashSet<>();

    Watchdog(Intracomm comm, int rank, int size, Options options) {
        this.comm = comm;
        this.rank = rank;
        this.size = size;
        this.timeoutMillis = options.timeoutMillis();
        this.progressingPollMillis = Math.max(POLL_MILLIS, Math.min(PROGRESSING_POLL_MILLIS, timeoutMillis / 2));
        this.onError = options.onError();
        this.deadlockChecks = options.enabled(CheckFamily.DEADLOCK);
        this.livelockTimeoutMillis = options.livelockTimeoutMillis();
        this.ring = options.enabled(CheckFamily.COLLECTIVES) ? new RingComparer(PredefinedCodes.get()) : null;
        this.local = new LocalStatus(rank, size);
        this.shapes = new ShapeInterner(rank);
        this.known = rank == 0 ? new RankStatus[size] : null;
    }

    void start() {
        Thread thread = new Thread(this, "mpiguard-watchdog");
        thread.setDaemon(true);
        this.thread = thread;
        thread.start();
    }

    /** Called by the application thread in MPI.Finalize; returns once every rank is there. */
    void finishAndWait() throws InterruptedException {
        finishRequested = true;
        LockSupport.unpark(thread);   // a progressing rank's watchdog may be parked for half a second
        released.await();
    }

    boolean verdictSeen() {
        return verdictSeen;
    }

    @Override
    public void run() {
        try {
            if (ring != null) {
                warmRing();
                CollectiveLog.wakeWhenHalfFull(Thread.currentThread());
            }
            while (!stop) {
                long now = System.currentTimeMillis();
                boolean work = roundDue(now);
                if (work) {
                    lastRound = now;
                    round(now);
                }
                if (!stop) {
                    long pause = finishRequested ? FINISHING_POLL_MILLIS : work ? POLL_MILLIS : progressingPollMillis;
                    LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(pause));
                    if (Thread.interrupted()) {
                        throw new InterruptedException();
                    }
                }
            }
            completeSends(TimeUnit.SECONDS.toNanos(5));
        } catch (Throwable t) {
            Guard.fault("the deadlock watchdog", t);
            detachAfterFault();
        } finally {
            stop = true;
            released.countDown();
        }
    }

    /**
     * Whether this wake-up does a round of work: always while finishing or coordinating a
     * snapshot, when the rank made no progress since the last wake-up (someone may be
     * waiting on it, or it on someone), when a log is half full, and at least every
     * {@link #MAX_ROUND_GAP_MILLIS}.
     */
    private boolean roundDue(long now) {
        long progress = RankActivity.progressSum();
        boolean quiet = progress == lastSeenProgress;
        lastSeenProgress = progress;
        return quiet || finishRequested || now - lastRound >= MAX_ROUND_GAP_MILLIS
                || rank == 0 && (wantRound || roundActive)
                || ring != null && RankActivity.mostPendingCollectives() >= CollectiveLog.HALF;
    }

    private void round(long now) throws MPIException, IOException {
        drainIncoming();
        if (ring != null && !finishRequested) {
            sendCollectives(false);   // once finishing, finish() sends the last batch
        }
        if (finishRequested && !finishAnnounced) {
            finish(now);
        }
        if (deadlockChecks) {
            watchLocal();
        }
        if (rank == 0) {
            coordinate();
        }
        reapSends();
    }

    /**
     * The last ring message to each left neighbour goes synchronously, and this rank
     * announces it has finished only once every neighbour has taken it (or after {@link
     * #FINAL_RING_MILLIS}, should one be gone): the coordinator lets the watchdogs stop only
     * when every rank has announced, so no rank stops before it has compared its right
     * neighbour's last calls.
     */
    private void finish(long now) throws MPIException {
        if (!finalRingPosted) {
            finalRingPosted = true;
            finalRingDeadline = now + FINAL_RING_MILLIS;
            if (ring != null) {
                sendCollectives(true);
            }
        }
        if (reap(finalRing) || now >= finalRingDeadline) {
            announceFinished();
        }
    }

    // ---- every rank ---------------------------------------------------------------

    private void drainIncoming() throws MPIException, IOException {
        Status status = comm.iProbe(MPI.ANY_SOURCE, MPI.ANY_TAG);
        while (status != null) {
            int count = status.getCount(MPI.BYTE);
            int source = status.getSource();
            int tag = status.getTag();
            if (receiveBuffer.capacity() < count) {
                receiveBuffer = ByteBuffer.allocateDirect(Math.max(count, 2 * receiveBuffer.capacity()));
            }
            comm.recv(receiveBuffer, count, MPI.BYTE, source, tag);
            byte[] data = new byte[count];
            receiveBuffer.get(0, data, 0, count);
            handle(source, tag, data);
            if (stop) {
                return;
            }
            status = comm.iProbe(MPI.ANY_SOURCE, MPI.ANY_TAG);
        }
    }

    private void handle(int source, int tag, byte[] data) throws IOException, MPIException {
        switch (tag) {
            case Tags.SNAPSHOT_REQUEST -> post(0, Tags.STATUS, withRound(readInt(data), StatusCodec.encode(local.read(false))));
            case Tags.ALL_FINISHED -> stop = true;
            case Tags.VERDICT -> verdictSeen = true;
            case Tags.SUSPECT -> wantRound = true;
            case Tags.STATUS -> onStatus(source, data);
            case Tags.FINISHED -> onFinished(source, StatusCodec.decode(data, data.length));
            case Tags.EXITED -> onExited(source, StatusCodec.decode(data, data.length));
            case Tags.COLLECTIVES -> onNeighbourCollectives(source, data);
            default -> { }
        }
    }

    /** Suspects this rank when all its MPI threads stayed blocked, without progress, past the timeout. */
    private void watchLocal() throws MPIException {
        long now = System.currentTimeMillis();
        if (pollingTooLong() && now - lastLivelockSuspect >= livelockTimeoutMillis) {
            lastLivelockSuspect = now;
            if (rank == 0) {
                wantRound = true;
            } else {
                post(0, Tags.SUSPECT, new byte[] {1});
            }
        }
        long progress = progressIfBlocked();
        if (progress < 0) {
            blockedSince = -1;
            lastProgress = -1;
            return;
        }
        if (progress != lastProgress || blockedSince < 0) {
            lastProgress = progress;
            blockedSince = now;
            lastSuspect = 0;
            return;
        }
        if (now - blockedSince >= timeoutMillis && now - lastSuspect >= timeoutMillis) {
            lastSuspect = now;
            if (rank == 0) {
                wantRound = true;
            } else {
                post(0, Tags.SUSPECT, new byte[] {0});
            }
        }
    }

    /** Whether some thread has kept polling for the same thing longer than the livelock timeout. */
    private boolean pollingTooLong() {
        long nowNanos = System.nanoTime();
        for (ThreadActivity activity : RankActivity.threads()) {
            if (activity.read(quick) && LocalStatus.pollingMillis(quick, nowNanos) >= livelockTimeoutMillis) {
                return true;
            }
        }
        return false;
    }

    /** Sum of the threads' sequence counters if every MPI thread is blocked (not finishing); else -1. */
    private long progressIfBlocked() {
        long progress = 0;
        int blocked = 0;
        for (ThreadActivity activity : RankActivity.threads()) {
            if (!activity.read(quick) || quick.kind == WaitKind.NONE || quick.kind == WaitKind.FINALIZE) {
                return -1;
            }
            progress += quick.seq;
            blocked++;
        }
        return blocked == 0 ? -1 : progress;
    }

    private void announceFinished() throws MPIException {
        finishAnnounced = true;
        RankStatus status = local.read(false);
        if (rank == 0) {
            onFinished(0, status);
        } else {
            post(0, Tags.FINISHED, StatusCodec.encode(status));
        }
    }

    /** Called from the shutdown hook's thread when the rank leaves without Finalize. */
    void announceExit() {
        if (rank == 0) {
            return;
        }
        try {
            byte[] payload = StatusCodec.encode(local.read(true));
            ByteBuffer buffer = ByteBuffer.allocateDirect(payload.length);
            buffer.put(payload);
            Request request = comm.iSend(buffer, payload.length, MPI.BYTE, 0, Tags.EXITED);
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
            while (!request.test() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
        } catch (Throwable ignored) {
            // the job is going down anyway; nothing more to save
        }
    }

    // ---- the collective ring ----------------------------------------------------------

    /**
     * Takes two made-up calls once through the ring's whole path (log, shapes, stream,
     * comparer) on throwaway objects, so its classes are loaded and linked before the
     * program's first collectives rather than in the middle of its loops, where a first
     * round that loads them would hold up a rank for milliseconds.
     */
    private void warmRing() {
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
            log.drainRuns((identity, first, calls, kind, nb, root, op, count, type, size, site) -> {
                CollectiveCall shape = interner.intern(identity.id(), kind, nb, root, op, count, type, size, site);
                encoder.add(shape, first, calls);
                comparer.addOwn(shape, first, calls);
            });
            byte[] stream = encoder.take();
            new CollectiveCodec.Decoder().decodeRuns(stream, stream.length, comparer::addNeighbour);
        } catch (Throwable t) {
            // only a warm-up: the real calls load what they need
        }
    }

    /**
     * Drains every thread's log of collective calls: each call is kept for comparison with
     * the right neighbour's, and sent in one batch per neighbour to the left one.
     */
    private void sendCollectives(boolean last) throws MPIException {
        for (ThreadActivity activity : RankActivity.allThreads()) {
            CollectiveLog log = activity.collectiveLogIfAny();
            if (log != null) {
                log.drainRuns(ownRuns);
            }
        }
        for (RingMessage message : ringMessages) {
            post(message.dest(), Tags.COLLECTIVES, message.bytes());
        }
        ringMessages.clear();
        for (var toNeighbour : outgoing.entrySet()) {
            if (last) {
                // even when empty: its being taken shows every earlier message was (MPI keeps their order)
                finalRing.add(send(toNeighbour.getKey(), Tags.COLLECTIVES, toNeighbour.getValue().take(), true));
            } else if (!toNeighbour.getValue().isEmpty()) {
                post(toNeighbour.getKey(), Tags.COLLECTIVES, toNeighbour.getValue().take());
            }
        }
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
            CollectiveCodec.Encoder stream = outgoing.computeIfAbsent(left, r -> new CollectiveCodec.Encoder());
            stream.add(shape, firstSeq, calls);
            if (stream.size() >= RING_MESSAGE_BYTES) {
                // small messages go eagerly: a neighbour that stops listening at the end of
                // the run can never leave one of ours pending
                ringMessages.add(new RingMessage(left, stream.take()));
            }
        }
    }

    private void onNeighbourCollectives(int source, byte[] data) throws IOException {
        if (ring == null) {
            return;
        }
        incoming.computeIfAbsent(source, r -> new CollectiveCodec.Decoder())
                .decodeRuns(data, data.length, neighbourRuns);
    }

    private void neighbourRun(CollectiveCall shape, long firstSeq, int calls) {
        mismatch(ring.addNeighbour(shape, firstSeq, calls), null);
    }

    private void mismatch(RingComparer.Mismatch m, CommIdentity identity) {
        if (m == null) {
            return;
        }
        String where = m.mine().commId() == CommIdentity.WORLD_ID ? "MPI.COMM_WORLD"
                : identity != null ? Communicators.describe(identity) : "a communicator made by the program";
        Guard.report(CollectiveMismatchReport.finding(m, where, PredefinedCodes.get()));
        verdictSeen = true;
        if (onError == OnError.ABORT) {
            abortJob();
        }
    }

    /** Tells every rank an error finding was made (so none reports its exit as noise), then aborts. */
    private void abortJob() {
        try {
            for (int r = 0; r < size; r++) {
                if (r != rank) {
                    post(r, Tags.VERDICT, new byte[] {0});
                }
            }
            completeSends(TimeUnit.MILLISECONDS.toNanos(500));
            MPI.COMM_WORLD.abort(ExitCodes.ABORTED_ON_FINDING);
        } catch (MPIException e) {
            Guard.fault("aborting the job after a finding", e);
        }
    }

    // ---- coordinator (rank 0) -----------------------------------------------------------

    private void coordinate() throws MPIException {
        long now = System.currentTimeMillis();
        if (!roundActive && wantRound && now >= nextRoundEarliest && finishedCount < size) {
            startRound(now);
        }
        if (roundActive && (answered == size || now > roundDeadline)) {
            finishRound();
        }
        if (finishedCount == size) {
            for (int r = 1; r < size; r++) {
                post(r, Tags.ALL_FINISHED, new byte[] {0});
            }
            stop = true;
        }
    }

    private void startRound(long now) throws MPIException {
        wantRound = false;
        roundActive = true;
        roundId++;
        responses = new RankStatus[size];
        answered = 0;
        for (int r = 0; r < size; r++) {
            if (known[r] != null) {
                responses[r] = known[r];
                answered++;
            } else if (r == 0) {
                responses[0] = local.read(false);
                answered++;
            } else {
                post(r, Tags.SNAPSHOT_REQUEST, withRound(roundId, new byte[0]));
            }
        }
        roundDeadline = now + 3000 + 20L * size;
    }

    private void onStatus(int source, byte[] data) throws IOException {
        int round = readInt(data);
        if (!roundActive || round != roundId || source <= 0 || source >= size || responses[source] != null) {
            return;
        }
        byte[] body = new byte[data.length - 4];
        System.arraycopy(data, 4, body, 0, body.length);
        responses[source] = StatusCodec.decode(body, body.length);
        answered++;
    }

    private void finishRound() throws MPIException {
        roundActive = false;
        long confirmDelay = Math.max(200, timeoutMillis / 4);
        nextRoundEarliest = System.currentTimeMillis() + confirmDelay;
        RankStatus[] byRank = responses.clone();
        for (int r = 0; r < size; r++) {
            if (known[r] != null) {
                byRank[r] = known[r];
            } else if (byRank[r] == null) {
                byRank[r] = RankStatus.unknown(r);
            }
        }
        lastRoundHadBlocked = false;
        for (RankStatus s : byRank) {
            lastRoundHadBlocked |= s.state() == RankState.BLOCKED;
        }
        List<Integer> deadlocked = WaitForGraph.deadlocked(byRank);
        if (deadlocked.isEmpty()) {
            previous = null;
            lookForLivelock(byRank);
            return;
        }
        if (previous != null && unchanged(previous, byRank, deadlocked)) {
            previous = null;
            verdict(byRank, deadlocked);
        } else {
            previous = byRank;
            wantRound = true;
        }
    }

    /**
     * Ranks polling for what no rank can ever provide: confirmed, like a deadlock, by a
     * second snapshot without progress; reported once as a warning, and the job goes on.
     */
    private void lookForLivelock(RankStatus[] byRank) {
        List<Integer> stuck = WaitForGraph.livelocked(byRank);
        if (stuck.isEmpty()) {
            previousLive = null;
            return;
        }
        if (previousLive == null || !unchangedLive(previousLive, byRank, stuck)) {
            previousLive = byRank;
            wantRound = true;
            return;
        }
        previousLive = null;
        if (livelocksReported.add(signature(byRank, stuck))) {
            Guard.report(org.mpiguard.core.deadlock.LivelockReport.finding(byRank, stuck, livelockTimeoutMillis));
        }
    }

    private static boolean unchangedLive(RankStatus[] before, RankStatus[] now, List<Integer> ranks) {
        for (int r : ranks) {
            if (before[r] == null || before[r].progress() != now[r].progress()) {
                return false;
            }
        }
        return true;
    }

    private static boolean unchanged(RankStatus[] before, RankStatus[] now, List<Integer> ranks) {
        for (int r : ranks) {
            if (before[r].state() != RankState.BLOCKED || before[r].progress() != now[r].progress()) {
                return false;
            }
        }
        return true;
    }

    /** The ranks and their progress: the same hang seen again has the same signature and is reported once. */
    private static String signature(RankStatus[] byRank, List<Integer> ranks) {
        StringBuilder signature = new StringBuilder();
        for (int r : ranks) {
            signature.append(r).append(':').append(byRank[r].progress()).append(' ');
        }
        return signature.toString();
    }

    private void verdict(RankStatus[] byRank, List<Integer> deadlocked) throws MPIException {
        if (!reported.add(signature(byRank, deadlocked))) {
            return;
        }
        Guard.report(DeadlockReport.finding(byRank, deadlocked));
        verdictSeen = true;
        if (onError == OnError.ABORT) {
            abortJob();
        } else {
            for (int r = 1; r < size; r++) {
                post(r, Tags.VERDICT, new byte[] {0});
            }
        }
    }

    private void onFinished(int source, RankStatus status) {
        if (known[source] == null) {
            finishedCount++;
        }
        known[source] = status;
        if (lastRoundHadBlocked || roundActive) {
            wantRound = true;
        }
    }

    private void onExited(int source, RankStatus status) {
        known[source] = status;
        wantRound = true;
    }

    // ---- transport ----------------------------------------------------------------

    private void post(int dest, int tag, byte[] payload) throws MPIException {
        pending.add(send(dest, tag, payload, false));
    }

    /** A nonblocking send; a synchronous one completes only once the receiver has taken it. */
    private PendingSend send(int dest, int tag, byte[] payload, boolean synchronous) throws MPIException {
        ByteBuffer buffer = ByteBuffer.allocateDirect(Math.max(1, payload.length));
        buffer.put(payload);
        Request request = synchronous ? comm.isSend(buffer, payload.length, MPI.BYTE, dest, tag)
                : comm.iSend(buffer, payload.length, MPI.BYTE, dest, tag);
        return new PendingSend(request, buffer);
    }

    private void reapSends() throws MPIException {
        reap(pending);
    }

    /** Drops the sends that completed; true when none is left. */
    private static boolean reap(List<PendingSend> sends) throws MPIException {
        for (Iterator<PendingSend> it = sends.iterator(); it.hasNext(); ) {
            if (it.next().request.test()) {
                it.remove();
            }
        }
        return sends.isEmpty();
    }

    private void completeSends(long budgetNanos) throws MPIException {
        long deadline = System.nanoTime() + budgetNanos;
        while (!pending.isEmpty() && System.nanoTime() < deadline) {
            reapSends();
            Thread.onSpinWait();
        }
    }

    /** After a fault the coordination must not hold anyone in Finalize. */
    private void detachAfterFault() {
        try {
            if (rank == 0) {
                for (int r = 1; r < size; r++) {
                    post(r, Tags.ALL_FINISHED, new byte[] {0});
                }
            } else {
                post(0, Tags.FINISHED, StatusCodec.encode(RankStatus.unknown(rank)));
            }
            completeSends(TimeUnit.SECONDS.toNanos(2));
        } catch (Throwable ignored) {
            // nothing more can be done from here
        }
    }

    private static byte[] withRound(int round, byte[] body) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(4 + body.length);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(round);
            out.write(body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return bytes.toByteArray();
    }

    private static int readInt(byte[] data) {
        return ((data[0] & 0xff) << 24) | ((data[1] & 0xff) << 16) | ((data[2] & 0xff) << 8) | (data[3] & 0xff);
    }

    private record PendingSend(Request request, ByteBuffer buffer) {
    }

    private record RingMessage(int dest, byte[] bytes) {
    }
}

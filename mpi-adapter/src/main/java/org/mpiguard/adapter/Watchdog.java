package org.mpiguard.adapter;

import org.mpiguard.core.channel.Mailbox;

import org.mpiguard.core.Guard;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.function.BooleanSupplier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import mpi.MPIException;
import org.mpiguard.core.activity.RankActivity;
import org.mpiguard.core.collective.CollectiveLog;
import org.mpiguard.core.deadlock.Coordinator;
import org.mpiguard.core.deadlock.StatusCodec;
import org.mpiguard.core.options.CheckFamily;
import org.mpiguard.core.options.Options;

/**
 * One daemon thread per rank, the checker's distributed part. It wakes up and, when a
 * round of work is due, hands the other watchdogs' messages ({@link Mailbox}) to their
 * parts: the collective ring ({@link RingStreamer}), this rank's hang watch
 * ({@link HangWatch}), rank 0's coordinator ({@link Coordinator}, MPI-free in
 * checker-core, reached through {@link CoordinatorLink}); error findings end as
 * {@link Verdicts} say; Finalize is held until every rank has reached it ({@link RankFinish}).
 *
 * <p>A wake-up that finds the rank making progress does almost nothing (two sums over its
 * threads) and the next comes later; one that finds it quiet (blocked, polling the same
 * thing, or computing) does a round. A round's MPI calls and cold caches cost tens of
 * microseconds to milliseconds of a core that ranks share when oversubscribed, so a
 * progressing rank does one only when a log is half full of distinct calls (its owner
 * wakes us) or every {@link #MAX_ROUND_GAP_MILLIS}: a loop of collectives costs the
 * watchdog nothing per call.
 */
final class Watchdog implements Runnable {

    /** Between wake-ups while the rank is quiet. */
    private static final long POLL_MILLIS = 100;
    /** Between wake-ups while the rank progresses, at most; half the timeout when that is shorter. */
    private static final long PROGRESSING_POLL_MILLIS = 500;
    /** The longest a progressing rank leaves the other watchdogs' messages unanswered. */
    private static final long MAX_ROUND_GAP_MILLIS = 1000;
    /** While Finalize waits: each hop of the finish handshake (ring, announce, release) waits one of these. */
    private static final long FINISHING_POLL_MILLIS = 2;
    /** While Finalize waits: between the program thread's progress calls (Open MPI's own Finalize polls each 100 us). */
    private static final long FINISHING_PROGRESS_MICROS = 500;

    private final Mailbox mailbox;
    private final int rank;
    private final long progressingPollMillis;
    private final LocalStatus local;
    private final Verdicts verdicts;
    private final HangWatch hangWatch;
    private final RingStreamer ring;
    private final Coordinator coordinator;
    private final RankFinish finish;
    private final CountDownLatch released = new CountDownLatch(1);

    private volatile Thread thread;
    private volatile boolean finishRequested;
    private boolean stop;
    private long lastRound;
    private long lastSeenProgress = Long.MIN_VALUE;
    /** What a round hands the mailbox and the hang watch: a class, not lambdas (see RingStreamer's sinks). */
    private final RoundCallbacks callbacks = new RoundCallbacks();

    Watchdog(Mailbox mailbox, int rank, int size, Options options) {
        this.mailbox = mailbox;
        this.rank = rank;
        long timeout = options.timeoutMillis();
        this.progressingPollMillis = Math.max(POLL_MILLIS, Math.min(PROGRESSING_POLL_MILLIS, timeout / 2));
        // made on the thread in MPI.Init, which stands for the program in a stall report
        this.local = new LocalStatus(rank, size, new ThreadSampler(options.classFilter(), options.stackDepth()),
                Thread.currentThread());
        this.verdicts = new Verdicts(mailbox, rank, size, options.onError());
        CoordinatorLink link = new CoordinatorLink(mailbox, local, size, verdicts);
        this.hangWatch = options.enabled(CheckFamily.DEADLOCK)
                ? new HangWatch(timeout, options.livelockTimeoutMillis()) : null;
        this.ring = options.enabled(CheckFamily.COLLECTIVES) ? new RingStreamer(rank, mailbox, verdicts) : null;
        this.coordinator = rank == 0 ? new Coordinator(size, timeout, options.livelockTimeoutMillis(),
                options.stallTimeoutMillis(), link) : null;
        this.finish = new RankFinish(mailbox, local, rank, ring, coordinator, link);
    }

    void start() {
        Thread t = new Thread(this, "mpiguard-watchdog");
        t.setDaemon(true);
        this.thread = t;
        t.start();
    }

    /**
     * Called by the application thread in MPI.Finalize; returns once every rank is there.
     * Meanwhile {@code progress} runs every {@link #FINISHING_PROGRESS_MICROS} (the program's
     * thread keeps MPI moving, as MPI's own Finalize would: see {@link FinalizeProgress}).
     */
    void finishAndWait(Runnable progress) throws InterruptedException {
        finishRequested = true;
        LockSupport.unpark(thread);   // a progressing rank's watchdog may be parked for half a second
        while (!released.await(FINISHING_PROGRESS_MICROS, TimeUnit.MICROSECONDS)) {
            progress.run();
        }
    }

    /** Runs a round now rather than at the next poll (an erring rank settling the ring). */
    void nudge() {
        LockSupport.unpark(thread);
    }

    boolean verdictSeen() {
        return verdicts.seen();
    }

    /** Called from the shutdown hook's thread when the rank leaves without Finalize. */
    void announceExit() {
        finish.exiting();
    }

    @Override
    public void run() {
        try {
            if (ring != null) {
                ring.warm(rank);
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
            mailbox.completeSends(TimeUnit.SECONDS.toNanos(5));
        } catch (Throwable t) {
            Guard.fault("the deadlock watchdog", t);
            finish.detachAfterFault();
        } finally {
            stop = true;
            released.countDown();
        }
        // after the release: the last messages were written; nothing listens beyond the run
        mailbox.close();
    }

    /** Due while finishing or coordinating, when the rank is quiet or a log half full, and every second. */
    private boolean roundDue(long now) {
        long progress = RankActivity.progressSum();
        boolean quiet = progress == lastSeenProgress;
        lastSeenProgress = progress;
        return quiet || finishRequested || now - lastRound >= MAX_ROUND_GAP_MILLIS
                || coordinator != null && coordinator.busy()
                || ring != null && RankActivity.mostPendingCollectives() >= CollectiveLog.HALF;
    }

    private void round(long now) throws Exception {
        mailbox.drain(callbacks, callbacks);
        if (ring != null && !finishRequested) {
            ring.send(false);   // once finishing, the finish sends the last batch
        }
        if (finishRequested) {
            finish.finishing(now);
        }
        if (hangWatch != null) {
            hangWatch.watch(now, callbacks);
        }
        if (coordinator != null) {
            coordinator.step(now);
            stop |= coordinator.allFinished();
        }
        mailbox.reap();
    }

    private void handle(int source, int tag, byte[] data) throws Exception {
        switch (tag) {
            case Tags.SNAPSHOT_REQUEST -> mailbox.post(0, Tags.STATUS, Mailbox.withRound(Mailbox.readRound(data),
                    StatusCodec.encode(local.read(false, data.length > 4 && data[4] == 1))));
            case Tags.ALL_FINISHED -> stop = true;
            case Tags.VERDICT -> verdicts.heard();
            case Tags.SUSPECT -> coordinator.suspect();
            case Tags.STATUS -> coordinator.onStatus(source, Mailbox.readRound(data),
                    StatusCodec.decode(Arrays.copyOfRange(data, 4, data.length), data.length - 4));
            case Tags.FINISHED -> coordinator.onFinished(source, StatusCodec.decode(data, data.length));
            case Tags.EXITED -> coordinator.onExited(source, StatusCodec.decode(data, data.length));
            case Tags.COLLECTIVES -> {
                if (ring != null) {
                    ring.onNeighbour(source, data);
                }
            }
            default -> { }
        }
    }

    private void suspect(boolean polling) throws MPIException {
        if (coordinator != null) {
            coordinator.suspect();
        } else {
            mailbox.post(0, Tags.SUSPECT, new byte[] {(byte) (polling ? 1 : 0)});
        }
    }

    private final class RoundCallbacks implements Mailbox.Handler, BooleanSupplier, HangWatch.Suspicion {
        @Override
        public void handle(int source, int tag, byte[] data) throws Exception {
            Watchdog.this.handle(source, tag, data);
        }

        @Override
        public boolean getAsBoolean() {
            return stop;
        }

        @Override
        public void suspect(boolean polling) throws MPIException {
            Watchdog.this.suspect(polling);
        }
    }
}

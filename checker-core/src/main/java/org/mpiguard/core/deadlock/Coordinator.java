package org.mpiguard.core.deadlock;

import java.util.HashSet;
import java.util.List;
import org.mpiguard.core.report.Finding;
import java.util.Set;

/**
 * Rank 0's decisions about hangs, MPI-free: when some rank is suspected (blocked or
 * polling past its timeout), it gathers every rank's status in a numbered round, reduces
 * the wait-for graph, and reports a deadlock only when a second round finds the same
 * ranks deadlocked without progress in between; a livelock likewise. A rank that finished
 * (in Finalize) or exited is known without asking; when every rank has finished, the
 * others are released. The same hang (ranks and progress) is reported once. Driven by
 * the watchdog's thread only: not thread-safe.
 */
public final class Coordinator {

    /**
     * CPU time a deadlocked rank's blocked threads must have used between the two snapshots:
     * a blocked MPI call polls the network only while its thread runs, so on a loaded machine a
     * rank descheduled for the whole confirmation delay, or not yet run since a message reached
     * it, looks as stuck as a deadlocked one. Open MPI's blocking calls spin, so a real deadlock
     * gathers this quickly.
     */
    static final long MIN_RUN_NANOS = 2_000_000L;

    private final int size;
    private final long timeoutMillis;
    private final long stallTimeoutMillis;
    private final long livelockTimeoutMillis;
    private final CoordinatorTransport transport;

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
    private long previousAt;
    private RankStatus[] previousLive;
    private final StallWatch stalls;
    private final Set<String> reported = new HashSet<>();
    private final Set<String> livelocksReported = new HashSet<>();
    private boolean released;

    public Coordinator(int size, long timeoutMillis, long livelockTimeoutMillis, CoordinatorTransport transport) {
        this(size, timeoutMillis, livelockTimeoutMillis, 0, transport);
    }

    /** {@code stallTimeoutMillis}: 0 = no stall findings. */
    public Coordinator(int size, long timeoutMillis, long livelockTimeoutMillis, long stallTimeoutMillis,
                       CoordinatorTransport transport) {
        this.size = size;
        this.timeoutMillis = timeoutMillis;
        this.stallTimeoutMillis = stallTimeoutMillis;
        this.stalls = new StallWatch(size, stallTimeoutMillis);
        this.livelockTimeoutMillis = livelockTimeoutMillis;
        this.transport = transport;
        this.known = new RankStatus[size];
    }

    /** Some rank (rank 0 itself included) looks blocked or stuck polling: take a snapshot soon. */
    public void suspect() {
        wantRound = true;
    }

    /** Whether a round is wanted or under way (the watchdog then works on every wake-up). */
    public boolean busy() {
        return wantRound || roundActive;
    }

    /** True once every rank has finished and the others were released. */
    public boolean allFinished() {
        return released;
    }

    /** One step at {@code now} (ms): start a round, close one, or release everybody. */
    public void step(long now) {
        if (!roundActive && wantRound && now >= nextRoundEarliest && finishedCount < size) {
            startRound(now);
        }
        if (roundActive && (answered == size || now > roundDeadline)) {
            finishRound(now);
        }
        if (finishedCount == size && !released) {
            released = true;
            transport.releaseAll();
        }
    }

    /** {@code source}'s answer to round {@code round}; late or repeated answers are dropped. */
    public void onStatus(int source, int round, RankStatus status) {
        if (!roundActive || round != roundId || source <= 0 || source >= size || responses[source] != null) {
            return;
        }
        responses[source] = status;
        answered++;
    }

    /** {@code source} reached Finalize with {@code status}. */
    public void onFinished(int source, RankStatus status) {
        if (known[source] == null) {
            finishedCount++;
        }
        known[source] = status;
        if (lastRoundHadBlocked || roundActive) {
            wantRound = true;
        }
    }

    /** {@code source} is leaving without Finalize. */
    public void onExited(int source, RankStatus status) {
        known[source] = status;
        wantRound = true;
    }

    private void startRound(long now) {
        boolean sample = previous != null || stalls.nearing(now);
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
                responses[0] = transport.localStatus(sample);
                answered++;
            } else {
                transport.requestStatus(r, roundId, sample);
            }
        }
        roundDeadline = now + 3000 + 20L * size;
    }

    private void finishRound(long now) {
        roundActive = false;
        long confirmDelay = Math.max(200, timeoutMillis / 4);
        nextRoundEarliest = now + confirmDelay;
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
        stalls.observe(byRank, now);
        List<Integer> deadlocked = WaitForGraph.deadlocked(byRank);
        if (deadlocked.isEmpty()) {
            previous = null;
            lookForLivelock(byRank);
            lookForStall(byRank, now);
            return;
        }
        stalls.forget();
        if (previous != null && unchanged(previous, byRank, deadlocked)
                && !ran(previous, byRank, deadlocked) && now - previousAt < longestConfirmation()) {
            wantRound = true;   // keep the first snapshot: the ranks have not run since, look again
            return;
        }
        if (previous != null && unchanged(previous, byRank, deadlocked)) {
            previous = null;
            if (reported.add(signature(byRank, deadlocked))) {
                transport.deadlock(DeadlockReport.finding(byRank, deadlocked));
            }
        } else {
            previous = byRank;
            previousAt = now;
            wantRound = true;
        }
    }

    /**
     * How long a confirmation waits for deadlocked ranks to be seen running: a rank whose
     * blocked calls sleep rather than spin (or whose CPU time stays unknown) is judged by
     * time alone after this.
     */
    private long longestConfirmation() {
        return Math.max(5000, 10 * timeoutMillis);
    }

    /** Whether every rank's blocked threads used the CPU between the two snapshots (unknown counts as yes). */
    private static boolean ran(RankStatus[] before, RankStatus[] now, List<Integer> ranks) {
        for (int r : ranks) {
            long then = blockedCpu(before[r]);
            long later = blockedCpu(now[r]);
            if (then >= 0 && later >= 0 && later - then < MIN_RUN_NANOS) {
                return false;
            }
        }
        return true;
    }

    /** The CPU time of the rank's blocked threads together; -1 if any is unknown. */
    private static long blockedCpu(RankStatus s) {
        long sum = 0;
        for (ThreadStatus t : s.threads()) {
            if (t.blocked()) {
                if (t.cpuNanos() < 0) {
                    return -1;
                }
                sum += t.cpuNanos();
            }
        }
        return sum;
    }

    /** Ranks waiting far past the timeout for a rank that runs outside MPI: said once, confirmed by two samples. */
    private void lookForStall(RankStatus[] byRank, long now) {
        Finding finding = stalls.confirm(byRank, now);
        if (finding != null) {
            transport.stall(finding);
        } else if (stalls.pending()) {
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
        if (previousLive == null || !sameProgress(previousLive, byRank, stuck)) {
            previousLive = byRank;
            wantRound = true;
            return;
        }
        previousLive = null;
        if (livelocksReported.add(signature(byRank, stuck))) {
            transport.livelock(LivelockReport.finding(byRank, stuck, livelockTimeoutMillis));
        }
    }

    private static boolean sameProgress(RankStatus[] before, RankStatus[] now, List<Integer> ranks) {
        for (int r : ranks) {
            if (before[r] == null || before[r].progress() != now[r].progress()) {
                return false;
            }
        }
        return true;
    }

    /** Whether every one of {@code ranks} was blocked before and made no progress since. */
    static boolean unchanged(RankStatus[] before, RankStatus[] now, List<Integer> ranks) {
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
}

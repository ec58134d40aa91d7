package org.mpiguard.core.deadlock;

import java.util.HashSet;
import java.util.List;
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

    private final int size;
    private final long timeoutMillis;
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
    private RankStatus[] previousLive;
    private final Set<String> reported = new HashSet<>();
    private final Set<String> livelocksReported = new HashSet<>();
    private boolean released;

    public Coordinator(int size, long timeoutMillis, long livelockTimeoutMillis, CoordinatorTransport transport) {
        this.size = size;
        this.timeoutMillis = timeoutMillis;
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
                responses[0] = transport.localStatus();
                answered++;
            } else {
                transport.requestStatus(r, roundId);
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
        List<Integer> deadlocked = WaitForGraph.deadlocked(byRank);
        if (deadlocked.isEmpty()) {
            previous = null;
            lookForLivelock(byRank);
            return;
        }
        if (previous != null && unchanged(previous, byRank, deadlocked)) {
            previous = null;
            if (reported.add(signature(byRank, deadlocked))) {
                transport.deadlock(DeadlockReport.finding(byRank, deadlocked));
            }
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
}

package org.mpiguard.core.deadlock;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpiguard.core.activity.WaitKind;

/**
 * Synthetic snapshots of large jobs, in the shapes real jobs show when the coordinator
 * looks, built as the adapter's {@code LocalStatus} builds them (a collective waits for
 * every other member, an ANY_SOURCE receive for every other member of its communicator).
 * Used by {@link CoordinatorScaleBench}; a shape must decide the same as the small cases
 * the graph tests cover.
 */
enum SnapshotShapes {
    /** Every rank computing between calls. */
    COMPUTING(false),
    /** A pipeline: each rank waits to receive from its right neighbour, the last one computes (the slowest order for a sweep). */
    RECEIVE_RING(false),
    /** Every rank in a barrier on COMM_WORLD but one, still computing. */
    BARRIER_ONE_MISSING(false),
    /** Four ranks receive from each other in a cycle; the others compute. */
    DEADLOCK_CYCLE(true),
    /** Rank 0 receives from ANY_SOURCE, a quarter of the workers wait for work from it, the rest compute. */
    MASTER_WORKER(false);

    /** The key of COMM_WORLD (its identity) as the adapter writes it. */
    static final String WORLD = "1";

    /** Whether the shape is a deadlock the coordinator must report. */
    final boolean deadlock;

    SnapshotShapes(boolean deadlock) {
        this.deadlock = deadlock;
    }

    /** Rank {@code r}'s answer in a job of {@code n}; with stacks and CPU times if {@code sample}. */
    RankStatus status(int r, int n, boolean sample, long cpu) {
        return switch (this) {
            case COMPUTING -> running(r, sample, cpu);
            case RECEIVE_RING -> r == n - 1 ? running(r, sample, cpu)
                    : blocked(r, receive(r + 1, 7, "Pipeline.java", 41), sample, cpu);
            case BARRIER_ONE_MISSING -> r == n / 2 ? running(r, sample, cpu) : barrier(r, n, sample, cpu);
            case DEADLOCK_CYCLE -> r < 4 ? blocked(r, receive((r + 1) % 4, 3, "Cycle.java", 22), sample, cpu)
                    : running(r, sample, cpu);
            case MASTER_WORKER -> masterWorker(r, n, sample, cpu);
        };
    }

    private static RankStatus masterWorker(int r, int n, boolean sample, long cpu) {
        if (r == 0) {
            ThreadStatus t = new ThreadStatus("main", WaitKind.RECEIVE, "Comm.recv", "com.acme.Master", "collect",
                    "Master.java", 58, others(r, n), true, "", "from any rank, tag 1", false,
                    Envelopes.receive(Envelopes.ANY, 1, WORLD), -1, List.of());
            return blocked(r, t, sample, cpu);
        }
        return r % 4 == 0 ? blocked(r, receive(0, 2, "Worker.java", 30), sample, cpu) : running(r, sample, cpu);
    }

    private static RankStatus barrier(int r, int n, boolean sample, long cpu) {
        ThreadStatus t = new ThreadStatus("main", WaitKind.COLLECTIVE, "Comm.barrier", "com.acme.Solver", "step",
                "Solver.java", 88, others(r, n), false, WORLD + "#5", "over all " + n + " ranks", false,
                Envelopes.ABSENT, -1, List.of());
        return new RankStatus(r, RankState.BLOCKED, 5, List.of(sampled(t, sample, cpu)), List.of(),
                Map.of(WORLD, 5L));
    }

    private static ThreadStatus receive(int from, int tag, String file, int line) {
        return new ThreadStatus("main", WaitKind.RECEIVE, "Comm.recv", "com.acme.Kernel", "exchange", file, line,
                new int[] {from}, false, "", "from rank " + from + ", tag " + tag, false,
                Envelopes.receive(from, tag, WORLD));
    }

    private static RankStatus blocked(int r, ThreadStatus t, boolean sample, long cpu) {
        return new RankStatus(r, RankState.BLOCKED, 5, List.of(sampled(t, sample, cpu)), List.of(),
                Map.of(WORLD, 4L));
    }

    private static RankStatus running(int r, boolean sample, long cpu) {
        ThreadStatus t = new ThreadStatus("main", WaitKind.NONE, "Comm.send", "com.acme.Kernel", "exchange",
                "Kernel.java", 12, new int[0], false, "", "");
        return new RankStatus(r, RankState.RUNNING, 5, List.of(sampled(t, sample, cpu)), List.of(),
                Map.of(WORLD, 4L));
    }

    /** In a sampled round a thread carries its CPU time and its top frames, as the adapter's sampler gives them. */
    private static ThreadStatus sampled(ThreadStatus t, boolean sample, long cpu) {
        if (!sample) {
            return t;
        }
        List<String> frames = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            frames.add("com.acme.Kernel.level" + i + "(Kernel.java:" + (100 + i) + ")");
        }
        return t.withSample(cpu, frames);
    }

    /** Every rank but {@code r}, as runs: building the ints would cost the bench itself n squared. */
    private static RankRuns others(int r, int n) {
        if (r == 0 || r == n - 1) {
            return RankRuns.ofRuns(new int[] {r == 0 ? 1 : 0}, new int[] {n - 1});
        }
        return RankRuns.ofRuns(new int[] {0, r + 1}, new int[] {r, n - r - 1});
    }
}

package org.mpiguard.core.deadlock;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.core.report.Finding;

/**
 * What one detection round costs rank 0 as the job grows: the coordinator driven by
 * synthetic snapshots ({@link SnapshotShapes}) of 1,024 to 65,536 ranks, each answer
 * passing through the status codec as it does on the watchdogs' channel. A round is timed
 * from its start (the requests) to its end (the graph's verdict), decoding every answer
 * included, encoding excluded (the other ranks do that). Prints the CPU time of the
 * coordinator's thread and the wall time per round (medians), the bytes rank 0 receives per
 * round, the growth between sizes (of the CPU time), and the targets of the coordinator. A benchmark, not a test: run by {@code scripts/coordinator-scale.sh}.
 *
 * <p>Arguments: {@code [--rounds N] [--sizes 1024,4096,...] [--shapes A,B,...]}.
 */
public final class CoordinatorScaleBench {

    private static final int WARMUP = 2;
    /** A shape whose round takes longer than this is not tried at larger sizes. */
    private static final double GIVE_UP_MS = 60_000;

    private CoordinatorScaleBench() {
    }

    public static void main(String[] args) throws IOException {
        int rounds = 7;
        int[] sizes = {1024, 4096, 16384, 65536};
        List<SnapshotShapes> shapes = new ArrayList<>(List.of(SnapshotShapes.values()));
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                    case "--sizes" -> sizes = Arrays.stream(args[++i].split(",")).mapToInt(Integer::parseInt).toArray();
                    case "--shapes" -> {
                        shapes.clear();
                        for (String s : args[++i].split(",")) {
                            shapes.add(SnapshotShapes.valueOf(s.trim().toUpperCase(java.util.Locale.ROOT)));
                        }
                    }
                    default -> throw new IllegalArgumentException("unknown option " + args[i]);
                }
            }
            if (rounds < 1 || sizes.length == 0 || Arrays.stream(sizes).anyMatch(n -> n < 2)) {
                throw new IllegalArgumentException("at least one round, and sizes of at least 2 ranks");
            }
        } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException e) {
            System.err.println("coordinator-scale: " + (e instanceof ArrayIndexOutOfBoundsException
                    ? "an option needs a value" : e.getMessage()) + " (--rounds N, --sizes 1024,4096, --shapes "
                    + "computing,receive_ring,barrier_one_missing,deadlock_cycle,master_worker)");
            System.exit(2);
        }
        Map<SnapshotShapes, double[]> medians = new EnumMap<>(SnapshotShapes.class);
        System.out.printf("%-20s %8s %12s %12s %12s %14s %8s %s%n", "shape", "ranks", "cpu ms", "wall ms",
                "max wall ms", "KB in/round", "growth", "verdict");
        for (SnapshotShapes shape : shapes) {
            double[] ms = new double[sizes.length];
            Arrays.fill(ms, Double.NaN);
            medians.put(shape, ms);
            for (int i = 0; i < sizes.length; i++) {
                if (i > 0 && !(ms[i - 1] < GIVE_UP_MS)) {
                    System.out.printf("%-20s %8d %12s%n", shape.name().toLowerCase(), sizes[i], "skipped");
                    continue;
                }
                Cell cell;
                try {
                    cell = measure(shape, sizes[i], rounds);
                } catch (OutOfMemoryError e) {
                    System.out.printf("%-20s %8d %12s%n", shape.name().toLowerCase(), sizes[i], "out of memory");
                    continue;
                }
                ms[i] = cell.cpuMs;
                String growth = i == 0 || Double.isNaN(ms[i - 1]) ? "" : String.format("%.2f", exponent(
                        sizes[i - 1], ms[i - 1], sizes[i], ms[i]));
                System.out.printf("%-20s %8d %12.2f %12.2f %12.2f %14.1f %8s %s%n", shape.name().toLowerCase(),
                        sizes[i], cell.cpuMs, cell.wallMs, cell.maxWallMs, cell.bytesIn / 1024.0, growth, cell.verdict);
            }
        }
        printTargets(sizes, medians);
    }

    /** The exponent k in time ~ ranks^k between two sizes: 1 is linear. */
    private static double exponent(int n1, double t1, int n2, double t2) {
        return Math.log(t2 / t1) / Math.log((double) n2 / n1);
    }

    private static void printTargets(int[] sizes, Map<SnapshotShapes, double[]> medians) {
        double worst4k = worstAt(sizes, medians, 4096);
        double worst64k = worstAt(sizes, medians, 65536);
        // judged from the smallest size to the largest: between neighbours a loaded machine's
        // noise (a collection, another process) moves the exponent more than the algorithm does;
        // a round under a millisecond is all noise, so the first size counts only from there
        double worstGrowth = Double.NaN;
        for (double[] ms : medians.values()) {
            int first = 0;
            while (first < sizes.length - 1 && !(ms[first] >= 1)) {
                first++;
            }
            int last = sizes.length - 1;
            if (first < last && ms[first] >= 1) {
                double k = Double.isNaN(ms[last]) ? Double.POSITIVE_INFINITY
                        : exponent(sizes[first], ms[first], sizes[last], ms[last]);
                worstGrowth = Double.isNaN(worstGrowth) ? k : Math.max(worstGrowth, k);
            }
        }
        System.out.println();
        // CPU time of rank 0's thread: on a node of its own a round takes about that long; on this
        // shared machine the wall time mostly measures the other processes (printed beside it)
        System.out.println("targets (CPU time of the coordinator's thread per round, the slowest shape counts):");
        System.out.println(target("one round at 4,096 ranks under 100 ms", worst4k, 100, "%.1f ms"));
        System.out.println(target("one round at 65,536 ranks under 1 s", worst64k, 1000, "%.1f ms"));
        // 1.2, not 1.0: a linear algorithm's rounds grow a little faster once its data leave the caches
        System.out.println(target("growth no faster than linear (exponent <= 1.2, first to last size)", worstGrowth, 1.2, "%.2f"));
    }

    private static double worstAt(int[] sizes, Map<SnapshotShapes, double[]> medians, int n) {
        int i = Arrays.stream(sizes).boxed().toList().indexOf(n);
        if (i < 0) {
            return Double.NaN;
        }
        double worst = 0;
        for (double[] ms : medians.values()) {
            worst = Double.isNaN(ms[i]) ? Double.POSITIVE_INFINITY : Math.max(worst, ms[i]);
        }
        return worst;
    }

    private static String target(String what, double value, double limit, String format) {
        if (Double.isNaN(value)) {
            return String.format("  %-52s %12s  not measured", what, "-");
        }
        return String.format("  %-52s %12s  %s", what, String.format(format, value),
                value < limit || (value == limit) ? "met" : "NOT MET");
    }

    private record Cell(double cpuMs, double wallMs, double maxWallMs, long bytesIn, String verdict) {
    }

    private static Cell measure(SnapshotShapes shape, int n, int rounds) throws IOException {
        Transport transport = new Transport(shape, n);
        Coordinator coordinator = new Coordinator(n, 1000, 5000, transport);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[] cpu = new double[rounds];
        double[] wall = new double[rounds];
        byte[][] answers = new byte[n][];
        long now = 0;
        long bytes = 0;
        for (int round = 1; round <= WARMUP + rounds; round++) {
            now += 100_000;
            transport.cpu = round * 50_000_000L;
            coordinator.suspect();
            long c0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            coordinator.step(now);   // the requests
            long c1 = threads.getCurrentThreadCpuTime();
            long t1 = System.nanoTime();
            // the others' answers, encoded untimed: their ranks' work, not rank 0's
            bytes = 0;
            for (int r = 1; r < n; r++) {
                answers[r] = StatusCodec.encode(shape.status(r, n, transport.sample, transport.cpu));
                bytes += answers[r].length + 16; // the channel's header and the round number
            }
            long c2 = threads.getCurrentThreadCpuTime();
            long t2 = System.nanoTime();
            for (int r = 1; r < n; r++) {
                coordinator.onStatus(r, transport.round, StatusCodec.decode(answers[r], answers[r].length));
            }
            coordinator.step(now);   // the verdict
            long c3 = threads.getCurrentThreadCpuTime();
            long t3 = System.nanoTime();
            if (round > WARMUP) {
                cpu[round - WARMUP - 1] = (c1 - c0 + c3 - c2) / 1e6;
                wall[round - WARMUP - 1] = (t1 - t0 + t3 - t2) / 1e6;
            }
        }
        double[] sortedWall = wall.clone();
        Arrays.sort(sortedWall);
        boolean found = !transport.deadlocks.isEmpty();
        String verdict = found == shape.deadlock ? (found ? "deadlock found" : "no finding")
                : (found ? "WRONG: deadlock reported" : "WRONG: deadlock missed");
        return new Cell(median(cpu), median(wall), sortedWall[sortedWall.length - 1], bytes, verdict);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** Answers for rank 0 only; the other ranks' answers are fed by the bench itself. */
    private static final class Transport implements CoordinatorTransport {
        private final SnapshotShapes shape;
        private final int size;
        final List<Finding> deadlocks = new ArrayList<>();
        boolean sample;
        int round;
        long cpu;

        Transport(SnapshotShapes shape, int size) {
            this.shape = shape;
            this.size = size;
        }

        @Override
        public void requestStatus(int rank, int round, boolean sample) {
            this.round = round;
            this.sample = sample;
        }

        @Override
        public RankStatus localStatus(boolean sample) {
            return shape.status(0, size, sample, cpu);
        }

        @Override
        public void stall(Finding finding) {
        }

        @Override
        public void releaseAll() {
        }

        @Override
        public void deadlock(Finding finding) {
            deadlocks.add(finding);
        }

        @Override
        public void livelock(Finding finding) {
        }
    }
}

package org.mpiguard.bench.kernels;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import mpi.MPI;
import mpi.MPIException;

/**
 * Runs kernels in one MPI job and prints, on rank 0, one machine-readable line per
 * kernel and one with every rank's peak resident set:
 *
 * <pre>
 * KERNEL name=cg ranks=4 seconds=2.913 verified=true checksum=... detail=...
 * PEAKRSS kib=123456,120000,...
 * INTERCEPTED yes
 * </pre>
 *
 * The timed region of a kernel lies between two barriers, so it excludes JVM start-up,
 * MPI.Init and MPI.Finalize (the harness measures start-up on its own). Exit status 0
 * when every kernel verified, 1 when one did not, 2 on bad arguments.
 *
 * <p>Usage: {@code KernelMain <kernel[,kernel...]|all> <smoke|full>}
 */
public final class KernelMain {

    /** With this system property true, MPI is initialised at THREAD_MULTIPLE (harness --plain-thread-multiple). */
    public static final String THREAD_MULTIPLE_PROPERTY = "kernel.threadMultiple";
    /**
     * With this system property N > 1, every kernel runs N times in the job and prints a
     * line each time: the later runs show the steady state, the first the warm-up (profiling).
     */
    public static final String REPEAT_PROPERTY = "kernel.repeat";
    static final int VERIFY_FAILED = 1;
    static final int USAGE = 2;

    private KernelMain() {
    }

    public static void main(String[] args) throws MPIException {
        List<Kernel> kernels;
        Scale scale;
        try {
            if (args.length != 2) {
                throw new IllegalArgumentException("expected 2 arguments, got " + args.length);
            }
            kernels = Kernels.select(args[0]);
            scale = Scale.parse(args[1]);
        } catch (IllegalArgumentException e) {
            System.err.println("KernelMain: " + e.getMessage()
                    + "\nusage: KernelMain <kernel[,kernel...]|all> <smoke|full>; kernels: " + Kernels.names());
            System.exit(USAGE);
            return;
        }
        if (Boolean.getBoolean(THREAD_MULTIPLE_PROPERTY)) {
            MPI.InitThread(args, MPI.THREAD_MULTIPLE); // the level the agent asks for, to tell its cost apart
        } else {
            MPI.Init(args);
        }
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        boolean allVerified = true;
        int repeat = Math.max(1, Integer.getInteger(REPEAT_PROPERTY, 1));
        for (int round = 0; round < repeat * kernels.size(); round++) {
            Kernel kernel = kernels.get(round / repeat);
            Kernel.Outcome outcome;
            MPI.COMM_WORLD.barrier();
            double start = MPI.wtime();
            try {
                outcome = kernel.run(MPI.COMM_WORLD, scale);
            } catch (RuntimeException | MPIException e) {
                System.err.println("KERNEL name=" + kernel.name() + " rank=" + rank + " failed: " + e);
                System.err.flush();
                MPI.COMM_WORLD.abort(VERIFY_FAILED);
                return;
            }
            MPI.COMM_WORLD.barrier();
            double seconds = MPI.wtime() - start;
            int[] verified = {outcome.verified() ? 1 : 0};
            MPI.COMM_WORLD.allReduce(verified, 1, MPI.INT, MPI.MIN);
            allVerified &= verified[0] == 1;
            if (rank == 0) {
                System.out.println(String.format(Locale.ROOT, "KERNEL name=%s ranks=%d seconds=%.4f verified=%b checksum=%s detail=%s",
                        kernel.name(), size, seconds, verified[0] == 1, outcome.checksum(), outcome.detail()));
            }
            if (!outcome.verified()) {
                System.err.println("KERNEL name=" + kernel.name() + " rank=" + rank + " verification failed: "
                        + outcome.detail());
            }
        }
        long[] peak = new long[size];
        long[] mine = {peakResidentKib()};
        MPI.COMM_WORLD.gather(mine, 1, MPI.LONG, peak, 1, MPI.LONG, 0);
        if (rank == 0) {
            StringBuilder line = new StringBuilder("PEAKRSS kib=");
            for (int r = 0; r < size; r++) {
                line.append(r == 0 ? "" : ",").append(peak[r]);
            }
            System.out.println(line);
            System.out.println("INTERCEPTED " + (Interception.seen() ? "yes" : "no"));
            System.out.flush();
        }
        MPI.Finalize();
        if (!allVerified) {
            System.exit(VERIFY_FAILED);
        }
    }

    /** VmHWM of this process: the peak resident set, in KiB; -1 where /proc is absent. */
    static long peakResidentKib() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}

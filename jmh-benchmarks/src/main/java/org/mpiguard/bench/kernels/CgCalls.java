package org.mpiguard.bench.kernels;

import java.util.Locale;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * The call-heavy kernel: conjugate gradient on the 1-D Laplacian with few points per
 * rank, so the time goes into MPI calls rather than arithmetic. Each iteration makes one
 * sendRecv per neighbour for the halo (an end rank has one neighbour; its other side is
 * the zero boundary, never a call) and two one-double allReduce for the dot products:
 * the latency-bound inner loop of a strong-scaled solver. The harness runs it at 2 ranks
 * and divides the agent's extra time by {@link #CALLS_PER_ITERATION_AT_2} calls per
 * iteration to give the cost per MPI call. Verified like {@link Cg}: the true residual
 * must match the recurrence's.
 */
final class CgCalls implements Kernel {

    /** MPI calls per iteration on each of 2 ranks: one sendRecv and two allReduce. */
    public static final int CALLS_PER_ITERATION_AT_2 = 3;

    @Override
    public String name() {
        return "cg-calls";
    }

    @Override
    public String summary() {
        return "call-heavy CG on a 1-D Laplacian, 200 points per rank: 1 sendRecv + 2 one-double allReduce per iteration";
    }

    @Override
    public Outcome run(Intracomm world, Scale scale) throws MPIException {
        int n = 200;
        int iterations = scale.pick(2_000, 200_000);
        int rank = world.getRank();
        int size = world.getSize();
        int left = rank > 0 ? rank - 1 : MPI.PROC_NULL;
        int right = rank < size - 1 ? rank + 1 : MPI.PROC_NULL;
        // index 0 and n+1 are the ghost points
        double[] x = new double[n + 2];
        double[] b = new double[n + 2];
        double[] r = new double[n + 2];
        double[] p = new double[n + 2];
        double[] q = new double[n + 2];
        double[] send = new double[1];
        double[] recv = new double[1];
        double[] sum = new double[1];
        for (int i = 1; i <= n; i++) {
            int global = rank * n + i - 1;
            b[i] = 1.0 + (global * 7 % 17) / 17.0;
        }
        System.arraycopy(b, 0, r, 0, b.length);
        System.arraycopy(b, 0, p, 0, b.length);
        double rr = dot(world, r, r, n, sum);
        double bNorm = Math.sqrt(rr);
        for (int k = 0; k < iterations; k++) {
            // 1-D CG converges in n*size steps; restarting keeps the numbers well scaled
            if (k % (n * size) == 0 && k > 0) {
                apply(world, x, q, n, left, right, send, recv);
                for (int i = 1; i <= n; i++) {
                    r[i] = b[i] - q[i];
                    p[i] = r[i];
                }
                rr = dot(world, r, r, n, sum);
            }
            apply(world, p, q, n, left, right, send, recv);
            double pq = dot(world, p, q, n, sum);
            double alpha = pq == 0 ? 0 : rr / pq;
            for (int i = 1; i <= n; i++) {
                x[i] += alpha * p[i];
                r[i] -= alpha * q[i];
            }
            double rrNext = dot(world, r, r, n, sum);
            double beta = rr == 0 ? 0 : rrNext / rr;
            rr = rrNext;
            for (int i = 1; i <= n; i++) {
                p[i] = r[i] + beta * p[i];
            }
        }
        apply(world, x, q, n, left, right, send, recv);
        double[] check = new double[2];
        for (int i = 1; i <= n; i++) {
            double trueResidual = b[i] - q[i];
            check[0] += trueResidual * trueResidual;
            check[1] += x[i] * x[i];
        }
        world.allReduce(check, 2, MPI.DOUBLE, MPI.SUM);
        double trueNorm = Math.sqrt(check[0]) / bNorm;
        double recurrenceNorm = Math.sqrt(Math.max(rr, 0)) / bNorm;
        boolean ok = trueNorm < 1e-6 && Math.abs(trueNorm - recurrenceNorm) < 1e-6;
        String checksum = String.format(Locale.ROOT, "%.8e", Math.sqrt(check[1]));
        return new Outcome(checksum, ok, String.format(Locale.ROOT,
                "points=%d/rank iterations=%d calls/rank=%d relative residual true %.3e recurrence %.3e",
                n, iterations, callsPerRank(iterations, n, size), trueNorm, recurrenceNorm));
    }

    /** MPI calls one rank makes in the timed loop: the harness divides by this. */
    static long callsPerRank(int iterations, int n, int size) {
        long restarts = (iterations - 1) / ((long) n * size);
        return (long) iterations * CALLS_PER_ITERATION_AT_2 + restarts * 2;
    }

    /** q = A p for the 1-D Laplacian, the halo by sendRecv with each neighbour that exists. */
    private static void apply(Intracomm world, double[] p, double[] q, int n, int left, int right,
                              double[] send, double[] recv) throws MPIException {
        p[0] = 0;
        p[n + 1] = 0;
        // a two-rank line has one interior boundary: one sendRecv per rank
        if (right != MPI.PROC_NULL) {
            send[0] = p[n];
            world.sendRecv(send, 1, MPI.DOUBLE, right, 21, recv, 1, MPI.DOUBLE, right, 22);
            p[n + 1] = recv[0];
        }
        if (left != MPI.PROC_NULL) {
            send[0] = p[1];
            world.sendRecv(send, 1, MPI.DOUBLE, left, 22, recv, 1, MPI.DOUBLE, left, 21);
            p[0] = recv[0];
        }
        for (int i = 1; i <= n; i++) {
            q[i] = 2 * p[i] - p[i - 1] - p[i + 1];
        }
    }

    private static double dot(Intracomm world, double[] u, double[] v, int n, double[] sum) throws MPIException {
        sum[0] = 0;
        for (int i = 1; i <= n; i++) {
            sum[0] += u[i] * v[i];
        }
        world.allReduce(sum, 1, MPI.DOUBLE, MPI.SUM);
        return sum[0];
    }
}

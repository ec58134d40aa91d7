package org.mpiguard.bench.kernels;

import java.util.Locale;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * EP of the NAS Parallel Benchmarks, faithfully: Gaussian pairs by the Marsaglia polar
 * method from NAS's linear congruential generator, counted in square annuli, one
 * reduction at the end. Verified against NAS's published sums for
 * class W (full), so it checks the arithmetic and the reduction, not just itself.
 */
final class Ep implements Kernel {

    private static final int MK = 16;
    private static final int NK = 1 << MK;
    private static final int NQ = 10;
    private static final double A = 1220703125.0;
    private static final double S = 271828183.0;
    /** NAS's published sums for class W (M = 25). */
    private static final double SX_CLASS_W = -2.863319731645753e+3;
    private static final double SY_CLASS_W = -6.320053679109499e+3;

    @Override
    public String name() {
        return "ep";
    }

    @Override
    public String summary() {
        return "NAS EP: Gaussian pairs, annulus counts, one allReduce";
    }

    @Override
    public Outcome run(Intracomm world, Scale scale) throws MPIException {
        int m = scale.pick(18, 25);
        int rank = world.getRank();
        int size = world.getSize();
        long batches = 1L << (m - MK);
        long first = batches * rank / size;
        long last = batches * (rank + 1) / size;

        // AN = A^(2*NK) mod 2^46, by squaring MK+1 times as NAS does
        double[] t = {A};
        for (int i = 0; i < MK + 1; i++) {
            randlc(t, t[0]);
        }
        double an = t[0];

        double[] x = new double[2 * NK];
        double[] sums = new double[2 + NQ];
        for (long k = first; k < last; k++) {
            double[] t1 = {S};
            double[] t2 = {an};
            long kk = k;
            for (int i = 1; i <= 100; i++) {
                long ik = kk / 2;
                if (2 * ik != kk) {
                    randlc(t1, t2[0]);
                }
                if (ik == 0) {
                    break;
                }
                randlc(t2, t2[0]);
                kk = ik;
            }
            vranlc(2 * NK, t1, A, x);
            tally(x, sums);
        }
        world.allReduce(sums, sums.length, MPI.DOUBLE, MPI.SUM);
        double sx = sums[0];
        double sy = sums[1];
        double pairs = 0;
        for (int q = 0; q < NQ; q++) {
            pairs += sums[2 + q];
        }
        String checksum = String.format(Locale.ROOT, "%.12e:%.12e:%.0f", sx, sy, pairs);
        double accepted = pairs / (double) (batches * NK);
        if (scale == Scale.SMOKE) {
            // no NAS class this small: the acceptance rate of the polar method must be
            // pi/4 within four standard deviations
            double sigma = Math.sqrt(Math.PI / 4 * (1 - Math.PI / 4) / (batches * NK));
            boolean ok = Math.abs(accepted - Math.PI / 4) < 4 * sigma;
            return new Outcome(checksum, ok, String.format(Locale.ROOT, "M=%d accepted %.6f of pairs, pi/4 = %.6f",
                    m, accepted, Math.PI / 4));
        }
        boolean ok = Math.abs((sx - SX_CLASS_W) / SX_CLASS_W) <= 1e-8 && Math.abs((sy - SY_CLASS_W) / SY_CLASS_W) <= 1e-8;
        return new Outcome(checksum, ok, String.format(Locale.ROOT, "M=%d sx=%.15e sy=%.15e against NAS class W",
                m, sx, sy));
    }

    private static void tally(double[] x, double[] sums) {
        double sx = 0;
        double sy = 0;
        for (int i = 0; i < NK; i++) {
            double x1 = 2.0 * x[2 * i] - 1.0;
            double x2 = 2.0 * x[2 * i + 1] - 1.0;
            double t1 = x1 * x1 + x2 * x2;
            if (t1 <= 1.0) {
                double t2 = Math.sqrt(-2.0 * Math.log(t1) / t1);
                double t3 = x1 * t2;
                double t4 = x2 * t2;
                int l = (int) Math.max(Math.abs(t3), Math.abs(t4));
                sums[2 + l] += 1.0;
                sx += t3;
                sy += t4;
            }
        }
        sums[0] += sx;
        sums[1] += sy;
    }

    private static final double R23 = 1.1920928955078125e-07;
    private static final double R46 = R23 * R23;
    private static final double T23 = 8.388608e+06;
    private static final double T46 = T23 * T23;

    /** NAS's randlc: x = a * x mod 2^46 in double arithmetic; returns x / 2^46. */
    static double randlc(double[] x, double a) {
        double t1 = R23 * a;
        double a1 = (long) t1;
        double a2 = a - T23 * a1;
        t1 = R23 * x[0];
        double x1 = (long) t1;
        double x2 = x[0] - T23 * x1;
        t1 = a1 * x2 + a2 * x1;
        double t2 = (long) (R23 * t1);
        double z = t1 - T23 * t2;
        double t3 = T23 * z + a2 * x2;
        double t4 = (long) (R46 * t3);
        x[0] = t3 - T46 * t4;
        return R46 * x[0];
    }

    /** NAS's vranlc: n successive randlc values into y. */
    static void vranlc(int n, double[] x, double a, double[] y) {
        double t1 = R23 * a;
        double a1 = (long) t1;
        double a2 = a - T23 * a1;
        double xv = x[0];
        for (int i = 0; i < n; i++) {
            t1 = R23 * xv;
            double x1 = (long) t1;
            double x2 = xv - T23 * x1;
            t1 = a1 * x2 + a2 * x1;
            double t2 = (long) (R23 * t1);
            double z = t1 - T23 * t2;
            double t3 = T23 * z + a2 * x2;
            double t4 = (long) (R46 * t3);
            xv = t3 - T46 * t4;
            y[i] = R46 * xv;
        }
        x[0] = xv;
    }
}

package org.mpiguard.bench.kernels;

import java.util.Locale;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * After NAS FT: a 2-D complex FFT of an {@code n x n} array split by rows, done as row
 * FFTs, a global transpose by allToAll, and row FFTs again; then the inverse the same
 * way. Verified by Parseval's identity on the spectrum and by the round trip returning
 * the input to within rounding.
 */
final class Ft implements Kernel {

    @Override
    public String name() {
        return "ft";
    }

    @Override
    public String summary() {
        return "NAS FT-like: 2-D FFT, transpose by allToAll, forward and inverse";
    }

    @Override
    public Outcome run(Intracomm world, Scale scale) throws MPIException {
        int size = world.getSize();
        int rank = world.getRank();
        int n = scale.pick(32, 512);
        int rounds = scale.pick(1, 36);
        if (n % size != 0) {
            throw new IllegalArgumentException("ft needs a rank count that divides " + n + ", got " + size);
        }
        int rows = n / size;
        // interleaved complex values: element (i, j) at 2*(i*n + j)
        double[] data = new double[2 * rows * n];
        double[] original = new double[data.length];
        double[] scratch = new double[data.length];
        double[] seed = {271828183.0 + rank};
        for (int k = 0; k < data.length; k++) {
            data[k] = Ep.randlc(seed, 1220703125.0) - 0.5;
        }
        System.arraycopy(data, 0, original, 0, data.length);
        double[] energy = {0, 0, 0, 0};
        for (double v : data) {
            energy[0] += v * v;
        }
        Fft fft = new Fft(n);
        for (int round = 0; round < rounds; round++) {
            fft2d(world, fft, data, scratch, rows, n, false);
            if (round == 0) {
                for (double v : data) {
                    energy[1] += v * v;
                }
                // NAS-style checksum: the sum of a fixed sample of spectral values
                for (int q = 0; q < 1024; q++) {
                    int i = (5 * q) % n;
                    int j = (3 * q) % n;
                    if (i / rows == rank) {
                        int at = 2 * ((i % rows) * n + j);
                        energy[2] += data[at];
                        energy[3] += data[at + 1];
                    }
                }
            }
            fft2d(world, fft, data, scratch, rows, n, true);
        }
        double error = 0;
        for (int k = 0; k < data.length; k++) {
            error = Math.max(error, Math.abs(data[k] - original[k]));
        }
        world.allReduce(energy, 4, MPI.DOUBLE, MPI.SUM);
        double[] maxError = {error};
        world.allReduce(maxError, 1, MPI.DOUBLE, MPI.MAX);
        double parseval = Math.abs(energy[1] / ((double) n * n) - energy[0]) / energy[0];
        boolean ok = maxError[0] < 1e-9 && parseval < 1e-10;
        String checksum = String.format(Locale.ROOT, "%.10e:%.10e", energy[2], energy[3]);
        return new Outcome(checksum, ok, String.format(Locale.ROOT,
                "n=%d rounds=%d round-trip error %.2e, Parseval error %.2e", n, rounds, maxError[0], parseval));
    }

    /** In place: the 2-D transform of the row block, left transposed back to row order. */
    private static void fft2d(Intracomm world, Fft fft, double[] data, double[] scratch, int rows, int n,
                              boolean inverse) throws MPIException {
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < rows; i++) {
                fft.transform(data, 2 * i * n, inverse);
            }
            transpose(world, data, scratch, rows, n);
        }
        if (inverse) {
            double scale = 1.0 / ((double) n * n);
            for (int k = 0; k < data.length; k++) {
                data[k] *= scale;
            }
        }
    }

    /**
     * Global transpose: block (mine, r) of the row block goes to rank r, which transposes
     * it locally. Packing puts each destination's block contiguously for allToAll.
     */
    private static void transpose(Intracomm world, double[] data, double[] scratch, int rows, int n)
            throws MPIException {
        int size = n / rows;
        for (int r = 0; r < size; r++) {
            for (int i = 0; i < rows; i++) {
                System.arraycopy(data, 2 * (i * n + r * rows), scratch, 2 * (r * rows * rows + i * rows), 2 * rows);
            }
        }
        world.allToAll(scratch, 2 * rows * rows, MPI.DOUBLE, data, 2 * rows * rows, MPI.DOUBLE);
        // data now holds, from each source s, its block (rows x rows); element (i, j) of
        // block s becomes element (j, s*rows + i) of the transposed row block
        System.arraycopy(data, 0, scratch, 0, data.length);
        for (int s = 0; s < size; s++) {
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < rows; j++) {
                    int from = 2 * (s * rows * rows + i * rows + j);
                    int to = 2 * (j * n + s * rows + i);
                    data[to] = scratch[from];
                    data[to + 1] = scratch[from + 1];
                }
            }
        }
    }

    /** Iterative radix-2 complex FFT of length n on interleaved data. */
    private static final class Fft {
        private final int n;
        private final double[] cos;
        private final double[] sin;
        private final int[] reversed;

        Fft(int n) {
            this.n = n;
            cos = new double[n / 2];
            sin = new double[n / 2];
            for (int k = 0; k < n / 2; k++) {
                cos[k] = Math.cos(2 * Math.PI * k / n);
                sin[k] = Math.sin(2 * Math.PI * k / n);
            }
            reversed = new int[n];
            int bits = Integer.numberOfTrailingZeros(n);
            for (int k = 0; k < n; k++) {
                reversed[k] = bits == 0 ? 0 : Integer.reverse(k) >>> (32 - bits);
            }
        }

        void transform(double[] a, int offset, boolean inverse) {
            for (int k = 0; k < n; k++) {
                int r = reversed[k];
                if (r > k) {
                    int p = offset + 2 * k;
                    int q = offset + 2 * r;
                    double re = a[p];
                    double im = a[p + 1];
                    a[p] = a[q];
                    a[p + 1] = a[q + 1];
                    a[q] = re;
                    a[q + 1] = im;
                }
            }
            double sign = inverse ? 1 : -1;
            for (int len = 2; len <= n; len <<= 1) {
                int half = len / 2;
                int step = n / len;
                for (int startAt = 0; startAt < n; startAt += len) {
                    for (int k = 0; k < half; k++) {
                        double wr = cos[k * step];
                        double wi = sign * sin[k * step];
                        int p = offset + 2 * (startAt + k);
                        int q = p + 2 * half;
                        double xr = a[q] * wr - a[q + 1] * wi;
                        double xi = a[q] * wi + a[q + 1] * wr;
                        a[q] = a[p] - xr;
                        a[q + 1] = a[p + 1] - xi;
                        a[p] += xr;
                        a[p + 1] += xi;
                    }
                }
            }
        }
    }
}

package org.mpiguard.bench;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the buffer watch costs a kernel whose inner loop reads and writes a direct
 * DoubleBuffer (a three-point stencil, as a Jacobi sweep over MPI buffers does) while no
 * buffer is pending: every get and put is a rewritten accessor. This class is the plain
 * JVM; {@link DirectBufferKernelAgentOn} the same code rewritten by the agent. Needs no MPI.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class DirectBufferKernel {

    @Param("4096")
    public int n;

    private DoubleBuffer from;
    private DoubleBuffer to;

    @Setup
    public void setUp() {
        from = ByteBuffer.allocateDirect(8 * n).order(ByteOrder.nativeOrder()).asDoubleBuffer();
        to = ByteBuffer.allocateDirect(8 * n).order(ByteOrder.nativeOrder()).asDoubleBuffer();
        for (int i = 0; i < n; i++) {
            from.put(i, i % 7);
        }
    }

    @Benchmark
    public double stencil() {
        DoubleBuffer a = from;
        DoubleBuffer b = to;
        for (int i = 1; i < n - 1; i++) {
            b.put(i, 0.25 * a.get(i - 1) + 0.5 * a.get(i) + 0.25 * a.get(i + 1));
        }
        from = b;
        to = a;
        return b.get(n / 2);
    }
}

package org.mpiguard.bench;

import java.nio.IntBuffer;
import java.util.concurrent.TimeUnit;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Win;
import org.mpiguard.bench.kernels.Interception;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of single MPI calls on {@code COMM_SELF} in one MPI process (singleton
 * MPI.Init, no mpirun). The calls are written here, in a user class the agent rewrites;
 * {@link MpiCallsAgentOff} and {@link MpiCallsAgentOn} run the same methods in forks
 * without and with {@code -javaagent}, so each has its baseline in the same run.
 *
 * <p>Buffers are direct: the bindings require that for nonblocking and one-sided calls,
 * and it keeps the bindings' array staging out of every variant. The send/recv pair is
 * {@code Comm.sendRecv} (one call, both halves: a blocking send to oneself could wait
 * for its own receive), and {@code iSend + recv + waitFor} as three calls.
 *
 * <p>The one-sided benchmark needs a one-sided component that works in a singleton at
 * THREAD_SINGLE and at THREAD_MULTIPLE (the agent asks for it): run with
 * {@code OMPI_MCA_osc=ucx} (scripts/bench.sh --jmh sets it).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class MpiCalls {

    private IntBuffer one;
    private IntBuffer oneBack;
    private IntBuffer many;
    private IntBuffer manyBack;
    private IntBuffer windowMemory;
    private Win window;
    private final Request[] pair = new Request[2];

    /** Whether this variant's forks run under the agent. */
    protected abstract boolean underAgent();

    /**
     * Whether a plain variant initialises MPI at THREAD_MULTIPLE, the level the agent's
     * watchdog asks for: it tells what that level costs in Open MPI from what the
     * checker itself costs.
     */
    protected boolean threadMultiple() {
        return false;
    }

    @Setup(Level.Trial)
    public void init() throws MPIException {
        if (threadMultiple()) {
            MPI.InitThread(new String[0], MPI.THREAD_MULTIPLE);
        } else {
            MPI.Init(new String[0]);
        }
        checkRewritten();
        one = MPI.newIntBuffer(1);
        oneBack = MPI.newIntBuffer(1);
        many = MPI.newIntBuffer(1024);
        manyBack = MPI.newIntBuffer(1024);
        for (int i = 0; i < 1024; i++) {
            many.put(i, i);
        }
        one.put(0, 42);
        windowMemory = MPI.newIntBuffer(4);
        MPI.COMM_SELF.setErrhandler(MPI.ERRORS_RETURN);
        try {
            window = new Win(windowMemory, 4, 1, MPI.INFO_NULL, MPI.COMM_SELF);
        } catch (MPIException e) {
            throw new IllegalStateException("a window on COMM_SELF could not be created (" + e.getMessage()
                    + "); run with OMPI_MCA_osc=ucx, as scripts/bench.sh --jmh does", e);
        }
        window.fence(0);
    }

    @TearDown(Level.Trial)
    public void finish() throws MPIException {
        window.fence(MPI.MODE_NOSUCCEED);
        window.free();
        MPI.Finalize();
    }

    /** A fork meant to run under the agent that was not rewritten measures nothing of the checker: fail it. */
    private void checkRewritten() {
        if (underAgent() != Interception.seen()) {
            throw new IllegalStateException(underAgent()
                    ? "this fork should run under the agent, but MPI.Init was not intercepted: start it from the "
                    + "project root with agent/target/mpiguard-agent.jar built, and keep org.mpiguard.bench included"
                    : "this fork should run without the agent, but MPI.Init was intercepted");
        }
    }

    @Benchmark
    public int sendRecv() throws MPIException {
        MPI.COMM_SELF.sendRecv(one, 1, MPI.INT, 0, 1, oneBack, 1, MPI.INT, 0, 1);
        return oneBack.get(0);
    }

    @Benchmark
    public int iSendRecvWait() throws MPIException {
        Request send = MPI.COMM_SELF.iSend(one, 1, MPI.INT, 0, 2);
        MPI.COMM_SELF.recv(oneBack, 1, MPI.INT, 0, 2);
        send.waitFor();
        return oneBack.get(0);
    }

    @Benchmark
    public int iSendIRecvWaitAll() throws MPIException {
        pair[0] = MPI.COMM_SELF.iRecv(oneBack, 1, MPI.INT, 0, 3);
        pair[1] = MPI.COMM_SELF.iSend(one, 1, MPI.INT, 0, 3);
        Request.waitAll(pair);
        return oneBack.get(0);
    }

    @Benchmark
    public void barrier() throws MPIException {
        MPI.COMM_SELF.barrier();
    }

    @Benchmark
    public int allReduce1() throws MPIException {
        MPI.COMM_SELF.allReduce(one, oneBack, 1, MPI.INT, MPI.SUM);
        return oneBack.get(0);
    }

    @Benchmark
    public int allReduce1024() throws MPIException {
        MPI.COMM_SELF.allReduce(many, manyBack, 1024, MPI.INT, MPI.SUM);
        return manyBack.get(1023);
    }

    @Benchmark
    public int putFence() throws MPIException {
        window.put(one, 1, MPI.INT, 0, 1, 1, MPI.INT);
        window.fence(0);
        return windowMemory.get(1);
    }
}

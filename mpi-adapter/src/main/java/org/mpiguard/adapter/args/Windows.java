package org.mpiguard.adapter.args;

import java.nio.Buffer;
import java.util.Map;
import java.util.WeakHashMap;
import mpi.Comm;
import mpi.MPI;
import mpi.Win;
import org.mpiguard.adapter.Guard;
import org.mpiguard.core.args.BaseType;
import org.mpiguard.core.args.RmaEpochs;

/**
 * Per window: every target's size and displacement unit (in bytes) and this rank's
 * epoch state. An origin checks a put against the target's window, which only the
 * target knows, so the sizes are exchanged once, when the window is created: an
 * allGather on the window's own communicator, made right after the constructor
 * returned on every rank. Window creation is collective over that communicator, so every
 * rank reaches the exchange at the same point of its collective sequence and it can
 * neither mismatch nor deadlock; it needs no THREAD_MULTIPLE and no watchdog, so it
 * works with the deadlock family off. It assumes every rank runs with the same
 * {@code checks} option (the argument family on or off everywhere), as a job does when
 * the options come from the job script. Windows are held weakly.
 */
public final class Windows {

    /**
     * Target info of one window. {@code sizeBytes == null} for dynamic windows (no fixed
     * size); {@code bufferBytes} the bytes of each target's memory, which a window created
     * over a buffer shorter than its size does not reach.
     */
    public record Info(int groupSize, long[] sizeBytes, long[] bufferBytes, int[] dispUnitBytes, RmaEpochs epochs) {
    }

    private static final Map<Win, Info> WINDOWS = new WeakHashMap<>();

    private Windows() {
    }

    /**
     * After-rule of {@code new Win(base, size, dispUnit, info, comm)} ({@code memory} = the
     * base's capacity) and of the allocate form ({@code memory} = size: MPI allocated it).
     */
    public static void created(Win win, Buffer base, int size, int dispUnit, int memory, Comm comm) {
        try {
            int unit = BaseType.elementBytes(base);
            int[] mine = {size, dispUnit * unit, unit, Math.min(size, memory)};
            int n = comm.getSize();
            int[] all = new int[4 * n];
            comm.allGather(mine, 4, MPI.INT, all, 4, MPI.INT);
            long[] sizes = new long[n];
            long[] buffers = new long[n];
            int[] units = new int[n];
            for (int r = 0; r < n; r++) {
                sizes[r] = (long) all[4 * r] * all[4 * r + 2];
                units[r] = all[4 * r + 1];
                buffers[r] = (long) all[4 * r + 3] * all[4 * r + 2];
            }
            put(win, new Info(n, sizes, buffers, units, new RmaEpochs(n)));
        } catch (Throwable t) {
            Guard.fault("exchanging window sizes", t);
        }
    }

    /** After-rule of {@code new Win(info, comm)}: a dynamic window, sizes unknown until attach. */
    public static void createdDynamic(Win win, Comm comm) {
        try {
            int n = comm.getSize();
            put(win, new Info(n, null, null, null, new RmaEpochs(n)));
        } catch (Throwable t) {
            Guard.fault("recording a dynamic window", t);
        }
    }

    public static Info of(Win win) {
        synchronized (WINDOWS) {
            return WINDOWS.get(win);
        }
    }

    private static void put(Win win, Info info) {
        synchronized (WINDOWS) {
            WINDOWS.put(win, info);
        }
    }
}

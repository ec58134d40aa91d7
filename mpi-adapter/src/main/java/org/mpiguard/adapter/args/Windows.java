package org.mpiguard.adapter.args;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.ShortBuffer;
import java.nio.LongBuffer;
import java.nio.DoubleBuffer;
import java.util.Map;
import java.util.WeakHashMap;
import mpi.Comm;
import mpi.MPI;
import mpi.Win;
import org.mpiguard.adapter.Guard;
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

    /** Target info of one window. {@code sizes == null} for dynamic windows (no fixed size). */
    public record Info(int groupSize, long[] sizeBytes, int[] dispUnitBytes, RmaEpochs epochs) {
    }

    private static final Map<Win, Info> WINDOWS = new WeakHashMap<>();

    private Windows() {
    }

    /** After-rule of {@code new Win(base, size, dispUnit, info, comm)} and of the allocate form. */
    public static void created(Win win, Buffer base, int size, int dispUnit, Comm comm) {
        try {
            int unit = elementBytes(base);
            int[] mine = {size, dispUnit * unit, unit};
            int n = comm.getSize();
            int[] all = new int[3 * n];
            comm.allGather(mine, 3, MPI.INT, all, 3, MPI.INT);
            long[] sizes = new long[n];
            int[] units = new int[n];
            for (int r = 0; r < n; r++) {
                sizes[r] = (long) all[3 * r] * all[3 * r + 2];
                units[r] = all[3 * r + 1];
            }
            put(win, new Info(n, sizes, units, new RmaEpochs(n)));
        } catch (Throwable t) {
            Guard.fault("exchanging window sizes", t);
        }
    }

    /** After-rule of {@code new Win(info, comm)}: a dynamic window, sizes unknown until attach. */
    public static void createdDynamic(Win win, Comm comm) {
        try {
            int n = comm.getSize();
            put(win, new Info(n, null, null, new RmaEpochs(n)));
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

    static int elementBytes(Buffer b) {
        if (b instanceof ByteBuffer) {
            return 1;
        }
        if (b instanceof CharBuffer || b instanceof ShortBuffer) {
            return 2;
        }
        if (b instanceof LongBuffer || b instanceof DoubleBuffer) {
            return 8;
        }
        return 4;
    }
}

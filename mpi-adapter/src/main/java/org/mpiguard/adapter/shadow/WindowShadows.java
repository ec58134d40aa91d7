package org.mpiguard.adapter.shadow;

import org.mpiguard.adapter.DirectExchange;
import java.nio.Buffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mpi.Comm;
import mpi.MPIException;
import mpi.Win;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.core.Guard;
import org.mpiguard.core.activity.WindowState;
import org.mpiguard.core.args.BaseType;
import org.mpiguard.core.collective.CommIdentity;

/**
 * Windows: one shadow per window (its creation, its group, the targets' sizes the argument
 * checks exchange once, its local memory, and the wait-for graph's view of its epochs).
 */
public final class WindowShadows {

    static final ShadowTable<WindowShadow> WINDOWS = new ShadowTable<>();

    private WindowShadows() {
    }

    /** The shadow of {@code win}, just made at {@code site} on {@code comm}. */
    private static WindowShadow windowMade(Win win, Comm comm, int site) throws MPIException {
        int groupSize = comm.getSize();
        return WINDOWS.findOrMake(win, site, new ShadowTable.Maker<WindowShadow>() {
            @Override
            public WindowShadow make(Object handle, int at) {
                return new WindowShadow(handle, at, Shadows.rank(), groupSize);
            }
        });
    }

    /** The shadow of {@code win} made on {@code comm} at {@code site}, made if the checks did not. */
    public static WindowShadow window(Object win, Object comm, int site) throws MpiFailure {
        try {
            return windowMade((Win) win, (Comm) comm, site);
        } catch (MPIException e) {
            throw new MpiFailure(e);
        }
    }

    public static WindowShadow window(Object win) {
        return WINDOWS.find(win);
    }

    /** The wait-for graph's view of {@code win}, or null. */
    public static WindowState windowGraph(Object win) {
        WindowShadow shadow = WINDOWS.find(win);
        return shadow == null ? null : shadow.graph();
    }

    /** The targets' sizes of {@code win} as the argument checks exchanged them, or null. */
    public static WindowShadow.Targets windowTargets(Object win) {
        WindowShadow shadow = WINDOWS.find(win);
        return shadow == null ? null : shadow.targets();
    }

    /**
     * Names {@code win}, just made on {@code comm}, for the wait-for graph: after its
     * communicator's identity and that communicator's collective count at the creation
     * (the creation is collective), so every member names it alike.
     */
    public static void windowNamed(Object win, Object commHandle, int site) {
        try {
            Comm comm = (Comm) commHandle;
            if (comm == null || comm.isNull()) {
                return;
            }
            int[] members = CommRanks.translate(comm.getGroup());
            CommIdentity identity = Shadows.identity(comm);
            String key = identity != null ? "win:" + identity.key() + "#" + identity.collectives()
                    : "win:" + Arrays.toString(members);
            windowMade((Win) win, comm, site).named(key, members);
        } catch (MPIException | RuntimeException e) {
            Guard.fault("naming a new window", e);
        }
    }

    /**
     * Every target's size, displacement unit and buffer (in bytes) of {@code win}, just made
     * by {@code new Win(base, size, dispUnit, info, comm)} ({@code memory} = the base's
     * capacity) or the allocate form ({@code memory} = size: MPI allocated it). An origin
     * checks a put against the target's window, which only the target knows, so the sizes
     * are exchanged once, now: an allGather on the window's own communicator, made right
     * after the constructor returned on every rank. Window creation is collective over
     * that communicator, so every rank reaches the exchange at the same point of its
     * collective sequence and it can neither mismatch nor deadlock; it needs no
     * THREAD_MULTIPLE and no watchdog, so it works with the deadlock family off. It assumes
     * every rank runs with the same {@code checks} option (the argument family on or off
     * everywhere), as a job does when the options come from the job script.
     */
    public static void windowExchanged(Object win, Buffer base, int size, int dispUnit, int memory, Object commHandle,
                                       int site) {
        try {
            Comm comm = (Comm) commHandle;
            int unit = BaseType.elementBytes(base);
            int[] mine = {size, dispUnit * unit, unit, Math.min(size, memory)};
            int n = comm.getSize();
            int[] all = DirectExchange.allGather(comm, mine);
            long[] sizes = new long[n];
            long[] buffers = new long[n];
            int[] units = new int[n];
            for (int r = 0; r < n; r++) {
                sizes[r] = (long) all[4 * r] * all[4 * r + 2];
                units[r] = all[4 * r + 1];
                buffers[r] = (long) all[4 * r + 3] * all[4 * r + 2];
            }
            windowMade((Win) win, comm, site).exchanged(sizes, buffers, units);
        } catch (Throwable t) {
            Guard.fault("exchanging window sizes", t);
        }
    }

    /** This rank's window memory of {@code win}, just made on {@code comm}, for the buffer watch. */
    public static void windowLocalMemory(Object win, Object comm, long address, long bytes, int dispUnitBytes,
                                         int site) {
        try {
            windowMade((Win) win, (Comm) comm, site).local(new WindowShadow.LocalMemory(address, bytes, dispUnitBytes,
                    ((Comm) comm).getRank()));
        } catch (Throwable t) {
            Guard.fault("recording a window's memory", t);
        }
    }

    /** {@code new Win(info, comm)}: a dynamic window, sizes unknown until attach. */
    public static void windowDynamic(Object win, Object comm, int site) {
        try {
            windowMade((Win) win, (Comm) comm, site).exchanged(null, null, null);
        } catch (Throwable t) {
            Guard.fault("recording a dynamic window", t);
        }
    }

    /** How many fences this rank has entered on each window. */
    public static Map<String, Long> fencesEntered() {
        Map<String, Long> entered = new HashMap<>();
        for (WindowShadow shadow : WINDOWS.live()) {
            WindowState w = shadow.graph();
            if (w != null) {
                entered.put(w.fenceKey(), w.fences());
            }
        }
        return entered;
    }

    /** Locks this rank holds now, as "resource:E" or "resource:S", for its status. */
    public static List<String> heldLocks() {
        List<String> held = new ArrayList<>();
        for (WindowShadow shadow : WINDOWS.live()) {
            WindowState w = shadow.graph();
            for (int t = 0; w != null && t < w.size(); t++) {
                int mode = w.held(t);
                if (mode != WindowState.NOT_HELD) {
                    held.add(w.lockResource(t) + (mode == WindowState.EXCLUSIVE ? ":E" : ":S"));
                }
            }
        }
        return held;
    }
}

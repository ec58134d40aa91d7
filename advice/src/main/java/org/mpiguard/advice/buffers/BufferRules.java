package org.mpiguard.advice.buffers;

import org.mpiguard.adapter.shadow.WindowShadows;
import java.nio.Buffer;
import org.mpiguard.adapter.buffers.BroadcastRoot;
import org.mpiguard.adapter.buffers.WatchedSpan;
import org.mpiguard.adapter.shadow.WindowShadow;
import org.mpiguard.core.Guard;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.core.buffers.BufferRole;
import org.mpiguard.core.buffers.WatchTable;
import org.mpiguard.core.options.CheckFamily;

/**
 * The entry points of {@code buffers.rules}: what each nonblocking or one-sided call puts
 * under watch, and which calls complete it. Called from {@code record} rules, so a fault
 * here is said once and the program goes on.
 */
public final class BufferRules {

    /** Decided at start-up from the options: off, nothing is ever watched. */
    private static final boolean ON = Guard.options().enabled(CheckFamily.BUFFERS) && DirectAddress.available();

    private BufferRules() {
    }

    /** Whether the watch runs at all (the buffers family is on and buffer addresses can be read). */
    static boolean on() {
        return ON;
    }

    // Point-to-point and collectives: watched until the request completes.

    /** A nonblocking operation posted with {@code buf} ({@code count} elements of {@code type}) in {@code role}. */
    public static void posted(Object request, Buffer buf, int count, Object type, BufferRole role, int site) {
        if (ON && request != null) {
            watchBuffer(buf, count, type, role, site, request, -1);
        }
    }

    /** A nonblocking collective with separate send and receive buffers; either may be null (in place, root-only). */
    public static void posted(Object request, Buffer send, int sendCount, Object sendType, Buffer recv,
                              int recvCount, Object recvType, int site) {
        if (ON && request != null) {
            watchBuffer(send, sendCount, sendType, BufferRole.COLLECTIVE_SEND, site, request, -1);
            watchBuffer(recv, recvCount, recvType, BufferRole.COLLECTIVE_RECEIVE, site, request, -1);
        }
    }

    /**
     * iBcast: the root sends from the buffer, every other rank receives into it. The
     * communicator's rank is read once per call (a JNI call, only with the watch on).
     */
    public static void broadcast(Object request, Object comm, Buffer buf, int count, Object type, int root,
                                 int site) {
        if (ON && request != null) {
            BufferRole role;
            try {
                role = BroadcastRoot.isThisRank(comm, root) ? BufferRole.COLLECTIVE_SEND
                        : BufferRole.COLLECTIVE_RECEIVE;
            } catch (MpiFailure e) {
                return;
            }
            watchBuffer(buf, count, type, role, site, request, -1);
        }
    }

    /** A persistent request made: its buffer is watched from each start to each completion. */
    public static void persistent(Object request, Buffer buf, int count, Object type, boolean receives, int site) {
        if (ON && request != null) {
            long from = DirectAddress.of(buf);
            if (from != 0) {
                PersistentBuffers.remember(request, from, from + WatchedSpan.bytes(type, count),
                        receives ? BufferRole.RECEIVE : BufferRole.SEND, site);
            }
        }
    }

    public static void started(Object request) {
        if (ON) {
            PersistentBuffers.started(request);
        }
    }

    public static void startedAll(Object[] requests) {
        if (ON && requests != null) {
            for (Object r : requests) {
                PersistentBuffers.started(r);
            }
        }
    }

    /** A wait or a successful test completed {@code request}. */
    public static void completed(Object request) {
        if (ON && request != null) {
            BufferWatch.completed(request, WatchTable.ALL_TARGETS);
        }
    }

    // One-sided: watched until the epoch (or the flush, or the request) completes them.

    /** {@code new Win(base, size, dispUnit, info, comm)}: where this rank's window memory is. */
    public static void windowMade(Object win, Buffer base, int size, int dispUnit, Object comm, int site) {
        if (ON) {
            long address = DirectAddress.of(base);
            int unit = org.mpiguard.core.args.BaseType.elementBytes(base);
            if (address != 0) {
                WindowShadows.windowLocalMemory(win, comm, address, (long) size * unit, dispUnit * unit, site);
            }
        }
    }

    /**
     * put, get, accumulate (and their request-based forms, completed by {@code request}
     * when not null, and like every operation of the window by the closing fence, complete,
     * unlock or flush: MPI's synchronisation completes request-based operations too): the
     * origin buffer is read ({@code resultWritten} false) or written; an epoch that targets
     * this rank itself also touches its own window memory.
     */
    public static void oneSided(Object win, Object request, Buffer origin, int count, Object type, int target,
                                int disp, int targetCount, Object targetType, boolean resultWritten, int site) {
        if (ON) {
            Object completedBy = request != null ? request : win;
            watchBuffer(origin, count, type, resultWritten ? BufferRole.RESULT : BufferRole.ORIGIN, site,
                    completedBy, win, target);
            watchOwnWindow(win, target, disp, targetCount, targetType,
                    resultWritten ? BufferRole.OWN_WINDOW_READ : BufferRole.OWN_WINDOW_WRITE, site, completedBy);
        }
    }

    /** getAccumulate (origin read, result written, target read and written). */
    public static void getAccumulate(Object win, Object request, Buffer origin, int count, Object type, Buffer result,
                                     int resultCount, Object resultType, int target, int disp, int targetCount,
                                     Object targetType, int site) {
        if (ON) {
            Object completedBy = request != null ? request : win;
            watchBuffer(origin, count, type, BufferRole.ORIGIN, site, completedBy, win, target);
            watchBuffer(result, resultCount, resultType, BufferRole.RESULT, site, completedBy, win, target);
            watchOwnWindow(win, target, disp, targetCount, targetType, BufferRole.OWN_WINDOW_WRITE, site,
                    completedBy);
        }
    }

    /** fetchAndOp and compareAndSwap: one element each; {@code compare} is null for fetchAndOp. */
    public static void atomic(Object win, Buffer origin, Buffer compare, Buffer result, Object type, int target,
                              int disp, int site) {
        if (ON) {
            watchBuffer(origin, 1, type, BufferRole.ORIGIN, site, win, target);
            watchBuffer(compare, 1, type, BufferRole.ORIGIN, site, win, target);
            watchBuffer(result, 1, type, BufferRole.RESULT, site, win, target);
            watchOwnWindow(win, target, disp, 1, type, BufferRole.OWN_WINDOW_WRITE, site, win);
        }
    }

    /** fence, complete, unlockAll, flushAll, flushLocalAll, free: every operation on the window completed. */
    public static void windowCompleted(Object win) {
        if (ON && win != null) {
            BufferWatch.completed(win, WatchTable.ALL_TARGETS);
        }
    }

    /** unlock, flush, flushLocal of {@code target}: the operations to that target completed. */
    public static void targetCompleted(Object win, int target) {
        if (ON && win != null) {
            BufferWatch.completed(win, target);
        }
    }

    private static void watchBuffer(Buffer buf, int count, Object type, BufferRole role, int site,
                                    Object completedBy, int target) {
        watchBuffer(buf, count, type, role, site, completedBy, null, target);
    }

    private static void watchBuffer(Buffer buf, int count, Object type, BufferRole role, int site,
                                    Object completedBy, Object alsoCompletedBy, int target) {
        if (buf == null || type == null || count <= 0) {
            return;
        }
        long from = DirectAddress.of(buf);
        if (from != 0) {
            BufferWatch.watch(from, from + WatchedSpan.bytes(type, count), role, site, completedBy,
                    alsoCompletedBy == completedBy ? null : alsoCompletedBy, target);
        }
    }

    private static void watchOwnWindow(Object win, int target, int disp, int count, Object type, BufferRole role,
                                       int site, Object completedBy) {
        WindowShadow shadow = WindowShadows.window(win);
        WindowShadow.LocalMemory local = shadow == null ? null : shadow.local();
        if (local == null || local.ownRank() != target || type == null || count <= 0) {
            return;
        }
        long from = local.address() + (long) disp * local.dispUnitBytes();
        long to = Math.min(from + WatchedSpan.bytes(type, count), local.address() + local.bytes());
        if (to > from) {
            BufferWatch.watch(from, to, role, site, completedBy, completedBy == win ? null : win, target);
        }
    }

}

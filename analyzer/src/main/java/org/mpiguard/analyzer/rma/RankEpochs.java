package org.mpiguard.analyzer.rma;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.analyzer.Buckets;
import org.mpiguard.core.trace.HandleKind;
import org.mpiguard.core.trace.RmaOp;
import org.mpiguard.core.trace.RmaSyncOp;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.TraceFile;

/**
 * One pass over one rank's events that says, for each RMA operation, the event after which
 * it is complete at its target (the closing fence or complete, the unlock, unlockAll or a
 * flush of that target, the wait of an {@code rGet}; the window's free at the latest), and
 * in which epoch it was issued; for each load or store of window memory, under which lock
 * of its own window it ran. Two small arrays per rank, filled before the replay so the
 * conflict check sees every access with its end already known.
 */
final class RankEpochs {

    final int[] completion;
    final byte[] mode;

    /** What one window's epochs look like at the current event of this rank. */
    private static final class WinState {
        boolean fenced;
        boolean accessing;
        boolean exposed;
        boolean lockAll;
        final Map<Integer, Integer> locks = new HashMap<>();
        /** Operations issued and not yet complete at their target, by target. */
        final Map<Integer, List<Integer>> pending = new HashMap<>();
    }

    private RankEpochs(int events) {
        completion = new int[events];
        mode = new byte[events];
    }

    static RankEpochs of(TraceFile trace) {
        List<TraceEvent> events = trace.events();
        RankEpochs epochs = new RankEpochs(events.size());
        Map<Long, WinState> windows = new HashMap<>();
        Map<Long, Integer> readsByRequest = new HashMap<>();
        for (int i = 0; i < events.size(); i++) {
            TraceEvent e = events.get(i);
            switch (e.kind()) {
                case RMA -> epochs.issue(i, e, windows.computeIfAbsent(e.field(1), w -> new WinState()),
                        readsByRequest);
                case ACCESS -> {
                    WinState w = windows.get(e.field(0));
                    if (w == null) {
                        w = new WinState();
                        windows.put(e.field(0), w);
                    }
                    epochs.completion[i] = i;
                    epochs.mode[i] = (byte) localMode(w, trace.rank()).ordinal();
                }
                case RMA_SYNC -> epochs.sync(i, e, windows.computeIfAbsent(e.field(1), w -> new WinState()));
                case COMPLETE -> {
                    Integer read = readsByRequest.remove(e.field(1));
                    if (read != null) {
                        epochs.completion[read] = Math.min(epochs.completion[read], i);
                    }
                }
                case HANDLE -> {
                    if (e.op() == HandleKind.FREE && HandleKind.of(e.field(1)) == HandleKind.WIN) {
                        WinState w = windows.remove(e.field(3));
                        if (w != null) {
                            epochs.completeAll(w, i);
                        }
                    }
                }
                default -> {
                }
            }
        }
        return epochs;
    }

    private void issue(int i, TraceEvent e, WinState w, Map<Long, Integer> readsByRequest) {
        RmaOp op = RmaOp.of(e.op());
        int target = e.intField(2);
        completion[i] = Access.NEVER;
        mode[i] = (byte) remoteMode(w, target).ordinal();
        Buckets.list(w.pending, target).add(i);
        long request = e.field(9);
        // an rGet's wait means the data left the target; an rPut's means only the origin buffer is free again
        if (request != 0 && (op == RmaOp.RGET || op == RmaOp.RGET_ACCUMULATE)) {
            readsByRequest.put(request, i);
        }
    }

    private void sync(int i, TraceEvent e, WinState w) {
        RmaSyncOp op = RmaSyncOp.of(e.op());
        if (op == null) {
            return;
        }
        int target = e.intField(2);
        switch (op) {
            case FENCE -> {
                completeAll(w, i);
                w.fenced = true;
            }
            case START -> w.accessing = true;
            case COMPLETE -> {
                completeAll(w, i);
                w.accessing = false;
            }
            case POST -> w.exposed = true;
            case WAIT, TEST -> w.exposed = false;
            case LOCK -> w.locks.put(target, e.intField(3));
            case UNLOCK -> {
                complete(w, target, i);
                w.locks.remove(target);
            }
            case LOCK_ALL -> w.lockAll = true;
            case UNLOCK_ALL -> {
                completeAll(w, i);
                w.lockAll = false;
            }
            case FLUSH -> complete(w, target, i);
            case FLUSH_ALL -> completeAll(w, i);
            default -> {
                // flushLocal, flushLocalAll: the origin buffer only; sync: memory of this rank only
            }
        }
    }

    /** The epoch of an operation this rank issues to {@code target}. */
    private static EpochMode remoteMode(WinState w, int target) {
        EpochMode locked = lockMode(w, target);
        if (locked != null) {
            return locked;
        }
        return w.accessing ? EpochMode.ACCESS : w.fenced ? EpochMode.FENCE : EpochMode.NONE;
    }

    /** The epoch of this rank's own load or store of its window. */
    private static EpochMode localMode(WinState w, int self) {
        EpochMode locked = lockMode(w, self);
        if (locked != null) {
            return locked;
        }
        return w.exposed ? EpochMode.EXPOSED : w.fenced ? EpochMode.FENCE : EpochMode.NONE;
    }

    /** The lock this rank holds on {@code target}'s part of the window, or null. */
    private static EpochMode lockMode(WinState w, int target) {
        Integer lock = w.locks.get(target);
        if (lock != null) {
            return lock == RmaSyncOp.LOCK_EXCLUSIVE ? EpochMode.EXCLUSIVE_LOCK : EpochMode.SHARED_LOCK;
        }
        return w.lockAll ? EpochMode.LOCK_ALL : null;
    }

    private void complete(WinState w, int target, int at) {
        List<Integer> ops = w.pending.remove(target);
        if (ops != null) {
            for (int op : ops) {
                completion[op] = Math.min(completion[op], at);
            }
        }
    }

    private void completeAll(WinState w, int at) {
        for (List<Integer> ops : w.pending.values()) {
            for (int op : ops) {
                completion[op] = Math.min(completion[op], at);
            }
        }
        w.pending.clear();
    }
}

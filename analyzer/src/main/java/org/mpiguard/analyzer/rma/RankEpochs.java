package org.mpiguard.analyzer.rma;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpiguard.analyzer.LongMap;
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
public final class RankEpochs {

    /** The completion of an operation nothing completes (yet). */
    public static final int NEVER = Access.NEVER;

    final int[] completion;
    final byte[] mode;

    /** What one window's epochs look like at the current event of this rank. */
    private static final class WinState {
        boolean fenced;
        boolean accessing;
        boolean exposed;
        boolean lockAll;
        /** A compare-and-swap or fetch-and-op was issued in the passive-target epoch open now. */
        boolean atomics;
        final Map<Integer, Integer> locks = new HashMap<>();
        /** The targets whose lock asserted MPI.MODE_NOCHECK, and whether lockAll did. */
        final Set<Integer> noCheckLocks = new HashSet<>();
        boolean lockAllNoCheck;
        /**
         * Operations issued and not yet complete at their target: the operation's event and its
         * target, in issue order. Two arrays rather than lists by target: a fence epoch's puts
         * to 1,024 ranks boxed both numbers and made a list and a map node per target each epoch.
         */
        int[] pendingOps = new int[8];
        int[] pendingTargets = new int[8];
        int pendingCount;

        void issued(int op, int target) {
            if (pendingCount == pendingOps.length) {
                pendingOps = Arrays.copyOf(pendingOps, pendingCount * 2);
                pendingTargets = Arrays.copyOf(pendingTargets, pendingCount * 2);
            }
            pendingOps[pendingCount] = op;
            pendingTargets[pendingCount++] = target;
        }
    }

    private RankEpochs(int events) {
        completion = new int[events];
        mode = new byte[events];
    }

    static RankEpochs of(TraceFile trace) {
        List<TraceEvent> events = trace.events();
        RankEpochs epochs = new RankEpochs(events.size());
        Reader reader = new Reader(trace.rank(), new Sink() {
            @Override
            public void issued(int index, int completion, byte mode) {
                epochs.completion[index] = completion;
                epochs.mode[index] = mode;
            }

            @Override
            public void completes(int index, int at) {
                epochs.completion[index] = Math.min(epochs.completion[index], at);
            }
        });
        for (int i = 0; i < events.size(); i++) {
            reader.accept(i, events.get(i));
        }
        return epochs;
    }

    /** What the pass says, in the rank's order. */
    public interface Sink {
        /**
         * Event {@code index} is an RMA operation or a load or store of window memory, issued in
         * epoch {@code mode} (an {@link EpochMode} ordinal); {@code completion} is its own index
         * for a load or store, {@link Access#NEVER} for an operation until {@link #completes}.
         */
        void issued(int index, int completion, byte mode);

        /** Operation {@code index} is complete at its target at event {@code at} (the earliest such event counts). */
        void completes(int index, int at);
    }

    /** The pass, an event at a time: what whole traces and the streaming analysis both read epochs with. */
    public static final class Reader {
        private final int rank;
        private final Sink sink;
        private final LongMap<WinState> windows = new LongMap<>();
        private final LongMap<Integer> readsByRequest = new LongMap<>();

        public Reader(int rank, Sink sink) {
            this.rank = rank;
            this.sink = sink;
        }

        public void accept(int i, TraceEvent e) {
            switch (e.kind()) {
                case RMA -> issue(i, e, window(e.field(1)));
                case ACCESS -> {
                    WinState w = window(e.field(0));
                    sink.issued(i, i, modeByte(w, localMode(w, rank), rank));
                }
                case RMA_SYNC -> sync(i, e, window(e.field(1)));
                case COMPLETE -> {
                    Integer read = readsByRequest.remove(e.field(1));
                    if (read != null) {
                        sink.completes(read, i);
                    }
                }
                case HANDLE -> {
                    if (e.op() == HandleKind.FREE && HandleKind.of(e.field(1)) == HandleKind.WIN) {
                        WinState w = windows.remove(e.field(3));
                        if (w != null) {
                            completeAll(w, i);
                        }
                    }
                }
                default -> {
                }
            }
        }

        private WinState window(long win) {
            WinState w = windows.get(win);
            if (w == null) {
                w = new WinState();
                windows.put(win, w);
            }
            return w;
        }

        private void issue(int i, TraceEvent e, WinState w) {
            RmaOp op = RmaOp.of(e.op());
            int target = e.intField(2);
            EpochMode mode = remoteMode(w, target);
            sink.issued(i, Access.NEVER, modeByte(w, mode, target));
            if (mode.locked() && (op == RmaOp.COMPARE_AND_SWAP || op == RmaOp.FETCH_AND_OP)) {
                w.atomics = true;
            }
            w.issued(i, target);
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
            boolean noCheck = RmaSyncOp.assertsNoCheck(e);
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
                case LOCK -> {
                    w.locks.put(target, e.intField(3));
                    if (noCheck) {
                        w.noCheckLocks.add(target);
                    } else {
                        w.noCheckLocks.remove(target);
                    }
                }
                case UNLOCK -> {
                    complete(w, target, i);
                    w.locks.remove(target);
                    w.noCheckLocks.remove(target);
                    w.atomics &= w.lockAll || !w.locks.isEmpty();
                }
                case LOCK_ALL -> {
                    w.lockAll = true;
                    w.lockAllNoCheck = noCheck;
                }
                case UNLOCK_ALL -> {
                    completeAll(w, i);
                    w.lockAll = false;
                    w.lockAllNoCheck = false;
                    w.atomics &= !w.locks.isEmpty();
                }
                case FLUSH -> complete(w, target, i);
                case FLUSH_ALL -> completeAll(w, i);
                default -> {
                    // flushLocal, flushLocalAll: the origin buffer only; sync: memory of this rank only
                }
            }
        }

        private void complete(WinState w, int target, int at) {
            int kept = 0;
            for (int k = 0; k < w.pendingCount; k++) {
                if (w.pendingTargets[k] == target) {
                    sink.completes(w.pendingOps[k], at);
                } else {
                    w.pendingOps[kept] = w.pendingOps[k];
                    w.pendingTargets[kept++] = w.pendingTargets[k];
                }
            }
            w.pendingCount = kept;
        }

        private void completeAll(WinState w, int at) {
            for (int k = 0; k < w.pendingCount; k++) {
                sink.completes(w.pendingOps[k], at);
            }
            w.pendingCount = 0;
        }
    }

    /** An access's mode byte: its epoch's ordinal, with the GUARDED and NOCHECK bits of the lock it ran under. */
    private static byte modeByte(WinState w, EpochMode mode, int target) {
        boolean noCheck = mode == EpochMode.LOCK_ALL ? w.lockAllNoCheck
                : mode.locked() && w.noCheckLocks.contains(target);
        return (byte) (mode.ordinal() | (w.atomics ? EpochMode.GUARDED : 0) | (noCheck ? EpochMode.NOCHECK : 0));
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
        // most epochs hold no lock: no boxed rank to look up then
        Integer lock = w.locks.isEmpty() ? null : w.locks.get(target);
        if (lock != null) {
            return lock == RmaSyncOp.LOCK_EXCLUSIVE ? EpochMode.EXCLUSIVE_LOCK : EpochMode.SHARED_LOCK;
        }
        return w.lockAll ? EpochMode.LOCK_ALL : null;
    }
}

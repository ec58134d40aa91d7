package org.mpiguard.analyzer.rma;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.analyzer.ReplayObserver;
import org.mpiguard.analyzer.TraceSet;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.trace.AccumulateOp;
import org.mpiguard.core.trace.EventKind;
import org.mpiguard.core.trace.HandleKind;
import org.mpiguard.core.trace.RmaOp;
import org.mpiguard.core.trace.Signature;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.TraceFile;

/**
 * Conflicts across processes on one target's window memory (the seed's linear check): two
 * accesses of different ranks to overlapping bytes, at least one a write and not two
 * accumulates with the same operation and basic datatype, whose epochs nothing orders:
 * neither is complete before the other is issued (happens-before from messages,
 * collectives, fences and PSCW, with the completion of an operation at its closing fence,
 * complete, unlock or flush) and no exclusive lock keeps them apart. The target's own loads
 * and stores of its window count as accesses of the target.
 *
 * <p>It rides on the happens-before replay, which shows it every event in an order the
 * run could have had: each access is checked against the live accesses of its target
 * window that it overlaps, then kept until every other rank is past its completion. So
 * the cost is linear in the number of accesses (times the accesses live at once on the same
 * bytes), and the memory is what is live, not the trace.
 */
public final class RmaConflictAnalysis implements ReplayObserver {

    /** Above this many live accesses at once the check stops keeping new ones and says so. */
    static final int MAX_LIVE = 1 << 21;

    private final TraceSet traces;
    private final RankEpochs[] epochs;
    private final Map<WinKey, Integer> dispUnits = new HashMap<>();
    private final Map<WinKey, TargetWindow> windows = new HashMap<>();
    private final ConflictLog log = new ConflictLog();
    private final SyncAssertions assertions;
    private final List<String> notes = new ArrayList<>();
    private final int worldSize;
    private int live;
    private int nextSweep = 4096;
    private boolean guessedDispUnit;
    private boolean saturated;
    private boolean failed;

    private RmaConflictAnalysis(TraceSet traces) {
        this.traces = traces;
        this.worldSize = traces.worldSize();
        this.epochs = new RankEpochs[worldSize];
        this.assertions = new SyncAssertions(worldSize);
    }

    /** The check for these traces: reads every rank's epochs once; does nothing when no rank used RMA. */
    public static RmaConflictAnalysis prepare(TraceSet traces) {
        RmaConflictAnalysis check = new RmaConflictAnalysis(traces);
        try {
            check.readEpochs();
        } catch (RuntimeException ex) {
            check.failed = true;
            check.notes.add("the RMA conflict check failed (" + ex + "); its findings are missing. Please report it.");
        }
        return check;
    }

    private void readEpochs() {
        RmaConflictAnalysis check = this;
        for (int r = 0; r < check.worldSize; r++) {
            TraceFile t = traces.rank(r);
            if (t == null) {
                continue;
            }
            if (usesRma(t)) {
                check.epochs[r] = RankEpochs.of(t);
            }
            // a window's unit is its target's, which may issue no RMA call of its own
            for (TraceEvent e : t.events()) {
                if (e.kind() == EventKind.HANDLE && e.op() == HandleKind.CREATE
                        && HandleKind.of(e.field(1)) == HandleKind.WIN) {
                    check.dispUnits.put(key(r, e.field(3)), e.intField(6));
                }
            }
        }
    }

    private static boolean usesRma(TraceFile t) {
        for (TraceEvent e : t.events()) {
            if (e.kind() == EventKind.RMA || e.kind() == EventKind.ACCESS) {
                return true;
            }
        }
        return false;
    }

    /** One rank's window. */
    private record WinKey(int rank, long win) {
        // written out, as the record's would be: see SiteRef
        @Override
        public boolean equals(Object o) {
            return o instanceof WinKey k && rank == k.rank && win == k.win;
        }

        @Override
        public int hashCode() {
            return rank * 31 + Long.hashCode(win);
        }
    }

    private static WinKey key(int rank, long win) {
        return new WinKey(rank, win);
    }

    /** Where the streaming analysis finds a window's displacement unit: the target's stream, read ahead if need be. */
    public interface DispUnits {
        /** The displacement unit {@code rank} gave window {@code win}, or null when its trace does not say. */
        Integer of(int rank, long win);
    }

    /**
     * The check for traces read as streams: it is shown each event with its epoch
     * ({@link #visit(int, int, TraceEvent, int, byte, Clocks)}); which ranks use RMA is not
     * known ahead, so an access is forgotten only once every rank not finished has ordered it.
     */
    public static RmaConflictAnalysis streaming(TraceSet headers, DispUnits units) {
        RmaConflictAnalysis check = new RmaConflictAnalysis(headers);
        check.units = units;
        return check;
    }

    private DispUnits units;

    @Override
    public void visit(int rank, int index, Clocks clocks) {
        if (failed) {
            return;
        }
        TraceEvent e = traces.rank(rank).events().get(index);
        if (e.kind() == EventKind.RMA_SYNC) {
            sync(rank, index, e, clocks);
            return;
        }
        if (epochs[rank] == null) {
            return;
        }
        visit(rank, index, e, epochs[rank].completion[index], epochs[rank].mode[index], clocks);
    }

    /** Event {@code index} of {@code rank}, an RMA operation or window access with its completion and epoch, or any other. */
    public void visit(int rank, int index, TraceEvent e, int completion, byte mode, Clocks clocks) {
        if (!failed && e.kind() == EventKind.RMA_SYNC) {
            sync(rank, index, e, clocks);
            return;
        }
        if (failed || e.kind() != EventKind.RMA && e.kind() != EventKind.ACCESS) {
            return;
        }
        try {
            TraceFile t = traces.rank(rank);
            Access a = e.kind() == EventKind.RMA ? remote(t, index, e, completion, mode)
                    : local(t, index, e, mode);
            if (a == null) {
                return;
            }
            assertions.accessed(a, clocks);
            if (saturated) {
                return;
            }
            WinKey at = key(a.target(), a.win());
            TargetWindow window = windows.get(at);
            if (window == null) {
                window = new TargetWindow(worldSize);
                windows.put(at, window);
            }
            int before = window.size();
            judging.access = a;
            judging.clocks = clocks;
            window.checkAndAdd(a, judging);
            live += window.size() - before;
            if (live > nextSweep) {
                sweep(clocks);
            }
        } catch (RuntimeException ex) {
            failed = true;
            notes.add("the RMA conflict check failed (" + ex + "); its findings are missing. Please report it.");
        }
    }

    /**
     * Event {@code index} of {@code rank}, a synchronisation of one-sided communication, as the replay
     * applies it, with its rank's clock: a fence's assertion is what later puts of its epoch are judged by,
     * a lock's MPI.MODE_NOCHECK is judged against the lock epochs of its target window. Fences are given
     * where their rank is; locks and unlocks where their target is (lockAll and unlockAll everywhere).
     * Nothing is kept of {@code e}.
     */
    public void sync(int rank, int index, TraceEvent e, Clocks clocks) {
        if (failed) {
            return;
        }
        try {
            assertions.sync(rank, index, e, clocks);
        } catch (RuntimeException ex) {
            failed = true;
            notes.add("the RMA conflict check failed (" + ex + "); its findings are missing. Please report it.");
        }
    }

    /**
     * A start of {@code origin} (event {@code startIndex}) matched the post of {@code target} (event
     * {@code postIndex}), told where the origin is replayed, before the start takes the post's clock:
     * {@code ordered} when the origin already knew the post. Judged against MPI.MODE_NOCHECK.
     */
    public void startMatched(int origin, int startIndex, int startSite, boolean startNoCheck, int target,
                             int postIndex, int postSite, boolean postNoCheck, boolean ordered) {
        if (failed) {
            return;
        }
        try {
            assertions.startMatched(origin, startIndex, startSite, startNoCheck, target, postIndex, postSite,
                    postNoCheck, ordered);
        } catch (RuntimeException ex) {
            failed = true;
            notes.add("the RMA conflict check failed (" + ex + "); its findings are missing. Please report it.");
        }
    }

    /** Judges each earlier access a window shows against the access being added: one for the analysis, not a lambda per access. */
    private final class Judging implements java.util.function.Consumer<Access> {
        Access access;
        Clocks clocks;

        @Override
        public void accept(Access earlier) {
            judge(earlier, access, clocks);
        }
    }

    private final Judging judging = new Judging();

    private void judge(Access earlier, Access a, Clocks clocks) {
        if (earlier.origin() == a.origin()) {
            // one origin: program order does not order its RMA operations within an epoch (MPI-3.1
            // 11.7.2 orders only accumulates), so two of them conflict when the later was issued
            // before the earlier completed at the target; an end never seen is left alone
            if (earlier.completion() == Access.NEVER || earlier.completion() < a.index()) {
                return;
            }
        } else if (EpochMode.exclusive(earlier.epoch(), a.epoch())) {
            return;
        } else if (earlier.completion() != Access.NEVER
                && clocks.known(a.origin(), earlier.origin()) > earlier.completion()) {
            return;
        }
        Compatibility.Verdict v = Compatibility.of(earlier, a);
        if (!v.allowed()) {
            log.add(earlier, a, earlier.origin() != a.origin() && earlier.guarded() && a.guarded()
                    ? Compatibility.guardedByAtomics(v) : v);
        }
    }

    /**
     * Forgets the accesses that every rank still to make one (it uses RMA and has events
     * left) has ordered after their completion: clocks only grow, so no later access of
     * those ranks can be concurrent with them.
     */
    private void sweep(Clocks clocks) {
        int[] minKnown = new int[worldSize];
        for (int q = 0; q < worldSize; q++) {
            int min = Integer.MAX_VALUE;
            for (int r = 0; r < worldSize; r++) {
                if (r != q && (units != null || epochs[r] != null) && !clocks.finished(r)) {
                    min = Math.min(min, clocks.known(r, q));
                }
            }
            minKnown[q] = min;
        }
        live = 0;
        for (TargetWindow w : windows.values()) {
            w.evict(a -> a.completion() != Access.NEVER && minKnown[a.origin()] > a.completion());
            live += w.size();
        }
        windows.values().removeIf(w -> w.size() == 0);
        nextSweep = Math.max(4096, 2 * live);
        if (live > MAX_LIVE) {
            saturated = true;
            notes.add("the RMA conflict check holds more than " + MAX_LIVE + " unordered accesses at once; it "
                    + "stopped taking new ones, so later conflicts may be missing");
        }
    }

    private Access remote(TraceFile t, int index, TraceEvent e, int completion, byte mode) {
        RmaOp op = RmaOp.of(e.op());
        int target = e.intField(2);
        long count = e.field(4);
        if (op == null || target < 0 || target >= worldSize || count <= 0) {
            return null;
        }
        long win = e.field(1);
        Signature sig = t.signature(e.intField(5));
        long start = e.field(3) * dispUnit(target, win, sig);
        long length = sig == null ? count : count * sig.extent();
        boolean exact = sig != null && sig.size() == sig.extent();
        Access.Layout layout = exact || sig == null ? null : new Access.Layout(sig, count);
        AccumulateOp opKind = AccumulateOp.of(e.field(11));
        AccessKind kind = AccessKind.of(op, opKind);
        int opCode = kind == AccessKind.ATOMIC_READ ? Access.NO_OP : kind != AccessKind.ACCUMULATE ? 0
                : op == RmaOp.COMPARE_AND_SWAP ? Access.CAS : opKind == AccumulateOp.REPLACE ? Access.REPLACE
                : e.intField(8);
        return new Access(t.rank(), index, completion, target, win, kind, EpochMode.of(mode),
                start, start + length, exact, layout, opCode, base(sig), e.field(10), e.site(),
                EpochMode.guarded(mode) && !kind.atomic(), mode);
    }

    private Access local(TraceFile t, int index, TraceEvent e, byte mode) {
        long start = e.field(1);
        long bytes = e.field(2);
        if (bytes <= 0) {
            return null;
        }
        AccessKind kind = e.field(3) != 0 ? AccessKind.STORE : AccessKind.LOAD;
        return new Access(t.rank(), index, index, t.rank(), e.field(0), kind, EpochMode.of(mode), start,
                start + bytes, true, null, 0, -1, e.field(4), e.site(), EpochMode.guarded(mode), mode);
    }

    private long dispUnit(int target, long win, Signature sig) {
        Integer unit = units != null ? units.of(target, win) : dispUnits.get(key(target, win));
        if (unit != null && unit > 0) {
            return unit;
        }
        if (!guessedDispUnit) {
            guessedDispUnit = true;
            notes.add("the trace of rank " + target + " does not say its window's displacement unit; the RMA "
                    + "conflict check took it as the size of the target datatype's elements");
        }
        return sig != null && Signature.isBasic(sig.id()) ? sig.size() : 1;
    }

    private static int base(Signature sig) {
        if (sig == null || sig.codes().length == 0) {
            return -1;
        }
        int code = sig.codes()[0];
        return sig.allOf(code) ? code : -1;
    }

    public List<Finding> findings() {
        return log.findings(traces);
    }

    /** {@link #findings()}, each one's order (its witness pair) into {@code keys}: to merge the findings of blocks. */
    public List<Finding> findings(List<long[]> keys) {
        return log.findings(traces, keys);
    }

    /**
     * The assertions other ranks' calls broke (a fence's MPI.MODE_NOPUT, a lock's, start's or post's
     * MPI.MODE_NOCHECK);
     * each one's order into {@code keys} when not null.
     */
    public List<Finding> assertionFindings(List<long[]> keys) {
        return assertions.findings(traces, keys);
    }

    /** Conflicts found beyond the groups kept. */
    public long dropped() {
        return log.dropped();
    }

    /** What could not be concluded (guessed units, saturation, a failure). */
    public List<String> notes() {
        plainNotes();
        if (log.dropped() > 0) {
            notes.add(droppedNote(log.dropped()));
        }
        return notes;
    }

    /** {@link #notes()} but the count of conflicts not reported (which blocks of a spread analysis add up). */
    public List<String> plainNotes() {
        assertions.addNotes(notes);
        return notes;
    }

    /** How many pairs of sites are reported at most. */
    public static int maxReported() {
        return ConflictLog.MAX_GROUPS;
    }

    /** The note on {@code dropped} conflicts beyond the pairs reported. */
    public static String droppedNote(long dropped) {
        return dropped + " more RMA conflicts between other pairs of sites are not reported (only the first "
                + ConflictLog.MAX_GROUPS + " pairs are)";
    }
}

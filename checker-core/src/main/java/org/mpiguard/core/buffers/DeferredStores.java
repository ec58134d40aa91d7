package org.mpiguard.core.buffers;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Stores into memory a pending operation writes (a receive, a get's or atomic's result,
 * see {@link BufferRole#storeJudgedAtCompletion()}), judged when the operation completes.
 * MPI leaves undefined which of the two writes lands last; what the program then holds
 * is either the value it stored last (what it asked for in program order: a warning,
 * the outcome is unspecified) or MPI's, different from it (the stored value was lost: a
 * result the program did not ask for, an error). So the elements stored are copied right
 * after the store and compared with the memory at completion.
 *
 * <p>Bounded: at most {@code capacity} stores pending judgement, each of at most
 * {@link #MAX_ELEMENTS} elements; a store beyond either is not deferred (the caller
 * reports it at once, as before). Only touched on a conflict: never on the hot path.
 */
public final class DeferredStores {

    /** The largest store (in elements) copied for judgement at completion. */
    public static final int MAX_ELEMENTS = 64;

    /** What a completion decided about one deferred store. */
    public record Verdict(int storeSite, WatchTable.Entry use, boolean overwritten) {
    }

    private static final class Pending {
        final long from;
        final long to;
        final Buffer buffer;
        final int index;
        final int count;
        final int storeSite;
        final WatchTable.Entry use;
        long[] stored;

        Pending(long from, long to, Buffer buffer, int index, int count, int storeSite, WatchTable.Entry use) {
            this.from = from;
            this.to = to;
            this.buffer = buffer;
            this.index = index;
            this.count = count;
            this.storeSite = storeSite;
            this.use = use;
        }
    }

    private final int capacity;
    private final List<Pending> pending = new ArrayList<>();

    public DeferredStores(int capacity) {
        this.capacity = capacity;
    }

    /**
     * A store into the memory [from, to), {@code count} elements of {@code buffer} from
     * {@code index}, at {@code site}, into memory {@code use} writes: true when it is
     * deferred (the caller then makes the store and calls {@link #stored}), false when it
     * must be reported now. A store deferred earlier into the same memory is forgotten: the
     * program's own later store replaced it, and only the last one can be judged.
     */
    public synchronized boolean defer(long from, long to, Buffer buffer, int index, int count, int site,
                                      WatchTable.Entry use) {
        if (count <= 0 || count > MAX_ELEMENTS || !use.role().storeJudgedAtCompletion()) {
            return false;
        }
        Pending same = find(buffer, index, count, site);
        pending.removeIf(p -> p != same && p.from < to && from < p.to);
        if (same != null) {
            return true;
        }
        if (pending.size() >= capacity) {
            return false;
        }
        pending.add(new Pending(from, to, buffer, index, count, site, use));
        return true;
    }

    /** The deferred store was made: copies what it left in memory (a later store from the same site replaces it). */
    public synchronized void stored(Buffer buffer, int index, int count, int site) {
        Pending p = find(buffer, index, count, site);
        if (p != null) {
            p.stored = read(buffer, index, count);
        }
    }

    /**
     * {@code by} completed (for {@code targetRank}): the verdict on every store deferred
     * for a use it completes, which are then forgotten.
     */
    public synchronized List<Verdict> completed(Object by, int targetRank) {
        List<Verdict> verdicts = List.of();
        for (int i = pending.size() - 1; i >= 0; i--) {
            Pending p = pending.get(i);
            if (!p.use.completedBy(by, targetRank)) {
                continue;
            }
            pending.remove(i);
            if (p.stored == null) {
                continue; // the store itself failed (out of bounds): nothing was written
            }
            long[] now = read(p.buffer, p.index, p.count);
            if (verdicts.isEmpty()) {
                verdicts = new ArrayList<>();
            }
            verdicts.add(new Verdict(p.storeSite, p.use, now == null || !Arrays.equals(now, p.stored)));
        }
        return verdicts;
    }

    public synchronized int size() {
        return pending.size();
    }

    /**
     * Whether no store waits for judgement, read without the lock: every completion asks,
     * and nearly always none does. A store deferred by another thread at this very moment
     * races with the completion of its use in the program too; it goes unjudged.
     */
    public boolean isEmpty() {
        return pending.isEmpty();
    }

    private Pending find(Buffer buffer, int index, int count, int site) {
        for (Pending p : pending) {
            if (p.buffer == buffer && p.index == index && p.count == count && p.storeSite == site) {
                return p;
            }
        }
        return null;
    }

    /** The raw bits of {@code count} elements from {@code index} (absolute reads: the position stays); null past the limit. */
    static long[] read(Buffer b, int index, int count) {
        if (index < 0 || index + count > b.limit()) {
            return null;
        }
        long[] bits = new long[count];
        for (int k = 0; k < count; k++) {
            bits[k] = element(b, index + k);
        }
        return bits;
    }

    private static long element(Buffer b, int i) {
        if (b instanceof ByteBuffer x) {
            return x.get(i);
        } else if (b instanceof CharBuffer x) {
            return x.get(i);
        } else if (b instanceof ShortBuffer x) {
            return x.get(i);
        } else if (b instanceof IntBuffer x) {
            return x.get(i);
        } else if (b instanceof LongBuffer x) {
            return x.get(i);
        } else if (b instanceof FloatBuffer x) {
            return Float.floatToRawIntBits(x.get(i));
        } else if (b instanceof DoubleBuffer x) {
            return Double.doubleToRawLongBits(x.get(i));
        }
        return 0L;
    }
}

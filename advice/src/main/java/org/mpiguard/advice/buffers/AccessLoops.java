package org.mpiguard.advice.buffers;

import java.nio.Buffer;
import org.mpiguard.core.Guard;

/**
 * The entry of a counted loop whose element accesses the agent judges and records once, before
 * the loop runs (the agent's {@code LoopShape} says which loops: the body runs whole every time,
 * changes neither counter, bound nor buffer, and calls nothing that could reach MPI, so no use
 * is posted or completed on this thread while it runs). Each access of such a loop then goes to
 * {@link NioLoopAccess}, which records nothing and judges only when this entry found the loop's
 * range not clear of a pending use ({@link BufferWatch#loopChecks}). Judged per element, a halo
 * loop filling its send buffers while its receives were pending paid a checker call an element
 * (jacobi2d 1.9 x); recorded per element, a traced window loop paid a few nanoseconds an element
 * (traced jacobi1d-rma 2.9 x, docs/overhead.md).
 *
 * <p>Called with the loop's counter at the entry ({@code start}), its bound made exclusive
 * ({@code end}), the access's offset from the counter and the element's width: the elements
 * touched are {@code [start + offset, end + offset)}, none when the loop does not run. The
 * {@code At} forms take the buffer as an element of an array ({@code out[k].put(j, v)}).
 */
public final class AccessLoops {

    private AccessLoops() {
    }

    public static void loads(Buffer b, int start, int end, int offset, int width, int site) {
        enter(b, start, end, offset, width, false, site);
    }

    public static void stores(Buffer b, int start, int end, int offset, int width, int site) {
        enter(b, start, end, offset, width, true, site);
    }

    public static void loadsAt(Object[] buffers, int index, int start, int end, int offset, int width, int site) {
        enter(element(buffers, index), start, end, offset, width, false, site);
    }

    public static void storesAt(Object[] buffers, int index, int start, int end, int offset, int width, int site) {
        enter(element(buffers, index), start, end, offset, width, true, site);
    }

    /** The buffer at {@code index}, or null where the loop's first turn would throw (it then touches nothing). */
    private static Buffer element(Object[] buffers, int index) {
        if (buffers == null || index < 0 || index >= buffers.length) {
            return null;
        }
        Object o = buffers[index];
        return o instanceof Buffer ? (Buffer) o : null;
    }

    private static void enter(Buffer b, int start, int end, int offset, int width, boolean store, int site) {
        if (b == null || end <= start || !BufferWatch.watching) {
            return;
        }
        try {
            long first = (long) start + offset;
            long last = (long) end + offset;
            if (BufferWatch.pending) {
                BufferWatch.loopEntered(b, first, last, width, store);
            }
            if (WindowAccessTrace.tracing()) {
                WindowAccessTrace.loopRange(b, first, last, width, store, site);
            }
        } catch (RuntimeException e) {
            BufferWatch.loopChecks = true;
            Guard.fault("judging a loop's buffer accesses", e);
        }
    }
}

package org.mpiguard.advice.buffers;

import java.nio.Buffer;
import org.mpiguard.core.Guard;

/**
 * The entry of a counted loop whose element accesses the agent records once, before the loop
 * runs, while traced windows are watched (the agent's {@code LoopShape} says which loops: the
 * body runs whole every time, changes neither counter, bound nor buffer, and calls nothing
 * that could reach MPI). Each access of such a loop then goes to {@link NioLoopAccess}, which
 * records nothing: recorded per element, a window loop paid a few nanoseconds an element
 * (traced jacobi1d-rma 2.9 x, docs/overhead.md).
 *
 * <p>Called with the loop's counter at the entry ({@code start}), its bound made exclusive
 * ({@code end}), the access's offset from the counter and the element's width: the elements
 * touched are {@code [start + offset, end + offset)}, none when the loop does not run.
 */
public final class AccessLoops {

    private AccessLoops() {
    }

    public static void loads(Buffer b, int start, int end, int offset, int width, int site) {
        record(b, start, end, offset, width, false, site);
    }

    public static void stores(Buffer b, int start, int end, int offset, int width, int site) {
        record(b, start, end, offset, width, true, site);
    }

    private static void record(Buffer b, int start, int end, int offset, int width, boolean store, int site) {
        if (!WindowAccessTrace.tracing() || b == null || end <= start) {
            return;
        }
        try {
            WindowAccessTrace.loopRange(b, (long) start + offset, (long) end + offset, width, store, site);
        } catch (RuntimeException e) {
            Guard.fault("recording a loop's window accesses", e);
        }
    }
}

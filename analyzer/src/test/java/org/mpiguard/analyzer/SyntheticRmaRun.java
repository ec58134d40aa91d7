package org.mpiguard.analyzer;

import java.io.IOException;
import java.nio.file.Path;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.trace.HandleKind;
import org.mpiguard.core.trace.AccumulateOp;
import org.mpiguard.core.trace.RmaOp;
import org.mpiguard.core.trace.RmaSyncOp;
import org.mpiguard.core.trace.TraceRecorder;

/**
 * A large RMA run written straight to trace files: a halo exchange by puts into both
 * neighbours' ghost slots in fence epochs, a get of the left neighbour's interior, every
 * rank accumulating (SUM) into rank 0's counter, each rank reading its ghosts after the
 * closing fence; every 4th iteration the same exchange under lockAll with flush and a
 * barrier. Correct throughout, unless {@code inject} asks for one conflicting put: in
 * iteration 1 rank 5 also puts into rank 4's left ghost slot, which rank 3 writes in the
 * same epoch.
 */
final class SyntheticRmaRun {

    static final long WIN = 9;
    static final int INT = 5;
    static final int SUM = 3;
    /** Window slots: 0 counter, 1 left ghost, 2 right ghost, 3 interior. */
    static final int INJECTED_LINE = 99;

    private SyntheticRmaRun() {
    }

    static int write(Path dir, int size, long events, boolean inject) throws IOException {
        SyntheticTraces files = new SyntheticTraces(dir, size,
                id -> new CallSite(id, "Win.op" + id, "demo.Halo", "step", "Halo.java", id));
        TraceRecorder[] recs = files.recs;
        for (int r = 0; r < size; r++) {
            recs[r].handle(1, HandleKind.CREATE, HandleKind.WIN, WIN, WIN, 0, 16, 4);
            recs[r].rmaSync(2, RmaSyncOp.FENCE, WIN, -1, 0, 0, 0);
        }
        int perIteration = size * 8;
        int iterations = (int) Math.ceil(events / (double) perIteration);
        long passiveRounds = 0;
        for (int it = 0; it < iterations; it++) {
            boolean passive = it % 4 == 3;
            long firstBarrier = passive ? 2 * ++passiveRounds - 1 : 0;
            for (int r = 0; r < size; r++) {
                TraceRecorder rec = recs[r];
                int right = (r + 1) % size;
                int left = (r - 1 + size) % size;
                if (passive) {
                    rec.rmaSync(10, RmaSyncOp.LOCK_ALL, WIN, -1, 0, 0, 0);
                }
                rec.rma(11, RmaOp.PUT, WIN, right, 1, 1, INT, 1, INT, 0, 0, it, AccumulateOp.NOT_RECORDED);
                rec.rma(12, RmaOp.PUT, WIN, left, 2, 1, INT, 1, INT, 0, 0, it, AccumulateOp.NOT_RECORDED);
                rec.rma(13, passive ? RmaOp.PUT : RmaOp.GET, WIN, left, 3, 1, INT, 1, INT, 0, 0, 0, AccumulateOp.NOT_RECORDED);
                if (passive) {
                    rec.rmaSync(14, RmaSyncOp.FLUSH_ALL, WIN, -1, 0, 0, 0);
                    rec.rmaSync(15, RmaSyncOp.UNLOCK_ALL, WIN, -1, 0, 0, 0);
                    rec.collective(16, CollectiveKind.BARRIER, false, RunBuilder.WORLD, firstBarrier, -1, 0, 0, 0, 0,
                            0, 0);
                } else {
                    rec.rma(17, RmaOp.ACCUMULATE, WIN, 0, 0, 1, INT, 1, INT, SUM, 0, 1, AccumulateOp.COMBINE);
                    if (inject && it == 1 && r == 5) {
                        rec.rma(INJECTED_LINE, RmaOp.PUT, WIN, 4, 1, 1, INT, 1, INT, 0, 0, -1, AccumulateOp.NOT_RECORDED);
                    }
                    rec.rmaSync(18, RmaSyncOp.FENCE, WIN, -1, 0, 0, 0);
                }
                // compute on the ghosts in an epoch of its own, so the next puts cannot land meanwhile
                rec.access(19, WIN, 4, 8, false, 0);
                if (passive) {
                    // the interior slot 3 was written by the right neighbour before the barrier
                    rec.access(20, WIN, 12, 4, true, it);
                    rec.collective(21, CollectiveKind.BARRIER, false, RunBuilder.WORLD, firstBarrier + 1, -1, 0, 0, 0,
                            0, 0, 0);
                } else {
                    rec.rmaSync(22, RmaSyncOp.FENCE, WIN, -1, 0, 0, 0);
                }
                files.drain(r);
            }
        }
        files.finish();
        return iterations;
    }
}

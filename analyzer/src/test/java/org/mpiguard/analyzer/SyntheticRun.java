package org.mpiguard.analyzer;

import java.io.IOException;
import java.nio.file.Path;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.trace.CompletionOp;
import org.mpiguard.core.trace.PointOp;
import org.mpiguard.core.trace.TraceRecorder;

/**
 * A large run written straight to trace files: every rank exchanges with its ring
 * neighbours by iSend/iRecv and waits, every 10th iteration an allReduce, every 5th the
 * workers report to rank 0, which takes their messages by ANY_SOURCE receives (so every
 * such receive races). Used to measure the analysis at scale.
 */
final class SyntheticRun {

    private SyntheticRun() {
    }

    /** Writes about {@code events} events over {@code size} ranks into {@code dir}; returns the iterations. */
    static int write(Path dir, int size, long events) throws IOException {
        SyntheticTraces files = new SyntheticTraces(dir, size,
                id -> new CallSite(id, "Comm.op" + id, "demo.Synthetic", "step", "Synthetic.java", 10 + id));
        TraceRecorder[] recs = files.recs;
        double perIteration = size * 4 + size / 10.0 + (size - 1) / 5.0 * 3;
        int iterations = (int) Math.ceil(events / perIteration);
        long[] ring = new long[size];
        for (int it = 0; it < iterations; it++) {
            for (int r = 0; r < size; r++) {
                TraceRecorder rec = recs[r];
                int right = (r + 1) % size;
                int left = (r - 1 + size) % size;
                long sendReq = 2L * it + 1;
                long recvReq = 2L * it + 2;
                rec.send(1, PointOp.ISEND, RunBuilder.WORLD, right, 0, 5, 100, sendReq);
                rec.recv(2, PointOp.IRECV, RunBuilder.WORLD, left, 0, 5, 100, recvReq);
                rec.complete(3, CompletionOp.WAIT_ALL, recvReq, left, 0, 100, 0);
                rec.complete(3, CompletionOp.WAIT_ALL, sendReq, -1, -1, -1, 0);
                if (it % 10 == 0) {
                    rec.collective(4, CollectiveKind.ALL_REDUCE, false, RunBuilder.WORLD, ++ring[r], -1, 3, 8, 1, 8,
                            1, 0);
                }
                if (it % 5 == 0) {
                    if (r != 0) {
                        rec.send(5, PointOp.SEND, RunBuilder.WORLD, 0, 1, 8, 4, 0);
                    } else {
                        for (int q = 1; q < size; q++) {
                            rec.recv(6, PointOp.RECV, RunBuilder.WORLD, TraceRecorder.ANY, 1, 8, 4, 0);
                            rec.complete(6, CompletionOp.BLOCKING, 0, q, 1, 4, 0);
                        }
                    }
                }
                files.drain(r);
            }
        }
        files.finish();
        return iterations;
    }
}

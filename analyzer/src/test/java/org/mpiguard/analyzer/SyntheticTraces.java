package org.mpiguard.analyzer;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntFunction;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.trace.TraceEncoder;
import org.mpiguard.core.trace.TraceFormat;
import org.mpiguard.core.trace.TraceRecorder;

/** One recorder and trace file per rank of a synthetic run, drained as it goes, closed whole. */
final class SyntheticTraces {

    final TraceRecorder[] recs;
    private final TraceEncoder[] encoders;
    private final OutputStream[] outs;

    SyntheticTraces(Path dir, int size, IntFunction<CallSite> sites) throws IOException {
        Files.createDirectories(dir);
        recs = new TraceRecorder[size];
        encoders = new TraceEncoder[size];
        outs = new OutputStream[size];
        for (int r = 0; r < size; r++) {
            recs[r] = new TraceRecorder(1 << 12);
            outs[r] = new BufferedOutputStream(Files.newOutputStream(dir.resolve(TraceFormat.fileName(r))), 1 << 16);
            encoders[r] = new TraceEncoder(outs[r], r, size, 0, sites::apply);
        }
    }

    /** Writes what rank r recorded so far (the ring is small). */
    void drain(int r) {
        recs[r].drain(encoders[r], 0);
    }

    /** Finalize on every rank, the end records, files closed. */
    void finish() throws IOException {
        for (int r = 0; r < recs.length; r++) {
            recs[r].finalizeCalled(7);
            drain(r);
            encoders[r].end();
            encoders[r].flush();
            outs[r].close();
        }
    }
}

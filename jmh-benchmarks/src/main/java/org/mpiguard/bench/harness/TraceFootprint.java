package org.mpiguard.bench.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.mpiguard.core.trace.TraceFormat;
import org.mpiguard.core.trace.TraceReader;

/**
 * What a traced run's traces take on disk: the bytes of its {@code trace-rank<N>.mpgt} files
 * over the events their headers say were recorded (the chunks' unused tails included, as a
 * disk holds them).
 */
final class TraceFootprint {

    private TraceFootprint() {
    }

    /** The trace files' bytes and the events their headers count. */
    record Footprint(long bytes, long events) {
        static final Footprint NONE = new Footprint(0, 0);

        double bytesPerEvent() {
            return events == 0 ? Double.NaN : (double) bytes / events;
        }
    }

    /** The traces under {@code work} (none: {@link Footprint#NONE}). */
    static Footprint of(Path work) throws IOException {
        List<Path> traces;
        try (Stream<Path> files = Files.walk(work)) {
            traces = files.filter(f -> TraceFormat.isFileName(f.getFileName().toString())).toList();
        }
        long bytes = 0;
        long events = 0;
        for (Path f : traces) {
            long recorded = TraceReader.eventsRecorded(f);
            if (recorded > 0) {
                bytes += Files.size(f);
                events += recorded;
            }
        }
        return new Footprint(bytes, events);
    }
}

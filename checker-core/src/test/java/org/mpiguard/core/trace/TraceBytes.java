package org.mpiguard.core.trace;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.site.CallSites;

/** A recorder drained into memory, with its own site table: traces for tests. */
final class TraceBytes {

    final TraceRecorder recorder = new TraceRecorder(1024);
    private final Map<Integer, CallSite> sites = new HashMap<>();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final TraceEncoder encoder;

    TraceBytes(int rank, int size) {
        encoder = new TraceEncoder(bytes, rank, size, 1234L, id -> sites.getOrDefault(id, CallSites.UNKNOWN));
    }

    int site(String op, String file, int line) {
        int id = sites.size() + 1;
        sites.put(id, new CallSite(id, op, "demo." + file.replace(".java", ""), "main", file, line));
        return id;
    }

    byte[] finish(boolean end) {
        recorder.drain(encoder, 0);
        if (end) {
            encoder.end();
        }
        try {
            encoder.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static TraceFile read(byte[] data) throws TraceFormatException {
        return TraceReader.read(Path.of("trace-rank0.mpgt"), data, data.length);
    }

    /**
     * The offset of the run record with the largest count in a mapped trace's bytes, or -1 (a
     * scan by words may also stop inside a full record: the longest run is a loop's).
     */
    static int longestRun(java.nio.ByteBuffer b, int length) {
        int at = -1;
        for (int p = TraceFormat.CHUNK_BYTES; p + 8 <= length; p += 8) {
            long word = b.getLong(p);
            if ((word & 0xff) == RepeatRuns.RUN && (at < 0 || RepeatRuns.count(word) > RepeatRuns.count(b.getLong(at)))) {
                at = p;
            }
        }
        return at;
    }
}

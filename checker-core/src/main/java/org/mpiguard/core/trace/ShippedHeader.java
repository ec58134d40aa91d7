package org.mpiguard.core.trace;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.mpiguard.core.codec.VarOutput;
import org.mpiguard.core.site.CallSite;

/**
 * A trace's header and definitions (everything but its events, as {@link TraceStream#header()} gives it)
 * as a few kilobytes one process sends another that cannot read the file: at MPI.Finalize,
 * traces on each node's own disk are analysed by every rank reading its own trace, and each
 * needs the others' sites, signatures and rank sets to name what it finds. The fields, then
 * the definition records a file's definitions chunks hold (docs/trace-format.md), read by the
 * same code ({@link Definitions}).
 */
public final class ShippedHeader {

    /** version, rank, world size (ints), start, dropped, truncated-at (longs), whether complete (a byte). */
    private static final int FIELDS = 4 + 4 + 4 + 8 + 8 + 8 + 1;

    private ShippedHeader() {
    }

    /** {@code header}'s fields and definitions (its events, if any, are not sent). */
    public static byte[] write(TraceFile header) {
        VarOutput out = new VarOutput(4096);
        for (Map.Entry<Integer, CallSite> s : header.sites().entrySet()) {
            Definitions.writeSite(out, s.getKey(), s.getValue());
        }
        for (Signature s : header.signatures().values()) {
            Definitions.write(out, s);
        }
        for (Map.Entry<Integer, int[]> r : header.rankSets().entrySet()) {
            Definitions.write(out, new TraceRecorder.RankSet(r.getKey(), r.getValue()));
        }
        byte[] definitions = out.take();
        byte[] bytes = new byte[FIELDS + definitions.length];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(header.version()).putInt(header.rank()).putInt(header.worldSize())
                .putLong(header.startMillis()).putLong(header.dropped()).putLong(header.truncatedAt())
                .put((byte) (header.complete() ? 1 : 0)).put(definitions);
        return bytes;
    }

    /**
     * The header {@code bytes} hold ({@link #write}); {@code path} is the trace's name where its
     * rank wrote it, for the messages.
     */
    public static TraceFile read(Path path, byte[] bytes) throws TraceFormatException {
        if (bytes.length < FIELDS) {
            throw new TraceFormatException(path, 0, "its rank could not send its header (" + bytes.length + " bytes)");
        }
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int version = in.getInt();
        int rank = in.getInt();
        int worldSize = in.getInt();
        long start = in.getLong();
        long dropped = in.getLong();
        long truncatedAt = in.getLong();
        boolean complete = in.get() == 1;
        if (rank < 0 || rank >= worldSize) {
            throw new TraceFormatException(path, 0, "rank " + rank + " is not below the world size " + worldSize);
        }
        Definitions defs = MappedTraceReader.definitions(path, Arrays.copyOfRange(bytes, FIELDS, bytes.length));
        return new TraceFile(version, rank, worldSize, start, List.of(), defs.sites, defs.signatures,
                defs.rankSets, dropped, complete, truncatedAt);
    }
}

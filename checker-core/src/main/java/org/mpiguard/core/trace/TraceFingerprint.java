package org.mpiguard.core.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What tells rank 0 whether the file it finds under a rank's trace name is the trace that
 * rank wrote, for trace directories on the ranks' own disks (the same path, another file
 * system on each node): the file's length and its header's first {@value #HEADER} bytes
 * (the rank, the world size, the run's start time and the counts; docs/trace-format.md),
 * {@value #BYTES} bytes in all. A trace an earlier run left under that name on rank 0's
 * node differs in them; a rank that cannot read its own file gives all zeros.
 */
public final class TraceFingerprint {

    /** The header up to and with its count of dropped events. */
    private static final int HEADER = TraceFormat.H_DROPPED + 8;
    public static final int BYTES = 8 + HEADER;
    /** Where the header's count of recorded events lies in a fingerprint (after the length). */
    private static final int EVENTS = 8 + TraceFormat.H_EVENTS;

    private TraceFingerprint() {
    }

    /** The fingerprint of {@code file}, or all zeros when it cannot be read. */
    public static byte[] of(Path file) {
        byte[] fingerprint = new byte[BYTES];
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer.wrap(fingerprint).order(ByteOrder.LITTLE_ENDIAN).putLong(0, channel.size());
            ByteBuffer header = ByteBuffer.wrap(fingerprint, 8, HEADER);
            while (header.hasRemaining() && channel.read(header) >= 0) {
                // a header is written whole at the file's creation; a shorter file reads as what it holds
            }
        } catch (IOException | RuntimeException e) {
            Arrays.fill(fingerprint, (byte) 0);
        }
        return fingerprint;
    }

    /** The fingerprint of rank {@code rank} in {@code all} ({@link #BYTES} bytes per rank, by rank). */
    public static byte[] of(byte[] all, int rank) {
        return Arrays.copyOfRange(all, rank * BYTES, (rank + 1) * BYTES);
    }

    /** The file's length the fingerprint holds; 0 for one that could not be read. */
    public static long length(byte[] fingerprint) {
        return ByteBuffer.wrap(fingerprint).order(ByteOrder.LITTLE_ENDIAN).getLong(0);
    }

    /** The events the trace's header counts. */
    public static long events(byte[] fingerprint) {
        return ByteBuffer.wrap(fingerprint).order(ByteOrder.LITTLE_ENDIAN).getLong(EVENTS);
    }

    /** The events of every rank's trace in {@code all} together. */
    public static long events(byte[] all, int ranks) {
        long sum = 0;
        for (int r = 0; r < ranks; r++) {
            sum += events(of(all, r));
        }
        return sum;
    }

    /**
     * The ranks, of {@code ranks}, whose trace as {@code all} says it was written is not the file
     * of its name in {@code dir} (missing, another run's, or one its rank could not read).
     */
    public static List<Integer> unseen(Path dir, byte[] all, int ranks) {
        List<Integer> unseen = new ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            byte[] written = of(all, r);
            if (length(written) == 0 || !Arrays.equals(written, of(dir.resolve(TraceFormat.fileName(r))))) {
                unseen.add(r);
            }
        }
        return unseen;
    }
}

package org.mpiguard.core.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Another rank's trace arriving in pieces on rank 0 (its directory on the ranks' own
 * disks, {@link TraceFingerprint}): written beside the trace's name and put under it only
 * once it holds the length its rank gave, so a copy cut short never passes for a trace
 * and a stale file of that name stays until a whole copy replaces it. A piece that cannot
 * be written is taken all the same (the sender is never left waiting); the copy then fails.
 */
public final class ReceivedTrace {

    private final Path target;
    private final Path partial;
    private final long length;
    private FileChannel out;
    private long written;
    private boolean failed;

    /** Starts the copy of rank {@code rank}'s trace of {@code length} bytes into {@code dir}. */
    public ReceivedTrace(Path dir, int rank, long length) {
        this.target = dir.resolve(TraceFormat.fileName(rank));
        this.partial = dir.resolve(TraceFormat.fileName(rank) + ".part");
        this.length = length;
        try {
            out = FileChannel.open(partial, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException | RuntimeException e) {
            failed = true;
        }
    }

    /** The next piece of the file. */
    public void write(byte[] piece) {
        written += piece.length;
        if (failed) {
            return;
        }
        try {
            ByteBuffer b = ByteBuffer.wrap(piece);
            while (b.hasRemaining()) {
                out.write(b);
            }
        } catch (IOException | RuntimeException e) {
            failed = true;
        }
    }

    /** After the last piece: whether the trace is now under its name, whole. */
    public boolean finish() {
        boolean whole = !failed && written == length && length > 0; // a rank that could not read its trace sends none
        try {
            if (out != null) {
                out.close();
            }
            if (whole) {
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                return true;
            }
            Files.deleteIfExists(partial);
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(partial);
            } catch (IOException | RuntimeException ignored) {
                // a leftover .part is no trace: no reader takes it
            }
        }
        return false;
    }
}

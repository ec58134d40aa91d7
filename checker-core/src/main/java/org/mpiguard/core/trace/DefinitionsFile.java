package org.mpiguard.core.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.mpiguard.core.codec.VarOutput;

/**
 * The side file of a version-2 trace ({@code trace-rank<N>.mpgd}): its definition records
 * (call sites, signatures, rank sets) as version 1 encodes them. Each is written with one
 * system call when it is made, so it is in the kernel's hands before any event that uses
 * its id is recorded, and survives the rank being killed. Definitions are rare.
 */
final class DefinitionsFile {

    private final FileChannel channel;
    private final VarOutput buffer = new VarOutput(256);

    DefinitionsFile(Path path) throws IOException {
        channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
    }

    /** Where the next definition is encoded; {@link #write} sends it. */
    VarOutput buffer() {
        return buffer;
    }

    void write() throws IOException {
        ByteBuffer b = ByteBuffer.wrap(buffer.buffer(), 0, buffer.size());
        while (b.hasRemaining()) {
            channel.write(b);
        }
        buffer.reset();
    }

    void close() throws IOException {
        channel.close();
    }
}

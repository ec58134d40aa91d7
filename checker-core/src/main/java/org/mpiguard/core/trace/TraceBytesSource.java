package org.mpiguard.core.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Where a mapped trace's bytes are read from, a window at a time: the file itself (the
 * streaming analysis, which must not hold a rank's trace) or bytes already in memory.
 */
abstract class TraceBytesSource implements AutoCloseable {

    /** Fills {@code into} from {@code position} on, as far as the source goes; returns how many bytes it put. */
    abstract int read(long position, ByteBuffer into) throws IOException;

    abstract long length();

    @Override
    public void close() throws IOException {
    }

    static TraceBytesSource of(byte[] bytes, int length) {
        return new TraceBytesSource() {
            @Override
            int read(long position, ByteBuffer into) {
                int n = (int) Math.max(0, Math.min(into.remaining(), length - position));
                into.put(bytes, (int) position, n);
                return n;
            }

            @Override
            long length() {
                return length;
            }
        };
    }

    static TraceBytesSource of(FileChannel channel) throws IOException {
        long size = channel.size();
        return new TraceBytesSource() {
            @Override
            int read(long position, ByteBuffer into) throws IOException {
                int total = 0;
                while (into.hasRemaining()) {
                    int n = channel.read(into, position + total);
                    if (n <= 0) {
                        break;
                    }
                    total += n;
                }
                return total;
            }

            @Override
            long length() {
                return size;
            }

            @Override
            public void close() throws IOException {
                channel.close();
            }
        };
    }
}

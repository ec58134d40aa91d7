package org.mpiguard.core.trace;

import java.nio.file.Path;

/** A trace that cannot be read: says which file, at which byte, and what was wrong. */
public final class TraceFormatException extends Exception {

    private final Path file;
    private final long offset;

    public TraceFormatException(Path file, long offset, String problem) {
        super(file + " at byte " + offset + ": " + problem);
        this.file = file;
        this.offset = offset;
    }

    public Path file() {
        return file;
    }

    public long offset() {
        return offset;
    }
}

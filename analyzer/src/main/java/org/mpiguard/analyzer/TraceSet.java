package org.mpiguard.analyzer;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.mpiguard.core.trace.TraceFile;
import org.mpiguard.core.trace.TraceFormat;
import org.mpiguard.core.trace.TraceFormatException;
import org.mpiguard.core.trace.TraceReader;

/**
 * The traces of one run, by world rank, and what the analyses must be told about them:
 * ranks whose trace is missing, unreadable, cut short or missing dropped events. A rank
 * with no usable trace is null; the analyses skip what depends on it and say so.
 */
public final class TraceSet {


    private final TraceFile[] ranks;
    private final List<String> notes;

    public TraceSet(TraceFile[] ranks, List<String> notes) {
        this.ranks = ranks;
        this.notes = notes;
    }

    /** Reads every {@code trace-rank<N>.mpgt} of {@code dir}; unreadable ones become notes. */
    public static TraceSet read(Path dir) throws IOException {
        return read(dir, Progress.QUIET);
    }

    /** The same, one progress step per file. */
    static TraceSet read(Path dir, Progress progress) throws IOException {
        List<TraceFile> read = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<Path> traceFiles = files(dir);
        progress.plan(traceFiles.size());
        for (Path file : traceFiles) {
            progress.step("reading " + file.getFileName());
            try {
                read.add(TraceReader.read(file));
            } catch (TraceFormatException e) {
                notes.add(unreadable(e));
            }
        }
        return of(read, notes);
    }

    static String unreadable(TraceFormatException e) {
        return "cannot read a trace: " + e.getMessage() + "; its rank is left out";
    }

    /**
     * The traces by rank, with {@code notes} and what is said of them (the world size the
     * largest trace names; a trace of another world left out; ranks with no trace).
     */
    static TraceSet of(List<TraceFile> read, List<String> notes) {
        TreeMap<Integer, TraceFile> byRank = new TreeMap<>();
        int worldSize = 0;
        for (TraceFile t : read) {
            byRank.put(t.rank(), t);
            worldSize = Math.max(worldSize, t.worldSize());
        }
        TraceFile[] ranks = new TraceFile[worldSize];
        for (TraceFile t : byRank.values()) {
            if (t.worldSize() != worldSize) {
                notes.add(TraceSetNotes.name(t.rank()) + " says the world has " + t.worldSize() + " ranks, another "
                        + worldSize + "; it is left out (traces of two runs in one directory?)");
                continue;
            }
            ranks[t.rank()] = t;
        }
        notes.addAll(TraceSetNotes.of(ranks));
        return new TraceSet(ranks, notes);
    }

    /** The rank trace files of {@code dir}, {@code trace-rank<N>.mpgt}. */
    static List<Path> files(Path dir) throws IOException {
        List<Path> traceFiles = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "trace-rank*.mpgt")) {
            for (Path f : files) {
                if (TraceFormat.isFileName(f.getFileName().toString())) {
                    traceFiles.add(f);
                }
            }
        }
        return traceFiles;
    }

    public int worldSize() {
        return ranks.length;
    }

    /** The rank's trace, or null when there is none to use. */
    public TraceFile rank(int r) {
        return r >= 0 && r < ranks.length ? ranks[r] : null;
    }

    /**
     * True when the rank's trace holds every event up to its Finalize: what it did not
     * record, it did not do. Conclusions from absence (a message never received, a request
     * never completed) are drawn only on such ranks.
     */
    public boolean whole(int r) {
        TraceFile t = rank(r);
        return t != null && t.complete() && t.dropped() == 0;
    }

    public List<String> notes() {
        return notes;
    }

    public int eventCount() {
        int n = 0;
        for (TraceFile t : ranks) {
            n += t == null ? 0 : t.events().size();
        }
        return n;
    }
}

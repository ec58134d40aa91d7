package org.mpiguard.core.report;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes findings as the contract says: text to stderr, and one JSON line appended to
 * {@code findings-rank<N>.jsonl}, flushed at once so that an abort a moment later loses
 * nothing. A report directory that cannot be written is said once on stderr; the
 * findings still reach stderr.
 */
public final class FindingSink {

    private final Path file;
    private final PrintStream err;
    private final StackCapture stacks;
    private boolean fileFailed;
    /** The thread whose findings are held from stderr for now ({@link #hold}), or null. */
    private Thread holder;
    private final List<Finding> held = new ArrayList<>();

    public FindingSink(Path reportDir, int rank, PrintStream err) {
        this(reportDir, rank, err, StackCapture.NONE);
    }

    public FindingSink(Path reportDir, int rank, PrintStream err, StackCapture stacks) {
        this(reportDir.resolve("findings-rank" + rank + ".jsonl"), err, stacks);
    }

    /** Findings of one file (the analysis of traces writes {@code findings-analysis.jsonl}). */
    public FindingSink(Path file, PrintStream err) {
        this(file, err, StackCapture.NONE);
    }

    private FindingSink(Path file, PrintStream err, StackCapture stacks) {
        this.file = file;
        this.err = err;
        this.stacks = stacks;
    }

    public Path file() {
        return file;
    }

    public void report(Finding finding) {
        List<SiteRef> stack = stacks.capture(); // on the reporting thread, before any lock
        write(finding, stack);
    }

    /**
     * From now on the findings the calling thread reports are written to the file at once but
     * kept from stderr until {@link #release}: the findings every rank makes at Finalize are
     * printed once for all ranks by rank 0. Other threads' findings (a deadlock) print at once.
     */
    public synchronized void hold() {
        holder = Thread.currentThread();
    }

    /** The findings held since {@link #hold}, not yet printed; stderr gets findings at once again. */
    public synchronized List<Finding> release() {
        holder = null;
        List<Finding> out = List.copyOf(held);
        held.clear();
        return out;
    }

    /** Prints findings as reported here ({@code findings} of several ranks merged, say). */
    public synchronized void print(List<Finding> findings) {
        for (Finding f : findings) {
            err.print(FindingFormat.text(f));
        }
        err.flush();
    }

    private synchronized void write(Finding finding, List<SiteRef> stack) {
        if (Thread.currentThread() == holder) {
            held.add(finding);
        } else {
            err.print(FindingFormat.text(finding));
            err.flush();
        }
        if (fileFailed) {
            return;
        }
        try {
            Files.createDirectories(file.getParent() == null ? Path.of(".") : file.getParent());
            try (FileOutputStream out = new FileOutputStream(file.toFile(), true)) {
                out.write((FindingFormat.json(finding, stack) + "\n").getBytes(StandardCharsets.UTF_8));
                out.getFD().sync();
            }
        } catch (IOException | RuntimeException e) {
            fileFailed = true;
            err.println("[MPIGuard] cannot write " + file + " (" + e.getMessage()
                    + "); findings go to stderr only. Set report=DIR to a writable directory.");
        }
    }
}

package org.mpiguard.core.report;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes findings as the contract says: text to stderr, and one JSON line appended to
 * {@code findings-rank<N>.jsonl}, flushed at once so that an abort a moment later loses
 * nothing. A report directory that cannot be written is said once on stderr; the
 * findings still reach stderr.
 */
public final class FindingSink {

    private final Path file;
    private final PrintStream err;
    private boolean fileFailed;

    public FindingSink(Path reportDir, int rank, PrintStream err) {
        this(reportDir.resolve("findings-rank" + rank + ".jsonl"), err);
    }

    /** Findings of one file (the analysis of traces writes {@code findings-analysis.jsonl}). */
    public FindingSink(Path file, PrintStream err) {
        this.file = file;
        this.err = err;
    }

    public Path file() {
        return file;
    }

    public synchronized void report(Finding finding) {
        err.print(FindingFormat.text(finding));
        err.flush();
        if (fileFailed) {
            return;
        }
        try {
            Files.createDirectories(file.getParent() == null ? Path.of(".") : file.getParent());
            try (FileOutputStream out = new FileOutputStream(file.toFile(), true)) {
                out.write((FindingFormat.json(finding) + "\n").getBytes(StandardCharsets.UTF_8));
                out.getFD().sync();
            }
        } catch (IOException | RuntimeException e) {
            fileFailed = true;
            err.println("[MPIGuard] cannot write " + file + " (" + e.getMessage()
                    + "); findings go to stderr only. Set report=DIR to a writable directory.");
        }
    }
}

package org.mpiguard.cli.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingFormat;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RankReport;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;

/** Findings written by the checker's own writer, as ranks leave them in a report directory. */
final class Findings {

    static final SiteRef RING_41 = new SiteRef("org.acme.Ring", "exchange", "Ring.java", 41);
    static final SiteRef RING_44 = new SiteRef("org.acme.Ring", "exchange", "Ring.java", 44);

    private Findings() {
    }

    /** Ranks 0 and 1 each receive first: a two-rank cycle; rank 2 finished. */
    static Finding deadlock() {
        return new Finding(FindingKind.DEADLOCK, Severity.ERROR, List.of(0, 1), "Comm.recv", RING_41,
                List.of(new RelatedCall(1, "Comm.recv", RING_44)),
                "Deadlock: ranks 0 and 1 can never continue.",
                List.of(new RankReport(0, "blocked", "Comm.recv", RING_41, "main", List.of(1), false,
                                List.of(RING_41, new SiteRef("org.acme.Ring", "main", "Ring.java", 12))),
                        new RankReport(1, "blocked", "Comm.recv", RING_44, "main", List.of(0), false),
                        new RankReport(2, "finished", "MPI.Finalize", new SiteRef("org.acme.Ring", "main",
                                "Ring.java", 60), "main")));
    }

    static Finding invalidArgument(int rank, SiteRef site, String message) {
        return new Finding(FindingKind.INVALID_ARGUMENT, Severity.ERROR, List.of(rank), "Comm.send", site, List.of(),
                message, List.of());
    }

    static Finding hazard(int rank) {
        return new Finding(FindingKind.BINDING_HAZARD, Severity.WARNING, List.of(rank), "Comm.recv", RING_44,
                List.of(), "stale elements", List.of());
    }

    static void write(Path dir, int rank, List<SiteRef> stack, Finding... findings) throws IOException {
        StringBuilder lines = new StringBuilder();
        for (Finding f : findings) {
            lines.append(FindingFormat.json(f, stack)).append('\n');
        }
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("findings-rank" + rank + ".jsonl"), lines, StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
    }

    /** A Maven layout holding Ring.java with a line per number, so excerpts can be checked. */
    static Path sources(Path base) throws IOException {
        Path file = base.resolve("src/main/java/org/acme/Ring.java");
        Files.createDirectories(file.getParent());
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 70; i++) {
            text.append(i == 41 ? "        comm.recv(buf, 1, MPI.INT, right, 0); // <b>line 41</b>" : "// line " + i)
                    .append('\n');
        }
        Files.writeString(file, text);
        Files.createDirectories(base.resolve(".git"));
        return file;
    }
}

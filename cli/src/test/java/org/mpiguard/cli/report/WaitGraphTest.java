package org.mpiguard.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WaitGraphTest {

    @TempDir
    Path dir;

    @Test
    void theDotFileHasEveryRankAndTheCycleInRed() throws Exception {
        Findings.write(dir, 0, List.of(), Findings.deadlock(), Findings.hazard(0));
        ReportWriter.Written written = ReportWriter.write(dir, dir, SourceFinder.of(dir, null), null);
        assertEquals(List.of(dir.resolve("deadlock-1.dot")), written.dots());
        String dot = Files.readString(written.dots().get(0));
        assertTrue(dot.startsWith("digraph \"deadlock-1\" {"));
        assertTrue(dot.contains("r0 -> r1 [color=\"#cc0000\", penwidth=3]"));
        assertTrue(dot.contains("r1 -> r0 [color=\"#cc0000\", penwidth=3]"));
        assertTrue(dot.contains("r2 [label=\"rank 2\\nfinished\\nMPI.Finalize\\nRing.java:60\""));
        assertFalse(dot.contains("r2 ->"), "a finished rank waits for nobody");
    }

    @Test
    void aWaitOutsideTheKnotIsDrawnButNotHighlighted() throws Exception {
        Findings.write(dir, 0, List.of(), Findings.deadlock());
        WaitGraph graph = new WaitGraph(FindingsDirectory.read(dir).findings().get(0));
        graph.edges().forEach(e -> assertTrue(graph.inCycle(e)));
        assertFalse(graph.inCycle(new WaitGraph.Edge(2, 0, false)));
    }

    @Test
    void writingAgainRemovesTheGraphsOfTheEarlierReport() throws Exception {
        Findings.write(dir, 0, List.of(), Findings.deadlock());
        ReportWriter.write(dir, dir, SourceFinder.of(dir, null), null);
        Files.delete(dir.resolve("findings-rank0.jsonl"));
        ReportWriter.write(dir, dir, SourceFinder.of(dir, null), null);
        assertFalse(Files.exists(dir.resolve("deadlock-1.dot")));
    }
}

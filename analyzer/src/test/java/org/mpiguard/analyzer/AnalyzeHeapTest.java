package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.ExitCodes;

/**
 * {@code mpiguard analyze} on traces whose whole form is larger than its heap: streamed, they
 * are analysed within it, with the findings a JVM of ample heap makes of them.
 */
class AnalyzeHeapTest {

    @TempDir
    Path dir;

    @Test
    void tracesLargerThanTheHeapAreAnalysedStreamedWithinIt() throws Exception {
        // 400,000 events: some 80 MB as whole traces (the analysis before streaming ran out of a 24 MB heap)
        ScaleTraceGenerator.write(dir, 16, 400_000);
        Path small = dir.resolve("small.jsonl");
        String said = analyse("-Xmx24m", small);
        assertTrue(said.contains("[MPIGuard] analysed ") && said.contains(" events of 16 ranks"), said);
        assertFalse(said.contains("Exception in thread"), said);
        assertFalse(said.contains("\tat "), said);
        Path ample = dir.resolve("ample.jsonl");
        analyse("-Xmx512m", ample);
        String findings = Files.readString(ample, StandardCharsets.UTF_8);
        assertTrue(findings.contains("message-race"), "the master's wildcard receives race: " + findings);
        assertEquals(findings, Files.readString(small, StandardCharsets.UTF_8));
    }

    private String analyse(String heap, Path findings) throws Exception {
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                heap, "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                AnalyzeCommand.class.getName(), "--predict", "off", "--out", findings.toString(), dir.toString()))
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the analysis ended");
        String said = Files.readString(out, StandardCharsets.UTF_8) + Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), said);
        return said;
    }
}

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

/** {@code mpiguard analyze} on traces larger than its heap: one line saying what to do, never a stack trace. */
class AnalyzeHeapTest {

    @TempDir
    Path dir;

    @Test
    void tracesLargerThanTheHeapAreSaidInOneLineWithTheWayOut() throws Exception {
        ScaleTraceGenerator.write(dir, 16, 400_000);
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx24m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                AnalyzeCommand.class.getName(), "--predict", "off", dir.toString()))
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the analysis ended");
        String said = Files.readString(out, StandardCharsets.UTF_8) + Files.readString(err, StandardCharsets.UTF_8);
        // where the heap runs out decides which line says it: the whole analysis (exit 66), or a
        // rank's trace read alone (left out with a note, the others analysed)
        boolean whole = p.exitValue() == ExitCodes.NO_READABLE_TRACE
                && said.contains("need more memory than this JVM's heap");
        boolean rankLeftOut = said.contains("holds more events than this JVM's heap can take");
        assertTrue(whole || rankLeftOut, "exit " + p.exitValue() + "\n" + said);
        assertTrue(said.contains("MPIGUARD_JAVA_OPTS=-Xmx"), said);
        assertFalse(said.contains("Exception in thread"), said);
        assertFalse(said.contains("\tat "), said);
    }
}

package org.mpiguard.advice.buffers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** NioAccess and NioLoopAccess are generated: the checked-in sources are exactly what their generator writes today. */
class NioAccessGeneratedTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    @Test
    void theCheckedInNioAccessIsWhatTheGeneratorWrites() throws Exception {
        Process p;
        try {
            p = new ProcessBuilder("python3", "scripts/gen-nio-access.py", dir.toString())
                    .directory(ROOT.toFile()).redirectErrorStream(true).start();
        } catch (java.io.IOException e) {
            assumeTrue(false, "python3 is not installed, so the generator cannot run here: " + e.getMessage());
            return;
        }
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(true, p.waitFor(60, TimeUnit.SECONDS), "the generator finished");
        assertEquals(0, p.exitValue(), "the generator ran: " + output);
        for (String file : new String[] {"NioAccess.java", "NioLoopAccess.java"}) {
            String checkedIn = Files.readString(ROOT.resolve("advice/src/main/java/org/mpiguard/advice/buffers/" + file));
            assertEquals(Files.readString(dir.resolve(file)), checkedIn,
                    file + " differs from what scripts/gen-nio-access.py writes: run it from the project root");
        }
    }
}

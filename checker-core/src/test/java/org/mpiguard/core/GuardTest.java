package org.mpiguard.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.options.Options;

class GuardTest {

    @Test
    void aFaultIsSaidOncePerPlaceNotOncePerProcess(@TempDir Path dir) throws Exception {
        Guard.configure(Options.parse("report=" + dir, null, new Properties()));
        Guard.rankKnown(3);
        Guard.fault("naming a new window", new IllegalStateException("first"));
        Guard.fault("naming a new window", new IllegalStateException("again"));
        Guard.fault("exchanging window sizes", new IllegalArgumentException("elsewhere"));
        List<String> lines = Files.readAllLines(dir.resolve("findings-rank3.jsonl"));
        assertEquals(2, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).contains("\"checker-fault\"") && lines.get(0).contains("first"), lines.get(0));
        assertTrue(lines.get(0).contains("\"ranks\":[3]"), lines.get(0));
        assertTrue(lines.get(1).contains("elsewhere"), lines.get(1));
    }
}

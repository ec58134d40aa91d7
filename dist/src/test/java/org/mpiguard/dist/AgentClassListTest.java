package org.mpiguard.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * The class list mpiguard run makes its archive of the agent from (agent-start.classlist,
 * written by scripts/agent-classlist.sh) is kept true: it names no class the agent jar lacks,
 * it holds what the first nonblocking and one-sided calls load, and the ranks of the demo's
 * correct twin take nearly all the agent's classes they load from the archive. Any failing
 * means: run scripts/agent-classlist.sh.
 */
class AgentClassListTest {

    private static final String LIST = "org/mpiguard/launch/agent-start.classlist";

    /** The launch library of the installation (lib/launch-VERSION.jar), which holds the list. */
    private static Path launchJar() throws IOException {
        try (Stream<Path> lib = Files.list(Installation.HOME.resolve("lib"))) {
            return lib.filter(p -> p.getFileName().toString().matches("launch-.*\\.jar")).findFirst()
                    .orElseThrow(() -> new AssertionError("no lib/launch-*.jar in " + Installation.HOME));
        }
    }

    /** The agent's classes the list names. */
    private static List<String> listedAgentClasses() throws IOException {
        List<String> listed = new ArrayList<>();
        try (ZipFile launch = new ZipFile(launchJar().toFile());
             InputStream in = launch.getInputStream(launch.getEntry(LIST))) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.startsWith("org/mpiguard/")) {
                    listed.add(line.strip());
                }
            }
        }
        return listed;
    }

    @Test
    void everyAgentClassTheListNamesIsInTheAgentJar() throws Exception {
        List<String> listed = listedAgentClasses();
        assertTrue(listed.size() > 100, "the list holds the agent's start: " + listed.size());
        TreeSet<String> missing = new TreeSet<>();
        try (ZipFile agent = new ZipFile(Installation.HOME.resolve("lib/mpiguard-agent.jar").toFile())) {
            for (String name : listed) {
                ZipEntry e = agent.getEntry(name + ".class");
                if (e == null) {
                    missing.add(name);
                }
            }
        }
        assertEquals(new TreeSet<>(), missing, "classes the list names that the agent no longer has:"
                + " run scripts/agent-classlist.sh");
    }

    /**
     * Not only the demo's blocking calls: the first nonblocking call, completion, buffer
     * access and one-sided epoch load classes of their own, which a job of such calls would
     * otherwise take from the jar on its first steps.
     */
    @Test
    void theListHoldsWhatNonblockingAndOneSidedFirstCallsLoad() throws Exception {
        List<String> listed = listedAgentClasses();
        for (String name : List.of("org/mpiguard/advice/RequestWaits", "org/mpiguard/advice/event/Completions",
                "org/mpiguard/advice/buffers/BufferWatch", "org/mpiguard/advice/gen/RequestCalls",
                "org/mpiguard/advice/gen/WinCalls", "org/mpiguard/core/args/RmaEpochs")) {
            assertTrue(listed.contains(name), name + " is not in the list: run scripts/agent-classlist.sh");
        }
    }

    @Test
    void theRanksTakeNearlyAllTheAgentsClassesFromTheArchive() throws Exception {
        Path work = Files.createTempDirectory("mpiguard-dist");
        Installation.Result r = Installation.runDemoLoggingClassLoads(work, 2, "HaloExchangeFixed");
        assertEquals(0, r.exitCode(), r.toString());
        List<Path> logs = Installation.classLoadLogs(work);
        assertEquals(2, logs.size(), logs.toString());
        for (Path log : logs) {
            int shared = 0;
            TreeSet<String> fromJar = new TreeSet<>();
            for (String line : Files.readAllLines(log)) {
                int at = line.indexOf(" org.mpiguard.");
                if (at < 0 || line.contains("org.mpiguard.programs.") || line.contains("$$Lambda")) {
                    continue;
                }
                if (line.contains("source: shared objects file")) {
                    shared++;
                } else {
                    fromJar.add(line.substring(at + 1, line.indexOf(' ', at + 1)));
                }
            }
            assertTrue(shared > 100, log + ": " + shared);
            assertTrue(fromJar.size() * 20 <= shared + fromJar.size(), "more than 5% of the agent's classes"
                    + " came from the jar, not the archive: run scripts/agent-classlist.sh\n" + fromJar);
        }
    }
}

package org.mpiguard.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An @MpiTest job on this machine's Open MPI: its ranks map the agent's classes from the archive. */
class ArchivedRanksTest {

    /**
     * The job's test, never run by the build itself (a nested class is not a test class). Four
     * ranks: Open MPI binds each of one or two ranks to a core, and a JVM on one core takes the
     * serial collector, with which JDK 17 maps no archived heap and so no module graph.
     */
    static class Fixtures {
        @MpiTest(ranks = 4, timeoutSeconds = 120)
        void barrier() throws MPIException {
            MPI.COMM_WORLD.barrier();
        }
    }

    @TempDir
    Path dir;

    @Test
    void theRanksOfAJobTakeTheAgentAndTheModuleGraphFromTheClassDataArchive() throws Exception {
        MpiSetup.Found found = MpiSetup.find();
        assertNotNull(found.setup(), "this machine has Open MPI: " + found.reason());
        ArchivedJava archived = found.setup().archived();
        assertNotNull(archived, "the archive is made for the agent and this JDK");
        assertTrue(Files.isRegularFile(archived.archive()), archived.toString());

        MpiTest test = Fixtures.class.getDeclaredMethod("barrier").getAnnotation(MpiTest.class);
        List<String> command = new ArrayList<>(new RankJob(found.setup(), test, dir.resolve("report"))
                .command(Fixtures.class.getName(), "barrier"));
        int archive = command.indexOf("-XX:SharedArchiveFile=" + archived.archive());
        assertTrue(archive > 0 && command.get(archive - 3).equals("env"), command.toString());
        // what each rank loaded, and from where (the later -Xlog wins over the command's cds=off for this file)
        command.add(archive + 1, "-Xlog:class+load,cds:file=" + dir.resolve("loaded-%p.txt"));
        Process job = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("job.out").toFile()).start();
        assertTrue(job.waitFor(120, TimeUnit.SECONDS), "the job ends");
        assertEquals(0, job.exitValue(), Files.readString(dir.resolve("job.out")));

        List<Path> logs = logs();
        assertEquals(4, logs.size(), "one log a rank: " + logs);
        for (Path log : logs) {
            String loaded = Files.readString(log);
            String cds = loaded.lines().filter(l -> l.contains("[cds")).reduce("", (a, b) -> a + b + "\n");
            assertTrue(loaded.contains("org.mpiguard.agent.MpiGuardAgent source: shared objects file"), log + "\n" + cds);
            assertTrue(loaded.contains("full module graph: enabled"), log + "\n" + cds);
            assertTrue(loaded.contains(Fixtures.class.getName() + " source: file:"), "the test's own class from"
                    + " the test class path\n" + log);
        }
    }

    @Test
    void withTheArchiveOffTheRanksStartWithTheBareFlag() throws Exception {
        String before = System.getProperty("mpiguard.classArchive");
        System.setProperty("mpiguard.classArchive", "off");
        try {
            MpiSetup setup = MpiSetup.find().setup();
            assertNotNull(setup);
            assertNull(setup.archived());
            MpiTest test = Fixtures.class.getDeclaredMethod("barrier").getAnnotation(MpiTest.class);
            List<String> command = new RankJob(setup, test, dir).command(Fixtures.class.getName(), "barrier");
            assertTrue(!command.contains("env") && command.stream().anyMatch(w -> w.startsWith("-javaagent:")),
                    command.toString());
        } finally {
            if (before == null) {
                System.clearProperty("mpiguard.classArchive");
            } else {
                System.setProperty("mpiguard.classArchive", before);
            }
        }
    }

    @Test
    void theEmbeddedAgentIsCopiedOnceIntoTheCacheUnderANameMadeOfItsContent() throws Exception {
        String given = System.getProperty("mpiguard.agentJar");
        System.clearProperty("mpiguard.agentJar");
        try {
            MpiSetup setup = MpiSetup.find().setup();
            assertNotNull(setup);
            Path jar = setup.agentJar();
            assertTrue(jar.getFileName().toString().matches("mpiguard-agent-[0-9a-f]{16}\\.jar"), jar.toString());
            assertEquals("agents", jar.getParent().getFileName().toString(), jar.toString());
            byte[] embedded;
            try (var in = MpiSetup.class.getClassLoader().getResourceAsStream(MpiSetup.EMBEDDED_AGENT)) {
                embedded = in.readAllBytes();
            }
            assertTrue(java.util.Arrays.equals(embedded, Files.readAllBytes(jar)), "the embedded agent, whole");
            long written = Files.getLastModifiedTime(jar).toMillis();
            Thread.sleep(20);
            // as the next test JVM would: no copy of its own yet, the cache's found
            var extracted = MpiSetup.class.getDeclaredField("extractedAgent");
            extracted.setAccessible(true);
            extracted.set(null, null);
            assertEquals(jar, MpiSetup.find().setup().agentJar());
            assertEquals(written, Files.getLastModifiedTime(jar).toMillis(), "never written again: an archive"
                    + " made for it checks its time");
            assertNotNull(setup.archived(), "the ranks of the copied agent start from an archive too");
        } finally {
            if (given != null) {
                System.setProperty("mpiguard.agentJar", given);
            }
        }
    }

    private List<Path> logs() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith("loaded-")).sorted().toList();
        }
    }
}

package org.mpiguard.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarOutputStream;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The archive is made once per JDK and jars, reused after, and a JDK that refuses leaves the ranks as they were. */
class ClassArchiveTest {

    private static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

    @TempDir
    Path dir;

    private Path jar(String name) throws IOException {
        Path jar = dir.resolve(name);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new ZipEntry("org/example/Nothing.txt"));
            out.write(1);
        }
        return jar;
    }

    @Test
    void anArchiveIsMadeOnceAndFoundAgainByTheSameJdkAndJars() throws IOException {
        Path agent = jar("agent.jar");
        StringWriter said = new StringWriter();
        ClassArchive archives = new ClassArchive(dir.resolve("cache"), new PrintWriter(said, true));
        Optional<Path> made = archives.archive(JAVA, List.of(agent));
        assertTrue(made.isPresent(), said.toString());
        assertTrue(Files.size(made.get()) > 1_000_000, "a real archive: " + Files.size(made.get()));
        assertTrue(said.toString().contains("made a class-data archive"), said.toString());
        FileTime first = Files.getLastModifiedTime(made.get());

        StringWriter again = new StringWriter();
        Optional<Path> found = new ClassArchive(dir.resolve("cache"), new PrintWriter(again, true)).archive(JAVA,
                List.of(agent));
        assertEquals(made, found);
        assertEquals(first, Files.getLastModifiedTime(found.get()), "not made again");
        assertEquals("", again.toString());
        try (var files = Files.list(made.get().getParent())) {
            assertEquals(List.of(made.get()), files.toList(), "no list, partial file or output left beside it");
        }
    }

    /** {@code count} files NAME0 to NAME(count-1) in {@code dir}, each written later than the one before. */
    private static Path olderFiles(Path dir, String name, String suffix, int count) throws IOException {
        Files.createDirectories(dir);
        for (int i = 0; i < count; i++) {
            Path old = Files.writeString(dir.resolve(name + i + suffix), "x");
            Files.setLastModifiedTime(old, FileTime.fromMillis(1_000_000L * (i + 1)));
        }
        return dir;
    }

    @Test
    void onlyTheNewestArchivesAreKept() throws IOException {
        Path archives = olderFiles(dir.resolve("cache/class-archives"), "agent-old", ".jsa", 6);
        Path other = Files.writeString(archives.resolve("agent-x.refused"), "kept: not an archive");
        Optional<Path> made = new ClassArchive(dir.resolve("cache"), new PrintWriter(new StringWriter(), true))
                .archive(JAVA, List.of(jar("agent.jar")));
        try (var files = Files.list(archives)) {
            assertEquals(List.of("agent-old3.jsa", "agent-old4.jsa", "agent-old5.jsa", "agent-x.refused",
                    made.orElseThrow().getFileName().toString()).stream().sorted().toList(),
                    files.map(p -> p.getFileName().toString()).sorted().toList());
        }
        assertTrue(Files.exists(other));
    }

    @Test
    void theCopiedAgentJarsOfEarlierVersionsAreBoundedToo() throws IOException {
        Path agents = olderFiles(dir.resolve("cache/agents"), "mpiguard-agent-old", ".jar", 5);
        Path kept = Files.writeString(agents.resolve("mpiguard-agent-new.jar"), "x");
        Files.setLastModifiedTime(kept, FileTime.fromMillis(1_000L));   // older than all: kept all the same
        Files.writeString(agents.resolve("mpiguard-agent-new.jar.123"), "a partial of another JVM: not ours");
        ClassArchive.keepNewest(kept, "mpiguard-agent-", ".jar");
        try (var files = Files.list(agents)) {
            assertEquals(List.of("mpiguard-agent-new.jar", "mpiguard-agent-new.jar.123", "mpiguard-agent-old2.jar",
                    "mpiguard-agent-old3.jar", "mpiguard-agent-old4.jar"),
                    files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void anotherJarMakesAnotherKey() throws IOException {
        Path real = JAVA.toRealPath();
        Path agent = jar("agent.jar");
        String before = ClassArchive.key(real, List.of(agent));
        assertEquals(before, ClassArchive.key(real, List.of(agent)));
        Files.setLastModifiedTime(agent, FileTime.fromMillis(Files.getLastModifiedTime(agent).toMillis() - 10_000));
        assertNotEquals(before, ClassArchive.key(real, List.of(agent)));
        assertNotEquals(ClassArchive.key(real, List.of(agent)), ClassArchive.key(real, List.of(agent, jar("mpi.jar"))));
    }

    @Test
    void aJdkThatRefusesIsNotedOnceAndNotAskedAgain() throws IOException {
        Path fakeHome = dir.resolve("jdk/bin");
        Files.createDirectories(fakeHome);
        Path fake = fakeHome.resolve("java");
        Files.writeString(fake, "#!/bin/sh\necho 'no sharing here' >&2\nexit 1\n");
        assertTrue(fake.toFile().setExecutable(true));
        StringWriter said = new StringWriter();
        ClassArchive archives = new ClassArchive(dir.resolve("cache"), new PrintWriter(said, true));
        assertEquals(Optional.empty(), archives.archive(fake, List.of(jar("agent.jar"))));
        assertTrue(said.toString().contains("made no class-data archive of the agent (exit 1)"), said.toString());
        Path refused;
        try (var files = Files.list(dir.resolve("cache/class-archives"))) {
            refused = files.filter(p -> p.toString().endsWith(".refused")).findFirst().orElseThrow();
        }
        assertTrue(Files.readString(refused).contains("no sharing here"), "what the JDK said is kept");
        StringWriter again = new StringWriter();
        assertEquals(Optional.empty(), new ClassArchive(dir.resolve("cache"), new PrintWriter(again, true))
                .archive(fake, List.of(dir.resolve("agent.jar"))));
        assertEquals("", again.toString(), "said once");
    }

    @Test
    void theClassListHoldsTheJdksAndTheAgentsClassesAsNamesOnly() throws IOException {
        List<String> names = ClassArchive.classList(JAVA.toRealPath());
        assertTrue(names.contains("java/lang/Object"), "the JDK's own list");
        assertTrue(names.contains("org/mpiguard/agent/MpiGuardAgent"), "the agent's start");
        assertTrue(names.contains("mpi/MPI"), "the bindings' start");
        assertFalse(names.stream().anyMatch(n -> n.startsWith("@") || n.contains(" ") || n.startsWith("#")), "names only");
    }

    @Test
    void theCacheDirectoryIsTheEnvironmentsChoice() {
        assertEquals(Path.of("/c"), ClassArchive.cacheDir(Map.of("MPIGUARD_CACHE", "/c", "XDG_CACHE_HOME", "/x")));
        assertEquals(Path.of("/x/mpiguard"), ClassArchive.cacheDir(Map.of("XDG_CACHE_HOME", "/x")));
        assertEquals(Path.of(System.getProperty("user.home"), ".cache", "mpiguard"), ClassArchive.cacheDir(Map.of()));
    }
}

package org.mpiguard.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which lines start from the archive and what their command is, over a fake Open MPI (a
 * launcher that says what it is, an ompi_info) and a fake java that makes an archive file.
 */
class ArchivedStartTest {

    @TempDir
    Path dir;

    private Path bin;
    private Path lib;
    private Path work;
    private Path agent;
    private Map<String, String> env;
    private final StringWriter said = new StringWriter();

    @BeforeEach
    void fakeInstallation() throws IOException {
        bin = Files.createDirectories(dir.resolve("jdk/bin"));
        lib = Files.createDirectories(dir.resolve("openmpi/lib"));
        work = Files.createDirectories(dir.resolve("work"));
        Files.writeString(lib.resolve("mpi.jar"), "");
        agent = Files.writeString(dir.resolve("mpiguard-agent.jar"), "");
        script("mpirun", "echo 'mpirun (Open MPI) 4.1.4'");
        script("srun", "echo 'slurm 23.02.6'");
        script("ompi_info", "echo 'path:libdir:" + lib + "'");
        // a dump writes the file its -XX:SharedArchiveFile= names, and its words to dump-args.txt
        script("java", "echo \"$@\" >> " + dir.resolve("dump-args.txt")
                + "; for a in \"$@\"; do case \"$a\" in -XX:SharedArchiveFile=*) echo jsa > \"${a#*=}\";; esac; done");
        env = Map.of("PATH", bin.toString());
    }

    private void script(String name, String body) throws IOException {
        Path p = Files.writeString(bin.resolve(name), "#!/bin/sh\n" + body + "\n");
        assertTrue(p.toFile().setExecutable(true));
    }

    private List<String> command(String... words) {
        return new ArchivedStart(dir.resolve("cache"), work, new PrintWriter(said, true))
                .command(JobLine.parse(List.of(words)), agent, "report=/r", env);
    }

    @Test
    void anOpenMpiLineStartsAsEnvJavaFromTheArchiveWithWhatMpirunWouldAdd() throws IOException {
        List<String> c = command("mpirun", "-np", "2", "java", "-Xmx1g", "-cp", "app.jar", "Main", "x");
        assertEquals(List.of("mpirun", "-np", "2", "env", "java", "-Xlog:cds=off"), c.subList(0, 6));
        Path archive = Path.of(c.get(6).substring("-XX:SharedArchiveFile=".length()));
        assertTrue(c.get(6).startsWith("-XX:SharedArchiveFile=") && Files.isRegularFile(archive), c.toString());
        assertEquals(dir.resolve("cache/class-archives"), archive.getParent());
        String mpiJar = lib.resolve("mpi.jar").toString();
        // the agent as the instrumentation library -javaagent stands for, and a dump without added
        // modules: either added module would make the JVM build its module graph instead of mapping it
        assertEquals(List.of("-agentlib:instrument=" + agent + "=report=/r", "-Djava.library.path=" + lib, "-Xmx1g",
                "-cp", agent + ":" + mpiJar + ":" + work + ":app.jar:" + mpiJar, "Main", "x"), c.subList(7, c.size()));
        String dump = Files.readString(dir.resolve("dump-args.txt"));
        assertTrue(dump.startsWith("-Xshare:dump ") && !dump.contains("--add-modules"), dump);
        assertTrue(said.toString().contains("made a class-data archive of the agent"), said.toString());
        assertEquals(c, command("mpirun", "-np", "2", "java", "-Xmx1g", "-cp", "app.jar", "Main", "x"), "the same again");
    }

    @Test
    void otherLaunchersAndLinesMpirunTreatsOtherwiseStartAsWritten() {
        List<String> plain = List.of("srun", "-n", "2", "java", "-cp", "a", "-javaagent:" + agent + "=report=/r",
                "Main");
        assertEquals(plain, command("srun", "-n", "2", "java", "-cp", "a", "Main"));
        assertEquals(List.of("mpirun", "java", "-javaagent:" + agent + "=report=/r", "-jar", "app.jar"),
                command("mpirun", "java", "-jar", "app.jar"));
        assertEquals(List.of("mpirun", "-wdir", "/x", "java", "-cp", "a", "-javaagent:" + agent + "=report=/r", "M"),
                command("mpirun", "-wdir", "/x", "java", "-cp", "a", "M"));
    }

    @Test
    void aCacheDirectoryWhosePathTheArchiveFlagWouldSplitIsNotUsed() {
        List<String> c = new ArchivedStart(dir.resolve("a:b"), work, new PrintWriter(said, true))
                .command(JobLine.parse(List.of("mpirun", "java", "-cp", "a", "Main")), agent, "report=/r", env);
        assertEquals(List.of("mpirun", "java", "-cp", "a", "-javaagent:" + agent + "=report=/r", "Main"), c);
    }

    @Test
    void aClassPathNoPathCanBeStartsAsWrittenRatherThanFailing() {
        assertEquals(List.of("mpirun", "java", "-cp", "a\0b", "-javaagent:" + agent + "=report=/r", "Main"),
                command("mpirun", "java", "-cp", "a\0b", "Main"));
    }

    @Test
    void aJavaThatMakesNoArchiveLeavesTheLineAsWritten() throws IOException {
        script("java", "echo 'sharing is off here' >&2; exit 1");
        assertEquals(List.of("mpirun", "java", "-cp", "a", "-javaagent:" + agent + "=report=/r", "Main"),
                command("mpirun", "java", "-cp", "a", "Main"));
        assertTrue(said.toString().contains("made no class-data archive"), said.toString());
    }

    @Test
    void theProgramsOwnBindingsJarIsTheOneArchivedAndLeads() {
        Path own = dir.resolve("m2/mpi-4.1.4.jar");
        List<String> c;
        try {
            Files.createDirectories(own.getParent());
            Files.writeString(own, "");
            c = command("mpirun", "java", "-cp", own + ":app.jar", "Main");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        String cp = c.get(c.indexOf("-cp") + 1);
        assertTrue(cp.startsWith(agent + ":" + own + ":" + work + ":" + own + ":app.jar:"), cp);
    }
}

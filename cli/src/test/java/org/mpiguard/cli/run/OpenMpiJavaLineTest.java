package org.mpiguard.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The java part of an Open MPI line as the launcher would make it (orted_submit.c of 4.1):
 * what {@code env java} must be given so the program sees what it saw under {@code java}.
 */
class OpenMpiJavaLineTest {

    private static final Path WORK = Path.of("/home/u/job");
    private static final Path AGENT = Path.of("/opt/mpiguard/lib/mpiguard-agent.jar");

    @TempDir
    Path libDir;

    private OpenMpiJavaLine line(String... words) {
        return OpenMpiJavaLine.of(JobLine.parse(List.of(words)), WORK, libDir).orElseThrow();
    }

    private boolean taken(String... words) {
        return OpenMpiJavaLine.of(JobLine.parse(List.of(words)), WORK, libDir).isPresent();
    }

    @Test
    void theWorkingDirectoryLeadsTheClassPathAfterTheArchivedJarsAndTheLibraryPathIsAdded() {
        List<String> args = line("mpirun", "-np", "4", "java", "-Xmx1g", "-cp", "app.jar:lib/*", "com.acme.Main", "x")
                .javaArgs(List.of(AGENT), Map.of());
        assertEquals(List.of("-Djava.library.path=" + libDir, "-Xmx1g", "-cp",
                AGENT + ":" + WORK + ":app.jar:lib/*", "com.acme.Main", "x"), args);
    }

    @Test
    void theLibrarysMpiJarIsAppendedUnlessTheClassPathNamesOne() throws IOException {
        Files.writeString(libDir.resolve("mpi.jar"), "");
        assertEquals(WORK + ":app.jar:" + libDir.resolve("mpi.jar"),
                line("mpirun", "java", "-cp", "app.jar", "Main").launcherClassPath(Map.of()));
        assertEquals(WORK + ":/x/mpi.jar:app.jar",
                line("mpirun", "java", "-classpath", "/x/mpi.jar:app.jar", "Main").launcherClassPath(Map.of()));
    }

    @Test
    void withoutAClassPathOptionTheEnvironmentsClassPathOrTheWorkingDirectoryIsGiven() throws IOException {
        Files.writeString(libDir.resolve("mpi.jar"), "");
        assertEquals(WORK + ":/env/a.jar:" + libDir.resolve("mpi.jar"),
                line("mpirun", "java", "Main").launcherClassPath(Map.of("CLASSPATH", "/env/a.jar")));
        List<String> args = line("mpirun", "java", "Main").javaArgs(List.of(AGENT), Map.of());
        assertEquals(List.of("-Djava.library.path=" + libDir, "-cp",
                AGENT + ":" + WORK + ":" + libDir.resolve("mpi.jar"), "Main"), args);
    }

    @Test
    void aGivenLibraryPathGainsTheLibraryDirectoryOnce() {
        assertEquals(List.of("-Djava.library.path=/mine:" + libDir, "-cp", AGENT + ":" + WORK + ":a", "Main"),
                line("mpirun", "java", "-Djava.library.path=/mine", "-cp", "a", "Main").javaArgs(List.of(AGENT),
                        Map.of()));
        String already = "-Djava.library.path=" + libDir;
        assertEquals(already, line("mpirun", "java", already, "-cp", "a", "Main").javaArgs(List.of(), Map.of()).get(0));
    }

    @Test
    void whatTheLauncherWouldTreatOtherwiseIsLeftToIt() {
        assertTrue(taken("mpirun", "-np", "2", "java", "-cp", "a", "Main"));
        // the launcher takes the first word holding "cp" for the class path option
        assertEquals(false, taken("mpirun", "java", "-Dapp.cpus=4", "-cp", "a", "Main"));
        assertEquals(false, taken("mpirun", "java", "Main", "--cpus", "4"));
        assertEquals(false, taken("mpirun", "java", "--class-path", "a", "Main"));
        assertEquals(false, taken("mpirun", "java", "-jar", "app.jar"));
        assertEquals(false, taken("mpirun", "java", "-p", "mods", "-m", "app/app.Main"));
        assertEquals(false, taken("mpirun", "java", "-XX:SharedArchiveFile=mine.jsa", "-cp", "a", "Main"));
        assertEquals(false, taken("mpirun", "java", "-Xshare:off", "-cp", "a", "Main"));
        assertEquals(false, taken("mpirun", "-wdir", "/elsewhere", "java", "-cp", "a", "Main"));
        assertEquals(false, taken("mpirun", "-np", "1", "java", "-cp", "a", "A", ":", "-np", "1", "java", "B"));
        assertEquals(false, taken("mpirun", "java", "-Djava.library.path", "-cp", "a", "Main"));
    }

    @Test
    void aProgramArgumentHoldingCpIsTheProgramsWhenTheClassPathCameFirst() {
        assertEquals(List.of("-Djava.library.path=" + libDir, "-cp", WORK + ":a", "Main", "--cpus", "4"),
                line("mpirun", "java", "-cp", "a", "Main", "--cpus", "4").javaArgs(List.of(), Map.of()));
    }
}

package org.mpiguard.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which launchers are Open MPI's, and where their library is, asked once and kept. */
class OpenMpiLauncherTest {

    @TempDir
    Path dir;

    @Test
    void openMpisVersionLineIsKnownAndOthersAreNot() {
        assertTrue(OpenMpiLauncher.isOpenMpi("mpirun (Open MPI) 4.1.4\n\nReport bugs to http://www.open-mpi.org/"));
        assertTrue(OpenMpiLauncher.isOpenMpi("mpirun (OpenRTE) 1.6.5"));
        assertFalse(OpenMpiLauncher.isOpenMpi("HYDRA build details:\n    Version:  4.0.2"));
        assertFalse(OpenMpiLauncher.isOpenMpi("slurm 23.02.6"));
    }

    @Test
    void theLibraryDirectoryIsReadFromOmpiInfosParsableLine() {
        assertEquals(Optional.of(Path.of("/usr/lib/x86_64-linux-gnu/openmpi/lib")),
                OpenMpiLauncher.parseLibDir("path:libdir:/usr/lib/x86_64-linux-gnu/openmpi/lib\n"));
        assertEquals(Optional.empty(), OpenMpiLauncher.parseLibDir("ompi_info: command not found"));
    }

    @Test
    void aFakeOpenMpiIsAskedForItsLibraryOnceThenTheCacheAnswers() throws IOException {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path asked = dir.resolve("asked");
        script(bin.resolve("mpirun"), "echo 'mpirun (Open MPI) 4.1.4'");
        script(bin.resolve("ompi_info"), "echo x >> " + asked + "\necho 'path:libdir:" + lib + "'");
        Path cache = dir.resolve("cache");
        assertEquals(Optional.of(lib), OpenMpiLauncher.libDir(bin.resolve("mpirun"), cache));
        assertEquals(Optional.of(lib), OpenMpiLauncher.libDir(bin.resolve("mpirun"), cache));
        assertEquals(1, Files.readAllLines(asked).size(), "ompi_info asked once");
        script(bin.resolve("srun"), "echo 'slurm 23.02.6'");
        assertEquals(Optional.empty(), OpenMpiLauncher.libDir(bin.resolve("srun"), cache));
        assertEquals(Optional.empty(), OpenMpiLauncher.libDir(bin.resolve("absent"), cache));
    }

    private static void script(Path p, String body) throws IOException {
        Files.writeString(p, "#!/bin/sh\n" + body + "\n");
        assertTrue(p.toFile().setExecutable(true));
    }
}

package org.mpiguard.launch;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Whether a launcher is Open MPI's, and its library directory (where {@code libmpi_java.so}
 * and {@code mpi.jar} are). The launcher says what it is in a few milliseconds; the library
 * directory takes {@code ompi_info} a third of a second, so it is kept in the cache directory
 * per launcher (its real path, size and time).
 */
public final class OpenMpiLauncher {

    private static final int SECONDS = 20;

    private OpenMpiLauncher() {
    }

    /** Open MPI's library directory when {@code launcher} (a path) is Open MPI's, else empty. */
    public static Optional<Path> libDir(Path launcher, Path cacheDir) {
        try {
            Path real = launcher.toRealPath();
            if (!isOpenMpi(output(List.of(real.toString(), "--version")))) {
                return Optional.empty();
            }
            String key = real + " " + Files.size(real) + " " + Files.getLastModifiedTime(real).toMillis();
            Path cached = cacheDir.resolve("openmpi-libdir-" + Integer.toHexString(key.hashCode()) + ".txt");
            if (Files.isRegularFile(cached)) {
                List<String> lines = Files.readAllLines(cached, StandardCharsets.UTF_8);
                if (lines.size() == 2 && lines.get(0).equals(key) && Files.isDirectory(Path.of(lines.get(1)))) {
                    return Optional.of(Path.of(lines.get(1)));
                }
            }
            Path info = real.resolveSibling("ompi_info");
            Optional<Path> dir = parseLibDir(output(List.of(Files.isExecutable(info) ? info.toString() : "ompi_info",
                    "--path", "libdir", "--parsable")));
            if (dir.isPresent() && Files.isDirectory(dir.get())) {
                Files.createDirectories(cacheDir);
                Path partial = cached.resolveSibling(cached.getFileName() + "." + ProcessHandle.current().pid());
                Files.writeString(partial, key + "\n" + dir.get() + "\n", StandardCharsets.UTF_8);
                ClassArchive.moveIntoPlace(partial, cached);
                return dir;
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The class path Open MPI's launcher gives a command named {@code java}
     * ({@code orte/orted/orted_submit.c} of Open MPI 4.1): its working directory, the line's
     * class path ({@code given}, or null for none), then its {@code mpi.jar} and
     * {@code shmem.jar} when the class path names neither.
     */
    public static String javaClassPath(Path workDir, String given, Path libDir) {
        StringBuilder cp = new StringBuilder(workDir.toString());
        if (given != null) {
            cp.append(File.pathSeparatorChar).append(given);
        }
        for (String jar : new String[] {"mpi.jar", "shmem.jar"}) {
            Path file = libDir.resolve(jar);
            if (Files.isRegularFile(file) && (given == null || !given.contains(jar))) {
                cp.append(File.pathSeparatorChar).append(file);
            }
        }
        return cp.toString();
    }

    /** {@code mpirun --version}'s first line names Open MPI (or, before 1.7, its run-time environment). */
    static boolean isOpenMpi(String versionOutput) {
        return versionOutput.contains("(Open MPI)") || versionOutput.contains("(OpenRTE)");
    }

    /** {@code ompi_info --path libdir --parsable} prints {@code path:libdir:/usr/lib/...}. */
    static Optional<Path> parseLibDir(String output) {
        for (String line : output.split("\n")) {
            if (line.startsWith("path:libdir:")) {
                return Optional.of(Path.of(line.substring("path:libdir:".length()).strip()));
            }
        }
        return Optional.empty();
    }

    private static String output(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            p.getOutputStream().close();
            if (!p.waitFor(SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "";
            }
            return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            return "";
        }
    }
}

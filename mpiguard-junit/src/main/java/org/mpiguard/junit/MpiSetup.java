package org.mpiguard.junit;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * What an MPI test needs on this machine: mpirun, the bindings on the test class path, the
 * agent jar and this JVM's java. Each is found once; a missing one is a reason to skip the
 * test, said in the words a user acts on, never a stack trace.
 *
 * @param mpirun    the launcher ({@code mpiguard.mpirun} property, {@code MPIGUARD_MPIRUN}, else mpirun on PATH)
 * @param agentJar  the agent ({@code mpiguard.agentJar} property, {@code MPIGUARD_AGENT_JAR}, else the copy inside this jar)
 * @param java      the java of the JVM running the tests
 * @param classPath the class path the ranks run with ({@code mpiguard.classpath}, else this JVM's)
 */
record MpiSetup(Path mpirun, Path agentJar, Path java, String classPath) {

    static final String EMBEDDED_AGENT = "META-INF/mpiguard/mpiguard-agent.jar";

    private static volatile Path extractedAgent;

    /** This machine's setup, or the reason no MPI test can run here. */
    static Found find() {
        Path mpirun = launcher();
        if (mpirun == null) {
            return new Found(null, "mpirun was not found on PATH: install Open MPI (with its Java bindings) or name"
                    + " the launcher with -Dmpiguard.mpirun=PATH");
        }
        if (MpiSetup.class.getClassLoader().getResource("mpi/MPI.class") == null) {
            return new Found(null, "the Open MPI Java bindings (mpi.jar, package mpi) are not on the test class path:"
                    + " add them as a test dependency");
        }
        Path agent;
        try {
            agent = locateAgent();
        } catch (IOException e) {
            return new Found(null, "the MPIGuard agent jar could not be copied out of mpiguard-junit: " + e.getMessage());
        }
        if (agent == null || !Files.isRegularFile(agent)) {
            return new Found(null, "the MPIGuard agent jar " + (agent == null ? "" : agent + " ") + "was not found:"
                    + " give it with -Dmpiguard.agentJar=PATH");
        }
        String classPath = setting("mpiguard.classpath", null, System.getProperty("java.class.path"));
        return new Found(new MpiSetup(mpirun, agent, Path.of(System.getProperty("java.home"), "bin", "java"),
                classPath), null);
    }

    /** @param setup null when the tests cannot run; then {@code reason} says why */
    record Found(MpiSetup setup, String reason) {
    }

    private static Path launcher() {
        String named = setting("mpiguard.mpirun", "MPIGUARD_MPIRUN", "mpirun");
        if (named.contains("/")) {
            Path p = Path.of(named);
            return Files.isExecutable(p) ? p : null;
        }
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, named);
            if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                return p;
            }
        }
        return null;
    }

    private static Path locateAgent() throws IOException {
        String given = setting("mpiguard.agentJar", "MPIGUARD_AGENT_JAR", null);
        if (given != null) {
            return Path.of(given).toAbsolutePath();
        }
        if (extractedAgent == null) {
            synchronized (MpiSetup.class) {
                if (extractedAgent == null) {
                    extractedAgent = extract();
                }
            }
        }
        return extractedAgent;
    }

    /** The agent inside this jar, copied to a file once per JVM: -javaagent takes a file. */
    private static Path extract() throws IOException {
        try (InputStream in = MpiSetup.class.getClassLoader().getResourceAsStream(EMBEDDED_AGENT)) {
            if (in == null) {
                return null;
            }
            Path dir = Files.createTempDirectory("mpiguard-junit");
            Path jar = dir.resolve("mpiguard-agent.jar");
            Files.copy(in, jar, StandardCopyOption.REPLACE_EXISTING);
            jar.toFile().deleteOnExit();
            dir.toFile().deleteOnExit();
            return jar;
        }
    }

    private static String setting(String property, String variable, String fallback) {
        String value = System.getProperty(property);
        if ((value == null || value.isBlank()) && variable != null) {
            value = System.getenv(variable);
        }
        return value == null || value.isBlank() ? fallback : value;
    }
}

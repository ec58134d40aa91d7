package org.mpiguard.junit;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.mpiguard.launch.ClassArchive;

/**
 * What an MPI test needs on this machine: mpirun, the bindings on the test class path, the
 * agent jar and this JVM's java. Each is found once; a missing one is a reason to skip the
 * test, said in the words a user acts on, never a stack trace.
 *
 * @param mpirun    the launcher ({@code mpiguard.mpirun} property, {@code MPIGUARD_MPIRUN}, else mpirun on PATH)
 * @param agentJar  the agent ({@code mpiguard.agentJar} property, {@code MPIGUARD_AGENT_JAR}, else the copy inside this jar)
 * @param java      the java of the JVM running the tests
 * @param classPath the class path the ranks run with ({@code mpiguard.classpath}, else this JVM's)
 * @param archived  how the ranks start from the class-data archive of the agent, or null: with the
 *                  bare flag ({@code mpiguard.classArchive} property or {@code MPIGUARD_CLASS_ARCHIVE}
 *                  {@code off}, a launcher other than Open MPI's, no archive to be had)
 */
record MpiSetup(Path mpirun, Path agentJar, Path java, String classPath, ArchivedJava archived) {

    static final String EMBEDDED_AGENT = "META-INF/mpiguard/mpiguard-agent.jar";

    private static volatile Path extractedAgent;
    /** The archive for each launcher, java, agent and class path, looked for (and made) once per test JVM. */
    private static final Map<String, Optional<ArchivedJava>> ARCHIVED = new ConcurrentHashMap<>();

    /** Ranks started with the bare flag. */
    MpiSetup(Path mpirun, Path agentJar, Path java, String classPath) {
        this(mpirun, agentJar, java, classPath, null);
    }

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
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return new Found(new MpiSetup(mpirun, agent, java, classPath, archived(mpirun, java, agent, classPath)), null);
    }

    private static ArchivedJava archived(Path mpirun, Path java, Path agent, String classPath) {
        if ("off".equals(setting("mpiguard.classArchive", "MPIGUARD_CLASS_ARCHIVE", "on"))) {
            return null;
        }
        // the ranks' class path as RankJob gives it: the agent's classes first
        String ranksClassPath = agent + File.pathSeparator + classPath;
        return ARCHIVED.computeIfAbsent(mpirun + "\n" + java + "\n" + ranksClassPath,
                key -> Optional.ofNullable(ArchivedJava.find(mpirun, java, agent, ranksClassPath, System.getenv(),
                        new PrintWriter(System.err, true)))).orElse(null);
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

    /**
     * The agent inside this jar as a file (-javaagent takes a file): in the cache directory under
     * a name made of its content, written once and then left as it is, so that every test JVM
     * names the same file and the class-data archive made for it stays valid (an archive checks
     * its jars' size and time); a copy of this JVM's own where the cache cannot be written.
     */
    private static Path extract() throws IOException {
        byte[] bytes;
        try (InputStream in = MpiSetup.class.getClassLoader().getResourceAsStream(EMBEDDED_AGENT)) {
            if (in == null) {
                return null;
            }
            bytes = in.readAllBytes();
        }
        try {
            Path jar = ClassArchive.cacheDir(System.getenv()).resolve("agents")
                    .resolve("mpiguard-agent-" + contentKey(bytes) + ".jar");
            if (!Files.isRegularFile(jar) || Files.size(jar) != bytes.length) {
                Files.createDirectories(jar.getParent());
                Path partial = jar.resolveSibling(jar.getFileName() + "." + ProcessHandle.current().pid());
                Files.write(partial, bytes);
                ClassArchive.moveIntoPlace(partial, jar);
                ClassArchive.keepNewest(jar, "mpiguard-agent-", ".jar");   // one jar a version
            }
            return jar;
        } catch (IOException | RuntimeException e) {
            Path dir = Files.createTempDirectory("mpiguard-junit");
            Path jar = dir.resolve("mpiguard-agent.jar");
            Files.write(jar, bytes);
            jar.toFile().deleteOnExit();
            dir.toFile().deleteOnExit();
            return jar;
        }
    }

    private static String contentKey(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
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

package org.mpiguard.launch;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A class-data-sharing archive of the agent for one JDK: the agent's classes (and the JDK's
 * and the bindings' that its start loads) parsed, verified and laid out once, mapped by every
 * rank. Without it each rank's JVM reads and verifies some 150 classes of the agent at start:
 * a third of what the agent costs a hello world (docs/overhead.md, stop 50). Used by
 * {@code mpiguard run} and by {@code @MpiTest}'s jobs alike.
 *
 * <p>Made once per JDK, agent jar and bindings jar ({@link #key}), in the cache directory
 * ({@code MPIGUARD_CACHE}, else {@code $XDG_CACHE_HOME/mpiguard}, else
 * {@code ~/.cache/mpiguard}), by {@code java -Xshare:dump} over the class list shipped here
 * ({@code agent-start.classlist}, the classes runs of the bundled correct programs load, made by
 * {@code scripts/agent-classlist.sh}) and the JDK's own; written under a name of its own and
 * moved into place, so two commands making it at once never see half of one. A JDK that
 * refuses to make one leaves a note beside where it would be and is not asked again. Every
 * failure only means the ranks start without an archive, as they would with the bare flag.
 * The ranks then name the agent as {@link #agentLibrary}.
 */
public final class ClassArchive {

    public static final String CACHE_VARIABLE = "MPIGUARD_CACHE";
    static final String CLASS_LIST = "agent-start.classlist";
    private static final int DUMP_SECONDS = 120;
    static final int KEPT = 4;
    /** How archives are made: a change makes every cached one stale (2: with the module graph, no added modules). */
    private static final String DUMP_FORMAT = "dump 2";

    private final Path cacheDir;
    private final PrintWriter err;

    public ClassArchive(Path cacheDir, PrintWriter err) {
        this.cacheDir = cacheDir;
        this.err = err;
    }

    /**
     * The agent as the JVM's own instrumentation library, which is what the JVM turns
     * {@code -javaagent:JAR=OPTIONS} into. The flag also adds {@code java.instrument} to the
     * root modules, and any added root module makes JDK 17 to 22 set the archive's module graph
     * aside and build it again at every start (some 45 ms of CPU a JVM: docs/overhead.md, stop
     * 52). A program on the class path has {@code java.instrument} among its default roots
     * anyway, so the library loads the same agent with the graph taken from the archive; the
     * archive is made without added modules to match.
     */
    public static String agentLibrary(Path agentJar, String agentOptions) {
        return "-agentlib:instrument=" + agentJar + (agentOptions.isEmpty() ? "" : "=" + agentOptions);
    }

    /**
     * The options a rank started from {@code archive} begins with: quiet about the archive (a
     * node without it, a home not shared, starts without it, silently on every JDK), the
     * archive, and the agent as {@link #agentLibrary}.
     */
    public static List<String> rankOptions(Path archive, Path agentJar, String agentOptions) {
        return List.of("-Xlog:cds=off", "-XX:SharedArchiveFile=" + archive, agentLibrary(agentJar, agentOptions));
    }

    /**
     * The archive's class path for ranks whose class path is {@code classPathEntries}: the agent
     * jar, then the bindings jar the ranks take {@code mpi.*} from, the first on their class path
     * ({@code mpi.jar} or {@code mpi-VERSION.jar}, the program's own copy or Open MPI's). Without
     * it in the archive the agent's classes that name the bindings' types cannot be verified at
     * the dump and are left out of it. Leading the class path it is still the copy the ranks
     * load, unless a jar before it bundles the bindings too.
     */
    public static List<Path> archivedClassPath(Path agentJar, List<String> classPathEntries) {
        List<Path> archived = new ArrayList<>(List.of(agentJar));
        for (String entry : classPathEntries) {
            Path file = Path.of(entry);
            String name = file.getFileName() == null ? "" : file.getFileName().toString();
            if ((name.equals("mpi.jar") || name.startsWith("mpi-") && name.endsWith(".jar")) && Files.isRegularFile(file)) {
                archived.add(file.toAbsolutePath().normalize());
                break;
            }
        }
        return archived;
    }

    /** The cache directory the environment names. */
    public static Path cacheDir(Map<String, String> environment) {
        String given = environment.get(CACHE_VARIABLE);
        if (given != null && !given.isBlank()) {
            return Path.of(given);
        }
        String xdg = environment.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("mpiguard");
    }

    /**
     * The archive for {@code java} over {@code classPath} (the agent jar first), made now when
     * there is none yet; empty when it cannot be had.
     */
    public Optional<Path> archive(Path java, List<Path> classPath) {
        if (cacheDir.toString().contains(File.pathSeparator)) {
            return Optional.empty(); // -XX:SharedArchiveFile takes "base:top": such a path would be read as two archives
        }
        try {
            Path jdk = java.toRealPath();
            Path dir = cacheDir.resolve("class-archives");
            String key = key(jdk, classPath);
            Path archive = dir.resolve("agent-" + key + ".jsa");
            if (Files.isRegularFile(archive)) {
                return Optional.of(archive);
            }
            Path refused = dir.resolve("agent-" + key + ".refused");
            if (Files.exists(refused)) {
                return Optional.empty();
            }
            Files.createDirectories(dir);
            return dump(jdk, classPath, archive, refused);
        } catch (IOException | RuntimeException e) {
            err.println("[mpiguard] the ranks start without a class-data archive of the agent: " + e.getMessage());
            return Optional.empty();
        }
    }

    private Optional<Path> dump(Path jdk, List<Path> classPath, Path archive, Path refused) throws IOException {
        String unique = archive.getFileName() + "." + ProcessHandle.current().pid();
        Path list = archive.resolveSibling(unique + ".classlist");
        Path partial = archive.resolveSibling(unique + ".partial");
        Path output = archive.resolveSibling(unique + ".out");
        try {
            Files.write(list, classList(jdk), StandardCharsets.UTF_8);
            // no added modules, as the ranks start (the agent as a library: agentLibrary), so the
            // archive holds the module graph too
            List<String> command = new ArrayList<>(List.of(jdk.toString(), "-Xshare:dump", "-XX:SharedClassListFile=" + list,
                    "-XX:SharedArchiveFile=" + partial, "-cp", joined(classPath)));
            long start = System.nanoTime();
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
            boolean ended = p.waitFor(DUMP_SECONDS, TimeUnit.SECONDS);
            if (!ended) {
                p.destroyForcibly();
            }
            if (!ended) {
                // a machine too loaded to dump in time may manage next time: nothing is noted
                err.println("[mpiguard] " + jdk + " made no class-data archive of the agent in " + DUMP_SECONDS
                        + " s; the ranks start without one");
                return Optional.empty();
            }
            if (p.exitValue() != 0 || !Files.isRegularFile(partial)) {
                Files.move(output, refused, StandardCopyOption.REPLACE_EXISTING);
                err.println("[mpiguard] " + jdk + " made no class-data archive of the agent (exit " + p.exitValue()
                        + "); the ranks start without one (what it said: " + refused + ")");
                return Optional.empty();
            }
            moveIntoPlace(partial, archive);
            pruneBeside(archive);
            err.printf("[mpiguard] made a class-data archive of the agent for %s in %.1f s: %s%n", jdk,
                    (System.nanoTime() - start) / 1e9, archive);
            return Optional.of(archive);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } finally {
            Files.deleteIfExists(list);
            Files.deleteIfExists(partial);
            Files.deleteIfExists(output);
        }
    }

    /**
     * Keeps the newest {@link #KEPT} archives of the agent beside a new one: each new jar (every
     * build, every upgrade) makes one of some 15 MB, and the old ones serve no JDK any more.
     */
    static void pruneBeside(Path archive) throws IOException {
        keepNewest(archive, "agent-", ".jsa");
    }

    /**
     * Keeps {@code kept} and the newest of the other files beside it whose names start with
     * {@code prefix} and end with {@code suffix}, {@link #KEPT} in all: what a cache holds one of
     * per version (archives, the agent jars {@code @MpiTest} copies out) stays bounded.
     */
    public static void keepNewest(Path kept, String prefix, String suffix) throws IOException {
        List<Path> others = new ArrayList<>();
        try (var files = Files.list(kept.getParent())) {
            files.filter(p -> p.getFileName().toString().startsWith(prefix) && p.toString().endsWith(suffix))
                    .forEach(others::add);
        }
        others.remove(kept);
        others.sort((a, b) -> Long.compare(modified(b), modified(a)));
        for (Path old : others.subList(Math.min(KEPT - 1, others.size()), others.size())) {
            Files.deleteIfExists(old);
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    /** Renamed into place whole (atomically where the file system can), so a reader never sees half a file. */
    public static void moveIntoPlace(Path partial, Path archive) throws IOException {
        try {
            Files.move(partial, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(partial, archive, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** The JDK's own class list (its default archive's) and the agent's start, names only. */
    static List<String> classList(Path java) throws IOException {
        Set<String> names = new LinkedHashSet<>();
        Path jdkList = java.getParent().resolveSibling("lib").resolve("classlist");
        if (Files.isRegularFile(jdkList)) {
            addNames(Files.readAllLines(jdkList, StandardCharsets.UTF_8), names);
        }
        try (InputStream in = ClassArchive.class.getResourceAsStream(CLASS_LIST)) {
            if (in == null) {
                throw new IOException("this installation lacks its " + CLASS_LIST);
            }
            addNames(List.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")), names);
        }
        return new ArrayList<>(names);
    }

    /** Class names only: a list's lambda and id annotations differ from JDK to JDK. */
    private static void addNames(List<String> lines, Set<String> into) {
        for (String line : lines) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#") || l.startsWith("@")) {
                continue;
            }
            int space = l.indexOf(' ');
            into.add(space < 0 ? l : l.substring(0, space));
        }
    }

    /** Which JDK (its path and release, its VM library's size and time) and which jars: any change makes a new archive. */
    static String key(Path realJava, List<Path> classPath) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        Path home = realJava.getParent().getParent();
        StringBuilder what = new StringBuilder(DUMP_FORMAT).append('\n').append(realJava).append('\n');
        Path release = home.resolve("release");
        if (Files.isRegularFile(release)) {
            what.append(Files.readString(release, StandardCharsets.UTF_8));
        }
        for (Path p : List.of(home.resolve("lib/server/libjvm.so"), home.resolve("lib/modules"))) {
            if (Files.isRegularFile(p)) {
                what.append(p).append(' ').append(Files.size(p)).append(' ')
                        .append(Files.getLastModifiedTime(p).toMillis()).append('\n');
            }
        }
        for (Path jar : classPath) {
            Path real = jar.toRealPath();
            what.append(real).append(' ').append(Files.size(real)).append(' ')
                    .append(Files.getLastModifiedTime(real).toMillis()).append('\n');
        }
        byte[] hash = digest.digest(what.toString().getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(hash, 0, 8);
    }

    static String joined(List<Path> classPath) {
        StringBuilder s = new StringBuilder();
        for (Path p : classPath) {
            s.append(s.length() == 0 ? "" : File.pathSeparator).append(p);
        }
        return s.toString();
    }
}

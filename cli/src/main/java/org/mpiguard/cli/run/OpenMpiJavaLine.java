package org.mpiguard.cli.run;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.mpiguard.launch.JvmOptionPlacement;
import org.mpiguard.launch.OpenMpiLauncher;

/**
 * What Open MPI's launcher does to a command named {@code java} before it starts it
 * ({@code orte/orted/orted_submit.c} of Open MPI 4.1), done here instead, so that the ranks can
 * be started as {@code env java ...}, which the launcher leaves as written.
 *
 * <p>Why: the launcher puts its working directory in front of the class path, and a JVM then
 * drops a class-data archive whose class path is no longer a prefix of the run's
 * ({@link org.mpiguard.launch.ClassArchive}). So the archive's jars go first here, then exactly what the launcher
 * would have made: its working directory, the line's class path (or {@code CLASSPATH}), its
 * {@code mpi.jar} and {@code shmem.jar} when the class path names none, and its library
 * directory on {@code java.library.path}.
 *
 * <p>Only lines the launcher treats plainly are taken: one {@code java} part, the class path
 * given as {@code -cp} or {@code -classpath} (the launcher takes the first word holding "cp" or
 * "classpath" for it, whatever it is), no {@code -jar} or module, and the
 * launcher's own working directory. Anything else is started as written ({@link #of} is empty).
 */
final class OpenMpiJavaLine {

    /** Launcher options that change the ranks' working directory or what is started: left to the launcher. */
    private static final Set<String> LAUNCHER_OPTIONS_LEFT_ALONE = Set.of("-wdir", "--wdir", "-wd", "--wd",
            "-set-cwd-to-session-dir", "--set-cwd-to-session-dir", "-app", "--app", "-preload-binary",
            "--preload-binary", "-s", "-preload-files", "--preload-files", ":");

    private static final Set<String> CLASS_PATH_FLAGS = Set.of("-cp", "-classpath");

    /** JVM options after which the class path does not decide what runs, or that an archive must not meet. */
    private static final List<String> JAVA_OPTIONS_LEFT_ALONE = List.of("-jar", "-m", "--module", "--module-path",
            "--class-path", "-p", "-XX:SharedArchiveFile", "-Xshare", "-XX:ArchiveClassesAtExit", "-XX:DumpLoadedClassList",
            "-XX:SharedClassListFile", "-XX:AOTCache", "-XX:AOTMode", "-XX:+AutoCreateSharedArchive");

    private final List<String> javaArgs;
    private final int classPathValue;
    private final Path workDir;
    private final Path libDir;

    private OpenMpiJavaLine(List<String> javaArgs, int classPathValue, Path workDir, Path libDir) {
        this.javaArgs = javaArgs;
        this.classPathValue = classPathValue;
        this.workDir = workDir;
        this.libDir = libDir;
    }

    /**
     * The line's java part as Open MPI would make it, or empty when the launcher would do
     * something else with it (see the class comment).
     *
     * @param libDir Open MPI's library directory ({@code ompi_info --path libdir})
     */
    static Optional<OpenMpiJavaLine> of(JobLine line, Path workDir, Path libDir) {
        if (line.throughEnvironment() || line.launcherArgs().stream().anyMatch(LAUNCHER_OPTIONS_LEFT_ALONE::contains)) {
            return Optional.empty();
        }
        List<String> args = line.javaArgs();
        if (args.contains(":")) {
            return Optional.empty(); // more than one application context (MPMD)
        }
        int classPath = -1;
        int i = 0;
        for (; i < args.size(); i++) {
            String a = args.get(i);
            if (JAVA_OPTIONS_LEFT_ALONE.stream().anyMatch(o -> a.equals(o) || a.startsWith(o + "=")
                    || a.startsWith(o + ":"))) {
                return Optional.empty();
            }
            if (!a.startsWith("-")) {
                break; // the main class: what follows is the program's
            }
            if (classPath < 0 && JvmOptionPlacement.holdsClassPathWord(a)) {
                if (!CLASS_PATH_FLAGS.contains(a) || i + 1 >= args.size()) {
                    return Optional.empty();
                }
                classPath = i + 1;
            }
            if (CLASS_PATH_FLAGS.contains(a)) {
                i++; // the value is no option
            }
        }
        // with no class path option the launcher takes any later word holding "cp" for one
        for (; classPath < 0 && i < args.size(); i++) {
            if (JvmOptionPlacement.holdsClassPathWord(args.get(i))) {
                return Optional.empty();
            }
        }
        if (args.stream().anyMatch(a -> a.contains("java.library.path") && a.indexOf('=') < 0)) {
            return Optional.empty(); // the launcher refuses this line: let it say so
        }
        return Optional.of(new OpenMpiJavaLine(List.copyOf(args), classPath, workDir, libDir));
    }

    /** The class path the launcher would give java, before {@code archived} is put in front of it. */
    String launcherClassPath(Map<String, String> environment) {
        String given = classPathValue >= 0 ? javaArgs.get(classPathValue) : environment.get("CLASSPATH");
        return OpenMpiLauncher.javaClassPath(workDir, given, libDir);
    }

    /** The class path's entries as the launcher gives them, for what {@link org.mpiguard.launch.ClassArchive} may take from it. */
    List<String> launcherClassPathEntries(Map<String, String> environment) {
        return List.of(launcherClassPath(environment).split(File.pathSeparator));
    }

    /**
     * The java options and program as the launcher would pass them, with {@code inFront}
     * before the launcher's class path (the archive's jars, which must lead it).
     */
    List<String> javaArgs(List<Path> inFront, Map<String, String> environment) {
        StringBuilder front = new StringBuilder();
        for (Path p : inFront) {
            front.append(p).append(File.pathSeparatorChar);
        }
        String classPath = front + launcherClassPath(environment);
        List<String> out = new ArrayList<>();
        boolean libraryPath = false;
        for (int i = 0; i < javaArgs.size(); i++) {
            String a = javaArgs.get(i);
            if (i == classPathValue) {
                out.add(classPath);
                continue;
            }
            if (!libraryPath && a.contains("java.library.path")) {
                libraryPath = true;
                out.add(a.contains(libDir.toString()) ? a : a + File.pathSeparator + libDir);
                continue;
            }
            out.add(a);
        }
        if (classPathValue < 0) {
            out.add(0, classPath);
            out.add(0, "-cp");
        }
        if (!libraryPath) {
            out.add(0, "-Djava.library.path=" + libDir);
        }
        return out;
    }
}

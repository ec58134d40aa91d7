package org.mpiguard.junit;

import java.io.File;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.mpiguard.launch.ClassArchive;
import org.mpiguard.launch.OpenMpiLauncher;

/**
 * How an {@link MpiTest} job's ranks start from the class-data archive of the agent, as
 * {@code mpiguard run} starts them ({@code org.mpiguard.launch}): as {@code env java}, which
 * Open MPI's launcher passes as written, with the archive, the agent as the library
 * {@code -javaagent} stands for, and what the launcher adds to a {@code java} command done
 * here (its working directory and library directory). Some 0.3 s less for every test method
 * of a 4-rank job on two cores (docs/overhead.md).
 *
 * @param archive the archive
 * @param libDir  Open MPI's library directory: the ranks' {@code java.library.path}
 * @param inFront the archive's class path (the agent jar, the bindings jar), which must lead the ranks'
 * @param workDir the ranks' working directory (the test JVM's, which mpirun inherits)
 */
record ArchivedJava(Path archive, Path libDir, List<Path> inFront, Path workDir) {

    /**
     * The archive for ranks of {@code java} with {@code classPath} under {@code mpirun}, made now
     * when there is none yet; null where it cannot be had (a launcher other than Open MPI's, a
     * JDK that refuses, a cache that cannot be written), and the job then starts with the bare
     * {@code -javaagent} flag. What making it says goes to {@code err}.
     */
    static ArchivedJava find(Path mpirun, Path java, Path agentJar, String classPath, Map<String, String> environment,
                             PrintWriter err) {
        try {
            Path cacheDir = ClassArchive.cacheDir(environment);
            Optional<Path> libDir = OpenMpiLauncher.libDir(mpirun, cacheDir);
            if (libDir.isEmpty()) {
                return null;
            }
            Path workDir = Path.of("").toAbsolutePath();
            String launcherClassPath = OpenMpiLauncher.javaClassPath(workDir, classPath, libDir.get());
            List<Path> inFront = ClassArchive.archivedClassPath(agentJar,
                    List.of(launcherClassPath.split(File.pathSeparator)));
            return new ClassArchive(cacheDir, err).archive(java, inFront)
                    .map(archive -> new ArchivedJava(archive, libDir.get(), inFront, workDir)).orElse(null);
        } catch (RuntimeException e) {
            return null; // fail open: the bare flag, as before
        }
    }

    /**
     * A rank's command from {@code env} to its class path, as the launcher would have made it
     * for {@code java -cp classPath} with the archive's jars in front; the program follows it.
     */
    List<String> javaPart(Path java, Path agentJar, String agentOptions, String classPath) {
        StringBuilder cp = new StringBuilder();
        for (Path p : inFront) {
            cp.append(p).append(File.pathSeparatorChar);
        }
        cp.append(OpenMpiLauncher.javaClassPath(workDir, classPath, libDir));
        List<String> part = new ArrayList<>(List.of("env", java.toString()));
        part.addAll(ClassArchive.rankOptions(archive, agentJar, agentOptions));
        part.addAll(List.of("-Djava.library.path=" + libDir, "-cp", cp.toString()));
        return part;
    }
}

package org.mpiguard.cli.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The words of a job line that are not Java: the launchers {@code mpiguard run} knows (Open
 * MPI's, MPICH's and Intel MPI's {@code mpiexec}, Slurm's {@code srun}, PMIx's {@code prun}),
 * the shells and the job scripts through which a batch system starts {@code java}.
 */
final class Launchers {

    /**
     * Launcher names as their base names are written; a suffix after a dot names one MPI's
     * copy ({@code mpiexec.hydra}, {@code mpirun.openmpi}, {@code mpiexec.mpich}).
     */
    private static final Set<String> NAMES = Set.of("mpirun", "mpiexec", "orterun", "srun", "prun");

    /** Interpreters of job scripts: what follows them is run as it is, the agent given through the environment. */
    private static final Set<String> SHELLS = Set.of("sh", "bash", "dash", "zsh", "ksh");

    private Launchers() {
    }

    static boolean isLauncher(String word) {
        String name = baseName(word);
        int dot = name.indexOf('.');
        return NAMES.contains(dot < 0 ? name : name.substring(0, dot));
    }

    static boolean isShell(String word) {
        return SHELLS.contains(baseName(word));
    }

    static boolean isJava(String word) {
        return baseName(word).equals("java");
    }

    /** A file of the working directory (or a path) that starts with {@code #!}: a job script or a wrapper. */
    static boolean isScript(String word) {
        Path file = Path.of(word);
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == '#' && in.read() == '!';
        } catch (IOException e) {
            return false;
        }
    }

    /** The first word at or after {@code from} that is {@code java}, or -1. */
    static int indexOfJava(List<String> words, int from) {
        for (int i = from; i < words.size(); i++) {
            if (isJava(words.get(i))) {
                return i;
            }
        }
        return -1;
    }

    /** The first word at or after {@code from} that is a script file, or -1. */
    static int indexOfScript(List<String> words, int from) {
        for (int i = from; i < words.size(); i++) {
            if (isScript(words.get(i))) {
                return i;
            }
        }
        return -1;
    }

    static String baseName(String word) {
        Path name = Path.of(word).getFileName();
        return name == null ? word : name.toString();
    }
}

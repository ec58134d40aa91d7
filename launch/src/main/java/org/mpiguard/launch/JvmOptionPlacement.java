package org.mpiguard.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Where JVM options MPIGuard adds to a {@code java} command go, so that Open MPI's launcher
 * treats the command as it treats the line without them.
 *
 * <p>Open MPI's launcher ({@code orte/mca/schizo/ompi/schizo_ompi.c} of 4.1) takes the first
 * word after {@code java} that holds "cp" or "classpath" anywhere for the class path option,
 * and rewrites the word after it into {@code WORKDIR:word:mpi.jar}. An agent flag put first
 * whose jar or report path holds "cp" ({@code /home/cpeters/...}, {@code report=/scratch/tcp-run})
 * was that word, so the line's own {@code -cp} became {@code WORKDIR:-cp:mpi.jar} and every rank
 * failed to find its main class. Put after the word the launcher takes from the line, the
 * added options leave that choice as it was; a line with no such word among its JVM options
 * gets, when the added options hold one, {@code -cp} with the class path java would use anyway
 * ({@code CLASSPATH}, else the working directory) in front of them, which the launcher then
 * extends as it would have extended the one it inserts.
 */
public final class JvmOptionPlacement {

    /** Launcher options whose value is the next word. */
    private static final Set<String> TWO_WORD_OPTIONS = Set.of("-cp", "-classpath", "--class-path", "-p",
            "--module-path", "--upgrade-module-path", "--add-modules", "--limit-modules", "--add-reads",
            "--add-exports", "--add-opens", "--patch-module", "--source", "--enable-native-access");

    /** Launcher options after which the next word is what runs (a jar or a module), not an option. */
    private static final Set<String> WHAT_RUNS = Set.of("-jar", "-m", "--module");

    private JvmOptionPlacement() {
    }

    /**
     * {@code javaArgs} (the words after {@code java}) with {@code added} among its JVM options.
     *
     * @param defaultClassPath the class path java uses when the line names none: {@code CLASSPATH}
     *                         or, without it, null (then the working directory, ".")
     */
    public static List<String> insert(List<String> javaArgs, List<String> added, String defaultClassPath) {
        int runs = whatRuns(javaArgs);
        int word = firstClassPathWord(javaArgs);
        List<String> out = new ArrayList<>(javaArgs.size() + added.size() + 2);
        if (word >= 0 && word + 1 < runs) {
            out.addAll(javaArgs.subList(0, word + 2));
            out.addAll(added);
            out.addAll(javaArgs.subList(word + 2, javaArgs.size()));
            return out;
        }
        if (added.stream().anyMatch(JvmOptionPlacement::holdsClassPathWord)) {
            out.add("-cp");
            out.add(defaultClassPath == null || defaultClassPath.isEmpty() ? "." : defaultClassPath);
        }
        out.addAll(added);
        out.addAll(javaArgs);
        return out;
    }

    /** Whether Open MPI's launcher would take {@code word} for the class path option. */
    public static boolean holdsClassPathWord(String word) {
        return word.contains("cp") || word.contains("classpath");
    }

    /** The index of the first word the launcher takes for the class path option, or -1. */
    static int firstClassPathWord(List<String> javaArgs) {
        for (int i = 0; i < javaArgs.size(); i++) {
            if (holdsClassPathWord(javaArgs.get(i))) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The index of the word that names what runs (the main class, or {@code -jar}/{@code -m}
     * before it): the JVM's options are the words before it; the size when there is none.
     */
    static int whatRuns(List<String> javaArgs) {
        for (int i = 0; i < javaArgs.size(); i++) {
            String a = javaArgs.get(i);
            if (WHAT_RUNS.contains(a) || a.startsWith("--module=")) {
                return i;
            }
            if (TWO_WORD_OPTIONS.contains(a)) {
                i++;
            } else if (!a.startsWith("-") && !a.startsWith("@")) {
                return i;
            }
        }
        return javaArgs.size();
    }
}

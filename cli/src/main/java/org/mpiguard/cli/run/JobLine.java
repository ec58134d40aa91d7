package org.mpiguard.cli.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.mpiguard.cli.CliException;
import org.mpiguard.cli.ExitCodes;

/**
 * The job as the user wrote it, split into its launcher part and its {@code java} part, in
 * either form {@code mpiguard run} takes: {@code [mpirun options] -- java ...} or a whole
 * {@code mpirun ... java ...} line.
 *
 * @param launcher     mpirun (or mpiexec, orterun) as written
 * @param launcherArgs the launcher's own options, passed through unchanged
 * @param java         the java binary as written
 * @param javaArgs     everything after the java binary: JVM options, main class, program arguments
 */
public record JobLine(String launcher, List<String> launcherArgs, String java, List<String> javaArgs) {

    private static final Set<String> LAUNCHERS = Set.of("mpirun", "mpiexec", "orterun");

    public static JobLine parse(List<String> words) {
        List<String> w = new ArrayList<>(words);
        while (!w.isEmpty() && w.get(0).equals("--")) {
            w.remove(0);
        }
        if (w.isEmpty()) {
            throw usage("no job given");
        }
        if (LAUNCHERS.contains(baseName(w.get(0)))) {
            int java = indexOfJava(w, 1);
            if (java < 0) {
                throw usage("the mpirun line has no java command");
            }
            List<String> launcherArgs = new ArrayList<>(w.subList(1, java));
            launcherArgs.remove("--");
            return of(w.get(0), launcherArgs, w.subList(java, w.size()));
        }
        int separator = w.indexOf("--");
        if (separator >= 0) {
            return of("mpirun", w.subList(0, separator), w.subList(separator + 1, w.size()));
        }
        if (baseName(w.get(0)).equals("java")) {
            return of("mpirun", List.of(), w);
        }
        throw usage("expected '[mpirun options] -- java [java options] Main args' or a whole"
                + " 'mpirun ... java ...' line, but found '" + w.get(0) + "' with no '--' after it");
    }

    private static JobLine of(String launcher, List<String> launcherArgs, List<String> javaPart) {
        if (javaPart.isEmpty()) {
            throw usage("nothing after '--': give the java command, e.g. -- java -cp app.jar com.acme.Main");
        }
        if (javaPart.size() < 2) {
            throw usage("the java command names no main class or jar");
        }
        return new JobLine(launcher, List.copyOf(launcherArgs), javaPart.get(0),
                List.copyOf(javaPart.subList(1, javaPart.size())));
    }

    /**
     * The options of an MPIGuard agent the line already carries (a job script written for the
     * agent alone, as in the README), empty when it carries none; {@link #withAgent} drops that
     * agent and puts the installation's in its place.
     */
    public String existingAgentOptions() {
        StringBuilder options = new StringBuilder();
        for (String arg : javaArgs) {
            if (isMpiguardAgent(arg)) {
                int eq = arg.indexOf('=');
                options.append(options.length() == 0 || eq < 0 ? "" : ",").append(eq < 0 ? "" : arg.substring(eq + 1));
            }
        }
        return options.toString();
    }

    private static boolean isMpiguardAgent(String arg) {
        if (!arg.startsWith("-javaagent:")) {
            return false;
        }
        int eq = arg.indexOf('=');
        String jar = arg.substring("-javaagent:".length(), eq < 0 ? arg.length() : eq);
        return baseName(jar).startsWith("mpiguard-agent");
    }

    private static int indexOfJava(List<String> words, int from) {
        for (int i = from; i < words.size(); i++) {
            if (baseName(words.get(i)).equals("java")) {
                return i;
            }
        }
        return -1;
    }

    private static String baseName(String word) {
        Path name = Path.of(word).getFileName();
        return name == null ? word : name.toString();
    }

    private static CliException usage(String message) {
        return new CliException(message, ExitCodes.USAGE);
    }

    /** The command to start: the agent goes right after the java binary, before any JVM option. */
    public List<String> withAgent(Path agentJar, String agentOptions) {
        List<String> command = new ArrayList<>();
        command.add(launcher);
        command.addAll(launcherArgs);
        command.add(java);
        command.add("-javaagent:" + agentJar + (agentOptions.isEmpty() ? "" : "=" + agentOptions));
        for (String arg : javaArgs) {
            if (!isMpiguardAgent(arg)) {
                command.add(arg);
            }
        }
        return command;
    }
}

package org.mpiguard.cli.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.cli.CliException;
import org.mpiguard.cli.CommandExitCodes;
import org.mpiguard.launch.JvmOptionPlacement;

/**
 * The job as the user wrote it, split into its launcher part and its {@code java} part, in
 * any form {@code mpiguard run} takes: {@code [mpirun options] -- java ...}, a whole launcher
 * line ({@code mpirun}, {@code mpiexec}, {@code mpiexec.hydra}, {@code srun}, {@code prun}, ...
 * {@code java ...}), or a job script (or a launcher line that starts one) that calls
 * {@code java} itself, perhaps through a wrapper.
 *
 * @param launcher     the launcher as written (for a job script: the script or its shell)
 * @param launcherArgs the launcher's own options, passed through unchanged (for a job script: its arguments)
 * @param java         the java binary as written; null when {@code java} is not on the line (a job script)
 * @param javaArgs     everything after the java binary: JVM options, main class, program arguments
 */
public record JobLine(String launcher, List<String> launcherArgs, String java, List<String> javaArgs) {

    /** The variable every JVM reads its extra options from, whoever starts it. */
    public static final String JAVA_TOOL_OPTIONS = "JAVA_TOOL_OPTIONS";

    public static JobLine parse(List<String> words) {
        List<String> w = new ArrayList<>(words);
        while (!w.isEmpty() && w.get(0).equals("--")) {
            w.remove(0);
        }
        if (w.isEmpty()) {
            throw usage("no job given");
        }
        String first = w.get(0);
        if (Launchers.isLauncher(first)) {
            return launcherLine(w);
        }
        if (Launchers.isShell(first) || Launchers.isScript(first)) {
            return script(w);
        }
        int separator = w.indexOf("--");
        if (separator >= 0) {
            List<String> after = w.subList(separator + 1, w.size());
            if (!after.isEmpty() && Launchers.isScript(after.get(0))) {
                List<String> all = new ArrayList<>(List.of("mpirun"));
                all.addAll(w.subList(0, separator));
                all.add(scriptWord(after.get(0)));
                all.addAll(after.subList(1, after.size()));
                return new JobLine("mpirun", List.copyOf(all.subList(1, all.size())), null, List.of());
            }
            return of("mpirun", w.subList(0, separator), after);
        }
        if (Launchers.isJava(first)) {
            return of("mpirun", List.of(), w);
        }
        throw usage("expected '[mpirun options] -- java [java options] Main args', a whole launcher line"
                + " ('mpirun|mpiexec|srun|prun ... java ...') or a job script, but found '" + first
                + "' with no '--' after it");
    }

    /** {@code LAUNCHER [its options] java ...}, or a launcher line that starts a script calling java. */
    private static JobLine launcherLine(List<String> w) {
        int java = Launchers.indexOfJava(w, 1);
        if (java >= 0) {
            List<String> launcherArgs = new ArrayList<>(w.subList(1, java));
            launcherArgs.remove("--");
            return of(w.get(0), launcherArgs, w.subList(java, w.size()));
        }
        int script = Launchers.indexOfScript(w, 1);
        if (script >= 0) {
            List<String> args = new ArrayList<>(w.subList(1, w.size()));
            args.set(script - 1, scriptWord(w.get(script)));
            return new JobLine(w.get(0), List.copyOf(args), null, List.of());
        }
        throw usage("the " + Launchers.baseName(w.get(0)) + " line has no java command (and starts no job script"
                + " of this directory that would call java)");
    }

    private static JobLine script(List<String> w) {
        String first = w.get(0);
        if (!Launchers.isShell(first) && !Files.isExecutable(Path.of(first))) {
            throw usage("the job script " + first + " is not executable: chmod +x it, or write 'bash " + first + "'");
        }
        String command = Launchers.isShell(first) ? first : scriptWord(first);
        return new JobLine(command, List.copyOf(w.subList(1, w.size())), null, List.of());
    }

    /** A script of the working directory named without a directory is started as {@code ./NAME}. */
    private static String scriptWord(String word) {
        return word.contains("/") ? word : "./" + word;
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
     * True when {@code java} is not on the line: the agent then reaches every JVM the job
     * starts through {@code JAVA_TOOL_OPTIONS}, which batch systems and Open MPI pass to the
     * ranks of the local node ({@code srun} to every node; {@code mpirun} needs {@code -x
     * JAVA_TOOL_OPTIONS} for other nodes).
     */
    public boolean throughEnvironment() {
        return java == null;
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
                String agent = agentPart(arg);
                int eq = agent.indexOf('=');
                options.append(options.length() == 0 || eq < 0 ? "" : ",").append(eq < 0 ? "" : agent.substring(eq + 1));
            }
        }
        return options.toString();
    }

    static boolean isMpiguardAgent(String arg) {
        String agent = agentPart(arg);
        if (agent == null) {
            return false;
        }
        int eq = agent.indexOf('=');
        return Launchers.baseName(agent.substring(0, eq < 0 ? agent.length() : eq)).startsWith("mpiguard-agent");
    }

    /** {@code JAR[=OPTIONS]} of an agent flag, in either spelling (-javaagent or the library it stands for); else null. */
    private static String agentPart(String arg) {
        for (String prefix : List.of("-javaagent:", "-agentlib:instrument=")) {
            if (arg.startsWith(prefix)) {
                return arg.substring(prefix.length());
            }
        }
        return null;
    }

    /** The same line without the MPIGuard agents it carried (their options are {@link #existingAgentOptions}). */
    JobLine withoutMpiguardAgent() {
        List<String> args = new ArrayList<>();
        for (String arg : javaArgs) {
            if (!isMpiguardAgent(arg)) {
                args.add(arg);
            }
        }
        return new JobLine(launcher, launcherArgs, java, List.copyOf(args));
    }

    private static CliException usage(String message) {
        return new CliException(message, CommandExitCodes.USAGE);
    }

    /**
     * The command to start: the agent among the JVM options, after the word Open MPI's launcher
     * takes for the class path option ({@link JvmOptionPlacement}: a jar or report path holding
     * "cp" put first broke the job); a job without java on its line is started as written (see
     * {@link #environment}).
     */
    public List<String> withAgent(Path agentJar, String agentOptions) {
        return withAgent(agentJar, agentOptions, System.getenv("CLASSPATH"));
    }

    /** The same, with the class path java uses when the line names none ({@code CLASSPATH}, or null). */
    List<String> withAgent(Path agentJar, String agentOptions, String defaultClassPath) {
        List<String> command = new ArrayList<>();
        command.add(launcher);
        command.addAll(launcherArgs);
        if (throughEnvironment()) {
            return command;
        }
        command.add(java);
        command.addAll(JvmOptionPlacement.insert(withoutMpiguardAgent().javaArgs(),
                List.of(agentFlag(agentJar, agentOptions)), defaultClassPath));
        return command;
    }

    /**
     * What the job's environment gains: for a job without java on its line, the agent flag
     * appended to {@code JAVA_TOOL_OPTIONS} as {@code inherited} holds it; nothing otherwise.
     */
    public Map<String, String> environment(Path agentJar, String agentOptions, Map<String, String> inherited) {
        Map<String, String> env = new LinkedHashMap<>();
        if (throughEnvironment()) {
            String flag = agentFlag(agentJar, agentOptions);
            if (flag.contains(" ")) {
                throw usage("the agent flag '" + flag + "' holds a space, which " + JAVA_TOOL_OPTIONS
                        + " cannot carry: install MPIGuard and write the report in paths without spaces");
            }
            String before = inherited.getOrDefault(JAVA_TOOL_OPTIONS, "").strip();
            env.put(JAVA_TOOL_OPTIONS, before.isEmpty() ? flag : before + " " + flag);
        }
        return env;
    }

    static String agentFlag(Path agentJar, String agentOptions) {
        return "-javaagent:" + agentJar + (agentOptions.isEmpty() ? "" : "=" + agentOptions);
    }
}

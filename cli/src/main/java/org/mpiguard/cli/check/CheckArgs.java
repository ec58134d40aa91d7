package org.mpiguard.cli.check;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.mpiguard.cli.CliException;
import org.mpiguard.cli.CommandExitCodes;
import org.mpiguard.core.options.Options;
import org.mpiguard.core.options.OptionsException;

/**
 * The words of {@code mpiguard check}: its own options ({@code --budget}, {@code --np},
 * {@code --max-replays}), mpiguard's options it hands to run and explore (the agent's flags,
 * {@code --agent-jar}, {@code --class-archive}, {@code --source-path}), then the job as
 * {@code mpiguard run} takes it.
 *
 * @param budget     the time the whole check may take
 * @param maxReplays at most this many replays of races (explore's own limit)
 * @param options    mpiguard's options, each flag with its value, in the order given
 * @param job        the job's words, with {@code -np N} put in when {@code --np} was given
 */
record CheckArgs(Duration budget, int maxReplays, List<String> options, List<String> job) {

    static final Duration DEFAULT_BUDGET = Duration.ofMinutes(10);
    static final int DEFAULT_MAX_REPLAYS = 8;
    /** Options of run only: explore takes the rest. */
    static final Set<String> RUN_ONLY = Set.of("--source-path", "--keep-exit-status");
    /** The check sets these itself: the traces go where it analyses them. */
    private static final Set<String> OWN_AGENT_KEYS = Set.of("--" + Options.TRACE, "--" + Options.TRACE_ANALYSIS,
            "--" + Options.FORCE_MATCHES, "--" + Options.SYNC_SENDS);

    static CheckArgs parse(List<String> words) {
        Duration budget = DEFAULT_BUDGET;
        int maxReplays = DEFAULT_MAX_REPLAYS;
        String np = null;
        List<String> options = new ArrayList<>();
        Set<String> valued = valuedOptions();
        int i = 0;
        while (i < words.size()) {
            String word = words.get(i);
            String name = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
            boolean inline = word.contains("=");
            boolean own = name.equals("--budget") || name.equals("--np") || name.equals("--max-replays");
            if (!own && !valued.contains(name) && !name.equals("--keep-exit-status")) {
                break; // the job starts here: a launcher's option, '--', java, mpirun, a script
            }
            if (OWN_AGENT_KEYS.contains(name)) {
                throw usage("check traces the run and replays it itself: remove " + name);
            }
            String value = null;
            if (!name.equals("--keep-exit-status")) {
                if (!inline && i + 1 >= words.size()) {
                    throw usage(name + " needs a value");
                }
                value = inline ? word.substring(word.indexOf('=') + 1) : words.get(++i);
            }
            switch (name) {
                case "--budget" -> budget = duration(value);
                case "--np" -> np = positive(name, value) + "";
                case "--max-replays" -> maxReplays = positive(name, value);
                case "--class-archive" -> {
                    if (!value.equals("on") && !value.equals("off")) {
                        throw usage("--class-archive takes on or off, not '" + value + "'");
                    }
                    options.add(name);
                    options.add(value);
                }
                default -> {
                    options.add(name);
                    if (value != null) {
                        options.add(value);
                    }
                }
            }
            i++;
        }
        List<String> job = new ArrayList<>(words.subList(i, words.size()));
        if (job.isEmpty()) {
            throw usage("no job given: mpiguard check [--np N] [OPTIONS] -- java -cp app.jar com.acme.Main");
        }
        if (np != null) {
            job = withRanks(job, np);
        }
        return new CheckArgs(budget, maxReplays, List.copyOf(options), List.copyOf(job));
    }

    /** {@code --np N} as mpirun's {@code -np N}, in the {@code [mpirun options] -- java} form. */
    private static List<String> withRanks(List<String> job, String np) {
        List<String> with = new ArrayList<>(List.of("-np", np));
        if (job.get(0).equals("--") || !job.contains("--")) {
            if (!job.get(0).equals("--") && !job.get(0).endsWith("java")) {
                throw usage("--np goes with '-- java ...'; a whole launcher line gives its own rank count");
            }
            with.add("--");
            with.addAll(job.get(0).equals("--") ? job.subList(1, job.size()) : job);
            return with;
        }
        with.addAll(job);
        return with;
    }

    /**
     * Flags that take a value: every agent option, the installation's jar, the report's sources,
     * and whether ranks start from the class-data archive (run's and explore's alike).
     */
    private static Set<String> valuedOptions() {
        Set<String> names = new HashSet<>(Set.of("--agent-jar", "--source-path", "--class-archive"));
        Options.documentation().keySet().forEach(key -> names.add("--" + key));
        return names;
    }

    private static Duration duration(String value) {
        try {
            return Duration.ofMillis(Options.parseDuration("budget", value, 10_000));
        } catch (OptionsException e) {
            throw usage("--budget takes a duration of at least 10s such as 90s or 10m, not '" + value + "'");
        }
    }

    private static int positive(String name, String value) {
        try {
            int n = Integer.parseInt(value);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw usage(name + " takes a whole number of at least 1, not '" + value + "'");
    }

    private static CliException usage(String message) {
        return new CliException(message, CommandExitCodes.USAGE);
    }

    /** The options explore takes: all but run's own. */
    List<String> exploreOptions() {
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < options.size(); i++) {
            String name = options.get(i);
            boolean hasValue = !name.equals("--keep-exit-status");
            if (!RUN_ONLY.contains(name)) {
                kept.add(name);
                if (hasValue) {
                    kept.add(options.get(i + 1));
                }
            }
            i += hasValue ? 1 : 0;
        }
        return kept;
    }

    /** The report directory the agent flags name, as run will make it absolute. */
    String reportDir() {
        String dir = "mpiguard-report";
        for (int i = 0; i + 1 < options.size(); i++) {
            if (options.get(i).equals("--" + Options.REPORT)) {
                dir = options.get(i + 1);
            }
        }
        return dir;
    }
}

package org.mpiguard.bench.harness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.mpiguard.bench.kernels.Kernels;

/** The harness's command line, checked: every mistake is a {@link UsageException} that says what is valid. */
final class HarnessOptions {

    static final String USAGE = String.join("\n",
            "usage: scripts/bench.sh [options]",
            "  --pairs N              plain/agent pairs per kernel, run A B A B ... (default 5; --smoke: 1)",
            "  --kernels LIST         'all' or names joined by ',' (default all): " + String.join(", ", Kernels.names()),
            "  --ranks N              MPI ranks per job (default 4; the call-heavy kernel cg-calls always runs at 2)",
            "  --agent-options STR    the agent argument string, e.g. checks=all or checks=deadlock (default: none)",
            "  --traced               also run each kernel under the agent with trace=on added to its options: a",
            "                         third column beside the plain and agent ones, in the same A B C order,",
            "                         the traces' bytes per event, and the targets of traced runs (issue 24)",
            "  --plain-thread-multiple  the plain runs initialise MPI at THREAD_MULTIPLE, as the agent does: the",
            "                         ratio is then the checker's own cost, without Open MPI's thread level",
            "  --smoke                tiny sizes, every kernel in one job per variant, one pair: a few seconds",
            "  --no-per-core          skip the second pass of the macro kernels at one rank per core (plain and",
            "                         agent, as many ranks as the machine has cores; not in --smoke)",
            "  --no-startup           skip the start-up measurement",
            "  --no-jmh               skip the JMH sendRecv measurement the targets block reports",
            "  --timeout S            seconds a job may take before it counts as failed (default 300)",
            "  --agent-jar PATH, --mpi-jar PATH, --classes PATH, --bench-jar PATH   where the pieces are (bench.sh",
            "                         sets them)",
            "  --help                 this text");

    int pairs = 5;
    boolean pairsGiven;
    List<String> kernels = Kernels.names();
    int ranks = 4;
    String agentOptions = "";
    boolean plainThreadMultiple;
    boolean traced;
    boolean smoke;
    boolean startup = true;
    /** The macro kernels again at one rank per core, beside the --ranks pass (issue 23 asks for both). */
    boolean perCore = true;
    boolean jmh = true;
    int timeoutSeconds = 300;
    Path agentJar;
    Path mpiJar;
    Path classes;
    /** The JMH uber-jar; without it the sendRecv line of the targets says it was not measured. */
    Path benchJar;
    /** bin/mpiguard of an unpacked distribution; without it the archived start is not measured. */
    Path mpiguard;
    boolean help;

    static HarnessOptions parse(String[] args) throws UsageException {
        HarnessOptions o = new HarnessOptions();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--help", "-h" -> o.help = true;
                case "--smoke" -> o.smoke = true;
                case "--plain-thread-multiple" -> o.plainThreadMultiple = true;
                case "--traced" -> o.traced = true;
                case "--no-startup" -> o.startup = false;
                case "--no-per-core" -> o.perCore = false;
                case "--no-jmh" -> o.jmh = false;
                case "--pairs" -> {
                    o.pairs = positive(arg, value(args, ++i, arg), 1, 1000);
                    o.pairsGiven = true;
                }
                case "--ranks" -> o.ranks = positive(arg, value(args, ++i, arg), 1, 256);
                case "--timeout" -> o.timeoutSeconds = positive(arg, value(args, ++i, arg), 1, 86_400);
                case "--kernels" -> {
                    String spec = value(args, ++i, arg);
                    try {
                        o.kernels = Kernels.expand(spec);
                    } catch (IllegalArgumentException e) {
                        throw new UsageException(e.getMessage() + " in --kernels; valid: all or "
                                + String.join(", ", Kernels.names()));
                    }
                }
                case "--agent-options" -> o.agentOptions = value(args, ++i, arg);
                case "--agent-jar" -> o.agentJar = Path.of(value(args, ++i, arg));
                case "--mpi-jar" -> o.mpiJar = Path.of(value(args, ++i, arg));
                case "--classes" -> o.classes = Path.of(value(args, ++i, arg));
                case "--bench-jar" -> o.benchJar = Path.of(value(args, ++i, arg));
                case "--mpiguard" -> o.mpiguard = Path.of(value(args, ++i, arg));
                default -> throw new UsageException("unknown argument '" + arg + "'");
            }
        }
        if (o.smoke && !o.pairsGiven) {
            o.pairs = 1;
        }
        if (!o.help) {
            o.agentJar = existing("--agent-jar", o.agentJar, "build it with: mvn -DskipTests package");
            o.mpiJar = existing("--mpi-jar", o.mpiJar, "run scripts/setup.sh");
            o.classes = existing("--classes", o.classes, "build it with: mvn -DskipTests package");
            if (o.mpiguard != null) {
                o.mpiguard = existing("--mpiguard", o.mpiguard, "build it with: mvn -DskipTests package");
            }
            if (o.benchJar != null) {
                o.benchJar = existing("--bench-jar", o.benchJar, "build it with: mvn -DskipTests package");
            }
        }
        return o;
    }

    static String value(String[] args, int i, String option) throws UsageException {
        if (i >= args.length || args[i].startsWith("--")) {
            throw new UsageException(option + " needs a value");
        }
        return args[i];
    }

    static int positive(String option, String text, int min, int max) throws UsageException {
        try {
            int v = Integer.parseInt(text.trim());
            if (v < min || v > max) {
                throw new UsageException(option + " must be between " + min + " and " + max + ", got " + text);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new UsageException(option + " needs a whole number, got '" + text + "'");
        }
    }

    private static Path existing(String option, Path path, String hint) throws UsageException {
        if (path == null) {
            throw new UsageException(option + " is required");
        }
        if (!Files.exists(path)) {
            throw new UsageException(option + " " + path + " does not exist; " + hint);
        }
        return path.toAbsolutePath();
    }

    /** A mistake on the command line; its message is meant for the user as it stands. */
    static final class UsageException extends Exception {
        UsageException(String message) {
            super(message);
        }
    }
}

package org.mpiguard.adapter;

import org.mpiguard.core.Guard;
import java.io.File;
import java.lang.management.ManagementFactory;
import mpi.Info;
import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.core.args.LaunchLine;

/**
 * {@code Info.get} with MPI.INFO_ENV's {@code command} and {@code argv} as the program
 * would read them without the agent: mpirun counts the {@code -javaagent:} flag as the
 * command (see {@link LaunchLine}). Every other key and Info is passed through.
 */
public final class LaunchEnvironment {

    private static volatile String[] corrected;

    private LaunchEnvironment() {
    }

    /** The call rule of {@code Info.get}. */
    public static String get(Info info, String key) throws MPIException {
        String value = info.get(key);
        if (info != MPI.INFO_ENV || !("command".equals(key) || "argv".equals(key))) {
            return value;
        }
        try {
            String[] line = corrected;
            if (line == null) {
                line = LaunchLine.withoutFlag(MPI.INFO_ENV.get("command"), MPI.INFO_ENV.get("argv"), agentFlag());
                corrected = line;
            }
            return "command".equals(key) ? line[0] : line[1];
        } catch (RuntimeException | LinkageError e) {
            Guard.fault("reading MPI.INFO_ENV", e);
            return value;
        }
    }

    /** This agent's flag as the JVM was given it ({@code -javaagent:} or the library it stands for), or null. */
    private static String agentFlag() {
        try {
            File jar = new File(LaunchEnvironment.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .getCanonicalFile();
            for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
                String prefix = arg.startsWith("-javaagent:") ? "-javaagent:"
                        : arg.startsWith("-agentlib:instrument=") ? "-agentlib:instrument=" : null;
                if (prefix != null) {
                    String path = arg.substring(prefix.length());
                    int eq = path.indexOf('=');
                    if (new File(eq < 0 ? path : path.substring(0, eq)).getCanonicalFile().equals(jar)) {
                        return arg;
                    }
                }
            }
        } catch (Exception e) {
            // no code source or no management: leave the values as MPI gives them
        }
        return null;
    }
}

package org.mpiguard.cli;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/** The exit codes {@code mpiguard --help} documents, and the one way errors are printed. */
public final class CommandExitCodes {

    public static final int OK = 0;
    /** Error findings: the same number the agent aborts a job with. */
    public static final int ERROR_FINDINGS = 86;
    /** mpiguard explore: a message race confirmed by replay (as mpiguard analyze's errors). */
    public static final int RACE_CONFIRMED = 1;
    public static final int USAGE = 64;
    /** mpiguard explore: the observed schedule could not be replayed. */
    public static final int NOT_REPLAYABLE = 65;
    public static final int NO_INPUT = 66;
    public static final int INTERNAL = 70;
    public static final int NOT_FOUND = 127;

    private CommandExitCodes() {
    }

    static int of(Throwable t) {
        return t instanceof CliException e ? e.exitCode() : INTERNAL;
    }

    static int usageError(ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        cmd.getErr().println("mpiguard: " + e.getMessage());
        cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help'.");
        return USAGE;
    }

    static int failure(Exception e, CommandLine cmd, ParseResult parsed) {
        if (e instanceof CliException clear) {
            cmd.getErr().println("mpiguard: " + clear.getMessage());
            return clear.exitCode();
        }
        cmd.getErr().println("mpiguard: internal fault: " + e + " (please report it with the command line)");
        return INTERNAL;
    }
}

package org.mpiguard.analyzer;

import java.io.PrintStream;

/**
 * A one-line progress bar for {@code mpiguard analyze} on long traces: one step per trace
 * file read and per analysis phase, redrawn in place with a carriage return. Drawn only when
 * the command runs on a terminal; otherwise (pipes, CI logs, tests) it says nothing.
 */
final class Progress {

    /** Says nothing. */
    static final Progress QUIET = new Progress(null);

    private static final int WIDTH = 30;

    private final PrintStream out;
    private int total;
    private int done;
    private int drawnLength;

    Progress(PrintStream out) {
        this.out = out;
    }

    /** A bar on {@code err} when the JVM has a terminal and progress is wanted, else {@link #QUIET}. */
    static Progress onTerminal(PrintStream err, boolean wanted) {
        return wanted && System.console() != null ? new Progress(err) : QUIET;
    }

    /** {@code steps} more steps are coming. */
    void plan(int steps) {
        total += steps;
    }

    /** One step done: {@code what} is what comes next. */
    void step(String what) {
        if (out == null) {
            return;
        }
        done = Math.min(done + 1, Math.max(total, 1));
        int filled = total == 0 ? WIDTH : WIDTH * done / total;
        String line = "[MPIGuard] analyze [" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] " + done + "/"
                + total + " " + what;
        out.print("\r" + line + " ".repeat(Math.max(0, drawnLength - line.length())));
        out.flush();
        drawnLength = line.length();
    }

    /** Clears the bar so the results print on a clean line. */
    void finish() {
        if (out == null || drawnLength == 0) {
            return;
        }
        out.print("\r" + " ".repeat(drawnLength) + "\r");
        out.flush();
        drawnLength = 0;
    }
}

package org.mpiguard.core;

/**
 * Takes the checker's own frames out of an exception that leaves a checked call, so a
 * program that prints or inspects a stack trace (an uncaught MPIException of the binding,
 * a test suite's expected failure) sees the trace it sees without the checker: the
 * binding's frames, then the program's. Only the exception path pays: a trampoline's
 * normal path runs no code for it.
 */
public final class CheckerFrames {

    /** The checker's packages; not {@code org.mpiguard.} as a whole, which programs may use. */
    private static final String[] CHECKER_PACKAGES = {
        "org.mpiguard.advice.", "org.mpiguard.adapter.", "org.mpiguard.core.", "org.mpiguard.agent."};

    private CheckerFrames() {
    }

    /** Removes the checker's frames from {@code thrown}'s stack trace; fails open. */
    public static void hide(Throwable thrown) {
        try {
            StackTraceElement[] trace = thrown.getStackTrace();
            int kept = 0;
            for (StackTraceElement frame : trace) {
                if (!isChecker(frame.getClassName())) {
                    kept++;
                }
            }
            if (kept == trace.length || kept == 0) {
                return; // nothing of ours, or nothing but ours (a checker fault is then easier to read whole)
            }
            StackTraceElement[] program = new StackTraceElement[kept];
            int at = 0;
            for (StackTraceElement frame : trace) {
                if (!isChecker(frame.getClassName())) {
                    program[at++] = frame;
                }
            }
            thrown.setStackTrace(program);
        } catch (RuntimeException | LinkageError ignored) {
            // A trace the checker cannot rewrite stays as it was: the exception itself must go on.
        }
    }

    static boolean isChecker(String className) {
        for (String prefix : CHECKER_PACKAGES) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}

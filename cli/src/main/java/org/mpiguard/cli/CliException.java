package org.mpiguard.cli;

/** An error the user can act on: printed as one message, never as a stack trace. */
public final class CliException extends RuntimeException {

    private final int exitCode;

    public CliException(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}

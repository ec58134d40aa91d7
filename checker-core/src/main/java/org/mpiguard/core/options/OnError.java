package org.mpiguard.core.options;

/** What the checker does after reporting an error finding. */
public enum OnError {
    /** Flush every report and abort the whole job (the default). */
    ABORT,
    /** Report and let the program carry on as it would without the checker. */
    CONTINUE
}

package org.mpiguard.core.options;

import java.util.Locale;

/** The families of checks the {@code checks} option switches on and off. */
public enum CheckFamily {
    /** Wait-for-graph deadlock detection over the checker's private communicator. */
    DEADLOCK;

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}

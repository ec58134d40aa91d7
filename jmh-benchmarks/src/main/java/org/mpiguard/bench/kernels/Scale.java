package org.mpiguard.bench.kernels;

import java.util.Locale;

/** Problem sizes: a smoke size that runs in a fraction of a second, and the measured one. */
public enum Scale {
    /** Tiny problems: proves the kernel still runs and verifies. */
    SMOKE,
    /** Sized to run a few seconds at 4 ranks on 2 cores. */
    FULL;

    public static Scale parse(String text) {
        return valueOf(text.trim().toUpperCase(Locale.ROOT));
    }

    int pick(int smoke, int full) {
        return this == SMOKE ? smoke : full;
    }
}

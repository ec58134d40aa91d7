package org.mpiguard.build;

import org.mpiguard.core.MpiFailure;

/** A check family entry point that may raise the binding's exception, for the generator's tests. */
public final class RaisingFamily {

    private RaisingFamily() {
    }

    public static void check(int site) throws MpiFailure {
        if (site < 0) {
            throw new MpiFailure(new IllegalStateException("never thrown in the test"));
        }
    }
}

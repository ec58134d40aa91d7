package org.mpiguard.adapter.args;

import org.mpiguard.core.args.HandleSet;

/**
 * Handles the program freed, kept weakly so the message can say "already freed" rather
 * than only "null", and requests that are freed or active (persistent and started).
 * The binding sets a freed handle to its null value, which isNull() tells; these sets
 * remember why.
 */
public final class Handles {

    public static final HandleSet FREED = new HandleSet();
    public static final HandleSet ACTIVE_REQUESTS = new HandleSet();

    private Handles() {
    }

    public static void freed(Object handle) {
        FREED.add(handle);
        ACTIVE_REQUESTS.remove(handle);
    }

    public static boolean wasFreed(Object handle) {
        return FREED.contains(handle);
    }
}

package org.mpiguard.core.site;

import java.util.Arrays;

/**
 * The registry of call sites. Sites are added while classes are rewritten (rarely, under
 * a lock) and read by id on every intercepted call (often, without a lock), so the table
 * is an array published through a volatile field and replaced on growth.
 */
public final class CallSites {

    /** The id for calls whose site could not be registered; it resolves to {@link #UNKNOWN}. */
    public static final int UNKNOWN_ID = 0;
    public static final CallSite UNKNOWN = new CallSite(UNKNOWN_ID, "?", "?", "?", null, -1);

    private static final Object LOCK = new Object();
    private static volatile CallSite[] table = new CallSite[256];
    private static int size = 1;

    static {
        table[UNKNOWN_ID] = UNKNOWN;
    }

    private CallSites() {
    }

    public static int register(String op, String className, String method, String file, int line) {
        synchronized (LOCK) {
            CallSite[] current = table;
            if (size == current.length) {
                current = Arrays.copyOf(current, current.length * 2);
            }
            int id = size++;
            current[id] = new CallSite(id, op, className, method, file, line);
            table = current;
            return id;
        }
    }

    public static CallSite get(int id) {
        CallSite[] current = table;
        if (id < 0 || id >= current.length) {
            return UNKNOWN;
        }
        CallSite site = current[id];
        return site == null ? UNKNOWN : site;
    }

    public static int count() {
        synchronized (LOCK) {
            return size - 1;
        }
    }
}

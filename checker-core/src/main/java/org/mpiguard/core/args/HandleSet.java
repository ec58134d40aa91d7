package org.mpiguard.core.args;

import java.util.Map;
import java.util.WeakHashMap;

/**
 * A set of handle objects (datatypes, requests, ...) with a state, held weakly so that a
 * handle the program drops leaves the set with it: memory stays bounded by the handles
 * alive. The classes of the bindings keep Object's identity {@code equals}, so the weak
 * hash map is an identity set for them. {@link #isEmpty} is a plain volatile read, so the
 * common case (nothing tracked) costs no lock.
 */
public final class HandleSet {

    private final Map<Object, Boolean> members = new WeakHashMap<>();
    private volatile int approximateSize;

    public synchronized void add(Object handle) {
        if (handle != null) {
            members.put(handle, Boolean.TRUE);
            approximateSize = members.size();
        }
    }

    public synchronized void remove(Object handle) {
        if (handle != null && approximateSize > 0) {
            members.remove(handle);
            approximateSize = members.size();
        }
    }

    public boolean contains(Object handle) {
        if (approximateSize == 0 || handle == null) {
            return false;
        }
        synchronized (this) {
            return members.containsKey(handle);
        }
    }

    public boolean isEmpty() {
        return approximateSize == 0;
    }

    public synchronized int size() {
        int n = members.size();
        approximateSize = n;
        return n;
    }
}

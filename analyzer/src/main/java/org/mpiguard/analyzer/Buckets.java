package org.mpiguard.analyzer;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A map's list for a key, made on first use. In place of {@code computeIfAbsent}
 * with a lambda: each lambda is linked on its first call, some milliseconds per site in a
 * JVM that has not run it yet, and rank 0 runs the analyses once, cold, at the end of a run.
 */
public final class Buckets {

    private Buckets() {
    }

    public static <K, V> List<V> list(Map<K, List<V>> map, K key) {
        List<V> l = map.get(key);
        if (l == null) {
            l = new ArrayList<>();
            map.put(key, l);
        }
        return l;
    }
}

package org.mpiguard.advice.buffers;

import java.util.Map;
import java.util.WeakHashMap;
import org.mpiguard.core.buffers.BufferRole;

/**
 * What each persistent request's start puts under watch: its buffer, read once when the
 * request was made. Weak, so a dropped request is forgotten; consulted at each start only.
 */
final class PersistentBuffers {

    private record Use(long from, long to, BufferRole role, int site) {
    }

    private static final Map<Object, Use> USES = new WeakHashMap<>();

    private PersistentBuffers() {
    }

    static synchronized void remember(Object request, long from, long to, BufferRole role, int site) {
        if (USES.size() < 4096) {
            USES.put(request, new Use(from, to, role, site));
        }
    }

    static void started(Object request) {
        Use use;
        synchronized (PersistentBuffers.class) {
            use = request == null ? null : USES.get(request);
        }
        if (use != null) {
            BufferWatch.watch(use.from(), use.to(), use.role(), use.site(), request, -1);
        }
    }
}

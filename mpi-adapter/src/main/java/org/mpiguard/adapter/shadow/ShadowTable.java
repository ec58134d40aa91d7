package org.mpiguard.adapter.shadow;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The shadows of one object kind, found from the binding's object in O(1) without a lock
 * when it is found at all: a direct-mapped cache by identity hash in front (a lookup is an
 * array read and one compare of the weak referent), and behind it a weak identity map (the
 * bindings' classes keep Object's identity equals) that holds every live shadow and is
 * consulted under its lock only on a cache miss. An object found to have no shadow is
 * cached too (as a placeholder), so a kind in use does not make every call on objects
 * without shadows (predefined types, ops) take the lock. The cache holds shadows, which
 * refer to their objects weakly, so nothing here keeps an object alive; memory is bounded
 * by the objects the program holds. The cache is written only under the map's lock, so a
 * slot never goes back to an older answer; a racing reader sees a slot's old shadow or the
 * new one, both whole (a shadow's identity fields are final).
 *
 * @param <S> the kind's shadow class
 */
public final class ShadowTable<S extends Shadow> {

    private static final int SLOTS = 256;

    private final Shadow[] cache = new Shadow[SLOTS];
    private final Map<Object, S> all = new WeakHashMap<>();
    /** How many shadows were ever made: zero lets a kind never used cost one read. */
    private volatile int made;

    /** The shadow of {@code object}, or null if none was made. */
    @SuppressWarnings("unchecked")
    public S find(Object object) {
        if (object == null || made == 0) {
            return null;
        }
        int slot = System.identityHashCode(object) & (SLOTS - 1);
        Shadow cached = cache[slot];
        if (cached != null && cached.get() == object) {
            return cached instanceof Absent ? null : (S) cached;
        }
        synchronized (all) {
            S found = all.get(object);
            cache[slot] = found != null ? found : new Absent(object);
            return found;
        }
    }

    /** How a shadow of one kind is made: {@link ShadowMakers}. */
    public interface Maker<S> {
        S make(Object handle, int site);
    }

    /** The shadow of {@code object}, made by {@code maker} at {@code site} if it has none yet (never for null). */
    public S findOrMake(Object object, int site, Maker<S> maker) {
        S found = find(object);
        if (found != null || object == null) {
            return found;
        }
        synchronized (all) {
            found = all.get(object);
            if (found == null) {
                found = maker.make(object, site);
                all.put(object, found);
                made++;
            }
            cache[System.identityHashCode(object) & (SLOTS - 1)] = found;
        }
        return found;
    }

    /** Gives {@code object} a new shadow in place of any it had (an object made again, e.g. by the constructor). */
    public S replace(Object object, S shadow) {
        synchronized (all) {
            all.put(object, shadow);
            made++;
            cache[System.identityHashCode(object) & (SLOTS - 1)] = shadow;
        }
        return shadow;
    }

    /** The shadows of objects still alive, in no particular order (a copy: the caller may take its time). */
    public List<S> live() {
        synchronized (all) {
            return new ArrayList<>(all.values());
        }
    }

    /** The cached answer "no shadow" for one object. */
    private static final class Absent extends Shadow {
        Absent(Object object) {
            super(object, 0, -1);
        }
    }
}

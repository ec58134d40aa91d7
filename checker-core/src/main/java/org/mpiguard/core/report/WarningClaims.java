package org.mpiguard.core.report;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Which warnings a rank has said: each (kind, call site, check) once. A site in a loop asks
 * again at every iteration, so the answer for a warning already said is a look-up that
 * allocates nothing and takes no lock (a table probed from the key's hash, compared field by
 * field); only the first claim of a key makes its entry. Past {@code max} distinct claims no
 * new one is granted, so memory and output stay bounded whatever the program does.
 */
public final class WarningClaims {

    private final AtomicReferenceArray<Claim> slots;
    private final int max;
    private final AtomicInteger claimed = new AtomicInteger();

    /** Room for {@code max} claims (the table twice that, a power of two, so probes stay short). */
    public WarningClaims(int max) {
        this.max = max;
        this.slots = new AtomicReferenceArray<>(Integer.highestOneBit(Math.max(2, max) * 2 - 1) << 1);
    }

    /**
     * True the first time for this kind, site and check; false when it was claimed already or
     * the table is full.
     */
    public boolean claim(FindingKind kind, int site, String checkId) {
        for (int i = slot(kind, site, checkId); i >= 0; i = slot(kind, site, checkId)) {
            if (claimed.get() >= max) {
                return false;
            }
            if (slots.compareAndSet(i, null, new Claim(kind, site, checkId))) {
                claimed.incrementAndGet();
                return true;
            }
            // another thread took the slot first: look again, it may hold this very key
        }
        return false;
    }

    /** Whether this kind, site and check was claimed already (claims nothing, allocates nothing). */
    public boolean said(FindingKind kind, int site, String checkId) {
        return slot(kind, site, checkId) == SAID;
    }

    private static final int SAID = -1;
    private static final int FULL = -2;

    /**
     * The empty slot where the key would go, {@link #SAID} when a slot holds it, {@link #FULL}
     * when the table has no room: the probe from the key's hash stops at the first empty slot,
     * as nothing is ever removed.
     */
    private int slot(FindingKind kind, int site, String checkId) {
        int mask = slots.length() - 1;
        int i = hash(kind, site, checkId) & mask;
        for (int probes = 0; probes <= mask; probes++, i = i + 1 & mask) {
            Claim c = slots.get(i);
            if (c == null) {
                return i;
            }
            if (c.is(kind, site, checkId)) {
                return SAID;
            }
        }
        return FULL;
    }

    /** How many claims were granted. */
    public int size() {
        return claimed.get();
    }

    private static int hash(FindingKind kind, int site, String checkId) {
        int h = site * 0x9E3779B1 + kind.ordinal() * 31 + (checkId == null ? 0 : checkId.hashCode());
        return h ^ h >>> 16;
    }

    /** One claimed key. A class, not a record: a record's equals is linked at its first call (some 50 ms). */
    private static final class Claim {
        private final FindingKind kind;
        private final int site;
        private final String checkId;

        Claim(FindingKind kind, int site, String checkId) {
            this.kind = kind;
            this.site = site;
            this.checkId = checkId;
        }

        boolean is(FindingKind k, int s, String id) {
            return k == kind && s == site && (id == checkId || id != null && id.equals(checkId));
        }
    }
}

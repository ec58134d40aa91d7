package org.mpiguard.analyzer.rma;

import org.mpiguard.core.report.Severity;

/**
 * The seed's Table I for accesses of two different processes to one target's window
 * memory in concurrent epochs: what two such accesses may do together, and how bad it is
 * when they may not. Reads go together; a write conflicts with any overlapping access but
 * an accumulate with the same operation and basic datatype; a store by the target conflicts
 * with a concurrent remote put or accumulate anywhere in the window under MPI's separate
 * memory model (a warning: Open MPI's windows are unified, where only overlap matters).
 */
final class Compatibility {

    /** A verdict: the rule's id (docs/rma-checks.md), its severity (null when the pair is allowed) and why. */
    record Verdict(String id, Severity severity, String why) {
        static final Verdict ALLOWED = new Verdict(null, null, null);

        boolean allowed() {
            return severity == null;
        }
    }

    /** The rule of a race whose writers wrote the same bytes. */
    static final String SAME_VALUE = "rma.same-value";

    private Compatibility() {
    }

    static Verdict of(Access a, Access b) {
        if (!a.kind().writes() && !b.kind().writes()) {
            return Verdict.ALLOWED;
        }
        boolean overlap = a.overlaps(b);
        if (!overlap) {
            if (separateModelOnly(a, b) || separateModelOnly(b, a)) {
                return new Verdict("rma.store-window", Severity.WARNING, "a store into window memory while a "
                        + "remote put or accumulate to the same window is in progress is erroneous under MPI's "
                        + "separate memory model, even on other bytes (the put may land in a copy of the window that "
                        + "overwrites the store); it is allowed under the unified model only, so the program is not "
                        + "portable");
            }
            return Verdict.ALLOWED;
        }
        if (a.kind().atomic() && b.kind().atomic()) {
            // same_op_no_op: the same operation, or one of them NO_OP, on the same basic datatype
            boolean sameOp = a.op() == b.op() || a.kind() == AccessKind.ATOMIC_READ
                    || b.kind() == AccessKind.ATOMIC_READ;
            if (sameOp && a.base() == b.base() && a.base() >= 0) {
                return Verdict.ALLOWED;
            }
            return new Verdict(sameOp ? "rma.acc-type" : "rma.acc-op", Severity.ERROR, !sameOp
                    ? "concurrent accumulates are atomic with each other only when they use the same operation "
                    + "(or MPI.NO_OP); these use different ones, so the result is undefined"
                    : "concurrent accumulates are atomic with each other only on the same basic datatype; these "
                    + "differ, so the result is undefined");
        }
        if (a.kind().writes() && b.kind().writes()) {
            if (replaces(a) && replaces(b) && a.start() == b.start() && a.end() == b.end() && a.valueHash() != 0
                    && a.valueHash() == b.valueHash()) {
                return new Verdict(SAME_VALUE, Severity.WARNING, "both write the same value in this run "
                        + "(a benign race: the result is right), but nothing orders them, so with other data the "
                        + "bytes would end up holding either value or a mix");
            }
            return new Verdict(writeWriteId(a, b), Severity.ERROR, "both write these bytes and nothing orders "
                    + "the writes: they may end up holding either value or a mix of both"
                    + (a.valueHash() != 0 && b.valueHash() != 0 ? " (the two wrote different values in this run)"
                    : ""));
        }
        Access reader = a.kind().writes() ? b : a;
        Access writer = a.kind().writes() ? a : b;
        String id = reader.kind() == AccessKind.LOAD ? "rma.load-put"
                : writer.kind() == AccessKind.STORE ? "rma.store-get" : "rma.put-get";
        return new Verdict(id, Severity.ERROR, "the " + (reader.kind() == AccessKind.LOAD ? "load" : "get")
                + " may see the value before the write, after it, or a mix of both");
    }

    /**
     * {@code v} between two accesses that each follow a compare-and-swap or fetch-and-op of
     * their rank on the window in the same passive-target epoch: the atomics may build a lock
     * (a spin lock on a window word, MCS) that orders the two through window data, which the
     * check does not follow; a warning, not an error.
     */
    static Verdict guardedByAtomics(Verdict v) {
        if (v.severity() != Severity.ERROR) {
            return v;
        }
        return new Verdict(v.id(), Severity.WARNING, v.why() + " - unless a lock built from the compare-and-swap or "
                + "fetch-and-op each rank made on this window before it in the same passive-target epoch orders "
                + "them (an order through window data, which this check does not follow)");
    }

    private static String writeWriteId(Access a, Access b) {
        if (a.kind() == AccessKind.STORE || b.kind() == AccessKind.STORE) {
            return "rma.store-put";
        }
        return a.kind() == b.kind() ? "rma.put-put" : "rma.put-acc";
    }

    /** Writes the origin's (or the stored) bytes as they are: a put, a store, an accumulate with MPI.REPLACE. */
    private static boolean replaces(Access a) {
        return a.kind() == AccessKind.PUT || a.kind() == AccessKind.STORE
                || a.kind() == AccessKind.ACCUMULATE && a.op() == Access.REPLACE;
    }

    private static boolean separateModelOnly(Access store, Access remote) {
        return store.kind() == AccessKind.STORE && (remote.kind() == AccessKind.PUT
                || remote.kind() == AccessKind.ACCUMULATE);
    }
}

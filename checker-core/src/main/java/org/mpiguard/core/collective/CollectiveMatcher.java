package org.mpiguard.core.collective;

/**
 * Compares a rank's n-th collective on a communicator with its neighbour's n-th on the
 * same communicator (UPC-CHECK's ring). Every rule is one MPI requires of all members;
 * a single mismatch between neighbours is enough to prove the program wrong.
 */
public final class CollectiveMatcher {

    private CollectiveMatcher() {
    }

    /** Why the two calls cannot belong to one collective, or null if they agree. */
    public static String mismatch(CollectiveCall mine, CollectiveCall theirs, CollectiveCall.CodeNames names) {
        if (mine.kind() != theirs.kind()) {
            return "different collective operations";
        }
        if (mine.nonblocking() != theirs.nonblocking()) {
            return "the blocking and the nonblocking variant of " + mine.kind().label()
                    + " (MPI matches them as different operations)";
        }
        CollectiveKind kind = mine.kind();
        if (kind.rooted() && mine.root() != theirs.root()) {
            return "different roots (" + mine.root() + " and " + theirs.root() + ")";
        }
        if (kind.reduces() && mine.reduceOp() != 0 && theirs.reduceOp() != 0 && mine.reduceOp() != theirs.reduceOp()) {
            return "different reduction operations (" + names.opName(mine.reduceOp()) + " and "
                    + names.opName(theirs.reduceOp()) + ")";
        }
        if (kind.equalSignature() && mine.count() >= 0 && theirs.count() >= 0 && !sameSignature(mine, theirs)) {
            return "different type signatures (" + mine.count() + " of " + names.typeName(mine.typeCode(), mine.typeSize())
                    + " and " + theirs.count() + " of " + names.typeName(theirs.typeCode(), theirs.typeSize()) + ")";
        }
        return null;
    }

    /**
     * Whether two mismatched calls may still complete with what each rank asked for: a
     * blocking bcast on one root whose counts of one predefined datatype differ. Every byte
     * goes from the root to ranks that receive it as the same type; a rank that accepts
     * fewer than the root sends gets MPI_ERR_TRUNCATE (an mpi-error), and Open MPI, which
     * picks its broadcast algorithm from each rank's own count, hangs when the counts lead
     * to different algorithms (measured on 4 ranks: 5000 bytes at the root, 10000 at the
     * others) and completes when they do not (28 and 256 bytes). So such a mismatch is a
     * hazard until the call does not complete; any other mismatch is wrong at once.
     */
    public static boolean mayComplete(CollectiveCall mine, CollectiveCall theirs) {
        return mine.kind() == CollectiveKind.BCAST && theirs.kind() == CollectiveKind.BCAST && !mine.nonblocking()
                && !theirs.nonblocking() && mine.root() == theirs.root() && mine.typeCode() != 0
                && mine.typeCode() == theirs.typeCode() && mine.count() != theirs.count();
    }

    /**
     * Predefined types must agree type by type; where a derived type is involved only the
     * bytes can be compared, which still catches every count mismatch.
     */
    static boolean sameSignature(CollectiveCall a, CollectiveCall b) {
        if (a.typeCode() != 0 && b.typeCode() != 0) {
            return a.typeCode() == b.typeCode() && a.count() == b.count();
        }
        if (a.typeSize() < 0 || b.typeSize() < 0) {
            return true;
        }
        return (long) a.count() * a.typeSize() == (long) b.count() * b.typeSize();
    }
}

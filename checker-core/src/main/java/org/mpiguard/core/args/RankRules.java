package org.mpiguard.core.args;

/**
 * Rank and tag rules of the MPI standard, MPI-free: the special values come in as
 * arguments. Each method returns null when the value is valid (no allocation), else the
 * check id that failed; {@link #valid} and {@link #problem} word the message.
 */
public final class RankRules {

    public static final String DEST_RANGE = "p2p.dest-range";
    public static final String DEST_ANY_SOURCE = "p2p.dest-any-source";
    public static final String SOURCE_RANGE = "p2p.source-range";
    public static final String SEND_ANY_TAG = "p2p.send-any-tag";
    public static final String TAG_NEGATIVE = "p2p.tag-negative";
    public static final String TAG_UB = "p2p.tag-ub";
    public static final String ROOT_RANGE = "coll.root-range";
    public static final String TARGET_RANGE = "rma.target-range";

    private final int procNull;
    private final int anySource;
    private final int anyTag;

    public RankRules(int procNull, int anySource, int anyTag) {
        this.procNull = procNull;
        this.anySource = anySource;
        this.anyTag = anyTag;
    }

    /** A destination of a send: a rank of the (remote) group or PROC_NULL. */
    public String dest(int dest, int size) {
        if ((dest >= 0 && dest < size) || dest == procNull) {
            return null;
        }
        return dest == anySource ? DEST_ANY_SOURCE : DEST_RANGE;
    }

    /** A source of a receive or probe: a rank, PROC_NULL or ANY_SOURCE. */
    public String source(int source, int size) {
        return (source >= 0 && source < size) || source == procNull || source == anySource ? null : SOURCE_RANGE;
    }

    /** The root of an intracommunicator collective: a rank of the group, nothing special. */
    public String root(int root, int size) {
        return root >= 0 && root < size ? null : ROOT_RANGE;
    }

    /** A one-sided target: a rank of the window's group or PROC_NULL. */
    public String target(int target, int size) {
        return (target >= 0 && target < size) || target == procNull ? null : TARGET_RANGE;
    }

    public String sendTag(int tag, int tagUb) {
        if (tag >= 0 && tag <= tagUb) {
            return null;
        }
        return tag == anyTag ? SEND_ANY_TAG : tag < 0 ? TAG_NEGATIVE : TAG_UB;
    }

    public String recvTag(int tag, int tagUb) {
        if ((tag >= 0 && tag <= tagUb) || tag == anyTag) {
            return null;
        }
        return tag < 0 ? TAG_NEGATIVE : TAG_UB;
    }

    /** What is wrong with {@code value}, worded for the message of check {@code id}. */
    public String problem(String id, int value, int size) {
        return switch (id) {
            case DEST_ANY_SOURCE -> "is MPI.ANY_SOURCE, which names no destination";
            case SEND_ANY_TAG -> "is MPI.ANY_TAG, which only a receive may use";
            case TAG_NEGATIVE -> "is a negative tag";
            case TAG_UB -> "is above the largest tag this MPI accepts (MPI.TAG_UB)";
            case ROOT_RANGE -> value == procNull ? "is MPI.PROC_NULL, which is no root on an intracommunicator"
                    : "is outside communicator of size " + size;
            case TARGET_RANGE -> "is outside the window's group of size " + size;
            default -> value == procNull ? "is MPI.PROC_NULL" : "is outside communicator of size " + size;
        };
    }

    /** The valid values for check {@code id}. */
    public String valid(String id, int size, int tagUb) {
        String ranks = ArgMessages.rankRange(size);
        return switch (id) {
            case DEST_RANGE, DEST_ANY_SOURCE, TARGET_RANGE -> ranks + " or MPI.PROC_NULL";
            case SOURCE_RANGE -> ranks + ", MPI.PROC_NULL or MPI.ANY_SOURCE";
            case ROOT_RANGE -> ranks;
            case SEND_ANY_TAG -> "0.." + tagUb;
            default -> "0.." + tagUb + " (and MPI.ANY_TAG on a receive)";
        };
    }
}

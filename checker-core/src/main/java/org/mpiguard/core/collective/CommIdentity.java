package org.mpiguard.core.collective;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * What the checker knows of one intracommunicator: an identity every member computes
 * alike without asking anyone (derived from its parent's identity, the parent's
 * collective count at its creation, and its lowest world member), its members in world
 * ranks, and how many collectives this rank has called on it.
 */
public final class CommIdentity {

    /** Identity of COMM_WORLD. */
    public static final long WORLD_ID = 1;

    private final long id;
    private final int[] worldMembers;
    private final int localRank;
    private final String key;
    /** Written only by the application thread that calls collectives on the communicator; read by the watchdog. */
    @SuppressWarnings("unused") private long collectives;
    private static final VarHandle COLLECTIVES;

    static {
        try {
            COLLECTIVES = MethodHandles.lookup().findVarHandle(CommIdentity.class, "collectives", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public CommIdentity(long id, int[] worldMembersInLocalOrder, int localRank) {
        this.id = id;
        this.worldMembers = worldMembersInLocalOrder.clone();
        this.localRank = localRank;
        this.key = Long.toHexString(id);
    }

    /** The identity of a communicator made by a collective call on {@code parent}. */
    public static long derive(long parentId, long parentSeq, int lowestWorldMember, long salt) {
        long h = parentId * 0x9E3779B97F4A7C15L;
        h ^= parentSeq + 0x632BE59BD9B4E019L + (h << 6) + (h >>> 2);
        h ^= (lowestWorldMember + 1L) * 0xC2B2AE3D27D4EB4FL + (h << 6) + (h >>> 2);
        h ^= salt * 0x165667B19E3779F9L;
        h ^= h >>> 31;
        return h == 0 || h == WORLD_ID ? h + 2 : h;
    }

    public long id() {
        return id;
    }

    /** Stable text form for status messages and the wait-for graph. */
    public String key() {
        return key;
    }

    public int size() {
        return worldMembers.length;
    }

    public int localRank() {
        return localRank;
    }

    /** World rank of local rank {@code r}. */
    public int worldRank(int r) {
        return worldMembers[r];
    }

    /** The member this rank sends its collective calls to: its left neighbour on the ring. */
    public int leftNeighbour() {
        return worldMembers[(localRank - 1 + worldMembers.length) % worldMembers.length];
    }

    /** The member whose calls this rank compares with its own. */
    public int rightNeighbour() {
        return worldMembers[(localRank + 1) % worldMembers.length];
    }

    /** Every pair of neighbours is compared once: with two members only the first compares. */
    public boolean compares() {
        return worldMembers.length > 2 || (worldMembers.length == 2 && localRank == 0);
    }

    public int[] sortedWorldMembers() {
        int[] sorted = worldMembers.clone();
        Arrays.sort(sorted);
        return sorted;
    }

    /** Counts one more collective on this communicator and returns its number. */
    public long nextCollective() {
        long next = (long) COLLECTIVES.getOpaque(this) + 1;
        COLLECTIVES.setOpaque(this, next);
        return next;
    }

    /** The number of the last collective counted: this rank has entered every collective up to it. */
    public long collectives() {
        return (long) COLLECTIVES.getOpaque(this);
    }
}

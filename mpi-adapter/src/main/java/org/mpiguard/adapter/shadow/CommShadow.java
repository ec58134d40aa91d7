package org.mpiguard.adapter.shadow;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import mpi.Comm;
import mpi.Group;
import mpi.Intercomm;
import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.core.collective.CommIdentity;

/**
 * A communicator: its identity for the collective ring (named at its creation, see
 * {@link Shadows#derived}), the facts the argument checks ask on every call, and its
 * members in world ranks for the watchdog.
 */
public final class CommShadow extends Shadow {

    private static final VarHandle HANDLE = handleField();

    /** Null for communicators the checker did not see made (COMM_SELF, intercommunicators): not compared. */
    private volatile CommIdentity identity;
    private volatile Facts facts;
    /** World ranks of the ranks a point-to-point call addresses (the remote group of an intercommunicator). */
    private volatile int[] peerTable;
    /** World ranks of every member, sorted (both groups of an intercommunicator). */
    private volatile int[] members;

    CommShadow(Object comm, int site, int rank) {
        super(comm, site, rank);
    }

    public CommIdentity identity() {
        return identity;
    }

    void name(CommIdentity named) {
        identity = named;
    }

    /**
     * What the argument checks ask of a usable (not null, not freed) communicator on every
     * call, read from MPI once instead of by four JNI calls per call. They cannot change
     * while the communicator's handle stays the same, so they are kept with the handle
     * value they were read for; a freed communicator gets MPI's null handle and so new facts
     * (the checks refuse it before asking). A racing reader sees the old facts or whole new ones.
     */
    public Facts facts(Comm comm) throws MPIException {
        if (HANDLE == null) {
            return new Facts(comm, 0); // the field could not be read: ask MPI every time
        }
        long handle = (long) HANDLE.get(comm);
        Facts f = facts;
        if (f != null && f.handle == handle) {
            return f;
        }
        f = new Facts(comm, handle);
        facts = f;
        return f;
    }

    /** World ranks of the ranks a point-to-point call on {@code comm} addresses; null for COMM_WORLD. */
    int[] peerTable(Comm comm) throws MPIException {
        if (comm == MPI.COMM_WORLD) {
            return null;
        }
        int[] table = peerTable;
        if (table == null) {
            Group group = comm.isInter() ? ((Intercomm) comm).getRemoteGroup() : comm.getGroup();
            table = CommRanks.translate(group);
            peerTable = table;
        }
        return table;
    }

    /**
     * The world ranks of the peers and members, read from MPI now, on the program's thread,
     * so that the watchdog, which never calls MPI, finds them ({@link #known}).
     */
    void prepare(Comm comm, int worldSize) throws MPIException {
        peerTable(comm);
        members(comm, worldSize);
    }

    /**
     * The tables of an intracommunicator from its members' world ranks in group order, already
     * read by the caller: the peer table is that order, the members the same sorted; no MPI call.
     */
    void ranksRead(int[] groupOrder) {
        peerTable = groupOrder;
        int[] sorted = groupOrder.clone();
        Arrays.sort(sorted);
        members = sorted;
    }

    /** The peer table and members as far as already read (null before {@link #prepare}); never calls MPI. */
    int[] knownPeerTable() {
        return peerTable;
    }

    int[] knownMembers() {
        return members;
    }

    /** World ranks of every member of {@code comm}, sorted. */
    int[] members(Comm comm, int worldSize) throws MPIException {
        if (comm == MPI.COMM_WORLD) {
            int[] all = new int[worldSize];
            Arrays.setAll(all, i -> i);
            return all;
        }
        int[] table = members;
        if (table == null) {
            table = CommRanks.translate(comm.getGroup());
            if (comm.isInter()) {
                int[] remote = CommRanks.translate(((Intercomm) comm).getRemoteGroup());
                int[] both = Arrays.copyOf(table, table.length + remote.length);
                System.arraycopy(remote, 0, both, table.length, remote.length);
                table = both;
            }
            Arrays.sort(table);
            members = table;
        }
        return table;
    }

    /** The facts of one handle value of a communicator (immutable). */
    public static final class Facts {
        private final long handle;
        private final boolean inter;
        private final int size;
        private final int rank;
        private final int peerCount;

        private Facts(Comm comm, long handle) throws MPIException {
            this.handle = handle;
            this.inter = comm.isInter();
            this.size = comm.getSize();
            this.rank = comm.getRank();
            this.peerCount = inter ? ((Intercomm) comm).getRemoteSize() : size;
        }

        public boolean inter() {
            return inter;
        }

        /** The local group's size. */
        public int size() {
            return size;
        }

        /** This rank's rank in the local group. */
        public int rank() {
            return rank;
        }

        /** Ranks a point-to-point call may address: the remote group's size on an intercommunicator. */
        public int peerCount() {
            return peerCount;
        }
    }

    private static VarHandle handleField() {
        try {
            return MethodHandles.privateLookupIn(Comm.class, MethodHandles.lookup())
                    .findVarHandle(Comm.class, "handle", long.class);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }
}

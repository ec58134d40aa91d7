package org.mpiguard.adapter.shadow;

import mpi.Comm;
import mpi.Group;
import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.core.Guard;

/**
 * A communicator's ranks in world ranks: its peers (the remote group of an
 * intercommunicator) and its members, read from MPI once and kept in its shadow. The
 * program's thread reads them when a communicator is made ({@link #prepare}); the
 * watchdog, which never calls MPI, reads only what is kept ({@link #toWorldKnown}).
 */
public final class CommRanks {

    private CommRanks() {
    }

    /** The world rank of {@code comm}'s local rank {@code peer} (of the remote group of an intercommunicator), or -1. */
    public static int toWorld(Object comm, int peer) throws MPIException {
        int[] table = Shadows.comm(comm).peerTable((Comm) comm);
        if (table == null) {
            return peer;
        }
        return peer >= 0 && peer < table.length ? table[peer] : -1;
    }

    /**
     * The world rank of {@code peer} as the watchdog may learn it: from the tables read on
     * the program's thread when the communicator was made, never from MPI (the program's
     * thread level may not allow a second thread in MPI); IllegalStateException if they
     * were never read.
     */
    public static int toWorldKnown(Object comm, int peer) {
        if (comm == MPI.COMM_WORLD) {
            return peer;
        }
        int[] table = known(comm).knownPeerTable();
        if (table == null) {
            throw new IllegalStateException("the communicator's ranks were not read on the program's thread");
        }
        return peer >= 0 && peer < table.length ? table[peer] : -1;
    }

    /** World ranks of every member of {@code comm}, sorted, as the watchdog may learn them (see toWorldKnown). */
    public static int[] membersKnown(Object comm, int worldSize) {
        if (comm == MPI.COMM_WORLD) {
            return identity(worldSize);
        }
        int[] members = known(comm).knownMembers();
        if (members == null) {
            throw new IllegalStateException("the communicator's members were not read on the program's thread");
        }
        return members;
    }

    private static CommShadow known(Object comm) {
        CommShadow shadow = Shadows.commIfKnown(comm);
        if (shadow == null) {
            throw new IllegalStateException("a communicator the checker never saw made");
        }
        return shadow;
    }

    /** Reads {@code comm}'s world ranks now, on the program's thread, for the watchdog; fail-open. */
    public static void prepare(Comm comm) {
        try {
            if (comm != null && !comm.isNull() && comm != MPI.COMM_WORLD) {
                Shadows.comm(comm).prepare(comm, MpiRuntime.sizeOrZero());
            }
        } catch (MPIException | RuntimeException e) {
            Guard.fault("reading a communicator's ranks", e);
        }
    }

    /** {@code comm}'s local rank (in the remote group of an intercommunicator) of world rank {@code world}, or -1. */
    public static int fromWorld(Object comm, int world) throws MpiFailure {
        int[] table;
        try {
            table = Shadows.comm(comm).peerTable((Comm) comm);
        } catch (MPIException e) {
            throw new MpiFailure(e);
        }
        if (table == null) {
            return world;
        }
        for (int local = 0; local < table.length; local++) {
            if (table[local] == world) {
                return local;
            }
        }
        return -1;
    }

    /** World ranks of every member of {@code comm} (both groups of an intercommunicator), sorted. */
    public static int[] members(Object comm, int worldSize) throws MPIException {
        return Shadows.comm(comm).members((Comm) comm, worldSize);
    }

    /** World ranks of a group's members, in the group's order; frees the group (one the caller obtained). */
    static int[] translate(Group group) throws MPIException {
        int[] translated = worldRanksOf(group);
        group.free();
        return translated;
    }

    /** World ranks of a group's members, in the group's order; the group is left as it is. */
    static int[] worldRanksOf(Group group) throws MPIException {
        int n = group.getSize();
        int[] local = identity(n);
        Group worldGroup = MPI.COMM_WORLD.getGroup();
        int[] translated = Group.translateRanks(group, local, worldGroup);
        worldGroup.free();
        return translated;
    }

    /** 0, 1, ..., n - 1 (a loop: a lambda's call site would be linked at the first call, inside the run). */
    public static int[] identity(int n) {
        int[] ranks = new int[n];
        for (int i = 0; i < n; i++) {
            ranks[i] = i;
        }
        return ranks;
    }
}

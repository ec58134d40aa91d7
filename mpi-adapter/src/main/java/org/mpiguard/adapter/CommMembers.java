package org.mpiguard.adapter;

import java.util.Arrays;
import java.util.Map;
import java.util.WeakHashMap;
import mpi.Comm;
import mpi.Group;
import mpi.Intercomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Translates communicator-local ranks to world ranks. Only the watchdog calls this,
 * when it builds a snapshot, so the application thread never pays for a translation;
 * tables are cached per communicator object and dropped with it.
 */
final class CommMembers {

    private final Map<Object, int[]> peersCache = new WeakHashMap<>();
    private final Map<Object, int[]> membersCache = new WeakHashMap<>();

    /** World ranks of the ranks a point-to-point call on {@code comm} addresses. */
    int[] peerTable(Object comm) throws MPIException {
        if (comm == MPI.COMM_WORLD) {
            return null;
        }
        int[] table = peersCache.get(comm);
        if (table == null) {
            Comm c = (Comm) comm;
            Group group = c.isInter() ? ((Intercomm) c).getRemoteGroup() : c.getGroup();
            table = translate(group);
            peersCache.put(comm, table);
        }
        return table;
    }

    /** World ranks of every member of {@code comm} (both groups of an intercommunicator). */
    int[] members(Object comm, int worldSize) throws MPIException {
        if (comm == MPI.COMM_WORLD) {
            int[] all = new int[worldSize];
            Arrays.setAll(all, i -> i);
            return all;
        }
        int[] table = membersCache.get(comm);
        if (table == null) {
            Comm c = (Comm) comm;
            table = translate(c.getGroup());
            if (c.isInter()) {
                int[] remote = translate(((Intercomm) c).getRemoteGroup());
                int[] both = Arrays.copyOf(table, table.length + remote.length);
                System.arraycopy(remote, 0, both, table.length, remote.length);
                table = both;
            }
            Arrays.sort(table);
            membersCache.put(comm, table);
        }
        return table;
    }

    /** The world rank of local rank {@code peer}, or -1 where it has none. */
    int toWorld(Object comm, int peer) throws MPIException {
        int[] table = peerTable(comm);
        if (table == null) {
            return peer;
        }
        return peer >= 0 && peer < table.length ? table[peer] : -1;
    }

    /** World ranks of a group's members, in the group's order; frees the group (one the caller obtained). */
    static int[] translate(Group group) throws MPIException {
        int[] translated = worldRanks(group);
        group.free();
        return translated;
    }

    /** World ranks of a group's members, in the group's order; the group is left as it is. */
    static int[] worldRanks(Group group) throws MPIException {
        int n = group.getSize();
        int[] local = new int[n];
        Arrays.setAll(local, i -> i);
        Group world = MPI.COMM_WORLD.getGroup();
        int[] translated = Group.translateRanks(group, local, world);
        world.free();
        return translated;
    }
}

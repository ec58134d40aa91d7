package org.mpiguard.adapter.args;

import mpi.CartComm;
import mpi.Comm;
import mpi.GraphComm;
import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.core.MpiFailure;

/**
 * What the argument checks ask a communicator directly, not through its shadow
 * ({@link org.mpiguard.adapter.shadow.Shadows#facts}): whether it is null or freed, and
 * for the calls that take a second communicator or a topology, its kind, size, rank and
 * neighbours. The families pass communicators as Object.
 */
public final class Comms {

    private Comms() {
    }

    /** MPI.COMM_NULL, or a communicator already freed. */
    public static boolean isNull(Object comm) {
        return ((Comm) comm).isNull();
    }

    public static boolean isInter(Object comm) throws MpiFailure {
        try {
            return ((Comm) comm).isInter();
        } catch (MPIException e) {
            throw new MpiFailure(e);
        }
    }

    public static int size(Object comm) throws MpiFailure {
        try {
            return ((Comm) comm).getSize();
        } catch (MPIException e) {
            throw new MpiFailure(e);
        }
    }

    public static int rank(Object comm) throws MpiFailure {
        try {
            return ((Comm) comm).getRank();
        } catch (MPIException e) {
            throw new MpiFailure(e);
        }
    }

    /** Neighbours a rank receives from (its in-degree), or -1 without a topology: MPI itself refuses that call. */
    public static int inDegree(Object comm) throws MpiFailure {
        return degree(comm, true);
    }

    /** Neighbours a rank sends to (its out-degree), or -1 without a topology. */
    public static int outDegree(Object comm) throws MpiFailure {
        return degree(comm, false);
    }

    private static int degree(Object comm, boolean in) throws MpiFailure {
        try {
            return neighbours((Comm) comm, in);
        } catch (MPIException e) {
            throw new MpiFailure(e);
        }
    }

    private static int neighbours(Comm comm, boolean in) throws MPIException {
        int topology = comm.getTopology();
        if (topology == MPI.CART && comm instanceof CartComm cart) {
            return 2 * cart.getTopo().getDimCount();
        }
        if (topology == MPI.GRAPH && comm instanceof GraphComm graph) {
            return graph.getNeighbors(comm.getRank()).length;
        }
        if (topology == MPI.DIST_GRAPH && comm instanceof GraphComm graph) {
            return in ? graph.getDistGraphNeighbors().getInDegree() : graph.getDistGraphNeighbors().getOutDegree();
        }
        return -1;
    }
}

package org.mpiguard.advice.args;

import org.mpiguard.core.MpiFailure;
import org.mpiguard.adapter.args.Comms;
import org.mpiguard.adapter.shadow.CommShadow;
import org.mpiguard.adapter.shadow.Shadows;

/**
 * Entry points of collective.rules for the v- and w-collectives {@link CollectiveCallArgs} does
 * not take: the in-place overloads of gatherv, scatterv and allGatherv, allToAllw and
 * the neighborhood v-collectives. What is checked is what {@link CollectiveCallArgs} checks of
 * their other overloads: the vectors against the buffer, receive blocks apart, heap
 * arrays within the binding's native copy.
 */
public final class VectorCollectives {

    private VectorCollectives() {
    }

    /** gatherv(recvbuf, recvcount, displs, recvtype, root): in place, at the root. */
    public static void gathervInPlace(Object comm, Object buf, int[] counts, int[] displs, Object type, int root,
                                      boolean direct, int site) throws MpiFailure {
        rootedInPlace(comm, buf, counts, displs, type, root, direct, true, site);
    }

    /** scatterv(sendbuf, sendcount, displs, sendtype, root): in place, at the root; send blocks may overlap. */
    public static void scattervInPlace(Object comm, Object buf, int[] counts, int[] displs, Object type, int root,
                                       boolean direct, int site) throws MpiFailure {
        rootedInPlace(comm, buf, counts, displs, type, root, direct, false, site);
    }

    /** The root's one buffer of an in-place gatherv ({@code receives}) or scatterv. */
    private static void rootedInPlace(Object comm, Object buf, int[] counts, int[] displs, Object type, int root,
                                      boolean direct, boolean receives, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        inPlace(comm, site);
        Checks.root(site, "root", root, comm);
        CommShadow.Facts facts = Shadows.facts(comm);
        if (facts.rank() != root) {
            return;
        }
        String side = receives ? "recv" : "send";
        Checks.vectors(site, side + "count", counts, "displs", displs, facts.size(), side + "buf", buf,
                side + "type", type, direct);
        if (receives) {
            CollectiveCallArgs.received(site, "recvcount", counts, "displs", displs, facts.size(), "recvbuf", buf, type);
        } else {
            VectorBlocks.copied(site, "sendcount", counts, "displs", displs, facts.size(), "sendbuf", buf, type);
        }
    }

    /** allGatherv(recvbuf, recvcount, displs, recvtype): in place. */
    public static void allGathervInPlace(Object comm, Object buf, int[] counts, int[] displs, Object type,
                                         boolean direct, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        inPlace(comm, site);
        int size = Shadows.facts(comm).size();
        Checks.vectors(site, "recvcount", counts, "displs", displs, size, "recvbuf", buf, "recvtype", type, direct);
        CollectiveCallArgs.received(site, "recvcount", counts, "displs", displs, size, "recvbuf", buf, type);
    }

    /** allToAllw and iAllToAllw: the receive blocks, in bytes of each block's own datatype. */
    public static void allToAllw(Object comm, int[] recvCount, int[] rDispls, Object[] recvTypes, int site)
            throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        Checks.comm(site, "comm", comm);
        if (recvCount != null && rDispls != null) {
            VectorBlocks.receivedW(site, recvCount, rDispls, recvTypes, CollectiveCallArgs.peers(comm));
        }
    }

    public static void neighborAllGatherv(Object comm, Object sendbuf, int sendcount, Object sendtype,
                                          Object recvbuf, int[] recvcount, int[] displs, Object recvtype,
                                          boolean direct, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        Checks.comm(site, "comm", comm);
        int in = Comms.inDegree(comm);
        if (in < 0) {
            return;
        }
        Checks.buffer(site, "sendbuf", sendbuf, "sendcount", sendcount, "sendtype", sendtype, direct);
        Checks.vectors(site, "recvcount", recvcount, "displs", displs, in, "recvbuf", recvbuf, "recvtype", recvtype,
                direct);
        CollectiveCallArgs.received(site, "recvcount", recvcount, "displs", displs, in, "recvbuf", recvbuf, recvtype);
    }

    public static void neighborAllToAllv(Object comm, Object sendbuf, int[] sendcount, int[] sdispls, Object sendtype,
                                         Object recvbuf, int[] recvcount, int[] rdispls, Object recvtype,
                                         boolean direct, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        Checks.comm(site, "comm", comm);
        int in = Comms.inDegree(comm);
        int out = Comms.outDegree(comm);
        if (in < 0 || out < 0) {
            return;
        }
        Checks.vectors(site, "sendcount", sendcount, "sdispls", sdispls, out, "sendbuf", sendbuf, "sendtype",
                sendtype, direct);
        Checks.vectors(site, "recvcount", recvcount, "rdispls", rdispls, in, "recvbuf", recvbuf, "recvtype",
                recvtype, direct);
        VectorBlocks.copied(site, "sendcount", sendcount, "sdispls", sdispls, out, "sendbuf", sendbuf, sendtype);
        CollectiveCallArgs.received(site, "recvcount", recvcount, "rdispls", rdispls, in, "recvbuf", recvbuf, recvtype);
    }

    private static void inPlace(Object comm, int site) throws MpiFailure {
        Checks.comm(site, "comm", comm);
        Checks.intraForInPlace(site, "comm", comm);
    }
}

package org.mpiguard.advice.args;

import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.adapter.shadow.CommShadow;
import org.mpiguard.adapter.shadow.Shadow;

/**
 * Entry points of collective.rules. Only what one rank can see alone is checked here;
 * whether the ranks agree on root, op and counts is the collective ring's business. On
 * an intercommunicator the size-dependent checks are skipped (roots and sizes refer to
 * the remote group there), so nothing valid is ever refused.
 */
public final class CollectiveCallArgs {

    private CollectiveCallArgs() {
    }

    /** Ranks each side of a collective serves on {@code comm}: the group size, 1 on an intercommunicator. */
    private static int ranks(Object comm) throws MpiFailure {
        CommShadow.Facts facts = Shadows.facts(comm);
        return facts.inter() ? 1 : facts.size();
    }

    /** Blocks of a v-collective's arrays the binding reads: the remote group's size on an intercommunicator. */
    static int peers(Object comm) throws MpiFailure {
        return Shadows.facts(comm).peerCount();
    }

    private static boolean atRoot(Object comm, int root) throws MpiFailure {
        CommShadow.Facts facts = Shadows.facts(comm);
        return !facts.inter() && facts.rank() == root;
    }

    /** The communicator of a rooted collective is usable and its root a rank of it. */
    private static void rooted(Object comm, int root, int site) throws MpiFailure {
        Checks.comm(site, "comm", comm);
        Checks.root(site, "root", root, comm);
    }

    public static void barrier(Object comm, int site) throws MpiFailure {
        if (Checks.on()) {
            Checks.comm(site, "comm", comm);
        }
    }

    public static void bcast(Object comm, Object buf, int count, Object type, int root, boolean direct, int site)
            throws MpiFailure {
        if (!Checks.on() || CheckedCalls.same(site, comm, buf, type, null, null, count, root, 0, 0, 0, 0)) {
            return;
        }
        int frees = Shadow.frees();
        rooted(comm, root, site);
        Checks.buffer(site, "buf", buf, "count", count, "type", type, direct);
        CheckedCalls.valid(site, frees, comm, buf, type, null, null, count, root, 0, 0, 0, 0);
    }

    public static void gather(Object comm, Object sendbuf, int sendcount, Object sendtype, Object recvbuf,
                              int recvcount, Object recvtype, int root, boolean direct, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        rooted(comm, root, site);
        Checks.buffer(site, "sendbuf", sendbuf, "sendcount", sendcount, "sendtype", sendtype, direct);
        if (atRoot(comm, root)) {
            Checks.buffer(site, "recvbuf", recvbuf, "recvcount", recvcount, ranks(comm), "recvtype", recvtype, direct);
            Checks.distinct(site, "sendbuf", sendbuf, "recvbuf", recvbuf);
        }
    }

    /** gather(buf, count, type, root): in place at the root. */
    public static void gatherInPlace(Object comm, Object buf, int count, Object type, int root, boolean direct,
                                     int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        Checks.comm(site, "comm", comm);
        Checks.intraForInPlace(site, "comm", comm);
        Checks.root(site, "root", root, comm);
        Checks.buffer(site, "buf", buf, "count", count, atRoot(comm, root) ? ranks(comm) : 1, "type", type, direct);
    }

    public static void scatter(Object comm, Object sendbuf, int sendcount, Object sendtype, Object recvbuf,
                               int recvcount, Object recvtype, int root, boolean direct, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        rooted(comm, root, site);
        if (atRoot(comm, root)) {
            Checks.buffer(site, "sendbuf", sendbuf, "sendcount", sendcount, ranks(comm), "sendtype", sendtype, direct);
            Checks.distinct(site, "sendbuf", sendbuf, "recvbuf", recvbuf);
        }
        Checks.buffer(site, "recvbuf", recvbuf, "recvcount", recvcount, "recvtype", recvtype, direct);
    }

    public static void allGather(Object comm, Object sendbuf, int sendcount, Object sendtype, Object recvbuf,
                                 int recvcount, Object recvtype, boolean direct, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        Checks.comm(site, "comm", comm);
        Checks.buffer(site, "sendbuf", sendbuf, "sendcount", sendcount, "sendtype", sendtype, direct);
        Checks.buffer(site, "recvbuf", recvbuf, "recvcount", recvcount, ranks(comm), "recvtype", recvtype, direct);
        Checks.distinct(site, "sendbuf", sendbuf, "recvbuf", recvbuf);
    }

    public static void allToAll(Object comm, Object sendbuf, int sendcount, Object sendtype, Object recvbuf,
                                int recvcount, Object recvtype, boolean direct, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        Checks.comm(site, "comm", comm);
        int n = ranks(comm);
        Checks.buffer(site, "sendbuf", sendbuf, "sendcount", sendcount, n, "sendtype", sendtype, direct);
        Checks.buffer(site, "recvbuf", recvbuf, "recvcount", recvcount, n, "recvtype", recvtype, direct);
        Checks.distinct(site, "sendbuf", sendbuf, "recvbuf", recvbuf);
    }

    public static void reduce(Object comm, Object sendbuf, Object recvbuf, int count, Object type, Object op, int root,
                              boolean direct, int site) throws MpiFailure {
        if (!Checks.on() || CheckedCalls.same(site, comm, sendbuf, recvbuf, type, op, count, root, 0, 0, 0, 0)) {
            return;
        }
        int frees = Shadow.frees();
        rooted(comm, root, site);
        Checks.buffer(site, "sendbuf", sendbuf, "count", count, "type", type, direct);
        if (atRoot(comm, root)) {
            Checks.buffer(site, "recvbuf", recvbuf, "count", count, "type", type, direct);
            Checks.distinct(site, "sendbuf", sendbuf, "recvbuf", recvbuf);
        }
        Checks.op(site, "op", op, type);
        CheckedCalls.valid(site, frees, comm, sendbuf, recvbuf, type, op, count, root, 0, 0, 0, 0);
    }

    /** reduce(buf, count, type, op, root). */
    public static void reduceInPlace(Object comm, Object buf, int count, Object type, Object op, int root,
                                     boolean direct, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        Checks.comm(site, "comm", comm);
        Checks.intraForInPlace(site, "comm", comm);
        Checks.root(site, "root", root, comm);
        Checks.buffer(site, "buf", buf, "count", count, "type", type, direct);
        Checks.op(site, "op", op, type);
    }

    /** allReduce, scan, exScan with separate buffers. */
    public static void allReduce(Object comm, Object sendbuf, Object recvbuf, int count, Object type, Object op,
                                 boolean direct, int site) throws MpiFailure {
        if (!Checks.on() || CheckedCalls.same(site, comm, sendbuf, recvbuf, type, op, count, 0, 0, 0, 0, 0)) {
            return;
        }
        int frees = Shadow.frees();
        Checks.comm(site, "comm", comm);
        Checks.buffer(site, "sendbuf", sendbuf, "count", count, "type", type, direct);
        Checks.buffer(site, "recvbuf", recvbuf, "count", count, "type", type, direct);
        Checks.distinct(site, "sendbuf", sendbuf, "recvbuf", recvbuf);
        Checks.op(site, "op", op, type);
        CheckedCalls.valid(site, frees, comm, sendbuf, recvbuf, type, op, count, 0, 0, 0, 0, 0);
    }

    /** allReduce, scan, exScan in place. */
    public static void allReduceInPlace(Object comm, Object buf, int count, Object type, Object op, boolean direct,
                                        int site) throws MpiFailure {
        if (!Checks.on() || CheckedCalls.same(site, comm, buf, type, op, null, count, 0, 0, 0, 0, 0)) {
            return;
        }
        int frees = Shadow.frees();
        Checks.comm(site, "comm", comm);
        Checks.intraForInPlace(site, "comm", comm);
        Checks.buffer(site, "buf", buf, "count", count, "type", type, direct);
        Checks.op(site, "op", op, type);
        CheckedCalls.valid(site, frees, comm, buf, type, op, null, count, 0, 0, 0, 0, 0);
    }

    public static void reduceScatterBlock(Object comm, Object sendbuf, Object recvbuf, int recvcount, Object type,
                                          Object op, boolean direct, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        Checks.comm(site, "comm", comm);
        Checks.buffer(site, "sendbuf", sendbuf, "recvcount", recvcount, ranks(comm), "type", type, direct);
        Checks.buffer(site, "recvbuf", recvbuf, "recvcount", recvcount, "type", type, direct);
        Checks.distinct(site, "sendbuf", sendbuf, "recvbuf", recvbuf);
        Checks.op(site, "op", op, type);
    }

    public static void reduceScatter(Object comm, Object sendbuf, Object recvbuf, int[] recvcounts, Object type,
                                     Object op, boolean direct, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        Checks.comm(site, "comm", comm);
        Checks.type(site, "type", type);
        int n = ranks(comm);
        if (recvcounts == null || recvcounts.length < n) {
            Checks.fail(site, "vcoll.counts-length", "recvcounts", recvcounts, recvcounts == null ? "is null"
                    : "has fewer entries than the communicator has ranks (" + n + ")",
                    "an int[] with one entry per rank (at least " + n + ")");
        }
        int total = 0;
        for (int r = 0; r < n; r++) {
            if (recvcounts[r] < 0) {
                Checks.fail(site, "vcoll.count-negative", "recvcounts[" + r + "]", recvcounts[r], "is negative",
                        "0 or more");
            }
            total += recvcounts[r];
        }
        Checks.buffer(site, "sendbuf", sendbuf, "sum of recvcounts", total, "type", type, direct);
        CommShadow.Facts facts = Shadows.facts(comm);
        Checks.buffer(site, "recvbuf", recvbuf, "recvcounts[" + "rank" + "]", recvcounts[facts.inter() ? 0
                : facts.rank()], "type", type, direct);
        Checks.distinct(site, "sendbuf", sendbuf, "recvbuf", recvbuf);
        Checks.op(site, "op", op, type);
    }

    public static void gatherv(Object comm, Object sendbuf, int sendcount, Object sendtype, Object recvbuf,
                               int[] recvcount, int[] displs, Object recvtype, int root, boolean direct, int site)
            throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        rooted(comm, root, site);
        Checks.buffer(site, "sendbuf", sendbuf, "sendcount", sendcount, "sendtype", sendtype, direct);
        if (atRoot(comm, root)) {
            Checks.vectors(site, "recvcount", recvcount, "displs", displs, ranks(comm), "recvbuf", recvbuf,
                    "recvtype", recvtype, direct);
            Checks.distinct(site, "sendbuf", sendbuf, "recvbuf", recvbuf);
            received(site, "recvcount", recvcount, "displs", displs, peers(comm), "recvbuf", recvbuf, recvtype);
        }
    }

    /** The receive side of a v-collective at a rank that receives: blocks apart, and fitting the binding's copy. */
    static void received(int site, String countsName, int[] counts, String displsName, int[] displs, int size,
                         String bufName, Object buf, Object type) throws MpiFailure {
        VectorBlocks.received(site, countsName, counts, displsName, displs, size, bufName, type);
        VectorBlocks.copied(site, countsName, counts, displsName, displs, size, bufName, buf, type);
    }

    public static void scatterv(Object comm, Object sendbuf, int[] sendcount, int[] displs, Object sendtype,
                                Object recvbuf, int recvcount, Object recvtype, int root, boolean direct, int site)
            throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        rooted(comm, root, site);
        if (atRoot(comm, root)) {
            Checks.vectors(site, "sendcount", sendcount, "displs", displs, ranks(comm), "sendbuf", sendbuf,
                    "sendtype", sendtype, direct);
            Checks.distinct(site, "sendbuf", sendbuf, "recvbuf", recvbuf);
            VectorBlocks.copied(site, "sendcount", sendcount, "displs", displs, peers(comm), "sendbuf", sendbuf,
                    sendtype);
        }
        Checks.buffer(site, "recvbuf", recvbuf, "recvcount", recvcount, "recvtype", recvtype, direct);
    }

    public static void allGatherv(Object comm, Object sendbuf, int sendcount, Object sendtype, Object recvbuf,
                                  int[] recvcount, int[] displs, Object recvtype, boolean direct, int site)
            throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        Checks.comm(site, "comm", comm);
        Checks.buffer(site, "sendbuf", sendbuf, "sendcount", sendcount, "sendtype", sendtype, direct);
        Checks.vectors(site, "recvcount", recvcount, "displs", displs, ranks(comm), "recvbuf", recvbuf, "recvtype",
                recvtype, direct);
        Checks.distinct(site, "sendbuf", sendbuf, "recvbuf", recvbuf);
        received(site, "recvcount", recvcount, "displs", displs, peers(comm), "recvbuf", recvbuf, recvtype);
    }

    public static void allToAllv(Object comm, Object sendbuf, int[] sendcount, int[] sdispls, Object sendtype,
                                 Object recvbuf, int[] recvcount, int[] rdispls, Object recvtype, boolean direct,
                                 int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        Checks.comm(site, "comm", comm);
        int n = ranks(comm);
        Checks.vectors(site, "sendcount", sendcount, "sdispls", sdispls, n, "sendbuf", sendbuf, "sendtype", sendtype,
                direct);
        Checks.vectors(site, "recvcount", recvcount, "rdispls", rdispls, n, "recvbuf", recvbuf, "recvtype", recvtype,
                direct);
        Checks.distinct(site, "sendbuf", sendbuf, "recvbuf", recvbuf);
        VectorBlocks.copied(site, "sendcount", sendcount, "sdispls", sdispls, peers(comm), "sendbuf", sendbuf,
                sendtype);
        received(site, "recvcount", recvcount, "rdispls", rdispls, peers(comm), "recvbuf", recvbuf, recvtype);
    }
}

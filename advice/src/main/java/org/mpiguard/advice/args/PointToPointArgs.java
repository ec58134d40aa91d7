package org.mpiguard.advice.args;

import org.mpiguard.core.MpiFailure;
import org.mpiguard.adapter.MpiConstants;
import org.mpiguard.adapter.args.Peers;
import org.mpiguard.adapter.shadow.Shadow;

/** Entry points of p2p.rules: sends, receives, probes, persistent requests. */
public final class PointToPointArgs {

    private PointToPointArgs() {
    }

    /** The envelope of a message sent on {@code comm}: usable communicator, destination, tag. */
    private static void outgoing(Object comm, int dest, String tagName, int tag, int site) throws MpiFailure {
        Checks.comm(site, "comm", comm);
        Checks.dest(site, "dest", dest, Peers.peerCount(comm));
        Checks.sendTag(site, tagName, tag);
    }

    /** The envelope of a receive or probe: usable communicator, source, tag. */
    private static void incoming(Object comm, int source, String tagName, int tag, int site) throws MpiFailure {
        Checks.comm(site, "comm", comm);
        Checks.source(site, "source", source, Peers.peerCount(comm));
        Checks.recvTag(site, tagName, tag);
    }

    /** The data of a message; the standard ignores it when the peer is MPI.PROC_NULL. */
    private static void payload(int site, String bufName, Object buf, String countName, int count, String typeName,
                                Object type, boolean direct, int peer) throws MpiFailure {
        if (peer == MpiConstants.PROC_NULL) {
            Checks.ignoredBuffer(site, bufName, buf, countName, count, typeName, type, direct);
        } else {
            Checks.buffer(site, bufName, buf, countName, count, typeName, type, direct);
        }
    }

    /** send, sSend, bSend, rSend and, with {@code direct}, their nonblocking and persistent forms. */
    public static void send(Object comm, Object buf, int count, Object type, int dest, int tag, boolean direct,
                            int site) throws MpiFailure {
        if (!Checks.on() || CheckedCalls.same(site, comm, buf, type, null, null, count, dest, tag, 0, 0, 0)) {
            return;
        }
        int frees = Shadow.frees();
        outgoing(comm, dest, "tag", tag, site);
        payload(site, "buf", buf, "count", count, "type", type, direct, dest);
        CheckedCalls.valid(site, frees, comm, buf, type, null, null, count, dest, tag, 0, 0, 0);
    }

    /** recv and, with {@code direct}, iRecv and recvInit. */
    public static void recv(Object comm, Object buf, int count, Object type, int source, int tag, boolean direct,
                            int site) throws MpiFailure {
        if (!Checks.on() || CheckedCalls.same(site, comm, buf, type, null, null, count, source, tag, 0, 0, 0)) {
            return;
        }
        int frees = Shadow.frees();
        incoming(comm, source, "tag", tag, site);
        payload(site, "buf", buf, "count", count, "type", type, direct, source);
        CheckedCalls.valid(site, frees, comm, buf, type, null, null, count, source, tag, 0, 0, 0);
    }

    public static void probe(Object comm, int source, int tag, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        incoming(comm, source, "tag", tag, site);
    }

    public static void sendRecv(Object comm, Object sendbuf, int sendcount, Object sendtype, int dest, int sendtag,
                                Object recvbuf, int recvcount, Object recvtype, int source, int recvtag, int site)
            throws MpiFailure {
        if (!Checks.on() || CheckedCalls.same(site, comm, sendbuf, sendtype, recvbuf, recvtype, sendcount, dest,
                sendtag, recvcount, source, recvtag)) {
            return;
        }
        int frees = Shadow.frees();
        outgoing(comm, dest, "sendtag", sendtag, site);
        incoming(comm, source, "recvtag", recvtag, site);
        payload(site, "sendbuf", sendbuf, "sendcount", sendcount, "sendtype", sendtype, false, dest);
        payload(site, "recvbuf", recvbuf, "recvcount", recvcount, "recvtype", recvtype, false, source);
        Checks.distinct(site, "sendbuf", sendbuf, "recvbuf", recvbuf);
        CheckedCalls.valid(site, frees, comm, sendbuf, sendtype, recvbuf, recvtype, sendcount, dest, sendtag, recvcount,
                source, recvtag);
    }

    public static void sendRecvReplace(Object comm, Object buf, int count, Object type, int dest, int sendtag,
                                       int source, int recvtag, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        outgoing(comm, dest, "sendtag", sendtag, site);
        incoming(comm, source, "recvtag", recvtag, site);
        Checks.buffer(site, "buf", buf, "count", count, "type", type, false);
    }

    /** Message.mProbe and imProbe(source, tag, comm). */
    public static void matchedProbe(int source, int tag, Object comm, int site) throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        incoming(comm, source, "tag", tag, site);
    }

    /** Message.mRecv and imRecv. */
    public static void matchedRecv(Object message, Object buf, int count, Object type, boolean direct, int site)
            throws MpiFailure {
        if (!Checks.on()) {
            return;
        }
        Checks.buffer(site, "buf", buf, "count", count, "type", type, direct);
    }
}

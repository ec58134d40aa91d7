package org.mpiguard.core.trace;

/** The {@code op} of SEND and RECV events. Codes are ordinals: append, never reorder. */
public enum PointOp {
    SEND("Comm.send"), SSEND("Comm.sSend"), BSEND("Comm.bSend"), RSEND("Comm.rSend"),
    ISEND("Comm.iSend"), ISSEND("Comm.isSend"), IBSEND("Comm.ibSend"), IRSEND("Comm.irSend"),
    RECV("Comm.recv"), IRECV("Comm.iRecv"), SENDRECV("Comm.sendRecv"), SENDRECV_REPLACE("Comm.sendRecvReplace"),
    /** A persistent request's send or receive started by {@code Prequest.start}. */
    START("Prequest.start"),
    /** A matched receive of a message taken by {@code mProbe}/{@code imProbe}. */
    MRECV("Message.mRecv"), IMRECV("Message.imRecv");

    private static final PointOp[] VALUES = values();
    private final String method;

    PointOp(String method) {
        this.method = method;
    }

    public String method() {
        return method;
    }

    public static PointOp of(long code) {
        return code >= 0 && code < VALUES.length ? VALUES[(int) code] : null;
    }
}

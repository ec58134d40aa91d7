package org.mpiguard.core.trace;

/** What a HANDLE event creates or frees. */
public enum HandleKind {
    COMM("communicator", "Comm.free"), GROUP("group", "Group.free"), DATATYPE("datatype", "Datatype.free"),
    OP("op", "Op.free"), WIN("window", "Win.free"), INFO("info", "Info.free"),
    ERRHANDLER("error handler", "Errhandler.free"), BUFFER("attached buffer", "MPI.detachBuffer");

    /** HANDLE {@code op} values. */
    public static final int CREATE = 0;
    public static final int FREE = 1;

    private static final HandleKind[] VALUES = values();
    private final String noun;
    private final String freeCall;

    HandleKind(String noun, String freeCall) {
        this.noun = noun;
        this.freeCall = freeCall;
    }

    public String noun() {
        return noun;
    }

    /** The call that releases it, for messages. */
    public String freeCall() {
        return freeCall;
    }

    public static HandleKind of(long code) {
        return code >= 0 && code < VALUES.length ? VALUES[(int) code] : null;
    }
}

package org.mpiguard.adapter.trace;

import mpi.Comm;
import mpi.Datatype;
import mpi.Group;
import mpi.Info;

/**
 * What the trace asks of a handle the program just made (HANDLE events): which kind of
 * object it is, where that decides what the event carries (a communicator's identity and
 * members, a group's members), and whether it is a null handle (a split's COMM_NULL), which
 * is no object.
 */
public final class TracedHandles {

    private TracedHandles() {
    }

    public static boolean isComm(Object handle) {
        return handle instanceof Comm;
    }

    public static boolean isGroup(Object handle) {
        return handle instanceof Group;
    }

    /** A null communicator, group, datatype or info; any other handle is not null. */
    public static boolean isNull(Object handle) {
        return handle instanceof Comm c ? c.isNull() : handle instanceof Group g ? g.isNull()
                : handle instanceof Datatype d ? d.isNull() : handle instanceof Info i && i.isNull();
    }
}

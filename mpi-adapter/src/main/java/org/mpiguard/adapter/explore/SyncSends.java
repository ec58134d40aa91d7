package org.mpiguard.adapter.explore;

import java.nio.Buffer;
import mpi.Comm;
import mpi.Datatype;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;
import org.mpiguard.core.Guard;

/**
 * The standard sends of a replay of a predicted deadlock (option {@code sync-sends},
 * explore.rules): made as synchronous sends, which complete only once their receive is
 * posted, so the replay runs under the zero buffering the prediction assumed, where Open
 * MPI would have completed a small message eagerly. Every family sees the call the program
 * made; only the binding method differs. In every other run: one branch on a static final
 * field. The binding's MPIException leaves as it is, so errors.rules sees it as it sees the
 * program's own send fail.
 */
public final class SyncSends {

    private static final boolean ON = Guard.options().syncSends();

    private SyncSends() {
    }

    public static void send(Comm comm, Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        if (ON) {
            comm.sSend(buf, count, type, dest, tag);
        } else {
            comm.send(buf, count, type, dest, tag);
        }
    }

    public static Request iSend(Comm comm, Buffer buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        return ON ? comm.isSend(buf, count, type, dest, tag) : comm.iSend(buf, count, type, dest, tag);
    }

    public static Prequest sendInit(Comm comm, Buffer buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        return ON ? comm.sSendInit(buf, count, type, dest, tag) : comm.sendInit(buf, count, type, dest, tag);
    }
}

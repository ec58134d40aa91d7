package org.mpiguard.advice.trace;

import mpi.Datatype;
import mpi.MPIException;
import org.mpiguard.adapter.trace.TraceIds;
import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.core.trace.TraceRecorder;

/** MPI objects' definitions the trace needs: a derived type's signature, once at its commit. */
public final class HandleTrace {

    private HandleTrace() {
    }

    public static void committed(Datatype type) throws MPIException {
        TraceRecorder r = TraceSession.recorder();
        if (r != null && type != null) {
            TraceIds.committed(r, type);
        }
    }
}

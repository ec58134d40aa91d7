package org.mpiguard.advice;

import mpi.MPIException;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.adapter.MpiRuntime;

/** Advice for the static methods of {@code mpi.MPI} that start and end a run. */
public final class MPIAdvice {

    private MPIAdvice() {
    }

    public static String[] Init(String[] args, int site) throws MPIException, MpiFailure {
        return MpiRuntime.init(args, site);
    }

    public static int InitThread(String[] args, int required, int site) throws MPIException, MpiFailure {
        return MpiRuntime.initThread(args, required, site);
    }

    public static void Finalize(int site) throws MPIException, MpiFailure {
        MpiRuntime.finalizeRun(site);
    }
}

package org.mpiguard.adapter.args;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.core.Guard;
import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.core.ExitCodes;
import org.mpiguard.core.options.OnError;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.site.CallSites;

/**
 * What happens once an argument check has failed: the finding is reported, then the job
 * is aborted (on-error=abort) or the call is refused with the MPIException the binding
 * would have thrown (on-error=continue). The call itself is never made: a bad argument
 * can crash the JVM inside JNI.
 */
public final class Violations {

    private Violations() {
    }

    /** The op of a call site, e.g. "Comm.send", for the message. */
    public static String op(int site) {
        return CallSites.get(site).op();
    }

    /** Reports an invalid argument at {@code site} and never returns normally. */
    public static MPIException invalid(int site, String message) throws MPIException {
        report(FindingKind.INVALID_ARGUMENT, Severity.ERROR, site, message);
        if (Guard.options().onError() == OnError.ABORT) {
            abort();
        }
        throw new MPIException(message);
    }

    /**
     * Claims the one warning of check {@code checkId} at {@code site} on this rank; false if
     * it was said already. A loop would repeat the same warning every iteration, and
     * writing (even composing) thousands of findings slows the run it checks several fold.
     * Past {@link #MAX_WARNED} distinct warnings no new one is said, so memory and output
     * stay bounded.
     */
    public static boolean firstWarning(FindingKind kind, int site, String checkId) {
        return WARNED.size() < MAX_WARNED && WARNED.add(new Warned(kind, site, checkId));
    }

    /** Reports a warning (binding hazards), claimed first by {@link #firstWarning}, and lets the program go on. */
    public static void warn(FindingKind kind, int site, String message) {
        report(kind, Severity.WARNING, site, message + " (Said once for this call site on this rank.)");
    }

    private static final int MAX_WARNED = 4096;
    private static final Set<Warned> WARNED = ConcurrentHashMap.newKeySet();

    private record Warned(FindingKind kind, int site, String checkId) {
    }

    private static void report(FindingKind kind, Severity severity, int site, String message) {
        Guard.report(new Finding(kind, severity, List.of(MpiRuntime.rankOrMinusOne()), op(site),
                SiteRef.of(CallSites.get(site)), List.of(), message, List.of()));
    }

    /**
     * Ends the job: through MPI_Abort while MPI runs, else (before Init or after
     * Finalize, where MPI_Abort is not allowed) by halting this JVM; findings are
     * flushed as they are written, so nothing is lost either way.
     */
    private static void abort() {
        TraceSession.flush();
        try {
            if (MpiRuntime.running()) {
                MPI.COMM_WORLD.abort(ExitCodes.ABORTED_ON_FINDING);
            }
        } catch (Throwable t) {
            // fall through to halting the JVM
        }
        System.err.flush();
        Runtime.getRuntime().halt(ExitCodes.ABORTED_ON_FINDING);
    }
}

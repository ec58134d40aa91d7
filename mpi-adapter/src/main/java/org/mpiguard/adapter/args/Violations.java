package org.mpiguard.adapter.args;

import java.util.List;
import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.core.Guard;
import org.mpiguard.core.LeftToMpi;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.core.ExitCodes;
import org.mpiguard.core.args.MpiDetected;
import org.mpiguard.core.options.OnError;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.WarningClaims;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.site.CallSites;

/**
 * What happens once an argument check has failed: the finding is reported, then the job
 * is aborted (on-error=abort) or the call is refused with the MPIException the binding
 * would have thrown (on-error=continue), carried out of the check family as an
 * {@link MpiFailure}. The call itself is never made: a bad argument can crash the JVM
 * inside JNI.
 */
public final class Violations {

    private Violations() {
    }

    /** The op of a call site, e.g. "Comm.send", for the message. */
    public static String op(int site) {
        return CallSites.get(site).op();
    }

    /**
     * Reports an invalid argument at {@code site} and never returns normally. When the
     * program set a returning error handler and MPI itself detects this violation, the
     * program asked MPI to tell it, and a call the binding refuses itself (before Init,
     * after Finalize) throws at the program's line anyway: a warning then, and
     * {@link LeftToMpi} lets the call go on.
     */
    public static MpiFailure invalid(int site, String message) throws MpiFailure {
        String id = MpiDetected.idOf(message);
        boolean binding = MpiDetected.refusedByBinding(id);
        if (binding || (programHandlesErrors && MpiDetected.reportedByMpi(id))) {
            if (firstWarning(FindingKind.INVALID_ARGUMENT, site, id)) {
                warn(FindingKind.INVALID_ARGUMENT, site, message + (binding
                        ? ". The binding refuses this call itself with an MPIException at this line."
                        : ". The program set a returning error handler, so MPI reports this to it (an MPIException"
                        + " with MPI's error class); the call is made."));
            }
            throw LeftToMpi.INSTANCE;
        }
        return refuse(FindingKind.INVALID_ARGUMENT, site, message);
    }

    /**
     * Reports a call the Java binding itself would carry into memory corruption (valid for
     * MPI, so no handler of the program ever hears of it) and never returns normally,
     * exactly as an invalid argument: the job is aborted, or the call refused.
     */
    public static MpiFailure bindingHazard(int site, String message) throws MpiFailure {
        return refuse(FindingKind.BINDING_HAZARD, site, message);
    }

    private static MpiFailure refuse(FindingKind kind, int site, String message) throws MpiFailure {
        report(kind, Severity.ERROR, site, message);
        if (Guard.options().onError() == OnError.ABORT) {
            abort(ExitCodes.ABORTED_ON_FINDING);
        }
        throw new MpiFailure(new MPIException(message));
    }

    private static volatile boolean programHandlesErrors;

    /**
     * After-rule of {@code setErrhandler} on a communicator or window: a handler other
     * than MPI.ERRORS_ARE_FATAL means the program handles MPI's errors itself. One flag
     * for the whole rank: errors not tied to an object are raised on MPI.COMM_WORLD, and
     * programs set the handler there.
     */
    public static void errhandlerSet(mpi.Errhandler handler) {
        if (handler != null && handler != MPI.ERRORS_ARE_FATAL) {
            programHandlesErrors = true;
        }
    }

    /**
     * Claims the one warning of check {@code checkId} at {@code site} on this rank; false if
     * it was said already. A loop would repeat the same warning every iteration, and
     * writing (even composing) thousands of findings slows the run it checks several fold.
     * Past {@link #MAX_WARNED} distinct warnings no new one is said, so memory and output
     * stay bounded.
     */
    public static boolean firstWarning(FindingKind kind, int site, String checkId) {
        return WARNED.claim(kind, site, checkId);
    }

    /**
     * Whether the warning of check {@code checkId} at {@code site} was said already on this
     * rank: for a check that has work to do before it knows whether to claim it.
     */
    public static boolean warned(FindingKind kind, int site, String checkId) {
        return WARNED.said(kind, site, checkId);
    }

    /** Reports a warning (binding hazards), claimed first by {@link #firstWarning}, and lets the program go on. */
    public static void warn(FindingKind kind, int site, String message) {
        report(kind, Severity.WARNING, site, message + " (Said once for this call site on this rank.)");
    }

    /** As {@link #warn(FindingKind, int, String)}, naming this rank's call at {@code relatedSite} as the other side. */
    public static void warn(FindingKind kind, int site, String message, int relatedSite) {
        int rank = MpiRuntime.rankOrMinusOne();
        CallSite related = CallSites.get(relatedSite);
        Guard.report(new Finding(kind, Severity.WARNING, List.of(rank), op(site), SiteRef.of(CallSites.get(site)),
                List.of(new RelatedCall(rank, related.op(), SiteRef.of(related))),
                message + " (Said once for this call site on this rank.)", List.of()));
    }

    private static final int MAX_WARNED = 4096;
    /** Asked again at every iteration of a loop that repeats a warning: allocation-free once claimed. */
    private static final WarningClaims WARNED = new WarningClaims(MAX_WARNED);

    private static void report(FindingKind kind, Severity severity, int site, String message) {
        Guard.report(new Finding(kind, severity, List.of(MpiRuntime.rankOrMinusOne()), op(site),
                SiteRef.of(CallSites.get(site)), List.of(), message, List.of()));
    }

    /**
     * Ends the job: through MPI_Abort while MPI runs, else (before Init or after
     * Finalize, where MPI_Abort is not allowed) by halting this JVM; findings are
     * flushed as they are written, so nothing is lost either way.
     */
    public static void abort(int exitCode) {
        TraceSession.flush();
        try {
            if (MpiRuntime.running()) {
                MPI.COMM_WORLD.abort(exitCode);
            }
        } catch (Throwable t) {
            // fall through to halting the JVM
        }
        System.err.flush();
        Runtime.getRuntime().halt(exitCode);
    }
}

package org.mpiguard.adapter.lifecycle;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import mpi.Comm;
import mpi.Errhandler;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Win;
import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.adapter.RingSettle;
import org.mpiguard.adapter.args.Violations;
import org.mpiguard.adapter.shadow.RequestShadow;
import org.mpiguard.adapter.shadow.RequestShadows;
import org.mpiguard.adapter.shadow.Shadow;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.core.Guard;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.core.options.CheckFamily;
import org.mpiguard.core.options.OnError;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKeys;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.site.CallSites;

/**
 * Open MPI's own errors, located. Open MPI's default handler (ERRORS_ARE_FATAL) aborts
 * inside the C library with no Java location; so the checker gives ERRORS_RETURN to every
 * communicator and window the program gave no handler (COMM_WORLD and COMM_SELF at Init;
 * communicators made from them inherit it, as MPI copies a parent's handler; every new
 * window, whose default is fatal whatever its communicator's). The binding then throws
 * MPIException, which the trampoline hands here: when the program chose the handler in
 * force (setErrhandler on the object, or on the parent it was made from) the exception
 * goes on to the program as before; otherwise it is reported as {@code mpi-error} with the
 * Java site, and the job ends as the fatal handler would have ended it, through MPI_Abort
 * with MPI's error code. What the program sees of handlers stays as without the checker:
 * getErrhandler gives the fatal default, callErrhandler calls it, and a window
 * constructor (whose exception the checker could not turn into the fatal end) runs with it. Errors MPI raises on no object (datatypes, groups, MPI.*) are
 * raised on COMM_WORLD, as Open MPI 4.1 does; errors of waits on the request's
 * communicator. Nothing here is on the hot path: only a thrown MPIException gets here.
 */
public final class ErrorHandlers {

    private static volatile boolean installed;

    private ErrorHandlers() {
    }

    private static boolean enabled() {
        return Guard.options().enabled(CheckFamily.ERRORS);
    }

    /** After Init: the predefined communicators return errors, unless the family is off. */
    public static void installAtInit() throws MpiFailure {
        if (!enabled() || !MpiRuntime.running()) {
            return;
        }
        try {
            MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
            MPI.COMM_SELF.setErrhandler(MPI.ERRORS_RETURN);
        } catch (MPIException e) {
            throw new MpiFailure(e);
        }
        installed = true;
    }

    /**
     * Before a window constructor on {@code windowComm}: MPI raises its errors on the
     * communicator, and an exception out of a constructor cannot be located (the
     * trampoline runs after it) nor turned into the fatal handler's end of the job. So where
     * the checker put ERRORS_RETURN, the fatal default is back for the constructor's
     * duration: a failing window creation ends the job as without the checker.
     */
    public static void creatingWindowOn(Object windowComm) {
        Comm comm = (Comm) windowComm;
        try {
            Comm left = FATAL_DURING_CREATION.get();
            if (left != null) { // an earlier constructor never ran (a check refused it): its communicator returns again
                FATAL_DURING_CREATION.remove();
                left.setErrhandler(MPI.ERRORS_RETURN);
            }
            if (comm != null && givenByChecker(comm, comm.getErrhandler())) {
                comm.setErrhandler(MPI.ERRORS_ARE_FATAL);
                FATAL_DURING_CREATION.set(comm);
            }
        } catch (MPIException e) {
            Guard.fault("giving a window's communicator its default handler", e);
        }
    }

    /** A window was just made on {@code comm}: its handler is fatal whatever its communicator's. */
    public static void windowMade(Object win, Object comm) throws MpiFailure {
        try {
            if (comm != null && FATAL_DURING_CREATION.get() == comm) {
                FATAL_DURING_CREATION.remove();
                ((Comm) comm).setErrhandler(MPI.ERRORS_RETURN);
            }
            if (installed && win != null) {
                // a window just made has the default; its shadow is made by others, with its site
                ((Win) win).setErrhandler(MPI.ERRORS_RETURN);
            }
        } catch (MPIException e) {
            throw new MpiFailure(e);
        }
    }

    private static final ThreadLocal<Comm> FATAL_DURING_CREATION = new ThreadLocal<>();

    /** The program set the handler of a communicator or window itself: from now on its errors are the program's. */
    public static void chosen(Object handle) {
        Shadow shadow = Shadows.handlerOwner(handle);
        if (shadow != null) {
            shadow.ownHandler(true);
        }
    }

    /**
     * {@code Comm.getErrhandler}: the handler the program would see without the checker.
     * Where the checker put ERRORS_RETURN in place of the default, that is
     * ERRORS_ARE_FATAL, fetched from MPI itself (a program may keep it, set it back later
     * or free it, as it would the handler MPI gives it).
     */
    public static Errhandler get(Comm comm) throws MPIException {
        return withDefault(comm, comm::getErrhandler, comm::setErrhandler, comm::getErrhandler);
    }

    /** {@code Win.getErrhandler}, as {@link #get(Comm)}. */
    public static Errhandler get(Win win) throws MPIException {
        return withDefault(win, win::getErrhandler, win::setErrhandler, win::getErrhandler);
    }

    /**
     * {@code Comm.callErrhandler}: the program calls the handler in force, which without
     * the checker is the fatal one where the checker put ERRORS_RETURN: that one is
     * called, so the job ends exactly as it would have (Open MPI's message, its exit code).
     */
    public static void call(Comm comm, int errorCode) throws MPIException {
        withDefault(comm, comm::getErrhandler, comm::setErrhandler, () -> {
            comm.callErrhandler(errorCode);
            return null;
        });
    }

    /** {@code Win.callErrhandler}, as {@link #call(Comm, int)}. */
    public static void call(Win win, int errorCode) throws MPIException {
        withDefault(win, win::getErrhandler, win::setErrhandler, () -> {
            win.callErrhandler(errorCode);
            return null;
        });
    }

    /** An MPI call of the bindings. */
    @FunctionalInterface
    private interface MpiCall<T> {
        T run() throws MPIException;
    }

    @FunctionalInterface
    private interface HandlerSetter {
        void set(Errhandler handler) throws MPIException;
    }

    /** Runs {@code call} with the fatal default in force if the checker's ERRORS_RETURN stands in for it. */
    private static <T> T withDefault(Object handle, MpiCall<Errhandler> current, HandlerSetter set, MpiCall<T> call)
            throws MPIException {
        if (!givenByChecker(handle, current.run())) {
            return call.run();
        }
        synchronized (ErrorHandlers.class) {
            set.set(MPI.ERRORS_ARE_FATAL);
            try {
                return call.run();
            } finally {
                set.set(MPI.ERRORS_RETURN);
            }
        }
    }

    /** Whether {@code now}, the handler in force on the communicator or window, is the checker's ERRORS_RETURN. */
    private static boolean givenByChecker(Object handle, Errhandler now) {
        if (!installed || now == null) {
            return false;
        }
        try {
            Shadow owner = Shadows.handlerOwner(handle);
            return owner != null && !owner.ownHandler() && ERRHANDLER_HANDLE != null && ERRHANDLER_HANDLE.getLong(now) == ERRHANDLER_HANDLE.getLong(
                    MPI.ERRORS_RETURN);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            Guard.fault("reading an error handler", e);
            return false; // the program sees what MPI says
        }
    }

    /** {@code Errhandler.handle}, MPI's handle (protected in the bindings), read to tell handlers apart. */
    private static final Field ERRHANDLER_HANDLE = errhandlerHandle();

    private static Field errhandlerHandle() {
        try {
            Field f = Errhandler.class.getDeclaredField("handle");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // givenByChecker then says no: the program sees the checker's handler
        }
    }

    /**
     * The real call threw {@code thrown}, the bindings' MPIException; {@code handle} is its
     * receiver, else its first argument, else null. Returns normally when the program is to
     * see the exception.
     */
    public static void raised(Exception thrown, Object handle, int site) {
        MPIException error = (MPIException) thrown;
        if (!installed || error.getErrorCode() == 0 && error.getErrorClass() == 0) {
            return; // checker off, or thrown by the binding's Java code, not by MPI: the program saw it before
        }
        Shadow owner = Shadows.handlerOwner(errorObject(handle));
        if (owner == null || owner.ownHandler()) {
            return;
        }
        var call = CallSites.get(site);
        int rank = MpiRuntime.rankOrMinusOne();
        boolean settles = Guard.options().onError() == OnError.ABORT && RingSettle.worthWaiting();
        String what = className(error.getErrorClass());
        String message = "Open MPI returned " + what + " (error class " + error.getErrorClass() + ", code "
                + error.getErrorCode() + ": \"" + error.getMessage() + "\") from " + call.op() + " on rank " + rank
                + ". Without MPIGuard the default handler MPI.ERRORS_ARE_FATAL aborts the job here with no Java"
                + " location; MPIGuard aborts it the same way, with the same error code."
                + (error.getErrorClass() == MPI.ERR_TRUNCATE ? truncation() : "")
                + (settles ? RING_SETTLES : "")
                + " To handle such errors in the program, call setErrhandler(MPI.ERRORS_RETURN) on the"
                + " communicator and catch MPIException.";
        String key = error.getErrorClass() == MPI.ERR_TRUNCATE
                ? FindingKeys.truncation(rank, SiteRef.of(CallSites.get(receiveSite(handle, site)))) : null;
        Guard.report(new Finding(FindingKind.MPI_ERROR, Severity.ERROR, List.of(rank), call.op(), SiteRef.of(call),
                List.of(), message, List.of(), key));
        if (Guard.options().onError() == OnError.ABORT) {
            if (settles) {
                RingSettle.settle();
            }
            Violations.abort(error.getErrorCode());
        }
    }

    /**
     * Where the truncated receive was posted: the call itself, or for a wait or test on one
     * request the call that made it (the trace analysis names a receive by its post, so the
     * two findings of one truncation share a key). A waitAll does not say which request failed.
     */
    private static int receiveSite(Object handle, int site) {
        if (handle instanceof Request) {
            RequestShadow.View view = new RequestShadow.View();
            if (RequestShadows.lookup(handle, view) && view.site != CallSites.UNKNOWN_ID) {
                return view.site;
            }
        }
        return site;
    }

    /** Said where the erring rank gives the collective ring its moment before the job ends. */
    private static final String RING_SETTLES = " Before ending the job MPIGuard lets the collective ring compare this"
            + " rank's collective calls with the other ranks' (a few seconds at most): collective calls whose counts,"
            + " datatypes, roots or ops differ between ranks, the usual cause of an error Open MPI raises in a"
            + " collective or in a later call, are then named with both sides in a collective-mismatch finding (made"
            + " by the rank that compared them), which is the cause to fix first.";

    private static String truncation() {
        return " The message that arrived was longer than the receive's count (MPI_ERR_TRUNCATE): the sender sent"
                + " more elements than this receive accepts; this finding names the receiving side only (the"
                + " sender's call is on another rank, and the trace analysis, `mpiguard analyze`, pairs the two).";
    }

    /** The object MPI raised the error on: the communicator or window, a request's communicator, else COMM_WORLD. */
    private static Object errorObject(Object handle) {
        if (handle instanceof Comm || handle instanceof Win) {
            return handle;
        }
        Object request = handle instanceof Request[] all && all.length > 0 ? all[0] : handle;
        if (request instanceof Request) {
            RequestShadow.View view = new RequestShadow.View();
            if (RequestShadows.lookup(request, view) && view.comm != null) {
                return view.comm;
            }
        }
        if (handle instanceof mpi.File) {
            return null; // files return errors by default: the program sees them as before
        }
        return MPI.COMM_WORLD;
    }

    /** "MPI_ERR_TRUNCATE" for the class's value, read from the binding's constants. */
    private static String className(int errorClass) {
        try {
            for (Field f : MPI.class.getFields()) {
                if (f.getName().startsWith("ERR_") && f.getType() == int.class && Modifier.isStatic(f.getModifiers())
                        && f.getInt(null) == errorClass && !f.getName().equals("ERR_LASTCODE")) {
                    return "MPI_" + f.getName();
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // fall through
        }
        return "an error";
    }
}

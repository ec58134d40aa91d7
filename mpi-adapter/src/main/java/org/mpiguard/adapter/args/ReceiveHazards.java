package org.mpiguard.adapter.args;

import java.lang.reflect.Array;
import java.nio.Buffer;
import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Message;
import mpi.Status;
import org.mpiguard.core.Guard;
import org.mpiguard.core.args.ArgMessages;
import org.mpiguard.core.args.Clobbered;
import org.mpiguard.core.args.SiteFlags;
import org.mpiguard.core.options.CheckFamily;
import org.mpiguard.core.report.FindingKind;

/**
 * The receives of the Java bindings copy the whole requested count back from a reused
 * native buffer into the program's array, whatever arrived (verified on Open MPI 4.1.4):
 * a receive from MPI.PROC_NULL or a message shorter than the count leaves stale data in
 * elements the standard says stay untouched. These call rules snapshot the region into
 * a per-thread scratch array before the receive, compare after it, and either report
 * the clobbered elements (binding-hazards=report, once per site and hazard: a site that
 * said it keeps nothing more) or put them back (binding-hazards=standard). Blocking
 * receives into arrays and heap buffers only: direct buffers are written by MPI itself.
 * The rules' call is made here, beside the bindings, and so is the watch around it.
 */
public final class ReceiveHazards {

    private static final ThreadLocal<Object[]> SCRATCH = new ThreadLocal<>() {
        @Override
        protected Object[] initialValue() {
            return new Object[9];
        }
    };

    /**
     * Sites whose warning for a receive from MPI.PROC_NULL, or for a short message, was given:
     * in report mode nothing more is said there, so those receives skip the snapshot
     * (binding-hazards=standard restores every time and keeps it).
     */
    private static final SiteFlags SAID_PROC_NULL = new SiteFlags();
    private static final SiteFlags SAID_SHORT = new SiteFlags();

    private ReceiveHazards() {
    }

    /** Whether this receive's only possible finding was already given at its site (only report mode marks sites). */
    private static boolean said(int site, boolean fromProcNull) {
        return (fromProcNull ? SAID_PROC_NULL : SAID_SHORT).has(site);
    }

    public static Status recv(Comm comm, Object buf, int count, Datatype type, int source, int tag, int site)
            throws MPIException {
        int length = watched(buf, count, type); // first: a direct buffer needs no other look
        if (length <= 0 || said(site, source == MPI.PROC_NULL)) {
            return comm.recv(buf, count, type, source, tag);
        }
        Object snapshot = save(buf, length);
        Status status = comm.recv(buf, count, type, source, tag);
        check(buf, length, snapshot, status, type, source == MPI.PROC_NULL, "hazard.recv-proc-null",
                "hazard.recv-short", "buf", site);
        return status;
    }

    public static Status sendRecv(Comm comm, Object sendbuf, int sendcount, Datatype sendtype, int dest, int sendtag,
                                  Object recvbuf, int recvcount, Datatype recvtype, int source, int recvtag, int site)
            throws MPIException {
        int length = recvbuf == sendbuf ? 0 : watched(recvbuf, recvcount, recvtype);
        if (length <= 0 || said(site, source == MPI.PROC_NULL)) {
            return comm.sendRecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source,
                    recvtag);
        }
        Object snapshot = save(recvbuf, length);
        Status status = comm.sendRecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype,
                source, recvtag);
        check(recvbuf, length, snapshot, status, recvtype, source == MPI.PROC_NULL, "hazard.sendrecv-proc-null",
                "hazard.sendrecv-short", "recvbuf", site);
        return status;
    }

    public static Status mRecv(Message message, Object buf, int count, Datatype type, int site) throws MPIException {
        int length = watched(buf, count, type);
        boolean noProc = length > 0 && message.isNoProc();
        if (length <= 0 || said(site, noProc)) {
            return message.mRecv(buf, count, type);
        }
        Object snapshot = save(buf, length);
        Status status = message.mRecv(buf, count, type);
        check(buf, length, snapshot, status, type, noProc, "hazard.mrecv-proc-null", "hazard.mrecv-short", "buf",
                site);
        return status;
    }

    /** The Java array behind a receive buffer, or null for direct buffers and non-buffers. */
    private static Object arrayOf(Object buf) {
        if (buf instanceof Buffer b) {
            return b.isDirect() || !b.hasArray() ? null : b.array();
        }
        return buf != null && buf.getClass().isArray() && buf.getClass().getComponentType().isPrimitive() ? buf : null;
    }

    /** Where the binding starts writing in that array. */
    private static int fromOf(Object buf) {
        return buf instanceof Buffer b ? b.arrayOffset() : 0;
    }

    /**
     * Elements the receive may write, or 0 when nothing needs watching: checks off, a
     * direct buffer, nothing to receive, or arguments the argument checks refuse anyway.
     */
    private static int watched(Object buf, int count, Datatype type) {
        try {
            Object array = count <= 0 ? null : arrayOf(buf); // first: a direct buffer needs no more look
            if (array == null || type == null || type.isNull() || !Guard.options().enabled(CheckFamily.ARGUMENTS)) {
                return 0;
            }
            long span = Datatypes.span(type, count);
            return span <= 0 || fromOf(buf) + span > Array.getLength(array) ? 0 : (int) span;
        } catch (MPIException | RuntimeException | LinkageError fault) {
            Guard.fault("watching a receive", fault); // fail open: the receive goes on unwatched
            return 0;
        }
    }

    private static Object save(Object buf, int length) {
        Object array = arrayOf(buf);
        Object snapshot = scratch(array.getClass().getComponentType(), length);
        Clobbered.save(array, fromOf(buf), length, snapshot);
        return snapshot;
    }

    private static void check(Object buf, int length, Object snapshot, Status status, Datatype type,
                              boolean fromProcNull, String procNullId, String shortId, String name, int site) {
        try {
            compare(buf, length, snapshot, status, type, fromProcNull, procNullId, shortId, name, site);
        } catch (MPIException | RuntimeException | LinkageError fault) {
            Guard.fault("checking a receive", fault); // fail open: the program has its data as the binding left it
        }
    }

    private static void compare(Object buf, int length, Object snapshot, Status status, Datatype type,
                                boolean fromProcNull, String procNullId, String shortId, String name, int site)
            throws MPIException {
        Object array = arrayOf(buf);
        int items = fromProcNull ? 0 : ReceivedCounts.count(status, type);
        if (items < 0 || items == MPI.UNDEFINED) {
            return;
        }
        int from = fromOf(buf);
        int received = (int) Math.min(length, Datatypes.span(type, items));
        int first = Clobbered.firstChanged(array, from, received, length, snapshot);
        if (first < 0) {
            return;
        }
        if (Guard.options().bindingHazardsStandard()) {
            Clobbered.restore(array, from, received, length, snapshot);
            return;
        }
        String id = fromProcNull ? procNullId : shortId;
        (fromProcNull ? SAID_PROC_NULL : SAID_SHORT).set(site); // reached once a site: its receives skip the snapshot
        if (!Violations.firstWarning(FindingKind.BINDING_HAZARD, site, id)) {
            return;
        }
        String cause = fromProcNull ? "the receive from MPI.PROC_NULL delivered nothing"
                : "the message delivered " + items + " of " + Datatypes.name(type) + " where the count allowed more";
        Violations.warn(FindingKind.BINDING_HAZARD, site, "[" + id + "] " + Violations.op(site) + ": argument '"
                + name + "' = " + ArgMessages.render(buf) + " was overwritten by the Java binding beyond what"
                + " arrived: " + cause + ", yet " + Clobbered.describe(array, from, received, length, snapshot)
                + " (stale data of an earlier message). The MPI standard leaves them untouched; valid: read only"
                + " status.getCount() elements, or run with binding-hazards=standard to keep them.");
    }

    private static Object scratch(Class<?> component, int length) {
        Object[] perType = SCRATCH.get();
        int slot = slot(component);
        Object s = perType[slot];
        if (s == null || Array.getLength(s) < length) {
            s = Array.newInstance(component, Math.max(length, 64));
            perType[slot] = s;
        }
        return s;
    }

    private static int slot(Class<?> c) {
        if (c == int.class) {
            return 0;
        }
        if (c == double.class) {
            return 1;
        }
        if (c == long.class) {
            return 2;
        }
        if (c == float.class) {
            return 3;
        }
        if (c == byte.class) {
            return 4;
        }
        if (c == short.class) {
            return 5;
        }
        if (c == char.class) {
            return 6;
        }
        return 7;
    }
}

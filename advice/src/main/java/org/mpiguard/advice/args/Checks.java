package org.mpiguard.advice.args;

import java.nio.Buffer;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.core.Guard;
import org.mpiguard.adapter.shadow.CommShadow;
import org.mpiguard.adapter.args.Comms;
import org.mpiguard.adapter.args.Datatypes;
import org.mpiguard.adapter.args.Peers;
import org.mpiguard.adapter.args.Violations;
import org.mpiguard.core.args.ArgMessages;
import org.mpiguard.core.args.BaseType;
import org.mpiguard.core.args.Extents;
import org.mpiguard.core.args.RankRules;
import org.mpiguard.core.args.ReductionOps;
import org.mpiguard.core.options.CheckFamily;
import org.mpiguard.core.report.FindingKind;

/**
 * The argument checks every family shares: handles, buffers, ranks, tags, ops. Each
 * takes the argument's name as the binding's javadoc spells it (a constant in the rule,
 * so nothing is allocated) and returns normally when the argument is valid; otherwise
 * it reports and never returns normally (see {@link Violations}).
 */
public final class Checks {

    private Checks() {
    }

    /** Read once per call by every entry point. */
    public static boolean on() {
        return Guard.options().enabled(CheckFamily.ARGUMENTS);
    }

    static MpiFailure fail(int site, String id, String argument, Object value, String problem, String valid)
            throws MpiFailure {
        throw Violations.invalid(site, ArgMessages.argument(id, Violations.op(site), argument, value, problem, valid));
    }

    /** The communicator a call is made on: not null, not freed. */
    public static void comm(int site, String name, Object comm) throws MpiFailure {
        if (comm == null) {
            fail(site, "handle.comm-null", name, null, "is null", "a communicator such as MPI.COMM_WORLD");
        }
        if (Comms.isNull(comm)) {
            fail(site, "handle.comm-freed", name, Shadows.wasFreed(comm) ? "a freed communicator" : "MPI.COMM_NULL",
                    Shadows.wasFreed(comm) ? "was already freed" : "is the null communicator",
                    "a communicator that has not been freed");
        }
    }

    /** A datatype argument: not null, not freed, committed. */
    public static void type(int site, String name, Object type) throws MpiFailure {
        if (type == null) {
            fail(site, "type.null", name, null, "is null", "a datatype such as MPI.INT");
        }
        if (Datatypes.isNull(type)) {
            boolean freed = Shadows.wasFreed(type);
            fail(site, "type.freed", name, freed ? "a freed datatype" : "MPI.DATATYPE_NULL",
                    freed ? "was already freed" : "is the null datatype", "a committed datatype that has not been freed");
        }
        if (Shadows.uncommitted(type)) {
            fail(site, "type.uncommitted", name, Datatypes.name(type), "was never committed",
                    "a predefined datatype, or a derived one after " + name + ".commit()");
        }
    }

    /**
     * A buffer argument with its count and datatype: the datatype is usable, the count
     * not negative, the buffer an array or NIO buffer of the datatype's element type,
     * direct where the call keeps it past its return, and large enough.
     */
    public static void buffer(int site, String bufName, Object buf, String countName, int count, String typeName,
                              Object type, boolean direct) throws MpiFailure {
        buffer(site, bufName, buf, countName, count, 1, typeName, type, direct);
    }

    /**
     * As above for a buffer that holds {@code count} items for each of {@code ranks}
     * ranks (the receive buffer of gather at the root, for instance).
     */
    public static void buffer(int site, String bufName, Object buf, String countName, int count, int ranks,
                              String typeName, Object type, boolean direct) throws MpiFailure {
        type(site, typeName, type);
        if (count < 0) {
            fail(site, "buf.count-negative", countName, count, "is negative", "0 or more");
        }
        if (buf == null && count == 0 && !direct) {
            return; // nothing is read or written; the binding passes no array to JNI
        }
        present(site, bufName, buf, type, direct);
        long items = (long) count * ranks;
        long needed = items > Integer.MAX_VALUE ? Long.MAX_VALUE : Datatypes.span(type, (int) items);
        BaseType base = Datatypes.baseType(type);
        if (buf instanceof Buffer b && b.isDirect() && base != null && base != BaseType.NULL) {
            directFits(site, bufName, b, countName, count, ranks, type, base, needed);
            return;
        }
        int available = BaseType.elementsAvailable(buf);
        if (base != null && base != BaseType.NULL && needed > 0 && !base.accepts(buf)) {
            otherElementType(site, bufName, buf, countName, count, type, base, needed, available);
            return;
        }
        if (needed > available) {
            String what = ranks == 1 ? countName + " = " + count
                    : countName + " = " + count + " for each of " + ranks + " ranks";
            long max = maxCount(type, available) / ranks;
            fail(site, "buf.overflow", bufName, buf, "is too small: " + what + " of " + Datatypes.name(type)
                    + " (extent " + Datatypes.extent(type) + ") needs " + needed + " elements, it has " + available,
                    "a buffer of at least " + needed + " elements, or " + countName + " <= " + max);
        }
    }

    /**
     * A buffer the standard says is ignored (peer MPI.PROC_NULL, op MPI.NO_OP): only what
     * the binding itself needs before it calls MPI is checked. A direct buffer's address is
     * passed and never touched; an array is still copied by the binding for {@code count}
     * elements whatever the peer, so its size still matters.
     */
    public static void ignoredBuffer(int site, String bufName, Object buf, String countName, int count,
                                     String typeName, Object type, boolean direct) throws MpiFailure {
        if (buf instanceof Buffer b && b.isDirect()) {
            type(site, typeName, type);
            if (count < 0) {
                fail(site, "buf.count-negative", countName, count, "is negative", "0 or more");
            }
            return;
        }
        buffer(site, bufName, buf, countName, count, typeName, type, direct);
    }

    /**
     * A direct buffer is plain memory to the binding (it passes its address), so any
     * basic type may be described in it, as in C: what matters is its capacity in bytes
     * against the bytes the call reads or writes.
     */
    private static void directFits(int site, String bufName, Buffer buf, String countName, int count, int ranks,
                                   Object type, BaseType base, long needed) throws MpiFailure {
        long neededBytes = needed == Long.MAX_VALUE ? Long.MAX_VALUE : needed * base.bytes();
        long availableBytes = (long) buf.capacity() * BaseType.elementBytes(buf);
        if (neededBytes > availableBytes) {
            String what = ranks == 1 ? countName + " = " + count
                    : countName + " = " + count + " for each of " + ranks + " ranks";
            fail(site, "buf.overflow", bufName, buf, "is too small: " + what + " of " + Datatypes.name(type)
                    + " (extent " + Datatypes.extent(type) + ") needs " + neededBytes + " bytes, it has "
                    + availableBytes,
                    "a buffer of at least " + neededBytes + " bytes, or " + countName + " <= "
                    + maxCount(type, (int) Math.min(Integer.MAX_VALUE, availableBytes / base.bytes())) / ranks);
        }
    }

    /**
     * An array (or heap buffer) of another element type than the datatype's. The binding
     * hands it to JNI as an array of the datatype's type: undefined by the JNI
     * specification, yet HotSpot copies {@code needed} elements of the datatype's type
     * after checking them against the array's length in its own elements. Where those
     * bytes lie inside the array the program gets what it asked for on HotSpot: a
     * warning (unportable). Past the array's length or its bytes, HotSpot throws
     * ArrayIndexOutOfBoundsException or the copy runs past the array: an error.
     */
    private static void otherElementType(int site, String bufName, Object buf, String countName, int count,
                                         Object type, BaseType base, long needed, int available)
            throws MpiFailure {
        long arrayBytes = (long) available * BaseType.elementBytes(buf);
        long neededBytes = needed == Long.MAX_VALUE ? Long.MAX_VALUE : needed * base.bytes();
        if (base.fitsInForeignArray(needed, available, BaseType.elementBytes(buf))) {
            if (Violations.firstWarning(FindingKind.BINDING_HAZARD, site, "hazard.element-type")) {
                Violations.warn(FindingKind.BINDING_HAZARD, site, ArgMessages.argument("hazard.element-type",
                        Violations.op(site), bufName, buf, "is described as " + Datatypes.name(type)
                        + ", whose elements are not its own: the binding hands JNI an array of one primitive type"
                        + " as another, which the JNI specification leaves undefined; it works on HotSpot, where"
                        + " these " + neededBytes + " bytes lie inside the array, but is not portable",
                        "a datatype matching the buffer, or a direct ByteBuffer (MPI.newByteBuffer) or a "
                        + base.javaTypes().replace(" or ", " / ") + " holding the data"));
            }
            return;
        }
        fail(site, "buf.element-type", bufName, buf, "does not hold the elements of " + Datatypes.name(type)
                + ": " + countName + " = " + count + " reaches " + needed + " elements of " + base.bytes()
                + " bytes (" + neededBytes + " bytes), past the array's " + available + " elements ("
                + arrayBytes + " bytes)", base.javaTypes() + ", or a datatype matching the buffer");
    }

    /**
     * The count and displacement arrays of a v-collective: one entry per rank, none
     * negative, and every block inside the buffer.
     */
    public static void vectors(int site, String countsName, int[] counts, String displsName, int[] displs, int ranks,
                               String bufName, Object buf, String typeName, Object type, boolean direct)
            throws MpiFailure {
        type(site, typeName, type);
        if (counts == null || counts.length < ranks) {
            fail(site, "vcoll.counts-length", countsName, counts, counts == null ? "is null"
                    : "has fewer entries than the communicator has ranks (" + ranks + ")",
                    "an int[] with one entry per rank (at least " + ranks + ")");
        }
        if (displs != null && displs.length < ranks) {
            fail(site, "vcoll.displs-length", displsName, displs, "has fewer entries than the communicator has ranks ("
                    + ranks + ")", "an int[] with one entry per rank (at least " + ranks + ")");
        }
        if (displs == null) {
            fail(site, "vcoll.displs-length", displsName, null, "is null",
                    "an int[] with one entry per rank (at least " + ranks + ")");
        }
        for (int r = 0; r < ranks; r++) {
            if (counts[r] < 0) {
                fail(site, "vcoll.count-negative", countsName + "[" + r + "]", counts[r], "is negative", "0 or more");
            }
            if (displs[r] < 0) {
                fail(site, "vcoll.displ-negative", displsName + "[" + r + "]", displs[r], "is negative", "0 or more");
            }
        }
        present(site, bufName, buf, type, direct);
        int available = BaseType.elementsAvailable(buf);
        int extent = Datatypes.extent(type);
        int trueLb = Datatypes.trueLb(type);
        int trueExtent = Datatypes.trueExtent(type);
        BaseType base = Datatypes.baseType(type);
        if (base != null && base != BaseType.NULL) {
            if (buf instanceof Buffer b && b.isDirect()) {
                available = (int) ((long) available * BaseType.elementBytes(buf) / base.bytes());
            } else if (!base.accepts(buf)) {
                long last = 0;
                for (int r = 0; r < ranks; r++) {
                    last = Math.max(last, Extents.spanAt(displs[r], counts[r], extent, trueLb, trueExtent));
                }
                if (last > 0) {
                    otherElementType(site, bufName, buf, countsName, counts[0], type, base, last, available);
                }
                return;
            }
        }
        for (int r = 0; r < ranks; r++) {
            long end = Extents.spanAt(displs[r], counts[r], extent, trueLb, trueExtent);
            if (end > available) {
                fail(site, "vcoll.overflow", bufName, buf, "is too small for rank " + r + "'s block: "
                        + displsName + "[" + r + "] = " + displs[r] + " and " + countsName + "[" + r + "] = "
                        + counts[r] + " reach element " + end + ", it has " + available,
                        "blocks inside the buffer: " + displsName + "[r] * extent + " + countsName + "[r] <= "
                        + available);
            }
        }
    }

    /** The buffer exists, is a buffer at all and direct where needed (its size and element type: the callers). */
    static void present(int site, String bufName, Object buf, Object type, boolean direct) throws MpiFailure {
        if (buf == null) {
            fail(site, "buf.null", bufName, null, "is null", "an array or java.nio buffer of "
                    + elementTypes(type));
        }
        if (!BaseType.isBufferObject(buf)) {
            fail(site, "buf.kind", bufName, buf.getClass().getName(), "is not a buffer",
                    "a primitive array or java.nio buffer of " + elementTypes(type));
        }
        if (direct && !(buf instanceof Buffer b && b.isDirect())) {
            fail(site, "buf.direct", bufName, buf, "is not a direct buffer, which this call needs because MPI"
                    + " uses it after the call returns", "a direct buffer, e.g. MPI.new" + bufferKind(type)
                    + "(n)");
        }
    }

    /** The largest count whose span fits in {@code available} elements. */
    private static long maxCount(Object type, int available) throws MpiFailure {
        long first = (long) Datatypes.trueLb(type) + Datatypes.trueExtent(type);
        if (available < first) {
            return 0;
        }
        int extent = Datatypes.extent(type);
        return extent <= 0 ? Integer.MAX_VALUE : (available - first) / extent + 1;
    }

    private static String elementTypes(Object type) {
        BaseType b = type == null ? null : Datatypes.baseType(type);
        return b == null ? "the datatype's element type" : b.javaTypes();
    }

    static String bufferKind(Object type) {
        BaseType b = type == null ? null : Datatypes.baseType(type);
        if (b == null || b == BaseType.BYTE || b == BaseType.BOOLEAN || b == BaseType.PACKED) {
            return "ByteBuffer";
        }
        String s = b.javaTypes();
        return s.substring(s.indexOf(" or ") + 4);
    }

    public static void dest(int site, String name, int dest, int size) throws MpiFailure {
        rank(site, name, dest, size, Peers.rules().dest(dest, size));
    }

    public static void source(int site, String name, int source, int size) throws MpiFailure {
        rank(site, name, source, size, Peers.rules().source(source, size));
    }

    /** Reports rank {@code value} when rule {@code id} failed on it (id null: valid). */
    private static void rank(int site, String name, int value, int size, String id) throws MpiFailure {
        if (id != null) {
            RankRules rules = Peers.rules();
            fail(site, id, name, value, rules.problem(id, value, size), rules.valid(id, size, Peers.tagUb()));
        }
    }

    public static void root(int site, String name, int root, Object comm) throws MpiFailure {
        CommShadow.Facts facts = Shadows.facts(comm);
        if (facts.inter()) {
            return; // MPI.ROOT and MPI.PROC_NULL are roots there; the remote group's ranks too
        }
        int size = facts.size();
        RankRules rules = Peers.rules();
        String id = rules.root(root, size);
        if (id != null) {
            fail(site, id, name, root, rules.problem(id, root, size), rules.valid(id, size, 0));
        }
    }

    public static void sendTag(int site, String name, int tag) throws MpiFailure {
        int ub = Peers.tagUb();
        tag(site, name, tag, ub, Peers.rules().sendTag(tag, ub));
    }

    public static void recvTag(int site, String name, int tag) throws MpiFailure {
        int ub = Peers.tagUb();
        tag(site, name, tag, ub, Peers.rules().recvTag(tag, ub));
    }

    private static void tag(int site, String name, int tag, int ub, String id) throws MpiFailure {
        if (id != null) {
            RankRules rules = Peers.rules();
            fail(site, id, name, tag, rules.problem(id, tag, 0), rules.valid(id, 0, ub));
        }
    }

    /** A reduction op: not null, not freed, defined for the datatype. */
    public static void op(int site, String name, Object op, Object type) throws MpiFailure {
        op(site, name, op, type, false);
    }

    /**
     * An accumulate's op: as {@link #op}, but a derived datatype is judged by the predefined type
     * it is built of, which MPI-3.1 11.3.4 allows for accumulates (not for collective reductions).
     */
    public static void accumulateOp(int site, String name, Object op, Object type) throws MpiFailure {
        op(site, name, op, type, true);
    }

    private static void op(int site, String name, Object op, Object type, boolean byElements) throws MpiFailure {
        if (op == null) {
            fail(site, "op.null", name, null, "is null", "a predefined op such as MPI.SUM, or a user op");
        }
        if (Shadows.wasFreed(op)) {
            fail(site, "op.freed", name, "a freed op", "was already freed", "an op that has not been freed");
        }
        if (type == null || Datatypes.isNull(type)) {
            return;
        }
        ReductionOps.Predefined predefined = Datatypes.predefined(op);
        if (!ReductionOps.defined(predefined, byElements ? Datatypes.elementClass(type) : Datatypes.typeClass(type))) {
            fail(site, "op.type", name, predefined.mpiName(), "is not defined for datatype " + Datatypes.name(type),
                    "for " + predefined.mpiName() + ": " + predefined.validTypes());
        }
    }

    /** Two buffers of one call must not be the same object (MPI forbids aliased arguments). */
    public static void distinct(int site, String sendName, Object sendbuf, String recvName, Object recvbuf)
            throws MpiFailure {
        if (sendbuf != null && sendbuf == recvbuf) {
            fail(site, "inplace.aliased", recvName, recvbuf, "is the same object as '" + sendName
                    + "' (MPI forbids aliased send and receive buffers)",
                    "a distinct buffer, or the in-place overload of this call that takes one buffer");
        }
    }

    /** The in-place overloads have no meaning on an intercommunicator. */
    public static void intraForInPlace(int site, String name, Object comm) throws MpiFailure {
        if (Shadows.facts(comm).inter()) {
            fail(site, "inplace.intercomm", name, "an intercommunicator",
                    "cannot take the in-place overload (MPI_IN_PLACE is not allowed on intercommunicators)",
                    "the overload with separate send and receive buffers");
        }
    }
}

package org.mpiguard.adapter.args;

import org.mpiguard.adapter.shadow.DatatypeShadow;
import org.mpiguard.adapter.shadow.Shadows;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.core.args.BaseType;
import org.mpiguard.core.args.Extents;
import org.mpiguard.core.args.ReductionOps;
import org.mpiguard.core.args.ReductionOps.TypeClass;

/**
 * What the checks need to know of a datatype: its base type (the binding keeps it in a
 * protected field, read here through a VarHandle), its extents in base elements and
 * names for messages. Whether a type is committed or was freed is its shadow's
 * ({@link org.mpiguard.adapter.shadow.DatatypeShadow}). The families pass datatypes and
 * ops as Object (they do not name the bindings) and receive MPI's failures as
 * {@link MpiFailure}.
 */
public final class Datatypes {

    private static final VarHandle BASE_TYPE;

    static {
        VarHandle h = null;
        try {
            h = MethodHandles.privateLookupIn(Datatype.class, MethodHandles.lookup())
                    .findVarHandle(Datatype.class, "baseType", int.class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            h = null;
        }
        BASE_TYPE = h;
    }

    private Datatypes() {
    }

    /** The base type, or null when it cannot be read (then element checks are skipped). */
    public static BaseType baseType(Object type) {
        if (BASE_TYPE == null) {
            return null;
        }
        return BaseType.ofCode((int) BASE_TYPE.get((Datatype) type));
    }

    /** MPI.DATATYPE_NULL, or a datatype already freed. */
    public static boolean isNull(Object type) {
        return ((Datatype) type).isNull();
    }

    /** Extent in elements of the base type. */
    public static int extent(Object type) throws MpiFailure {
        try {
            return ((Datatype) type).getExtent();
        } catch (MPIException e) {
            throw new MpiFailure(e);
        }
    }

    /** True lower bound in elements of the base type. */
    public static int trueLb(Object type) throws MpiFailure {
        try {
            return ((Datatype) type).getTrueLb();
        } catch (MPIException e) {
            throw new MpiFailure(e);
        }
    }

    /** True extent in elements of the base type. */
    public static int trueExtent(Object type) throws MpiFailure {
        try {
            return ((Datatype) type).getTrueExtent();
        } catch (MPIException e) {
            throw new MpiFailure(e);
        }
    }

    /** Elements from the buffer start up to the last element {@code count} items touch. */
    public static long span(Object type, int count) throws MpiFailure {
        try {
            return span((Datatype) type, count);
        } catch (MPIException e) {
            throw new MpiFailure(e);
        }
    }

    /** As {@link #span(Object, int)}, for a caller that holds the bindings' type and takes their exception. */
    public static long span(Datatype type, int count) throws MPIException {
        if (count <= 0) {
            return 0;
        }
        return Extents.span(count, type.getExtent(), type.getTrueLb(), type.getTrueExtent());
    }

    /**
     * One range of items per element: no holes, no lower bound, extent equal to size (and not
     * empty). Without a JNI call for the basic predefined types (all dense) nor, after the
     * first, for derived ones (their shadow keeps the size); a pair type (padding or not) asks MPI.
     */
    public static boolean dense(Object type) throws MpiFailure {
        try {
            return denseType((Datatype) type);
        } catch (MPIException e) {
            throw new MpiFailure(e);
        }
    }

    private static boolean denseType(Datatype type) throws MPIException {
        TypeClass c = typeClass(type);
        if (c != TypeClass.OTHER && c != TypeClass.PAIR || type == MPI.PACKED) {
            return true;
        }
        int extent = type.getExtent();
        if (extent <= 0 || type.getTrueLb() != 0 || type.getTrueExtent() != extent) {
            return false;
        }
        DatatypeShadow shadow = Shadows.datatype(type, false);
        return (shadow != null ? shadow.size(type) : type.getSize()) == extent;
    }

    /** Extent in bytes, for one-sided displacement arithmetic. */
    public static long extentBytes(Object type) throws MpiFailure {
        BaseType b = baseType(type);
        return (long) extent(type) * (b == null ? 1 : b.bytes());
    }

    /** The standard's class of a datatype for reduction ops. */
    public static TypeClass typeClass(Object t) {
        if (t == MPI.INT || t == MPI.LONG || t == MPI.SHORT || t == MPI.CHAR) {
            return TypeClass.INTEGER;
        }
        if (t == MPI.FLOAT || t == MPI.DOUBLE) {
            return TypeClass.FLOATING;
        }
        if (t == MPI.BOOLEAN) {
            return TypeClass.LOGICAL;
        }
        if (t == MPI.BYTE) {
            return TypeClass.BYTE;
        }
        if (t == MPI.FLOAT_COMPLEX || t == MPI.DOUBLE_COMPLEX) {
            return TypeClass.COMPLEX;
        }
        if (t == MPI.INT2 || t == MPI.SHORT_INT || t == MPI.LONG_INT || t == MPI.FLOAT_INT || t == MPI.DOUBLE_INT) {
            return TypeClass.PAIR;
        }
        return TypeClass.OTHER;
    }

    /**
     * The class of a datatype's elements: a predefined type's own, or that of the one predefined
     * type a derived type is built of (the bindings keep it), which is what accumulates take a
     * predefined op on (MPI-3.1 11.3.4).
     */
    public static TypeClass elementClass(Object t) {
        TypeClass c = typeClass(t);
        BaseType b = c == TypeClass.OTHER ? baseType(t) : null;
        if (b == null) {
            return c;
        }
        for (Object[] named : predefined()) {
            if (named[1].equals(b.mpiName())) {
                return typeClass(named[0]);
            }
        }
        return c;
    }

    /** "MPI.INT", or "a derived datatype of MPI.INT" for the message. */
    public static String name(Object t) {
        if (t == null) {
            return "null";
        }
        BaseType b = baseType(t);
        String base = b == null ? "?" : b.mpiName();
        for (Object[] named : predefined()) {
            if (named[0] == t) {
                return (String) named[1];
            }
        }
        return "a derived datatype of " + base;
    }

    private static Object[][] predefined() {
        return new Object[][] {{MPI.BYTE, "MPI.BYTE"}, {MPI.CHAR, "MPI.CHAR"}, {MPI.SHORT, "MPI.SHORT"},
            {MPI.BOOLEAN, "MPI.BOOLEAN"}, {MPI.INT, "MPI.INT"}, {MPI.LONG, "MPI.LONG"}, {MPI.FLOAT, "MPI.FLOAT"},
            {MPI.DOUBLE, "MPI.DOUBLE"}, {MPI.PACKED, "MPI.PACKED"}, {MPI.INT2, "MPI.INT2"},
            {MPI.SHORT_INT, "MPI.SHORT_INT"}, {MPI.LONG_INT, "MPI.LONG_INT"}, {MPI.FLOAT_INT, "MPI.FLOAT_INT"},
            {MPI.DOUBLE_INT, "MPI.DOUBLE_INT"}, {MPI.FLOAT_COMPLEX, "MPI.FLOAT_COMPLEX"},
            {MPI.DOUBLE_COMPLEX, "MPI.DOUBLE_COMPLEX"}, {MPI.DATATYPE_NULL, "MPI.DATATYPE_NULL"}};
    }

    /** The predefined op {@code op} is, or null for a user op; an identity scan, no allocation. */
    public static ReductionOps.Predefined predefined(Object op) {
        Object[] ops = PredefinedOps.TABLE;
        for (int i = 0; i < ops.length; i++) {
            if (ops[i] == op) {
                return PredefinedOps.ORDER[i];
            }
        }
        return null;
    }

    /** "MPI.SUM", or "a user op", for messages. */
    public static String opName(Object op) {
        ReductionOps.Predefined p = predefined(op);
        return p == null ? "a user op" : p.mpiName();
    }

    /** Built on first use, once the bindings' constants exist; in the order of ReductionOps.Predefined. */
    private static final class PredefinedOps {
        static final ReductionOps.Predefined[] ORDER = ReductionOps.Predefined.values();
        static final Object[] TABLE = {MPI.MAX, MPI.MIN, MPI.SUM, MPI.PROD, MPI.LAND, MPI.LOR, MPI.LXOR, MPI.BAND,
            MPI.BOR, MPI.BXOR, MPI.MAXLOC, MPI.MINLOC, MPI.REPLACE, MPI.NO_OP};
    }
}

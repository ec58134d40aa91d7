package org.mpiguard.adapter;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import mpi.Datatype;
import mpi.MPI;
import mpi.Op;
import org.mpiguard.core.collective.CollectiveCall;

/**
 * Small integer codes for the bindings' predefined datatypes and reduction operations,
 * equal on every rank (taken from the order of the public fields of class MPI), so
 * collective calls can be compared across ranks. Built once after Init; lookups are an
 * identity-map read.
 */
public final class PredefinedCodes implements CollectiveCall.CodeNames {

    private static volatile PredefinedCodes instance;

    private final Map<Object, Known> codes = new IdentityHashMap<>();
    private final List<String> names = new ArrayList<>();
    /** Each code's size in bytes (-1 for an op), read on every collective. */
    private final int[] sizeOfCode;

    private PredefinedCodes() {
        List<Integer> sizes = new ArrayList<>();
        names.add("a derived datatype");
        sizes.add(-1);
        // codes are compared across ranks: number the fields in name order, which every JVM
        // agrees on (the order getFields returns them in is unspecified)
        Field[] fields = MPI.class.getFields();
        java.util.Arrays.sort(fields, new java.util.Comparator<Field>() {
            @Override
            public int compare(Field a, Field b) {
                return a.getName().compareTo(b.getName());
            }
        });
        for (Field f : fields) {
            if (!Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            try {
                Object value = f.get(null);
                if ((value instanceof Datatype || value instanceof Op) && !codes.containsKey(value)) {
                    codes.put(value, new Known(value, names.size()));
                    names.add("MPI." + f.getName());
                    sizes.add(value instanceof Datatype d ? sizeOf(d) : -1);
                }
            } catch (ReflectiveOperationException | RuntimeException e) {
                // a field we cannot read is a type we cannot name: it stays derived
            }
        }
        sizeOfCode = new int[sizes.size()];
        for (int i = 0; i < sizeOfCode.length; i++) {
            sizeOfCode[i] = sizes.get(i);
        }
    }

    private static int sizeOf(Datatype type) {
        try {
            return type.isNull() ? -1 : type.getSize();
        } catch (Exception e) {
            return -1;
        }
    }

    public static PredefinedCodes get() {
        PredefinedCodes codes = instance;
        if (codes == null) {
            synchronized (PredefinedCodes.class) {
                codes = instance;
                if (codes == null) {
                    codes = new PredefinedCodes();
                    instance = codes;
                }
            }
        }
        return codes;
    }

    /** Code of a predefined datatype or operation; 0 for null, derived or user-defined. */
    public int code(Object handle) {
        if (handle == null) {
            return 0;
        }
        Known k = recent;
        if (k != null && k.handle == handle) {
            return k.code;
        }
        k = before;
        if (k != null && k.handle == handle) {
            return k.code;
        }
        k = codes.get(handle);
        if (k == null) {
            return 0; // derived or user-defined: not kept, so that nothing is made per call
        }
        before = recent;
        recent = k;
        return k.code;
    }

    /**
     * The last two predefined handles looked up, each with its code: every collective asks for
     * its datatype's and its op's, and a loop asks for the same two again (an identity-map probe
     * and an unboxing each, some 35 ns a collective in cg-calls' profile). The pairs are the map's
     * own, made once; plain fields, so a thread that sees a stale one looks in the map.
     */
    private Known recent;
    private Known before;

    private static final class Known {
        final Object handle;
        final int code;

        Known(Object handle, int code) {
            this.handle = handle;
            this.code = code;
        }
    }

    /** Size in bytes of {@code type}, whose {@link #code} is {@code code}; asks MPI only for derived types. */
    public int size(int code, Object type) {
        if (type == null) {
            return -1;
        }
        if (code != 0) {
            return sizeOfCode[code];
        }
        return sizeOf((Datatype) type);
    }

    @Override
    public String typeName(int typeCode, int typeSize) {
        if (typeCode <= 0 || typeCode >= names.size()) {
            return typeSize > 0 ? "a derived datatype of " + typeSize + " bytes" : "a derived datatype";
        }
        return names.get(typeCode);
    }

    @Override
    public String opName(int opCode) {
        if (opCode <= 0 || opCode >= names.size()) {
            return "a user-defined operation";
        }
        return names.get(opCode);
    }
}

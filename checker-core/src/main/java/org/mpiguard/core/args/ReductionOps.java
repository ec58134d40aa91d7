package org.mpiguard.core.args;

/**
 * Which predefined reduction op is defined for which datatype (MPI standard 5.9.2, with
 * the Java bindings' types): the binding passes any pair to MPI, and Open MPI's fatal
 * handler then ends the job with no Java location. A bit mask per op, so the check is
 * one AND.
 */
public final class ReductionOps {

    /** Groups of datatypes the standard names for ops. */
    public enum TypeClass { INTEGER, FLOATING, LOGICAL, BYTE, COMPLEX, PAIR, OTHER }

    /** The predefined ops and the type classes each is defined for. */
    public enum Predefined {
        MAX("MPI.MAX", "integer or floating types (MPI.SHORT, MPI.INT, MPI.LONG, MPI.CHAR, MPI.FLOAT, MPI.DOUBLE)",
                TypeClass.INTEGER, TypeClass.FLOATING),
        MIN("MPI.MIN", MAX.valid, TypeClass.INTEGER, TypeClass.FLOATING),
        SUM("MPI.SUM", "integer, floating or complex types", TypeClass.INTEGER, TypeClass.FLOATING,
                TypeClass.COMPLEX),
        PROD("MPI.PROD", SUM.valid, TypeClass.INTEGER, TypeClass.FLOATING, TypeClass.COMPLEX),
        LAND("MPI.LAND", "integer types or MPI.BOOLEAN", TypeClass.INTEGER, TypeClass.LOGICAL),
        LOR("MPI.LOR", LAND.valid, TypeClass.INTEGER, TypeClass.LOGICAL),
        LXOR("MPI.LXOR", LAND.valid, TypeClass.INTEGER, TypeClass.LOGICAL),
        BAND("MPI.BAND", "integer types or MPI.BYTE", TypeClass.INTEGER, TypeClass.BYTE),
        BOR("MPI.BOR", BAND.valid, TypeClass.INTEGER, TypeClass.BYTE),
        BXOR("MPI.BXOR", BAND.valid, TypeClass.INTEGER, TypeClass.BYTE),
        MAXLOC("MPI.MAXLOC", "pair types (MPI.INT2, MPI.SHORT_INT, MPI.LONG_INT, MPI.FLOAT_INT, MPI.DOUBLE_INT)",
                TypeClass.PAIR),
        MINLOC("MPI.MINLOC", MAXLOC.valid, TypeClass.PAIR),
        REPLACE("MPI.REPLACE", "any datatype", TypeClass.values()),
        NO_OP("MPI.NO_OP", "any datatype", TypeClass.values());

        private final String mpiName;
        private final String valid;
        private final int mask;

        Predefined(String mpiName, String valid, TypeClass... classes) {
            this.mpiName = mpiName;
            this.valid = valid;
            int m = 0;
            for (TypeClass c : classes) {
                m |= 1 << c.ordinal();
            }
            this.mask = m;
        }

        public boolean definedFor(TypeClass type) {
            return (mask & (1 << type.ordinal())) != 0;
        }

        public String mpiName() {
            return mpiName;
        }

        /** The datatypes this op accepts, for the message. */
        public String validTypes() {
            return valid;
        }
    }

    private ReductionOps() {
    }

    /** True when {@code op} is defined for {@code type}; a user op (null) is defined for every type. */
    public static boolean defined(Predefined op, TypeClass type) {
        return op == null || op.definedFor(type);
    }
}

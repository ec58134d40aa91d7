package org.mpiguard.core.args;

/**
 * Which predefined reduction op is defined for which datatype (MPI standard 5.9.2, with
 * the Java bindings' types): the binding passes any pair to MPI, and Open MPI's fatal
 * handler then ends the job with no Java location.
 */
public final class ReductionOps {

    /** Groups of datatypes the standard names for ops. */
    public enum TypeClass { INTEGER, FLOATING, LOGICAL, BYTE, COMPLEX, PAIR, OTHER }

    private ReductionOps() {
    }

    /** True when predefined op {@code op} (e.g. "MPI.SUM") is defined for {@code type}. */
    public static boolean defined(String op, TypeClass type) {
        return switch (op) {
            case "MPI.MAX", "MPI.MIN" -> type == TypeClass.INTEGER || type == TypeClass.FLOATING;
            case "MPI.SUM", "MPI.PROD" -> type == TypeClass.INTEGER || type == TypeClass.FLOATING
                    || type == TypeClass.COMPLEX;
            case "MPI.LAND", "MPI.LOR", "MPI.LXOR" -> type == TypeClass.INTEGER || type == TypeClass.LOGICAL;
            case "MPI.BAND", "MPI.BOR", "MPI.BXOR" -> type == TypeClass.INTEGER || type == TypeClass.BYTE;
            case "MPI.MAXLOC", "MPI.MINLOC" -> type == TypeClass.PAIR;
            default -> true; // REPLACE, NO_OP and user ops: any type
        };
    }

    /** The datatypes an op accepts, for the message. */
    public static String validTypes(String op) {
        return switch (op) {
            case "MPI.MAX", "MPI.MIN" -> "integer or floating types (MPI.SHORT, MPI.INT, MPI.LONG, MPI.CHAR, MPI.FLOAT, MPI.DOUBLE)";
            case "MPI.SUM", "MPI.PROD" -> "integer, floating or complex types";
            case "MPI.LAND", "MPI.LOR", "MPI.LXOR" -> "integer types or MPI.BOOLEAN";
            case "MPI.BAND", "MPI.BOR", "MPI.BXOR" -> "integer types or MPI.BYTE";
            case "MPI.MAXLOC", "MPI.MINLOC" -> "pair types (MPI.INT2, MPI.SHORT_INT, MPI.LONG_INT, MPI.FLOAT_INT, MPI.DOUBLE_INT)";
            default -> "any datatype";
        };
    }
}

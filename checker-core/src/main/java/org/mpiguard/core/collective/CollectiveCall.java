package org.mpiguard.core.collective;

/**
 * One rank's n-th collective call on one communicator, as the ring carries it to the
 * neighbour that compares it.
 *
 * @param commId    the communicator's identity, equal on every member without a registry
 * @param seq       how many collectives this rank had called on it before, counting from 1
 * @param kind      the operation
 * @param nonblocking the {@code i} variant
 * @param root      the root for rooted operations, else -1
 * @param reduceOp  code of a predefined reduction operation, 0 for a user-defined or none
 * @param count     the count whose signature must agree, or -1 where none must
 * @param typeCode  code of a predefined datatype, 0 for a derived one
 * @param typeSize  the datatype's size in bytes, or -1 if unknown
 * @param rank      the caller's world rank
 * @param op        the binding method as the site names it, e.g. {@code Comm.bcast}
 * @param className calling class; {@code method}, {@code file} (or null) and {@code line} complete the site
 */
public record CollectiveCall(long commId, long seq, CollectiveKind kind, boolean nonblocking, int root,
                             int reduceOp, int count, int typeCode, int typeSize, int rank, String op,
                             String className, String method, String file, int line) {

    /** {@code Ring.java:31}, or class and method where the line is unknown. */
    public String location() {
        if (file != null && !file.isEmpty() && line > 0) {
            return file + ":" + line;
        }
        return className + "." + method;
    }

    /** The call as a programmer wrote it, e.g. {@code bcast(count 4 of MPI.INT, root 0)}. */
    public String describe(CodeNames names) {
        StringBuilder out = new StringBuilder(kind.methodName(nonblocking)).append('(');
        String sep = "";
        if (kind.equalSignature() && count >= 0) {
            out.append("count ").append(count).append(" of ").append(names.typeName(typeCode, typeSize));
            sep = ", ";
        }
        if (kind.reduces()) {
            out.append(sep).append("op ").append(names.opName(reduceOp));
            sep = ", ";
        }
        if (kind.rooted()) {
            out.append(sep).append("root ").append(root);
        }
        return out.append(')').toString();
    }

    /** Names for the codes of predefined datatypes and operations. */
    public interface CodeNames {
        String typeName(int typeCode, int typeSize);

        String opName(int opCode);
    }
}

package org.mpiguard.advice.lifecycle;

import mpi.Datatype;
import mpi.Struct;

/**
 * The datatype of a program's {@link Struct}: {@code Struct} makes and commits it inside
 * the bindings (its private {@code createStruct}, on first use), where no call is
 * rewritten, so the program's first {@code getType()} is the first the checker sees of it.
 * That call is its creation site for the leak report at Finalize. A program calls it on
 * its own subclass, so the call names that class, not {@code mpi/Struct}: the agent hooks
 * every {@code getType()Lmpi/Datatype;} of a class outside the bindings
 * ({@code CallSiteRewriter}) and only receivers that are Structs of the program count;
 * the bindings' own Structs ({@code MPI.doubleInt}...) are theirs.
 */
public final class StructTypes {

    private StructTypes() {
    }

    /** After {@code receiver.getType()} returned {@code type}: returns it unchanged. */
    public static Datatype taken(Object receiver, Datatype type, int site) {
        if (receiver instanceof Struct && type != null && !receiver.getClass().getName().startsWith("mpi.")) {
            Lifecycle.made(type, site); // the first site wins: a shadow already made is kept
        }
        return type;
    }
}

package org.mpiguard.advice.lifecycle;

import org.mpiguard.adapter.lifecycle.ProgramStructs;

/**
 * The datatype of a program's Struct (its subclass of the bindings' {@code Struct}): the
 * bindings make and commit it (Struct's private {@code createStruct}, on first use), where no call is
 * rewritten, so the program's first {@code getType()} is the first the checker sees of it.
 * That call is its creation site for the leak report at Finalize. A program calls it on
 * its own subclass, so the call names that class, not {@code mpi/Struct}: the agent hooks
 * every {@code getType()Lmpi/Datatype;} of a class outside the bindings
 * ({@code CallSiteRewriter}, which casts the datatype handed back) and only receivers that
 * are Structs of the program count ({@link ProgramStructs});
 * the bindings' own Structs ({@code MPI.doubleInt}...) are theirs.
 */
public final class StructTypes {

    private StructTypes() {
    }

    /** After {@code receiver.getType()} returned {@code type}: returns it unchanged. */
    public static Object taken(Object receiver, Object type, int site) {
        if (type != null && ProgramStructs.includes(receiver)) {
            Lifecycle.made(type, site); // the first site wins: a shadow already made is kept
        }
        return type;
    }
}

package org.mpiguard.adapter.lifecycle;

import mpi.Struct;

/**
 * Which receivers of a hooked {@code getType()} are the program's own Structs: its
 * subclasses of {@code mpi.Struct}, whose datatype the bindings make on first use. The
 * bindings' own Structs ({@code MPI.doubleInt}...) and any other class's {@code getType()}
 * are not.
 */
public final class ProgramStructs {

    private ProgramStructs() {
    }

    /** Whether {@code receiver} is a Struct of a class outside the bindings. */
    public static boolean includes(Object receiver) {
        return receiver instanceof Struct && !receiver.getClass().getName().startsWith("mpi.");
    }
}

package org.mpiguard.adapter;

import mpi.MPI;

/**
 * The bindings' special values the check families compare with, so that the families
 * need not name the bindings. The bindings fix every one of them in {@code mpi.MPI}'s
 * class initialiser, which has run before any family is called (a family runs inside a
 * binding call); copied into finals, they fold into the compiled checks as the
 * originals do.
 */
public final class MpiConstants {

    public static final int PROC_NULL = MPI.PROC_NULL;
    public static final int ANY_SOURCE = MPI.ANY_SOURCE;
    public static final int UNDEFINED = MPI.UNDEFINED;
    public static final int LOCK_EXCLUSIVE = MPI.LOCK_EXCLUSIVE;
    public static final int LOCK_SHARED = MPI.LOCK_SHARED;
    public static final int MODE_NOSUCCEED = MPI.MODE_NOSUCCEED;
    public static final int MODE_NOPRECEDE = MPI.MODE_NOPRECEDE;
    public static final int MODE_NOSTORE = MPI.MODE_NOSTORE;

    public static final Object COMM_WORLD = MPI.COMM_WORLD;
    public static final Object COMM_SELF = MPI.COMM_SELF;
    public static final Object INFO_NULL = MPI.INFO_NULL;
    public static final Object NO_OP = MPI.NO_OP;
    public static final Object REPLACE = MPI.REPLACE;
    public static final Object PACKED = MPI.PACKED;

    private MpiConstants() {
    }
}

package org.mpiguard.adapter.args;

import mpi.Info;

/** What the argument checks ask an Info object (passed as Object by the families). */
public final class Infos {

    private Infos() {
    }

    /** MPI.INFO_NULL, or an Info already freed (the checks tell the two apart by identity: MpiConstants.INFO_NULL). */
    public static boolean isNull(Object info) {
        return ((Info) info).isNull();
    }
}

package org.mpiguard.adapter.args;

import mpi.Group;
import mpi.MPIException;
import org.mpiguard.core.MpiFailure;

/** What the argument checks ask a group (passed as Object by the families). */
public final class Groups {

    private Groups() {
    }

    /** MPI.GROUP_NULL, or a group already freed. */
    public static boolean isNull(Object group) {
        return ((Group) group).isNull();
    }

    public static int size(Object group) throws MpiFailure {
        try {
            return ((Group) group).getSize();
        } catch (MPIException e) {
            throw new MpiFailure(e);
        }
    }
}

package org.mpiguard.adapter.trace;

import mpi.Status;

/**
 * What the checker reads of a Status the program got: the source and the tag it matched (the
 * trace), and the index of the request it completed (the completion event). All are Java
 * reads of the Status's own array (the count is never asked: getCount is a JNI call). The
 * checker's own calls are not rewritten, so these reads are never recorded as the program's.
 */
public final class StatusFields {

    private StatusFields() {
    }

    /** {@code status.getSource()}: the rank of the communicator the message came from. */
    public static int source(Object status) {
        return ((Status) status).getSource();
    }

    /** {@code status.getTag()}: the tag of the message matched. */
    public static int tag(Object status) {
        return ((Status) status).getTag();
    }

    /** {@code status.getIndex()}: which request of an array the Status form of waitAny, testAny, waitSome, testSome completed. */
    public static int index(Object status) {
        return ((Status) status).getIndex();
    }
}
